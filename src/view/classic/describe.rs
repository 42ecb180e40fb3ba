//! Classic Carcassonne in words, for the text view (screen readers, and
//! anyone who prefers to read) and the keyboard's announcements: a tile's
//! features, what stands on a space, the followers in play, the scores,
//! what may be done now, each option with the word that takes it when typed
//! (`command`); and a hint's suggestion.

use super::log::feature_phrase;
use super::targets::{
    axis_words, choice_targets, follower_label, guesthouse_label, ring_words, wood_words,
};
use crate::engine::classic::old_city::{BRIDGE, GATE, GUESTHOUSE, WALL};
use crate::engine::classic::{
    Catalogue, Cell, Choice, FeatureKind, Game, RegionKind, Rotation, TileType,
};
use crate::engine::TileGame;
use crate::view::command::{no_last, TextOption};
use crate::view::log::{name, plural};
use crate::view::words::{cell_name, dir_name, dirs_words, turn_name};

/// A classic tile's features turned by `rot`, one clause each: "a city on
/// the north with a pennant; a road from east to west; a cloister".
pub fn tile_words(cat: &Catalogue, tile: TileType, rot: Rotation) -> String {
    let def = cat.get(tile);
    let mut clauses: Vec<String> = Vec::new();
    for (r, region) in def.regions.iter().enumerate() {
        let reach = def.reach(rot, r as u8);
        let text = match region.kind {
            RegionKind::City { pennants, .. } => {
                let shield = match pennants {
                    0 => String::new(),
                    1 => " with a pennant".into(),
                    n => format!(" with {n} pennants"),
                };
                format!("a city on the {}{shield}", dirs_words(reach))
            }
            RegionKind::Road { bridge } => {
                let over = if bridge {
                    " (a bridge over the city)"
                } else {
                    ""
                };
                format!("a road to the {}{over}", dirs_words(reach))
            }
            RegionKind::Cloister { .. } => "a cloister".into(),
            RegionKind::Gate { .. } => format!("a city gate on the {}", dirs_words(reach)),
            RegionKind::Field => continue,
        };
        clauses.push(text);
    }
    if clauses.is_empty() {
        clauses.push("fields only".into());
    }
    clauses.join("; ")
}

/// A choice of `game`'s decision in words, for hints: where the tile goes,
/// turned how, with the wood it spends; what a follower or the guesthouse
/// would stand on; the wyvern's tile.
pub fn hint_words(game: &Game, c: Choice) -> String {
    match c {
        Choice::Place(p) => {
            let wood = wood_words(p.wood)
                .map(|w| format!(" {w}"))
                .unwrap_or_default();
            format!(
                "place the tile on {} turned {}{wood}",
                cell_name(p.cell),
                turn_name(p.rot)
            )
        }
        Choice::Follower(None) => "keep your followers".into(),
        Choice::Follower(Some(s)) => format!(
            "put {}",
            ring_words(game, c).unwrap_or_else(|| follower_label(game, s).1)
        ),
        Choice::Guesthouse(None) => "build no guesthouse".into(),
        Choice::Guesthouse(Some(s)) => format!(
            "put {}",
            ring_words(game, c).unwrap_or_else(|| guesthouse_label(game, s))
        ),
        Choice::Wyvern(cell) => format!("send the wyvern to the tile at {}", cell_name(cell)),
    }
}

/// What stands on the tile at a cell: the tile as it lies, Old City's wood
/// on and beside it, the followers and the guesthouse on it, the wyvern;
/// `None` for an empty space.
pub fn cell_words(game: &Game, cell: Cell, names: &[String]) -> Option<String> {
    let cat = game.catalogue();
    let i = game.board().tile_at(cell)?;
    let p = game.board().placed()[i];
    let def = cat.get(p.tile);
    let mut text = format!("{}.", tile_words(cat, p.tile, p.rot));
    if let Some(a) = game.bridge_on(i) {
        text.push_str(&format!(" A bridge ({}) crosses it.", axis_words(a)));
    }
    for r in game.records().iter().filter(|r| r.placement.cell == cell) {
        let w = r.placement.wood;
        for (side, piece) in [(w.wall, "wall"), (w.gate, "wooden gate")] {
            if let Some(d) = side {
                text.push_str(&format!(" A {piece} stands on its {} side.", dir_name(d)));
            }
        }
    }
    for f in game.followers().iter().filter(|f| f.tile == i) {
        let on = match def.kind(f.region) {
            Some(k) => k.word(),
            None => "road over the bridge",
        };
        text.push_str(&format!(
            " {}'s {} stands on the {on}.",
            name(f.player, names),
            f.role.role()
        ));
    }
    if game.guesthouses().iter().any(|g| g.0 == i) {
        text.push_str(" A guesthouse stands on its road.");
    }
    if game.wyvern() == Some(cell) {
        text.push_str(" The wyvern is here: a follower on this tile counts for nobody.");
    }
    Some(text)
}

/// The followers on the board: whose, where, on what, and how that feature
/// stands (the sides a road or a city still has open; veiled by the wyvern).
pub fn followers_words(game: &Game, names: &[String]) -> String {
    let placed = game.board().placed();
    let out: Vec<String> = game
        .followers()
        .iter()
        .map(|f| {
            let cell = placed[f.tile].cell;
            let feature = game.feature_of(f.tile, f.region);
            let open = match f.role {
                FeatureKind::Road | FeatureKind::City if feature.open > 0 => format!(
                    ", {} still open",
                    plural(feature.open as u32, "side", "sides")
                ),
                _ => String::new(),
            };
            let veiled = if game.wyvern() == Some(cell) {
                ", veiled by the wyvern"
            } else {
                ""
            };
            format!(
                "{}'s {} at {} on {}{open}{veiled}.",
                name(f.player, names),
                f.role.role(),
                cell_name(cell),
                feature_phrase(f.role, feature.tile_count(), feature.data.pennants as u32)
            )
        })
        .collect();
    if out.is_empty() {
        return "No follower is on the board.".into();
    }
    out.join(" ")
}

/// The scores, with what each player has left: followers, Old City's coins
/// and pieces.
pub fn scores_words(game: &Game, names: &[String]) -> String {
    let projected = game.projected_scores();
    let parts = game.parts();
    let v: Vec<String> = game
        .players()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut left = plural(p.supply as u32, "follower", "followers") + " left";
            if parts.coins {
                left += &format!(", {}", plural(p.coins as u32, "coin", "coins"));
            }
            let unused: Vec<&str> = [
                (BRIDGE, "bridge"),
                (WALL, "wall"),
                (GATE, "wooden gate"),
                (GUESTHOUSE, "guesthouse"),
            ]
            .iter()
            .filter(|(bit, _)| p.pieces & bit != 0)
            .map(|(_, piece)| *piece)
            .collect();
            if !unused.is_empty() {
                left += &format!("; unused: {}", unused.join(", "));
            }
            format!(
                "{} {} ({} if the game ended now; {left})",
                name(i as u8, names),
                p.score,
                projected.get(i).copied().unwrap_or(p.score),
            )
        })
        .collect();
    format!("Scores: {}.", v.join(", "))
}

/// What may be done now, except placing the tile: the guesthouse's roads
/// and the followers' spots numbered (a follower also by its piece, when
/// it is the only one), the wyvern's tiles by their space, and "no".
pub fn options(game: &Game, names: &[String]) -> Vec<TextOption> {
    let placed = game.board().placed();
    let mut out = Vec::new();
    let mut n = 0;
    let mut number = || {
        n += 1;
        n.to_string()
    };
    let legal = game.legal_choices();
    let rings = choice_targets(game, &legal, &[]);
    let ring = |c: Choice| rings.ring_words(&c).unwrap_or_default().to_string();
    for (i, &c) in legal.iter().enumerate() {
        let (key, also, words) = match c {
            Choice::Place(_) => continue,
            Choice::Guesthouse(None) => ("no".into(), "", "no guesthouse".into()),
            Choice::Guesthouse(Some(_)) => (number(), "guesthouse", ring(c)),
            Choice::Follower(None) => ("no".into(), "", "no follower".into()),
            Choice::Follower(Some(s)) => (number(), follower_label(game, s).0, ring(c)),
            Choice::Wyvern(cell) => {
                let veils: Vec<String> = game
                    .followers()
                    .iter()
                    .filter(|f| placed.get(f.tile).is_some_and(|p| p.cell == cell))
                    .map(|f| format!("{}'s {}", name(f.player, names), f.role.role()))
                    .collect();
                let words = match veils.is_empty() {
                    true => format!("the tile at {}", cell_name(cell)),
                    false => format!(
                        "the tile at {}, veiling {}",
                        cell_name(cell),
                        veils.join(" and ")
                    ),
                };
                (cell_name(cell), "", words)
            }
        };
        out.push(TextOption {
            key,
            also,
            words,
            choice: i,
        });
    }
    no_last(&mut out);
    out
}
