//! What just happened in The City, for the board to mark: the streets and
//! markets that scored since an earlier position of the same game (lit,
//! with their points in the scorers' colours), and the wall pieces, gate,
//! guards and towers built since.

use super::art;
use crate::geometry;
use crate::palette::PlayerColour;
use crate::scene::{events_since, Recent, Scored};
use crate::targets::RegionShape;
use engine::city::events::Event;
use engine::city::Game;

/// What happened between `before` and `now` (a later position of the same
/// game; anything else gives nothing): each scoring with a winner lit on
/// the street or market its event names.
pub fn recent(before: &Game, now: &Game, colours: &[PlayerColour]) -> Recent {
    let mut out = Recent::default();
    let Some(events) = events_since(before, now) else {
        return out;
    };
    let (cat, placed) = (now.catalogue(), now.board().placed());
    for l in events {
        match l.event {
            Event::WallPlaced { side, .. } | Event::GatePlaced { side, .. } => out.walls.push(side),
            Event::GuardPlaced { side, .. } => out.guards.push(side),
            Event::TowerPlaced { vertex, .. } => out.towers.push(vertex),
            Event::FeatureScored {
                at,
                points,
                winners,
                ..
            } if winners != 0 && points > 0 => {
                let Some(tile) = now.board().tile_at(at.cell) else {
                    continue;
                };
                let paid: Vec<(u8, u32)> = (0..colours.len() as u8)
                    .filter(|&p| winners & (1 << p) != 0)
                    .map(|p| (p, points))
                    .collect();
                let lit = Scored::of_regions(
                    now.feature_regions(tile, at.region),
                    &paid,
                    colours,
                    |i| placed[i].cell,
                    |i, r| {
                        let q = placed[i];
                        Some((
                            RegionShape::placed(q.cell, q.rot, art::region_outline(cat, q.tile, r)),
                            geometry::on_board(q.cell, q.rot, art::anchor(cat, q.tile, r)),
                        ))
                    },
                );
                out.scored.extend(lit);
            }
            _ => {}
        }
    }
    out
}
