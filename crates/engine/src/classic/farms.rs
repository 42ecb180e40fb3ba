//! Farms at the final scoring (B9) under the three first-edition rules,
//! each under a name that says which: `score_farms_3rd_edition` (B9.1),
//! `score_farms_2nd_edition` (B9.2), `score_farms_1st_edition` (B9.3). A
//! farm is adjacent to a city only through a tile's `touches` (B4.4), and
//! only completed cities count. Old City's proportional farms (O2.2) read
//! `farms_with_cities`.

use super::features::{ClassicTable, Node};
use super::options::FarmScoring;
use super::tiles::Catalogue;
use crate::core::rules::{majority, MAX_SEATS};
use crate::core::sort;

/// Points one set of players scores (each winner the full points).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FarmAward {
    /// What scored: the farm (B9.1) or the completed city (B9.2, B9.3).
    pub feature: Node,
    pub winners: u8,
    /// Completed cities counted: adjacent to the farm (B9.1), or 1 (B9.2, B9.3).
    pub cities: u32,
    pub points: u32,
}

/// What farm scoring reads of a game.
pub struct FarmTable<'a> {
    pub catalogue: &'a Catalogue,
    pub table: &'a ClassicTable,
    pub players: usize,
}

impl FarmTable<'_> {
    /// Every (farm, completed city) pair of roots that some tile's
    /// `touches` makes adjacent (B4.4), for farms holding a farmer;
    /// deduplicated, sorted by farm.
    pub fn farm_city_pairs(&self) -> Vec<(Node, Node)> {
        let f = self.table.features();
        let mut pairs = Vec::new();
        for (i, p) in self.table.grid().placed().iter().enumerate() {
            for &(field, city) in &self.catalogue.get(p.tile).touches {
                let farm = f.find(self.table.node_of(i, field));
                if f.get(farm).follower_count() == 0 {
                    continue;
                }
                let town = f.find(self.table.node_of(i, city));
                if f.get(town).is_complete() {
                    pairs.push((farm, town));
                }
            }
        }
        sort::sort_unstable(&mut pairs);
        pairs.dedup();
        pairs
    }

    /// The same pairs as (city, farm), sorted by city: the 1st and 2nd
    /// editions score city by city (`chunk_by` groups a city's farms).
    pub fn city_farm_pairs(&self) -> Vec<(Node, Node)> {
        let mut by_city: Vec<(Node, Node)> = self
            .farm_city_pairs()
            .into_iter()
            .map(|(f, c)| (c, f))
            .collect();
        sort::sort_unstable(&mut by_city);
        by_city
    }

    fn farmers(&self, farm: Node) -> &[u8] {
        &self.table.features().get(farm).followers[..self.players.min(MAX_SEATS)]
    }
}

/// O2.2: each farm with a farmer: the farm, the completed cities adjacent
/// to it (B4.4) and its farmers per seat, for proportional scoring.
pub fn farms_with_cities(t: &FarmTable) -> Vec<(Node, u32, [u8; MAX_SEATS])> {
    t.farm_city_pairs()
        .chunk_by(|a, b| a.0 == b.0)
        .map(|cities| {
            let farm = cities[0].0;
            (
                farm,
                cities.len() as u32,
                t.table.features().get(farm).followers,
            )
        })
        .collect()
}

/// B9 under the edition the options name.
pub fn score_farms(t: &FarmTable, rule: FarmScoring) -> Vec<FarmAward> {
    match rule {
        FarmScoring::Third => score_farms_3rd_edition(t),
        FarmScoring::Second => score_farms_2nd_edition(t),
        FarmScoring::First => score_farms_1st_edition(t),
    }
}

/// B9.1 (`3rd`): each farm on its own; the player(s) with most farmers in
/// it score 3 per completed city adjacent to it. A city may score for
/// several farms, even for the same player.
pub fn score_farms_3rd_edition(t: &FarmTable) -> Vec<FarmAward> {
    let mut out = Vec::new();
    for group in t.farm_city_pairs().chunk_by(|a, b| a.0 == b.0) {
        let cities = group.len();
        let winners = majority(t.farmers(group[0].0));
        if winners != 0 {
            out.push(FarmAward {
                feature: group[0].0,
                winners,
                cities: cities as u32,
                points: 3 * cities as u32,
            });
        }
    }
    out
}

/// B9.2 (`2nd`): a player scores 3 for each completed city such that in at
/// least one farm adjacent to it they have the most farmers (ties
/// included); each city at most once per player.
pub fn score_farms_2nd_edition(t: &FarmTable) -> Vec<FarmAward> {
    let mut out = Vec::new();
    for farms in t.city_farm_pairs().chunk_by(|a, b| a.0 == b.0) {
        let winners = farms
            .iter()
            .fold(0u8, |w, &(_, farm)| w | majority(t.farmers(farm)));
        if winners != 0 {
            out.push(FarmAward {
                feature: farms[0].0,
                winners,
                cities: 1,
                points: 3,
            });
        }
    }
    out
}

/// B9.3 (`1st`): for each completed city, each player's farmers in all the
/// farms adjacent to it (each farm once) are counted together; the
/// player(s) with the most, at least one, score 4.
pub fn score_farms_1st_edition(t: &FarmTable) -> Vec<FarmAward> {
    let mut out = Vec::new();
    for farms in t.city_farm_pairs().chunk_by(|a, b| a.0 == b.0) {
        let mut farmers = [0u8; MAX_SEATS];
        for &(_, farm) in farms {
            for (sum, &n) in farmers.iter_mut().zip(t.farmers(farm)) {
                *sum = sum.saturating_add(n);
            }
        }
        let winners = majority(&farmers[..t.players.min(MAX_SEATS)]);
        if winners != 0 {
            out.push(FarmAward {
                feature: farms[0].0,
                winners,
                cities: 1,
                points: 4,
            });
        }
    }
    out
}
