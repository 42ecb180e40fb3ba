//! The City in words, for the text view (screen readers, and anyone who
//! prefers to read): a tile's features and the sides they reach, the board
//! tile by tile, the followers in play, the wall with its towers and
//! guards, and what may be done now, each option with the short word that
//! takes it when typed (`command`); and a hint's suggestion.

use super::panel::projected;
use super::scene::role_class;
use super::targets::{choice_targets, follower_label, ring_words};
use super::walls::{end_name, guard_line, line_words, side_name, tower_points};
use crate::engine::city::tiles::{Catalogue, RegionKind, TileType};
use crate::engine::city::walls::End;
use crate::engine::city::{Choice, Game};
use crate::engine::core::geom::{Cell, Dir, Rotation};
use crate::engine::TileGame;
use crate::view::command::{no_last, TextOption};
use crate::view::log::{name, plural};
use crate::view::words::{cell_name, dir_name, dirs_words, turn_name};

/// A tile's features turned by `rot`, one clause each: "a street from
/// north to south; a fish market on the east; a residential area with 1
/// public building on the west".
pub fn tile_words(cat: &Catalogue, tile: TileType, rot: Rotation) -> String {
    let def = cat.get(tile);
    // Streets, then markets, then residential areas.
    let mut clauses: [Vec<String>; 3] = Default::default();
    let mut crossing = 0u8;
    for (r, region) in def.regions.iter().enumerate() {
        let reach = def.reach(rot, r as u8);
        match &region.kind {
            RegionKind::Street if def.crossing => crossing |= reach,
            RegionKind::Street => {
                let ends: Vec<Dir> = Dir::ALL
                    .into_iter()
                    .filter(|d| reach & (1 << d.index()) != 0)
                    .collect();
                let text = match ends.as_slice() {
                    [a, b] => format!("a street from {} to {}", dir_name(*a), dir_name(*b)),
                    [a] => format!("a street from the {} ending on the tile", dir_name(*a)),
                    _ => format!("a street reaching {}", dirs_words(reach)),
                };
                clauses[0].push(text);
            }
            RegionKind::Market(g) => clauses[1].push(format!(
                "a {} market on the {}",
                g.name(),
                dirs_words(reach)
            )),
            RegionKind::Residential { public, historic } => {
                let mut with = Vec::new();
                if *public > 0 {
                    with.push(plural(
                        *public as u32,
                        "public building",
                        "public buildings",
                    ));
                }
                if let Some(h) = historic {
                    with.push(format!("the historic {h}"));
                }
                let with = if with.is_empty() {
                    String::new()
                } else {
                    format!(" with {}", with.join(" and "))
                };
                clauses[2].push(format!(
                    "a residential area{with} on the {}",
                    dirs_words(reach)
                ));
            }
        }
    }
    if crossing != 0 {
        clauses[0].push(format!(
            "streets from the {} meeting at a crossing",
            dirs_words(crossing)
        ));
    }
    clauses.concat().join("; ")
}

/// What stands on the tile at a cell: the tile and how it lies, its
/// followers, and the wall pieces along it; `None` for an empty space.
pub fn cell_words(game: &Game, cell: Cell, names: &[String]) -> Option<String> {
    let cat = game.catalogue();
    let board = game.board();
    let i = board.tile_at(cell)?;
    let p = board.placed()[i];
    let mut text = format!("{}.", tile_words(cat, p.tile, p.rot));
    for f in game.followers().iter().filter(|f| f.tile == i) {
        let kind = &cat.get(p.tile).regions[f.region as usize].kind;
        text.push_str(&format!(
            " {}'s {} stands on the {}.",
            name(f.player, names),
            role_class(f.role),
            kind.feature().name()
        ));
    }
    let walls = game.walls();
    for d in Dir::ALL {
        let side = crate::engine::core::geom::Side::new(cell, d);
        if walls.gate == Some(side) {
            text.push_str(&format!(" The gate is on its {} side.", dir_name(d)));
        } else if let Some(k) = walls.piece_on(side) {
            let guard = walls.pieces[k]
                .guard
                .map(|g| format!(", with {}'s guard", name(g, names)))
                .unwrap_or_default();
            text.push_str(&format!(
                " A wall piece is on its {} side{guard}.",
                dir_name(d)
            ));
        }
    }
    Some(text)
}

/// The followers on the board: whose, where, on what, and how that feature
/// stands.
pub fn followers_words(game: &Game, names: &[String]) -> String {
    let placed = game.board().placed();
    let mut out = Vec::new();
    for f in game.followers() {
        let p = placed[f.tile];
        let feature = game.feature_of(f.tile, f.region);
        let state = if feature.kind() == crate::engine::city::tiles::FeatureKind::Residential {
            String::new()
        } else if feature.open == 0 {
            ", complete".into()
        } else {
            format!(
                ", {} still open",
                plural(feature.open as u32, "side", "sides")
            )
        };
        out.push(format!(
            "{}'s {} at {} on a {} of {}{state}.",
            name(f.player, names),
            role_class(f.role),
            cell_name(p.cell),
            feature.kind().name(),
            plural(feature.tile_count(), "tile", "tiles")
        ));
    }
    for piece in &game.walls().pieces {
        if let Some(g) = piece.guard {
            let l = guard_line(game, piece.side);
            out.push(format!(
                "{}'s guard on {} watches {}: {} now.",
                name(g, names),
                side_name(piece.side),
                line_words(piece.side, &l),
                plural(l.points, "point", "points")
            ));
        }
    }
    if out.is_empty() {
        return "No follower is on the board.".into();
    }
    out.join(" ")
}

/// The wall: the gate, each arm and where it goes on, towers, the gap and
/// the supply.
pub fn walls_words(game: &Game, names: &[String]) -> String {
    let w = game.walls();
    let Some(gate) = w.gate else {
        return format!(
            "No wall yet: the first wall round starts with the gate. {} in the supply.",
            plural(w.supply, "wall piece", "wall pieces")
        );
    };
    let mut out = format!("The gate is on {}.", side_name(gate));
    for e in End::BOTH {
        let next = game
            .next_wall_side(e)
            .map(|s| format!("; its next piece goes on {}", side_name(s)))
            .unwrap_or_default();
        out.push_str(&format!(
            " The {} arm has {}{next}.",
            end_name(e),
            plural(w.arm_len(e) as u32, "piece", "pieces")
        ));
    }
    for t in &w.towers {
        out.push_str(&format!(
            " {}'s tower at the corner {},{} scored {}.",
            name(t.owner, names),
            t.vertex.x,
            t.vertex.y,
            plural(t.points, "point", "points")
        ));
    }
    out.push_str(&format!(
        " The gap is {}; {} left in the supply.",
        game.gap().unwrap_or(0),
        plural(w.supply, "wall piece", "wall pieces")
    ));
    out
}

/// The scores, with what each player has left.
pub fn scores_words(game: &Game, names: &[String]) -> String {
    let projected = projected(game);
    let v: Vec<String> = game
        .players()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            format!(
                "{} {} ({} if the game ended now; {} and {} left)",
                name(i as u8, names),
                p.score,
                projected.get(i).copied().unwrap_or(p.score),
                plural(p.supply as u32, "follower", "followers"),
                plural(p.towers as u32, "tower", "towers")
            )
        })
        .collect();
    format!("Scores: {}.", v.join(", "))
}

/// What may be done now, except placing the tile: numbered, or by name
/// for the wall's ends, guards and "no".
pub fn options(game: &Game) -> Vec<TextOption> {
    let legal = game.legal_choices();
    let rings = choice_targets(game, &legal, &[]);
    let mut out = Vec::new();
    let mut n = 0;
    let mut number = || {
        n += 1;
        n.to_string()
    };
    for (i, &c) in legal.iter().enumerate() {
        let (key, words) = match c {
            Choice::Place { .. } => continue,
            Choice::Follower(None) => ("no".to_string(), "no follower".to_string()),
            Choice::Follower(Some(r)) => (
                number(),
                rings
                    .ring_words(&c)
                    .map_or_else(|| follower_label(game, r), String::from),
            ),
            Choice::Gate(side) => (number(), format!("the gate on {}", side_name(side))),
            Choice::Wall(e) => (
                e.name().to_string(),
                match game.next_wall_side(e) {
                    Some(s) => format!("a piece at the {} end, on {}", end_name(e), side_name(s)),
                    None => format!("a piece at the {} end", end_name(e)),
                },
            ),
            Choice::Guard(true) => {
                let words = match game.walls().pieces.last() {
                    Some(p) => {
                        let l = guard_line(game, p.side);
                        format!(
                            "post a guard: it watches {}, {} now",
                            line_words(p.side, &l),
                            plural(l.points, "point", "points")
                        )
                    }
                    None => "post a guard".into(),
                };
                ("yes".to_string(), words)
            }
            Choice::Guard(false) => ("no".to_string(), "no guard".to_string()),
            Choice::Tower(Some(e)) => (
                e.name().to_string(),
                format!(
                    "a tower at the {} end, {}",
                    end_name(e),
                    plural(tower_points(game, e), "point", "points")
                ),
            ),
            Choice::Tower(None) => ("no".to_string(), "no tower".to_string()),
        };
        out.push(TextOption {
            key,
            also: "",
            words,
            choice: i,
        });
    }
    no_last(&mut out);
    out
}

/// A choice of `game`'s decision in words, for hints: where the tile goes
/// and how it is turned, what a follower would stand on, which side or end.
pub fn hint_words(game: &Game, c: Choice) -> String {
    match c {
        Choice::Place { cell, rot } => format!(
            "place the tile on {} turned {}",
            cell_name(cell),
            turn_name(rot)
        ),
        Choice::Follower(None) => "keep your followers".into(),
        Choice::Follower(Some(r)) => format!(
            "put {}",
            ring_words(game, c).unwrap_or_else(|| follower_label(game, r))
        ),
        Choice::Gate(side) => format!("put the gate on {}", side_name(side)),
        Choice::Wall(e) => format!("build at the {} end", end_name(e)),
        Choice::Guard(true) => "post a guard".into(),
        Choice::Guard(false) => "post no guard".into(),
        Choice::Tower(Some(e)) => format!("build a tower at the {} end", end_name(e)),
        Choice::Tower(None) => "build no tower".into(),
    }
}
