//! The City's artwork: a little medieval town per tile type.
//!
//! Everything is drawn from the catalogue's slot data, in unrotated tile
//! coordinates (a 100×100 box, origin top-left, y down), as SVG path data the
//! UI puts inside a `<g transform=...>` rotated by the placement.
//!
//! How a tile is laid out:
//! - the perimeter is cut into 24 half-slots; a street slot's halves belong to
//!   the areas left and right of it. Runs of equal areas become polygons that
//!   meet at a hub (the tile centre, or the middle of a curved street);
//! - an area run enclosed on both sides by one other area, with no street at
//!   either end, becomes a *bay*: a rounded patch drawn over that area, which
//!   then passes behind it (a market square on one side of a street, say);
//! - streets are cobbled strokes: straight or quarter-circle through-streets,
//!   spokes to a small square at a crossing, dead ends that stop at a building
//!   or open into a market;
//! - residential areas are filled with houses (two-tone roofs) along streets,
//!   borders and tile edges, then inwards, with trees in the gaps; public
//!   buildings are larger slate-roofed halls with a bell tower; historic
//!   buildings are landmarks (churches, castle, tower, wells, hall) titled
//!   with their name; markets hold striped stalls and pens in the goods'
//!   colour, with the goods laid out in front.
//!
//! Small variations (roof colours, house sizes, stall positions) come from a
//! hash of the tile id, so the same tile always gets the same picture. No
//! trigonometry is used, so native and wasm builds agree to the last digit.
//! The colours and strokes live in [`ART_CSS`].
//!
//! In layers, over the shared `art::geometry` (points, paths, frames, the
//! seeded generator): `layout` (the regions' shapes from the slots: areas,
//! bays, borders, streets) and `furnish` (The City's buildings, markets,
//! landmarks and how everything is painted).

mod furnish;
mod layout;
#[cfg(test)]
mod tests;

use super::geometry::CENTRE;
use super::{Shape, TileArt};
use engine::city::tiles::{Goods, RegionIdx, TileDef};
use furnish::Town;

/// The picture and anchors of a tile type (compute once per type and cache).
pub fn tile_art(def: &TileDef) -> TileArt {
    let mut town = Town::new(def);
    town.populate();
    TileArt {
        shapes: town.shapes(),
        anchors: town.anchors.clone(),
    }
}

/// The picture of a tile type, unrotated, sorted by layer.
pub fn tile_shapes(def: &TileDef) -> Vec<Shape> {
    tile_art(def).shapes
}

/// A good point inside `region` to draw a follower, unrotated: on the street
/// for a street, in an open spot clear of the buildings for an area.
pub fn region_anchor(def: &TileDef, region: RegionIdx) -> (f32, f32) {
    Town::new(def)
        .anchors
        .get(region as usize)
        .copied()
        .unwrap_or(CENTRE)
}

/// The market colour of each kind of goods (the stalls' awnings) and its label.
pub fn goods_legend() -> Vec<(Goods, &'static str, &'static str)> {
    vec![
        (Goods::Fish, FISH, "fish"),
        (Goods::Grain, GRAIN, "grain"),
        (Goods::Livestock, LIVESTOCK, "livestock"),
    ]
}

/// Stall awning colours (also in [`ART_CSS`]).
pub const FISH: &str = "#4f7aa0";
pub const GRAIN: &str = "#e2a72a";
pub const LIVESTOCK: &str = "#6f8a33";

/// The stylesheet for every class [`tile_shapes`] uses. Stroke widths are in
/// tile units, so they scale with the tile.
pub const ART_CSS: &str = "\
.art-ground-res{fill:#d3c293}
.art-market-fish{fill:#c3ccc9}
.art-market-grain{fill:#eedba0}
.art-market-livestock{fill:#c6cb8d}
.art-border{fill:none;stroke:#7d6a4a;stroke-width:.9;stroke-opacity:.6;pointer-events:none}
.art-street-edge{fill:none;stroke:#6b6152;stroke-width:16.2;pointer-events:none}
.art-street{fill:none;stroke:#b9ae98;stroke-width:13.2}
.art-street-stones{fill:none;stroke:#a2967e;stroke-width:12;stroke-dasharray:1.2 2.1;pointer-events:none}
.art-plaza{fill:#b9ae98;stroke:#6b6152;stroke-width:1.2;pointer-events:none}
.art-plaza-post{fill:#8d8170;stroke:#4f473c;stroke-width:.6;pointer-events:none}
.art-roof{stroke:#5a2c1c;stroke-width:.5;stroke-linejoin:round}
.art-roof-shade{fill:#3a1a0c;fill-opacity:.28}
.art-public{fill:#5d6f8a;stroke:#2c3444;stroke-width:.6;stroke-linejoin:round}
.art-public-tower{fill:#4a5a72;stroke:#2c3444;stroke-width:.6;stroke-linejoin:round}
.art-public-shade{fill:#141b28;fill-opacity:.3}
.art-gold{fill:#e8bb3c;stroke:#6d5214;stroke-width:.4;pointer-events:none}
.art-stone{fill:#ddd0b0;stroke:#5c5140;stroke-width:.6;stroke-linejoin:round}
.art-wall{fill:#d6c8a6;fill-rule:evenodd;stroke:#5c5140;stroke-width:.6;stroke-linejoin:round}
.art-court{fill:#a9b07a;stroke:#5c5140;stroke-width:.4}
.art-crenel{fill:none;stroke:#4d4436;stroke-width:1;stroke-dasharray:1.2 1}
.art-slate{fill:#66707f;stroke:#2f343c;stroke-width:.5;stroke-linejoin:round}
.art-brick{fill:#b85a3e;stroke:#5a2818;stroke-width:.55;stroke-linejoin:round}
.art-hall{fill:#8c4a38;stroke:#4a2016;stroke-width:.55;stroke-linejoin:round}
.art-hist-shade{fill:#20140c;fill-opacity:.27}
.art-paving{fill:#e4dbc4;stroke:#8e8167;stroke-width:.6}
.art-water{fill:#3f6682;stroke:#22394a;stroke-width:.5}
.art-iron{fill:none;stroke:#2e2a26;stroke-width:1.1;stroke-linecap:round}
.art-stall-fish{fill:#4f7aa0;stroke:#263b4f;stroke-width:.5}
.art-stall-grain{fill:#e2a72a;stroke:#6e4f0e;stroke-width:.5}
.art-stall-livestock{fill:#6f8a33;stroke:#36441a;stroke-width:.5}
.art-stall-stripe{fill:#fbf3de;fill-opacity:.85}
.art-pen{fill:#b7c27a;stroke:#6a4a28;stroke-width:.9;stroke-linejoin:round}
.art-goods-fish{fill:#a9bccb;stroke:#33495a;stroke-width:.35}
.art-goods-grain{fill:#e9c766;stroke:#7a5a1c;stroke-width:.35}
.art-goods-livestock{fill:#f4eedd;stroke:#5f4c34;stroke-width:.35}
.art-goods-head{fill:#3f3326}
.art-apron{fill:#b9ae98;pointer-events:none}
.art-tree{fill:#6e8b45;stroke:#45592a;stroke-width:.5;pointer-events:none}
";
