//! Procedural artwork for the tile types, one folder per ruleset: [`city`]
//! (a little medieval town per tile of The City) and [`classic`] (classic
//! Carcassonne's cities, roads, fields and cloisters, and its pieces).
//!
//! Both draw from the catalogue's slot data, in unrotated tile coordinates
//! (a 100×100 box, origin top-left, y down), as SVG path data the UI puts
//! inside a `<g transform=...>` rotated by the placement: a [`TileArt`] per
//! tile type, region-tagged [`Shape`]s sorted by [`Layer`], and a follower
//! spot per region. `geometry` (points, paths, frames, the seeded
//! generator) is theirs to share; no trigonometry is used, so native and
//! wasm builds agree to the last digit.

pub mod city;
pub mod classic;
mod geometry;

use engine::core::shape::RegionIdx;

/// Which pass a shape belongs to; shapes come sorted by layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Layer {
    /// Area polygons (residential ground, market squares) and their borders.
    Ground,
    /// Streets and crossing squares.
    Street,
    /// Roofs, public and historic buildings, market stalls.
    Building,
    /// Small things on top: goods, trees, finials.
    Detail,
}

/// One SVG `<path>` of a tile's picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    pub layer: Layer,
    /// The region the shape shows (for hit-testing and highlighting); `None`
    /// for pure decoration, which the stylesheet makes transparent to the pointer.
    pub region: Option<RegionIdx>,
    /// SVG path data, coordinates rounded to one decimal.
    pub d: String,
    /// CSS class(es) from the ruleset's stylesheet ([`city::ART_CSS`],
    /// [`classic::CLASSIC_CSS`]).
    pub class: &'static str,
    /// A per-shape fill for a class whose CSS rule leaves the fill unset (the
    /// roof tones): write it as the `fill` attribute; when `None`, write no
    /// fill attribute at all and let the class decide.
    pub fill: Option<&'static str>,
    /// A hover title (historic building names, "Public building").
    pub title: Option<String>,
}

/// A tile type's picture and a follower spot per region, computed together.
#[derive(Clone, Debug, PartialEq)]
pub struct TileArt {
    pub shapes: Vec<Shape>,
    /// `anchors[r]`: where to draw a follower on region `r`, unrotated.
    pub anchors: Vec<(f32, f32)>,
}
