//! Points for roads, cities and cloisters: completed during play (B6.2–B6.4)
//! and incomplete at the end (B8.1), with what the expansions change (G3.1
//! fixed points, O2.3 plaza, O4.3 coins, O5.3 guesthouse, O6.6 wyvern), and
//! the per-player breakdown. Farms score in `farms.rs` (B9); majorities are
//! the core's `majority` (B6.5), proportional shares `old_city::shares`.

use super::city_gates;
use super::features::{Board, ClassicTable, Feature, FeatureKind, Node};
use super::old_city::OldCity;
use super::options::{Options, SmallCity};
pub use crate::core::rules::majority;
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
/// O2.3 and O4.3, take precedence: `completed_value`.)
pub fn completed_city(tiles: u32, pennants: u32, small_city: SmallCity) -> u32 {
    city_value(tiles, tiles, pennants, small_city)
}

/// B6.3 with O6.6: the per-tile value is chosen on all `tiles` (the
/// wyvern's included), then paid on the `scoring` tiles and the pennants.
fn city_value(tiles: u32, scoring: u32, pennants: u32, small_city: SmallCity) -> u32 {
    let per = if small_city == SmallCity::Two && tiles == 2 {
        1
    } else {
        2
    };
    per * (scoring + pennants)
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

/// O6.6: the tiles of `f` that score, the wyvern's (placed tile `wyvern`)
/// not counted.
fn scoring_tiles(f: &Feature, wyvern: Option<usize>) -> u32 {
    let wyvern = wyvern.map_or(0, |w| 1u128 << w);
    (f.tiles & !wyvern).count_ones()
}

/// O6.6: the wyvern is on the cloister's tile or one round it.
fn wyvern_by(f: &Feature, board: &Board, wyvern: Option<usize>) -> bool {
    let placed = board.placed();
    let (Some(w), Some(c)) = (
        wyvern.map(|i| placed[i].cell),
        placed.get(f.tiles.trailing_zeros() as usize),
    ) else {
        return false;
    };
    (w.x - c.cell.x).abs() <= 1 && (w.y - c.cell.y).abs() <= 1
}

/// Which rule set a road's, city's or cloister's points beside the base
/// game's count (B6.2–B6.4, B8.1): what a log says to explain them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ValuedBy {
    /// The base game's count (the wyvern's tile left out, O6.6).
    Base,
    /// G3.1: the city's fixed points.
    FixedPoints,
    /// O2.3: the plaza city, 3 a tile shared out when completed, 0 when
    /// incomplete at the end.
    Plaza,
    /// O5.3: a guesthouse road, 2 a tile when completed, 0 when incomplete
    /// at the end.
    Guesthouse,
    /// O4.3: a city whose pennants gave coins, not points.
    Coins,
}

/// A feature's points and the rule that set them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Value {
    pub points: u32,
    pub by: ValuedBy,
}

impl Value {
    fn base(points: u32) -> Value {
        Value {
            points,
            by: ValuedBy::Base,
        }
    }
}

/// The points of the completed feature `root` (B6.2–B6.4, G3.1, O2.3,
/// O4.3, O5.3, O6.6); the plaza's (`ValuedBy::Plaza`) are shared
/// proportionally (O2.1).
pub fn completed_value(table: &ClassicTable, oc: &OldCity, options: &Options, root: Node) -> Value {
    let f = table.features().get(root);
    let parts = oc.parts;
    let scoring = scoring_tiles(f, oc.wyvern);
    match f.kind() {
        // B6.2; O5.3: a guesthouse doubles it.
        Some(FeatureKind::Road) if oc.has_guesthouse(table, root) => Value {
            points: 2 * scoring,
            by: ValuedBy::Guesthouse,
        },
        Some(FeatureKind::Road) => Value::base(scoring),
        Some(FeatureKind::City) => {
            if let Some(points) = city_gates::fixed_points(f) {
                return Value {
                    points,
                    by: ValuedBy::FixedPoints,
                };
            }
            let pennants = f.data.pennants as u32;
            if f.data.plaza && parts.proportional {
                // O2.3: 3 per tile (and per pennant with plaza-pennants).
                let flags = options.old_city.plaza_pennants;
                return Value {
                    points: 3 * (scoring + u32::from(flags) * pennants),
                    by: ValuedBy::Plaza,
                };
            }
            // O4.3: with coins pennants give no points.
            let coins = parts.coins && pennants > 0;
            let pennants = if parts.coins { 0 } else { pennants };
            Value {
                points: city_value(f.tile_count(), scoring, pennants, options.small_city),
                by: if coins {
                    ValuedBy::Coins
                } else {
                    ValuedBy::Base
                },
            }
        }
        // B6.4; O6.6: 8 with the wyvern on it or round it.
        Some(FeatureKind::Cloister) => {
            Value::base(COMPLETED_CLOISTER - u32::from(wyvern_by(f, table.grid(), oc.wyvern)))
        }
        _ => Value::base(0),
    }
}

/// The points of the incomplete feature `root` at the end (B8.1; the
/// wyvern is gone, O6.7): a guesthouse road 0 (O5.3), a plaza city 0
/// (O2.3), pennants 0 with coins (O4.3).
pub fn final_value(table: &ClassicTable, oc: &OldCity, root: Node) -> Value {
    let f = table.features().get(root);
    let parts = oc.parts;
    let zero = |by| Value { points: 0, by };
    match f.kind() {
        Some(FeatureKind::Road) if oc.has_guesthouse(table, root) => zero(ValuedBy::Guesthouse),
        Some(FeatureKind::City) if f.data.plaza && parts.proportional => zero(ValuedBy::Plaza),
        Some(FeatureKind::City) if parts.coins => Value {
            points: f.tile_count(),
            by: if f.data.pennants > 0 {
                ValuedBy::Coins
            } else {
                ValuedBy::Base
            },
        },
        _ => Value::base(final_points(f)),
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
