//! What just happened in The City, for the board to mark: the streets and
//! markets that scored since an earlier position of the same game (lit,
//! with their points in the scorers' colours), and the wall pieces, gate,
//! guards and towers built since.

use super::super::geometry::{self, Pt};
use super::super::palette::PlayerColour;
use super::super::scene::{Recent, Scored};
use super::super::targets::RegionShape;
use super::super::tile_art;
use crate::engine::city::events::Event;
use crate::engine::city::tiles::{FeatureKind, RegionIdx};
use crate::engine::city::Game;
use crate::engine::TileGame;

/// What happened between `before` and `now` (a later position of the same
/// game; anything else gives nothing).
pub fn recent(before: &Game, now: &Game, colours: &[PlayerColour]) -> Recent {
    let mut out = Recent::default();
    let from = before.events().len();
    if !now.history().starts_with(before.history()) || now.events().len() < from {
        return out;
    }
    let events = &now.events()[from..];
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
    // The features done now, each as its regions (grouped by the feature's
    // root, which `feature_of` hands out), that were not done before.
    let cat = now.catalogue();
    let placed = now.board().placed();
    let old = before.board().placed().len();
    let mut groups: Vec<(usize, Vec<(usize, RegionIdx)>)> = Vec::new();
    for (i, p) in placed.iter().enumerate() {
        for r in 0..cat.get(p.tile).regions.len() as RegionIdx {
            let f = now.feature_of(i, r);
            if !f.done || f.kind() == FeatureKind::Residential {
                continue;
            }
            let key = f as *const _ as usize;
            match groups.iter_mut().find(|g| g.0 == key) {
                Some(g) => g.1.push((i, r)),
                None => groups.push((key, vec![(i, r)])),
            }
        }
    }
    for (_, regions) in &groups {
        if regions
            .iter()
            .any(|&(i, r)| i < old && before.feature_of(i, r).done)
        {
            continue;
        }
        let (i, r) = regions[0];
        let f = now.feature_of(i, r);
        let what = (f.kind(), f.tile_count(), f.goods_count());
        let Some(k) = scorings.iter().position(|s| (s.0, s.1, s.2) == what) else {
            continue;
        };
        let (_, _, _, points, winners) = scorings.swap_remove(k);
        let mut sum: Pt = (0.0, 0.0);
        let shapes = regions
            .iter()
            .map(|&(i, r)| {
                let q = placed[i];
                let a = geometry::on_board(q.cell, q.rot, tile_art::anchor(cat, q.tile, r));
                sum = (sum.0 + a.0, sum.1 + a.1);
                RegionShape::placed(q.cell, q.rot, tile_art::region_outline(cat, q.tile, r))
            })
            .collect();
        let n = regions.len() as f64;
        out.scored.push(Scored {
            shapes,
            points,
            colours: (0..colours.len())
                .filter(|&p| winners & (1 << p) != 0)
                .map(|p| colours[p])
                .collect(),
            at: (sum.0 / n, sum.1 / n),
        });
    }
    out
}
