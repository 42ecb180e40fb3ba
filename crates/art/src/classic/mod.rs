//! Classic Carcassonne's artwork (base game and The City Gates), in the
//! same form as The City's: a [`TileArt`] per tile type, region-tagged SVG
//! shapes in unrotated tile coordinates (a 100×100 box, y down) sorted by
//! layer, and a follower spot per region; plus the pieces ([`piece_art`]).
//! Styled by [`CLASSIC_CSS`] (static/style.css carries it).
//!
//! In layers: `plan` (where cities, roads and fields lie, from the slots),
//! `furnish` (follower spots, houses, towers, shields, field details),
//! `paint` (how each thing is drawn) and `pieces`.
//!
//! What each layer holds: `Ground` the fields, cities and the abbey's
//! garden (one shape per region, filled: what a highlight outlines) and the
//! fields' details; `Street` the roads (one stroked shape per road, between
//! its verges and ruts) and the junction; `Building` walls, towers,
//! gatehouses, city gates (as their gate's region), houses (as their city),
//! the abbey, a bridge's deck (as its road); `Detail` bushes and shields.

mod furnish;
mod paint;
pub mod pieces;
mod plan;
#[cfg(test)]
mod tests;

use super::TileArt;
use engine::classic::tiles::TileDef;
pub use pieces::{piece_art, Piece};

/// The picture and follower spots of a classic tile type (compute once per
/// type and cache). For a field the spot has room for a lying farmer; a
/// gate's spot is the gate itself (nobody stands there).
pub fn tile_art(def: &TileDef) -> TileArt {
    let mut tile = furnish::Tile::new(def);
    tile.furnish();
    TileArt {
        shapes: tile.shapes(),
        anchors: tile.anchors,
    }
}

/// The stylesheet of every class the classic artwork and pieces use; stroke
/// widths are in tile units. Pieces in a player's colour read `--pc` (set by
/// the `pc-…` classes of static/style.css on an enclosing element).
pub const CLASSIC_CSS: &str = "\
.ca-field{fill:#86b04f}
.ca-city{fill:#d7c199}
.ca-garden{fill:#a9c66c;stroke:#52702f;stroke-width:1.6}
.ca-crop{fill:#b9bd5c;stroke:#7f8a35;stroke-width:.6;pointer-events:none}
.ca-furrow{fill:none;stroke:#8d9440;stroke-width:.8;pointer-events:none}
.ca-tuft{fill:none;stroke:#53782d;stroke-width:.7;stroke-linecap:round;pointer-events:none}
.ca-verge{fill:none;stroke:#6f7440;stroke-width:12.4;pointer-events:none}
.ca-road{fill:none;stroke:#e6d9b4;stroke-width:9.2}
.ca-ruts{fill:none;stroke:#cdbd93;stroke-width:4.6;stroke-dasharray:2.6 2.2;pointer-events:none}
.ca-plaza{fill:#e6d9b4;stroke:#6f7440;stroke-width:1.6;pointer-events:none}
.ca-water{fill:#3f6682;stroke:#22394a;stroke-width:.5;pointer-events:none}
.ca-wall-edge{fill:none;stroke:#4e463c;stroke-width:6.6;stroke-linejoin:round;pointer-events:none}
.ca-wall{fill:none;stroke:#d9d1bf;stroke-width:4.6;stroke-linejoin:round;pointer-events:none}
.ca-crenel{fill:none;stroke:#958b78;stroke-width:1.6;stroke-dasharray:1.8 1.5;pointer-events:none}
.ca-stone{fill:#d9d1bf;stroke:#4e463c;stroke-width:.7;stroke-linejoin:round}
.ca-dark{fill:#2b2420;stroke:#2b2420;stroke-width:.3}
.ca-grille{fill:none;stroke:#8a8172;stroke-width:.5;pointer-events:none}
.ca-roof{stroke:#4f2717;stroke-width:.5;stroke-linejoin:round}
.ca-shade{fill:#2a1208;fill-opacity:.3;pointer-events:none}
.ca-ridge{fill:none;stroke:#2a1208;stroke-width:.4;stroke-opacity:.5;pointer-events:none}
.ca-slate{fill:#6d7380;stroke:#30343b;stroke-width:.5}
.ca-lawn{fill:#8fb35a;stroke:#30343b;stroke-width:.4}
.ca-church{fill:#c1623f;stroke:#4f2717;stroke-width:.6;stroke-linejoin:round}
.ca-cross{fill:none;stroke:#e8bb3c;stroke-width:.8;pointer-events:none}
.ca-deck{fill:#c9bfa8;stroke:#4e463c;stroke-width:.8}
.ca-deck-road{fill:#e6d9b4;stroke:#a89a78;stroke-width:.5}
.ca-shield{fill:#2f5fb3;stroke:#f3eee0;stroke-width:1.2;stroke-linejoin:round}
.ca-shield-mark{fill:#f3eee0}
.ca-shadow{fill:#1b1208;fill-opacity:.25;pointer-events:none}
.ca-bush{fill:#4c7a30;stroke:#2d4a1b;stroke-width:.5;pointer-events:none}
.ca-leaf{fill:#6e9a44;pointer-events:none}
.ca-halo{fill:none;stroke:#f6efdf;stroke-width:2.6;stroke-linejoin:round}
.ca-pc{fill:var(--pc,#9a8f80);stroke:#1d1712;stroke-width:1.1;stroke-linejoin:round}
.ca-steel{fill:#c9ccd0;stroke:#2d2f33;stroke-width:.7;stroke-linejoin:round}
.ca-skin{fill:#e9c6a0;stroke:#1d1712;stroke-width:.5}
.ca-rope{fill:none;stroke:#c9a75a;stroke-width:1;stroke-linecap:round}
.ca-sack{fill:#b89a6a;stroke:#3f2f1a;stroke-width:.8}
.ca-straw{fill:#e8c96a;stroke:#6b5316;stroke-width:.7}
.ca-straw-band{fill:#c79a3c;stroke:#6b5316;stroke-width:.5}
.ca-wood{fill:#b07a44;stroke:#4a2f16;stroke-width:.8;stroke-linejoin:round}
.ca-plank{fill:none;stroke:#6d4a26;stroke-width:.6}
.ca-rail{fill:#7a5128;stroke:#3a230f;stroke-width:.7}
.ca-palisade-edge{fill:none;stroke:#3a230f;stroke-width:6.4}
.ca-palisade{fill:none;stroke:#a8743f;stroke-width:4.6;stroke-dasharray:2.8 .8}
.ca-sign{fill:#e8bb3c;stroke:#4a2f16;stroke-width:.6}
.ca-token{fill:#2e2a33;fill-opacity:.55;stroke:#f6efdf;stroke-width:1}
.ca-wyvern{fill:#d9d2c3;stroke:#221e1a;stroke-width:.8;stroke-linejoin:round}
.ca-wing{fill:#9c9484;stroke:#221e1a;stroke-width:.7;stroke-linejoin:round}
.ca-eye{fill:#f2d04a}
.ca-veil{fill:#2b2238;fill-opacity:.62;stroke:#140f1c;stroke-width:.8;stroke-linejoin:round}
.ca-fold{fill:none;stroke:#8a7aa3;stroke-width:.7;stroke-opacity:.7}
";
