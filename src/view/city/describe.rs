//! The City in words, for the text view (screen readers, and anyone who
//! prefers to read): a tile's features and the sides they reach, the board
//! tile by tile, the followers in play, the wall with its towers and
//! guards, and what may be done now, each option with the short word that
//! takes it when typed (`command`); and a hint's suggestion.

use super::panel::projected;
use super::scene::role_class;
use super::targets::region_label;
use super::walls::{end_name, guard_line, line_words, side_name, tower_points};
use crate::engine::city::tiles::{Catalogue, RegionKind, TileType};
use crate::engine::city::walls::End;
use crate::engine::city::{Choice, Decision, Game};
use crate::engine::core::geom::{Cell, Dir, Rotation};
use crate::engine::TileGame;
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

/// The tile in hand: its features as drawn, and where it fits.
pub fn hand_words(game: &Game) -> Option<String> {
    let Some(Decision::PlaceTile { tile }) = game.decision() else {
        return None;
    };
    // The placements come cell by cell.
    let mut cells: Vec<Cell> = game.placements(tile).iter().map(|p| p.0).collect();
    cells.dedup();
    Some(format!(
        "The tile in hand, unturned: {}. It fits on {}.",
        tile_words(game.catalogue(), tile, Rotation::ALL[0]),
        plural(cells.len() as u32, "space", "spaces")
    ))
}

/// What stands at a cell: the tile and how it lies, its followers, and the
/// wall pieces along it; for an empty cell, whether and how the tile in
/// hand fits there.
pub fn cell_words(game: &Game, cell: Cell, names: &[String]) -> String {
    let cat = game.catalogue();
    let board = game.board();
    let Some(i) = board.tile_at(cell) else {
        if let Some(Decision::PlaceTile { tile }) = game.decision() {
            let rots: Vec<Rotation> = game
                .placements(tile)
                .into_iter()
                .filter(|p| p.0 == cell)
                .map(|p| p.1)
                .collect();
            if !rots.is_empty() {
                let ways: Vec<String> = rots
                    .iter()
                    .map(|&r| format!("turned {}: {}", turn_name(r), tile_words(cat, tile, r)))
                    .collect();
                return format!(
                    "{} is empty. The tile in hand fits there {}.",
                    cell_name(cell),
                    ways.join("; or ")
                );
            }
        }
        return format!("{} is empty.", cell_name(cell));
    };
    let p = board.placed()[i];
    let mut text = format!("{}: {}.", cell_name(cell), tile_words(cat, p.tile, p.rot));
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
    text
}

/// The cells from the board's north-west corner to its south-east one, one
/// ring wider, row by row: reading order without sorting.
fn reading_order(game: &Game) -> impl Iterator<Item = Cell> {
    let (lo, hi) = game.board().bounds();
    (lo.y - 1..=hi.y + 1).flat_map(move |y| (lo.x - 1..=hi.x + 1).map(move |x| Cell::new(x, y)))
}

/// Every tile, row by row from the north, west to east.
pub fn board_words(game: &Game) -> String {
    let cat = game.catalogue();
    let board = game.board();
    if board.placed().is_empty() {
        return "The board is empty: the first tile goes on 0,0.".into();
    }
    let (lo, hi) = board.bounds();
    let mut out = format!(
        "{} placed, from {} in the north-west to {} in the south-east (x grows to the east, y to the south).",
        plural(board.placed().len() as u32, "tile", "tiles"),
        cell_name(lo),
        cell_name(hi)
    );
    let mut row = None;
    for cell in reading_order(game) {
        let Some(p) = board.get(cell) else { continue };
        if row != Some(cell.y) {
            row = Some(cell.y);
            out.push_str(&format!("\nRow {}:", cell.y));
        }
        out.push_str(&format!(
            " {}, {}.",
            cell_name(cell),
            tile_words(cat, p.tile, p.rot)
        ));
    }
    out
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

/// One thing that may be done now, with the word that takes it.
#[derive(Clone, Debug, PartialEq)]
pub struct TextOption {
    /// What to type: "1", "cw", "yes", "no", ...
    pub key: String,
    pub words: String,
    pub choice: Choice,
}

/// What may be done now, except placing the tile (`place_words` tells
/// that): numbered, or by name for the wall's ends, guards and "no".
pub fn options(game: &Game) -> Vec<TextOption> {
    let cat = game.catalogue();
    let legal = game.legal_choices();
    let mut out = Vec::new();
    let mut n = 0;
    let mut number = || {
        n += 1;
        n.to_string()
    };
    for c in legal {
        let (key, words) = match c {
            Choice::Place { .. } => continue,
            Choice::Follower(None) => ("no".to_string(), "no follower".to_string()),
            Choice::Follower(Some(r)) => {
                let Some(p) = game.board().placed().last() else {
                    continue;
                };
                let def = cat.get(p.tile);
                let reach = def.reach(p.rot, r);
                (
                    number(),
                    format!(
                        "{}, reaching the {}",
                        region_label(&def.regions[r as usize].kind),
                        dirs_words(reach)
                    ),
                )
            }
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
            words,
            choice: c,
        });
    }
    // "no" last (the engine lists it first).
    if let Some(i) = out.iter().position(|o| o.key == "no") {
        let no = out.remove(i);
        out.push(no);
    }
    out
}

/// Where the tile in hand fits: each space with its turns.
pub fn place_words(game: &Game) -> Option<String> {
    let Some(Decision::PlaceTile { tile }) = game.decision() else {
        return None;
    };
    let placements = game.placements(tile);
    let parts: Vec<String> = reading_order(game)
        .filter_map(|cell| {
            let turns: Vec<String> = Rotation::ALL
                .into_iter()
                .filter(|&r| placements.contains(&(cell, r)))
                .map(turn_name)
                .collect();
            (!turns.is_empty()).then(|| format!("{} ({})", cell_name(cell), turns.join(", ")))
        })
        .collect();
    Some(format!(
        "The tile fits on: {}. Type a space to place it there, with a turn if you like (“1,0 90”).",
        parts.join("; ")
    ))
}

/// The decision and its options in words: what the text view lists.
pub fn options_words(game: &Game) -> String {
    if let Some(w) = place_words(game) {
        return w;
    }
    let o = options(game);
    if o.is_empty() {
        return "Nothing to decide: the game is over.".into();
    }
    let v: Vec<String> = o
        .iter()
        .map(|o| format!("{}: {}", o.key, o.words))
        .collect();
    format!("Type one of: {}.", v.join("; "))
}

/// A choice in words, for hints. `tile`: the tile a follower would go on
/// when it is not placed yet.
pub fn hint_words(game: &Game, c: Choice, tile: Option<TileType>) -> String {
    let cat = game.catalogue();
    match c {
        Choice::Place { .. } => "place the tile where it is shown".into(),
        Choice::Follower(None) => "keep your followers".into(),
        Choice::Follower(Some(r)) => {
            let tile = tile.or_else(|| game.board().placed().last().map(|p| p.tile));
            let label = tile
                .and_then(|t| cat.get(t).regions.get(r as usize))
                .map(|reg| region_label(&reg.kind));
            match label {
                Some(l) => format!("put {l}"),
                None => "put a follower on the highlighted ring".into(),
            }
        }
        Choice::Gate(_) => "put the gate on the highlighted side".into(),
        Choice::Wall(e) => format!("build at the {} end", end_name(e)),
        Choice::Guard(true) => "post a guard".into(),
        Choice::Guard(false) => "post no guard".into(),
        Choice::Tower(Some(e)) => format!("build a tower at the {} end", end_name(e)),
        Choice::Tower(None) => "build no tower".into(),
    }
}
