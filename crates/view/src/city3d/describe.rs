//! The 3-D view in words: the text alternative that stands for the picture
//! (the board's size, The City's wall, gate and towers, the largest
//! features scored and who scored them, the pieces standing, Old City's
//! wood), the side it is seen from, and the picture's legend.

use super::City3d;
use crate::words::{cell_name, dir_name, list_words};
use engine::any::{AnyGame, Ruleset};
use engine::core::aids::Kind;
use engine::core::geom::Cell;
use i18n::msg::city3d as m;

/// How many of the largest features the description names.
pub const LARGEST: usize = 3;

/// The view's title: The City's city, classic's board.
pub fn title(ruleset: Ruleset) -> &'static str {
    match ruleset {
        Ruleset::City => m::title_city(),
        Ruleset::Classic => m::title_board(),
    }
}

/// The button that opens the view at the game's end.
pub fn open(ruleset: Ruleset) -> &'static str {
    match ruleset {
        Ruleset::City => m::open_city(),
        Ruleset::Classic => m::open_board(),
    }
}

/// "Seen from the south-east.": the side the viewer stands on after `turn`
/// quarter turns.
pub fn seen_from(turn: u8) -> String {
    m::seen_from(match turn % 4 {
        0 => m::from_se(),
        1 => m::from_sw(),
        2 => m::from_nw(),
        _ => m::from_ne(),
    })
}

/// The picture's legend: each player's name and score, in seat order.
pub fn legend(model: &City3d) -> Vec<String> {
    model
        .names
        .iter()
        .enumerate()
        .map(|(i, name)| m::legend(name, model.scores.get(i).copied().unwrap_or(0)))
        .collect()
}

/// The text alternative of `model` (the position of `game`), sentence by
/// sentence.
pub fn describe(model: &City3d, game: &AnyGame) -> Vec<String> {
    let s = &model.scene;
    let mut out = Vec::new();
    let (lo, hi) = span(s.tiles.iter().map(|t| t.cell));
    let n = s.tiles.len() as u32;
    let (w, h) = if n == 0 {
        (0, 0)
    } else {
        ((hi.x - lo.x + 1) as u32, (hi.y - lo.y + 1) as u32)
    };
    out.push(m::size(n, w, h));
    if model.ruleset == Ruleset::City {
        match s.gate {
            Some(gate) if !s.walls.is_empty() => out.push(m::walls(
                s.walls.len() as u32,
                dir_name(gate.dir),
                &cell_name(gate.cell),
            )),
            Some(gate) => out.push(m::walls(0u32, dir_name(gate.dir), &cell_name(gate.cell))),
            None => out.push(m::no_wall().to_string()),
        }
        if !s.closing.is_empty() {
            out.push(m::closed(s.closing.len() as u32));
        }
        // The tallest: the most points, the first built among equals.
        let tallest =
            s.towers.iter().fold(
                None,
                |best: Option<&crate::scene::SceneTower>, t| match best {
                    Some(b) if b.points >= t.points => Some(b),
                    _ => Some(t),
                },
            );
        match tallest {
            Some(t) => out.push(m::towers(
                s.towers.len() as u32,
                model.names.get(t.owner as usize).map_or("", String::as_str),
                &cell_name(Cell::new(t.vertex.x, t.vertex.y)),
                t.points,
            )),
            None => out.push(m::no_towers().to_string()),
        }
    }
    let largest = largest(game);
    if largest.is_empty() {
        out.push(m::no_features().to_string());
    }
    for (kind, tiles, winners) in largest.into_iter().take(LARGEST) {
        let names: Vec<&str> = model
            .names
            .iter()
            .enumerate()
            .filter(|(i, _)| winners & (1 << i) != 0)
            .map(|(_, n)| n.as_str())
            .collect();
        let names = list_words(&names).unwrap_or_else(|| m::nobody().to_string());
        out.push(m::feature(crate::aids::kind_words(kind), tiles, &names));
    }
    // The followers and guards standing, by player.
    let mut standing = vec![0u32; model.names.len()];
    for f in &s.followers {
        if let Some(c) = standing.get_mut(f.player as usize) {
            *c += 1;
        }
    }
    for g in s.walls.iter().filter_map(|w| w.guard) {
        if let Some(c) = standing.get_mut(g as usize) {
            *c += 1;
        }
    }
    let each: Vec<String> = model
        .names
        .iter()
        .zip(&standing)
        .filter(|(_, &c)| c > 0)
        .map(|(name, &c)| m::standing_one(name, c))
        .collect();
    match list_words(&each) {
        Some(list) => out.push(m::standing(&list)),
        None => out.push(m::no_standing().to_string()),
    }
    let wood = s
        .pieces
        .iter()
        .filter(|p| matches!(p.kind, "bridge" | "wall" | "wooden-gate"))
        .count() as u32;
    if wood > 0 {
        out.push(m::wood(wood));
    }
    out
}

/// The smallest and largest cell of `cells` (each coordinate apart).
fn span(cells: impl Iterator<Item = Cell>) -> (Cell, Cell) {
    let mut lo = Cell::new(i32::MAX, i32::MAX);
    let mut hi = Cell::new(i32::MIN, i32::MIN);
    for c in cells {
        lo = Cell::new(lo.x.min(c.x), lo.y.min(c.y));
        hi = Cell::new(hi.x.max(c.x), hi.y.max(c.y));
    }
    (lo, hi)
}

/// The features scored in `game` so far, largest first (by tiles; among
/// equals the first scored): kind, tiles, and who scored (a mask of seats).
pub fn largest(game: &AnyGame) -> Vec<(Kind, u32, u8)> {
    let mut out: Vec<(Kind, u32, u8)> = Vec::new();
    match game {
        AnyGame::City(g) => {
            use engine::city::tiles::FeatureKind as F;
            use engine::city::Event;
            use engine::TileGame;
            for l in g.events() {
                if let Event::FeatureScored {
                    kind,
                    tiles,
                    winners,
                    ..
                } = l.event
                {
                    let kind = match kind {
                        F::Street => Kind::Street,
                        F::Market => Kind::Market,
                        F::Residential => Kind::Residential,
                    };
                    out.push((kind, tiles, winners));
                }
            }
        }
        AnyGame::Classic(g) => {
            use engine::classic::events::Event;
            use engine::classic::tiles::FeatureKind as F;
            use engine::TileGame;
            for l in g.events() {
                if let Event::FeatureScored {
                    kind,
                    tiles,
                    winners,
                    ..
                } = l.event
                {
                    let kind = match kind {
                        F::Road => Kind::Road,
                        F::City => Kind::City,
                        F::Field => Kind::Field,
                        F::Cloister => Kind::Cloister,
                    };
                    out.push((kind, tiles, winners));
                }
            }
        }
    }
    // Largest first, the first scored first among equals (a stable sort).
    engine::core::sort::sort_by(&mut out, |a, b| a.1 > b.1);
    out
}
