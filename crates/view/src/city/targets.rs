//! What each decision of The City offers to click: the regions of the new
//! tile a follower may go on, each with the whole feature it would join;
//! the outline's sides for the gate; the wall's two ends; the new piece for
//! a guard, with the line it would watch; the ends a tower may go on.
//! "None" answers are the prompt's buttons, not targets, and the tile's
//! placements are cells and rotations (`GameView::placements`).

use super::art;
use super::walls::{end_name, guard_line, side_name, tower_points};
use crate::geometry;
use crate::palette::PlayerColour;
use crate::targets::{RegionShape, RegionTarget, SideTarget, Targets, VertexTarget};
use crate::words::dirs_words;
use engine::city::tiles::{Goods, RegionKind};
use engine::city::walls::End;
use engine::city::{Choice, Decision, Game};
use engine::core::shape::RegionIdx;
use engine::TileGame;
use i18n::msg::city_targets as m;

/// A follower on region `r` of the tile just placed, named by its role,
/// the feature it would join and where that goes from the tile: "a citizen
/// on the street of 3 tiles going north", "a seller on the fish market of
/// 2 tiles on the east" (each ring of a tile says something else).
pub fn follower_label(game: &Game, r: RegionIdx) -> String {
    let placed = game.board().placed();
    let Some(p) = placed.last() else {
        return m::a_follower().into();
    };
    let def = game.catalogue().get(p.tile);
    let Some(region) = def.regions.get(r as usize) else {
        return m::a_follower().into();
    };
    let tiles = game.feature_of(placed.len() - 1, r).tile_count();
    let reach = def.reach(p.rot, r);
    // Where it goes from the tile follows the feature in every language.
    let place = |going: bool| {
        if reach == 0 {
            String::new()
        } else if going {
            format!(" {}", m::going(&dirs_words(reach)))
        } else {
            format!(" {}", m::on_the(&dirs_words(reach)))
        }
    };
    match &region.kind {
        RegionKind::Street => m::citizen_on_street(tiles) + &place(true),
        RegionKind::Market(Goods::Fish) => m::seller_on_fish_market(tiles) + &place(false),
        RegionKind::Market(Goods::Grain) => m::seller_on_grain_market(tiles) + &place(false),
        RegionKind::Market(Goods::Livestock) => {
            m::seller_on_livestock_market(tiles) + &place(false)
        }
        RegionKind::Residential { .. } => m::steward_on_residential(tiles) + &place(false),
    }
}

/// The targets for decisions other than the tile placement (`legal`: the
/// game's legal choices, listed once by the caller).
pub fn choice_targets(game: &Game, legal: &[Choice], colours: &[PlayerColour]) -> Targets<Choice> {
    let cat = game.catalogue();
    let mut t = Targets::for_decision(game, colours);
    let Some(decision) = game.decision() else {
        return t;
    };
    match decision {
        Decision::PlaceTile { .. } => {}
        Decision::Follower => {
            let placed = game.board().placed();
            let Some(idx) = placed.len().checked_sub(1) else {
                return t;
            };
            let p = placed[idx];
            for &c in legal {
                if let Choice::Follower(Some(r)) = c {
                    let feature = game
                        .feature_regions(idx, r)
                        .into_iter()
                        .map(|(i, rr)| {
                            let q = placed[i];
                            RegionShape::placed(q.cell, q.rot, art::region_outline(cat, q.tile, rr))
                        })
                        .collect();
                    t.regions.push(RegionTarget {
                        pos: geometry::on_board(p.cell, p.rot, art::anchor(cat, p.tile, r)),
                        choice: c,
                        region: r,
                        label: follower_label(game, r),
                        piece: None,
                        shape: RegionShape::placed(
                            p.cell,
                            p.rot,
                            art::region_outline(cat, p.tile, r),
                        ),
                        feature,
                    });
                }
            }
            t.spread_rings(p.cell);
            t.tell_rings_apart(p.cell);
        }
        Decision::Gate => {
            for &c in legal {
                if let Choice::Gate(side) = c {
                    t.sides.push(SideTarget {
                        side,
                        choice: c,
                        key: "gate".into(),
                        label: None,
                        words: m::put_gate(&side_name(side)),
                    });
                }
            }
        }
        Decision::Wall => {
            for &c in legal {
                if let Choice::Wall(e) = c {
                    if let Some(side) = game.next_wall_side(e) {
                        t.sides.push(SideTarget {
                            side,
                            choice: c,
                            key: e.name().into(),
                            label: Some(
                                match e {
                                    End::Cw => "↻",
                                    End::Ccw => "↺",
                                }
                                .into(),
                            ),
                            words: m::build_at(end_name(e), &side_name(side)),
                        });
                    }
                }
            }
        }
        Decision::Guard => {
            if let Some(piece) = game.walls().pieces.last() {
                t.mark = Some(piece.side);
                let line = guard_line(game, piece.side);
                if legal.contains(&Choice::Guard(true)) {
                    // The new piece itself takes the guard.
                    t.sides.push(SideTarget {
                        side: piece.side,
                        choice: Choice::Guard(true),
                        key: "guard".into(),
                        label: Some(format!("+{}", line.points)),
                        words: m::post_guard(line.points),
                    });
                }
                t.line = line.cells;
            }
        }
        Decision::Tower => {
            for &c in legal {
                if let Choice::Tower(Some(e)) = c {
                    if let Some(v) = game.walls().end_vertex(e) {
                        let points = tower_points(game, e);
                        t.vertices.push(VertexTarget {
                            vertex: v,
                            choice: c,
                            key: e.name().into(),
                            label: format!("+{points}"),
                            words: m::tower_at(end_name(e), points),
                        });
                    }
                }
            }
        }
    }
    t
}

/// The words of the ring that makes `choice` in `game`'s decision (a
/// follower's, the guesthouse's), as the board names it.
pub fn ring_words(game: &Game, choice: Choice) -> Option<String> {
    choice_targets(game, &game.legal_choices(), &[])
        .ring_words(&choice)
        .map(String::from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::targets::{Targets, RING_REACH};
    use engine::city::tiles::Catalogue;
    use engine::core::geom::{Cell, Rotation};

    /// Every tile of The City, in every rotation, with a ring on every one of
    /// its regions (more than any decision offers): once spread, no two
    /// rings overlap and each stays on its tile, so none hides another or
    /// the next tile (the crossing tiles have the most).
    #[test]
    fn follower_rings_never_overlap_on_any_tile() {
        let cat = Catalogue::builtin().unwrap();
        let mut types = cat.all_copies();
        types.dedup();
        let mut most = 0;
        for tile in types {
            for rot in Rotation::ALL {
                let n = cat.get(tile).regions.len();
                most = most.max(n);
                let cell = Cell { x: 0, y: 0 };
                let mut t: Targets<u8> = Targets {
                    regions: (0..n as u8)
                        .map(|r| crate::targets::RegionTarget {
                            pos: geometry::on_board(cell, rot, art::anchor(cat, tile, r)),
                            choice: r,
                            region: r,
                            label: String::new(),
                            shape: RegionShape::placed(cell, rot, (String::new(), false)),
                            feature: Vec::new(),
                            piece: None,
                        })
                        .collect(),
                    ..Targets::default()
                };
                t.spread_rings(cell);
                let pos: Vec<_> = t.regions.iter().map(|r| r.pos).collect();
                for p in &pos {
                    let inside =
                        |v: f64| (RING_REACH - 1e-6..=100.0 - RING_REACH + 1e-6).contains(&v);
                    assert!(
                        inside(p.0) && inside(p.1),
                        "{} {rot:?}: a ring off its tile: {pos:?}",
                        cat.get(tile).id
                    );
                }
                for i in 0..n {
                    for j in i + 1..n {
                        let d =
                            ((pos[i].0 - pos[j].0).powi(2) + (pos[i].1 - pos[j].1).powi(2)).sqrt();
                        assert!(
                            d >= 2.0 * RING_REACH - 1e-6,
                            "{} {rot:?}: rings {i} and {j} {d:.1} apart: {pos:?}",
                            cat.get(tile).id
                        );
                    }
                }
            }
        }
        assert!(
            most >= 8,
            "the crossings were tried ({most} regions at most)"
        );
    }
}
