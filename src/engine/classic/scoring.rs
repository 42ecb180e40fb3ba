//! Points for roads, cities and cloisters: completed during play (B6.2–B6.4)
//! and incomplete at the end (B8.1), and the per-player breakdown. Farms
//! score in `farms.rs` (B9); majorities are the core's `majority` (B6.5).

use super::features::{Feature, FeatureKind};
use super::options::SmallCity;
pub use crate::engine::core::rules::majority;
use serde::{Deserialize, Serialize};

/// Points per player by source, as a UI and the replay summary show them
/// (NOTATION-CLASSIC.md: they sum to the score).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Breakdown {
    pub roads: u32,
    pub cities: u32,
    pub cloisters: u32,
    pub farms: u32,
    /// Old City's final coins (O4.4).
    pub coins: u32,
}

impl Breakdown {
    pub fn total(&self) -> u32 {
        self.roads + self.cities + self.cloisters + self.farms + self.coins
    }

    /// The part a feature of `kind` scores into.
    pub fn of(&mut self, kind: FeatureKind) -> &mut u32 {
        match kind {
            FeatureKind::Road => &mut self.roads,
            FeatureKind::City => &mut self.cities,
            FeatureKind::Cloister => &mut self.cloisters,
            FeatureKind::Field => &mut self.farms,
        }
    }
}

/// B6.2: a completed road, 1 per tile.
pub fn completed_road(tiles: u32) -> u32 {
    tiles
}

/// B6.3: a completed city, 2 per tile and 2 per pennant; with
/// `small-city=2` a city of exactly two tiles 1 per tile and 1 per pennant.
/// (The City Gates' fixed points, G3.1, and Old City's plaza and coins,
/// O2.3 and O4.3, take precedence here: issue 11.)
pub fn completed_city(tiles: u32, pennants: u32, small_city: SmallCity) -> u32 {
    if small_city == SmallCity::Two && tiles == 2 {
        tiles + pennants
    } else {
        2 * (tiles + pennants)
    }
}

/// B6.4: a completed cloister.
pub const COMPLETED_CLOISTER: u32 = 9;

/// B6.2–B6.4 for a completed feature (fields never complete: 0).
pub fn completed_points(f: &Feature, small_city: SmallCity) -> u32 {
    match f.kind() {
        Some(FeatureKind::Road) => completed_road(f.tile_count()),
        Some(FeatureKind::City) => {
            completed_city(f.tile_count(), f.data.pennants as u32, small_city)
        }
        Some(FeatureKind::Cloister) => COMPLETED_CLOISTER,
        _ => 0,
    }
}

/// B8.1 for an incomplete feature at the end: a road 1 per tile, a city 1
/// per tile and per pennant, a cloister 1 plus 1 per tile round it (its
/// `open` counts the empty cells of the eight).
pub fn final_points(f: &Feature) -> u32 {
    match f.kind() {
        Some(FeatureKind::Road) => f.tile_count(),
        Some(FeatureKind::City) => f.tile_count() + f.data.pennants as u32,
        Some(FeatureKind::Cloister) => 1 + 8u32.saturating_sub(f.open as u32),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn b6_3_city_values() {
        assert_eq!(completed_city(3, 1, SmallCity::Four), 8);
        assert_eq!(completed_city(2, 0, SmallCity::Four), 4);
        assert_eq!(completed_city(2, 0, SmallCity::Two), 2);
        assert_eq!(completed_city(2, 1, SmallCity::Two), 3);
        assert_eq!(completed_city(3, 0, SmallCity::Two), 6);
    }
}
