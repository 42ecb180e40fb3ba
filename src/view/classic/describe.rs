//! Classic tiles and decisions in words: a tile's features for the keyboard's
//! announcements and the tile in hand, and a hint's suggestion.

use super::targets::region_label;
use crate::engine::classic::{Catalogue, Choice, Game, RegionKind, Rotation, Spot, TileType};
use crate::view::words::{cell_name, dirs_words};

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

/// What a hint suggests, in words ("put a knight in the city").
pub fn hint_words(game: &Game, c: Choice, tile: Option<TileType>) -> String {
    let label = |spot: Spot| -> Option<String> {
        match spot {
            Spot::Bridge => Some("a thief on the bridge".into()),
            Spot::Region(r) => {
                let tile = tile.or_else(|| game.board().placed().last().map(|p| p.tile))?;
                game.catalogue()
                    .get(tile)
                    .kind(r)
                    .and_then(|k| region_label(&k))
            }
        }
    };
    match c {
        Choice::Place(_) => "place the tile where it is shown".into(),
        Choice::Follower(None) => "keep your followers".into(),
        Choice::Follower(Some(s)) => match label(s) {
            Some(l) => format!("put {l}"),
            None => "put a follower on the highlighted ring".into(),
        },
        Choice::Guesthouse(None) => "build no guesthouse".into(),
        Choice::Guesthouse(Some(_)) => "put the guesthouse on the highlighted road".into(),
        Choice::Wyvern(cell) => format!("send the wyvern to the tile at {}", cell_name(cell)),
    }
}
