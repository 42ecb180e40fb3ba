//! What just happened in a classic game, for the board to mark: the roads,
//! cities and cloisters that scored since an earlier position of the same
//! game, lit with each scorer's points in their colour (as The City's
//! `recent`).

use super::art;
use crate::palette::PlayerColour;
use crate::scene::{events_since, Recent, Scored};
use engine::classic::events::Event;
use engine::classic::Game;

/// What scored between `before` and `now` (a later position of the same
/// game; anything else gives nothing): each scoring in play that paid
/// somebody, lit on the feature its event names (its bridges included).
pub fn recent(before: &Game, now: &Game, colours: &[PlayerColour]) -> Recent {
    let mut out = Recent::default();
    let Some(events) = events_since(before, now) else {
        return out;
    };
    let placed = now.board().placed();
    for l in events {
        let Event::FeatureScored {
            at,
            paid,
            at_end: false,
            ..
        } = l.event
        else {
            continue;
        };
        let paid: Vec<(u8, u32)> = (0..colours.len().min(paid.len()) as u8)
            .map(|p| (p, paid[p as usize]))
            .filter(|&(_, points)| points > 0)
            .collect();
        let Some(tile) = now.board().tile_at(at.cell).filter(|_| !paid.is_empty()) else {
            continue;
        };
        let regions = now.feature_regions(tile, at.region);
        let lit = Scored::of_regions(
            regions,
            &paid,
            colours,
            |i| placed[i].cell,
            |i, r| {
                Some((
                    art::placed_outline(now, i, r)?,
                    art::placed_anchor(now, i, r)?,
                ))
            },
        );
        out.scored.extend(lit);
    }
    out
}
