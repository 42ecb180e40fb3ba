//! What each classic decision offers to click: the drawn tile's placements
//! (a cell and a rotation, with the wood that makes the tile fit there, in
//! words and as pieces to draw on the ghost), the roads the guesthouse may
//! go on, the tiles the wyvern may fly to, and the regions a follower may
//! go on, each with the whole feature it would join (farms included).
//! "None" answers are the prompt's buttons, not targets.

use super::art;
use super::scene::wood_pieces;
use crate::palette::PlayerColour;
use crate::targets::{PlacementTarget, RegionTarget, Targets, TileTarget};
use crate::words::{cell_name, dir_name, dirs_words};
use engine::classic::{
    Axis, Choice, Decision, FeatureKind, Game, RegionIdx, RegionKind, Spot, Wood,
};
use engine::TileGame;
use i18n::msg::classic_targets as m;

/// Every legal placement among `legal` with the wood it uses, in words and
/// as pieces (the engine lists one per cell and rotation, O3; should two
/// share one, their words tell them apart).
pub fn placement_targets(legal: &[Choice]) -> Vec<PlacementTarget<Choice>> {
    legal
        .iter()
        .filter_map(|&c| match c {
            Choice::Place(p) => Some(PlacementTarget {
                cell: p.cell,
                rot: p.rot,
                choice: c,
                label: wood_words(p.wood),
                pieces: wood_pieces(p.cell, p.wood),
            }),
            _ => None,
        })
        .collect()
}

/// "north–south", "east–west".
pub fn axis_words(a: Axis) -> &'static str {
    match a {
        Axis::NorthSouth => m::axis_ns(),
        Axis::EastWest => m::axis_ew(),
    }
}

/// The wood of a placement in words ("with a bridge (north–south) across
/// this tile and a wall on its west side"); `None` for none.
pub fn wood_words(w: Wood) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    if let Some(b) = w.bridge {
        parts.push(match b.on {
            None => m::bridge_here(axis_words(b.axis)),
            Some(d) => m::bridge_to(axis_words(b.axis), dir_name(d)),
        });
    }
    if let Some(d) = w.wall {
        parts.push(m::wall_on(dir_name(d)));
    }
    if let Some(d) = w.gate {
        parts.push(m::gate_on(dir_name(d)));
    }
    match parts.as_slice() {
        [] => None,
        [one] => Some(m::with_one(one)),
        [init @ .., last] => Some(m::with_list(&init.join(", "), last)),
    }
}

/// The region a spot names on the tile just placed (a bridge built on it
/// is the region past its printed ones).
fn spot_region(game: &Game, spot: Spot) -> Option<(usize, RegionIdx)> {
    let placed = game.board().placed();
    let idx = placed.len().checked_sub(1)?;
    let def = game.catalogue().get(placed[idx].tile);
    match spot {
        Spot::Region(r) => ((r as usize) < def.regions.len()).then_some((idx, r)),
        Spot::Bridge => game.bridge_on(idx).map(|_| (idx, def.bridge_region())),
    }
}

/// The feature a spot of the tile just placed belongs to, in words with
/// where it goes from the tile ("the road of 3 tiles going north", "the
/// city of 2 tiles on the east", "the cloister"), and its kind; `None` for
/// a spot that is no feature (a gate).
fn spot_feature(game: &Game, spot: Spot) -> Option<(FeatureKind, String)> {
    let (idx, r) = spot_region(game, spot)?;
    let p = game.board().placed()[idx];
    let def = game.catalogue().get(p.tile);
    let (kind, reach, over) = match (spot, def.kind(r)) {
        (Spot::Bridge, _) => (FeatureKind::Road, game.bridge_on(idx)?.mask(), true),
        (_, Some(k)) => (
            k.feature()?,
            def.reach(p.rot, r),
            k == RegionKind::Road { bridge: true },
        ),
        _ => return None,
    };
    let tiles = game.feature_of(idx, r).tile_count();
    let reach_mask = reach;
    let reach = dirs_words(reach);
    Some((
        kind,
        match kind {
            FeatureKind::Cloister => m::spot_cloister().into(),
            FeatureKind::Road if over => m::spot_bridge_road(tiles, &reach),
            FeatureKind::Road => m::spot_road(tiles, &reach),
            FeatureKind::City if reach_mask == 0 => m::spot_city_middle(tiles),
            FeatureKind::City => m::spot_city(tiles, &reach),
            FeatureKind::Field => m::spot_field(tiles, &reach),
        },
    ))
}

/// A follower on a spot of the tile just placed, named by its piece, the
/// feature it would join and where that goes from the tile: "a thief on
/// the road of 3 tiles going north", "a farmer on the field of 4 tiles on
/// the north and west" (each ring of a tile says something else); and the
/// piece (`thief`, `knight`, `monk`, `farmer`).
pub fn follower_label(game: &Game, spot: Spot) -> (&'static str, String) {
    match spot_feature(game, spot) {
        Some((k, f)) => (
            k.role(),
            match k {
                FeatureKind::Road => m::thief_on(&f),
                FeatureKind::City => m::knight_in(&f),
                FeatureKind::Cloister => m::monk_in(&f),
                FeatureKind::Field => m::farmer_on(&f),
            },
        ),
        None => ("thief", m::a_follower().into()),
    }
}

/// The guesthouse on a road of the tile just placed, in words: "the
/// guesthouse on the road of 2 tiles going east".
pub fn guesthouse_label(game: &Game, spot: Spot) -> String {
    match spot_feature(game, spot) {
        Some((_, f)) => m::guesthouse_on(&f),
        None => m::the_guesthouse().into(),
    }
}

/// The targets of `game`'s decision (`legal`: its legal choices, listed
/// once by the caller): the placements, or the regions of the new tile for
/// the guesthouse or a follower, or the wyvern's tiles.
pub fn choice_targets(game: &Game, legal: &[Choice], colours: &[PlayerColour]) -> Targets<Choice> {
    let mut t = Targets::for_decision(game, colours);
    let Some(decision) = game.decision() else {
        return t;
    };
    match decision {
        Decision::Place { .. } => t.placements = placement_targets(legal),
        Decision::Guesthouse => {
            let spots = legal.iter().filter_map(|&c| match c {
                Choice::Guesthouse(Some(s)) => Some((c, s)),
                _ => None,
            });
            region_targets(game, &mut t, spots, |g, s| {
                ("guesthouse", guesthouse_label(g, s))
            });
        }
        Decision::Wyvern => {
            for &c in legal {
                if let Choice::Wyvern(cell) = c {
                    t.tiles.push(TileTarget {
                        cell,
                        choice: c,
                        words: m::send_wyvern(&cell_name(cell)),
                    });
                }
            }
        }
        Decision::Follower => {
            let spots = legal.iter().filter_map(|&c| match c {
                Choice::Follower(Some(s)) => Some((c, s)),
                _ => None,
            });
            region_targets(game, &mut t, spots, follower_label);
        }
    }
    t
}

/// A ring per spot of the tile just placed, with its region and the whole
/// feature it would join outlined; rings that would cover one another are
/// moved apart, and a small screen zooms on the tile.
fn region_targets(
    game: &Game,
    t: &mut Targets<Choice>,
    spots: impl Iterator<Item = (Choice, Spot)>,
    label: impl Fn(&Game, Spot) -> (&'static str, String),
) {
    let placed = game.board().placed();
    let Some(p) = placed.last() else { return };
    for (choice, spot) in spots {
        let Some((idx, r)) = spot_region(game, spot) else {
            continue;
        };
        let (Some(pos), Some(shape)) = (
            art::placed_anchor(game, idx, r),
            art::placed_outline(game, idx, r),
        ) else {
            continue;
        };
        let feature = game
            .feature_regions(idx, r)
            .into_iter()
            .filter_map(|(i, rr)| art::placed_outline(game, i, rr))
            .collect();
        let (piece, label) = label(game, spot);
        t.regions.push(RegionTarget {
            pos,
            choice,
            region: r,
            label,
            piece: Some(piece),
            shape,
            feature,
        });
    }
    t.spread_rings(p.cell);
    t.tell_rings_apart(p.cell);
}

/// The words of the ring that makes `choice` in `game`'s decision (a
/// follower's, the guesthouse's), as the board names it.
pub fn ring_words(game: &Game, choice: Choice) -> Option<String> {
    choice_targets(game, &game.legal_choices(), &[])
        .ring_words(&choice)
        .map(String::from)
}
