//! The City Gates (CLASSIC.md part G). Most of it is data the base engine
//! already reads: its 24 tiles join the pile when the expansion is on
//! (G1.1, `setup::pile_counts`); a gate side fits a road, a field or a gate,
//! never a city, and no Old City wood mends that (G2.1: `SideKind::may_face`,
//! `wood.rs`); a gate is a region of its own kind that joins nothing, so a
//! road facing it ends there, two gates keep their cities apart and the
//! fields beside it join as usual (G2.2: `features::TileLayout::joins`);
//! its city's slots are only its city sides, so a gate never keeps the city
//! open and a city of gates alone is complete when placed (G2.3); no
//! follower stands on it (G2.4: it is no feature). What is left is G3.1.

use super::features::Feature;
use super::tiles::FeatureKind;

/// G3.1: a completed city with fixed points (the 4-gate tile's) scores
/// exactly them, before any per-tile, pennant, small-city or Old City
/// value; `None` for every other feature.
pub fn fixed_points(f: &Feature) -> Option<u32> {
    (f.kind() == Some(FeatureKind::City) && f.data.points > 0).then_some(f.data.points as u32)
}
