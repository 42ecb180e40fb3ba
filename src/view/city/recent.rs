//! What just happened in The City, for the board to mark: the streets and
//! markets that scored since an earlier position of the same game (lit,
//! with their points in the scorers' colours), and the wall pieces, gate,
//! guards and towers built since.

use super::art;
use crate::engine::city::events::Event;
use crate::engine::city::tiles::FeatureKind;
use crate::engine::city::Game;
use crate::view::geometry;
use crate::view::palette::PlayerColour;
use crate::view::scene::{events_since, newly_done, Recent, Scored};
use crate::view::targets::RegionShape;

/// What happened between `before` and `now` (a later position of the same
/// game; anything else gives nothing).
pub fn recent(before: &Game, now: &Game, colours: &[PlayerColour]) -> Recent {
    let mut out = Recent::default();
    let Some(events) = events_since(before, now) else {
        return out;
    };
    // (kind, tiles, goods) → (points, winners) of each scoring with a winner.
    let mut scorings: Vec<(FeatureKind, u32, u32, u32, u8)> = Vec::new();
    for l in events {
        match l.event {
            Event::WallPlaced { side, .. } | Event::GatePlaced { side, .. } => out.walls.push(side),
            Event::GuardPlaced { side, .. } => out.guards.push(side),
            Event::TowerPlaced { vertex, .. } => out.towers.push(vertex),
            Event::FeatureScored {
                kind,
                tiles,
                goods,
                points,
                winners,
                ..
            } if winners != 0 && points > 0 => scorings.push((kind, tiles, goods, points, winners)),
            _ => {}
        }
    }
    if scorings.is_empty() {
        return out;
    }
    // The streets and markets done now that were not done before.
    let groups = newly_done(now, before, |f| f.kind() != FeatureKind::Residential);
    let (cat, placed) = (now.catalogue(), now.board().placed());
    for regions in &groups {
        let (i, r) = regions[0];
        let f = now.feature_of(i, r);
        let what = (f.kind(), f.tile_count(), f.goods_count());
        let Some(k) = scorings.iter().position(|s| (s.0, s.1, s.2) == what) else {
            continue;
        };
        let (_, _, _, points, winners) = scorings.swap_remove(k);
        let lit = Scored::of_regions(regions, points, winners, colours, |i, r| {
            let q = placed[i];
            Some((
                RegionShape::placed(q.cell, q.rot, art::region_outline(cat, q.tile, r)),
                geometry::on_board(q.cell, q.rot, art::anchor(cat, q.tile, r)),
            ))
        });
        out.scored.extend(lit);
    }
    out
}
