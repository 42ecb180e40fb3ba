//! A game's setup (B1, NOTATION-CLASSIC.md tags): players, expansions,
//! options and the draw pile, dealt from a seed or given tile by tile;
//! checked before it can become a game.

use super::options::{Expansions, Options};
use super::tiles::{Catalogue, TileSet, TileType};
use crate::core::deal::box_of;
use crate::core::reason::SetupProblem;
use crate::core::rng::{rng_for_seed, shuffle};
pub use crate::core::rules::check_player_name;
pub use crate::core::setup_error::SetupError;
use serde::{Deserialize, Serialize};

/// B1.2: followers in supply at the start (8 a player, one marks the score).
pub const FOLLOWERS: u8 = 7;
/// O1.2: with Old City.
pub const FOLLOWERS_OLD_CITY: u8 = 6;

/// Copies of each tile type in the draw pile of a game with `expansions`
/// (B1.3, B1.4): the base set less the start tile, City Gates' tiles added
/// (G1.1), Old City's removals taken out (O1.1).
pub fn pile_counts(catalogue: &Catalogue, expansions: Expansions) -> Vec<u32> {
    catalogue
        .tiles
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let in_play = match t.set {
                TileSet::Base => true,
                TileSet::CityGates => expansions.city_gates,
            };
            if !in_play {
                return 0;
            }
            let mut n = t.count as u32;
            if i == catalogue.start as usize {
                n -= 1;
            }
            if expansions.old_city {
                n = n.saturating_sub(catalogue.old_city_remove[i] as u32);
            }
            n
        })
        .collect()
}

/// The whole pile shuffled by `seed` (Fisher–Yates from the end over the
/// pile in catalogue order): the pile order is a pure function of the seed
/// and the tiles in play (NOTATION-CLASSIC.md `Seed`).
pub fn shuffled(catalogue: &Catalogue, expansions: Expansions, seed: u64) -> Vec<TileType> {
    let mut pile = box_of(pile_counts(catalogue, expansions).iter().map(|&n| n as u8));
    shuffle(&mut pile, &mut rng_for_seed(seed));
    pile
}

/// A setup: players, expansions, options and the draw pile (top first; the
/// start tile is not in it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub players: Vec<String>,
    pub expansions: Expansions,
    pub options: Options,
    pub deck: Vec<TileType>,
    /// The seed the whole pile was dealt from, if it was.
    pub seed: Option<u64>,
    /// The players' aids are shown (issue 39); off is the purist's game.
    /// Not a rule: the same game either way, on every device.
    #[serde(default = "crate::core::aids::on")]
    pub aids: bool,
}

impl Setup {
    /// Deal the whole pile from a seed.
    pub fn from_seed(
        catalogue: &Catalogue,
        players: Vec<String>,
        expansions: Expansions,
        options: Options,
        seed: u64,
    ) -> Result<Setup, SetupError> {
        let setup = Setup {
            players,
            expansions,
            options,
            deck: shuffled(catalogue, expansions, seed),
            seed: Some(seed),
            aids: true,
        };
        setup.check(catalogue)?;
        Ok(setup)
    }

    /// An explicit draw pile (the `Deck` tag), possibly shorter than the
    /// tiles in play (a shorter game).
    pub fn from_deck(
        catalogue: &Catalogue,
        players: Vec<String>,
        expansions: Expansions,
        options: Options,
        deck: Vec<TileType>,
    ) -> Result<Setup, SetupError> {
        let setup = Setup {
            players,
            expansions,
            options,
            deck,
            seed: None,
            aids: true,
        };
        setup.check(catalogue)?;
        Ok(setup)
    }

    /// A shorter game: only the first `n` tiles of the pile (all of them when
    /// `n` is larger). A cut pile is no longer the one its seed deals, so the
    /// seed is dropped and a record carries the pile as an explicit `Deck`.
    pub fn first_tiles(mut self, n: usize) -> Setup {
        if n < self.deck.len() {
            self.deck.truncate(n);
            self.seed = None;
        }
        self
    }

    /// Followers each player starts with in supply (B1.2, O1.2).
    pub fn followers(&self) -> u8 {
        if self.expansions.old_city {
            FOLLOWERS_OLD_CITY
        } else {
            FOLLOWERS
        }
    }

    /// Tiles in play, the start tile included (72 in the base game; §I).
    pub fn tiles_in_play(&self, catalogue: &Catalogue) -> usize {
        1 + pile_counts(catalogue, self.expansions)
            .iter()
            .map(|&n| n as usize)
            .sum::<usize>()
    }

    /// Everything a setup must be (B1.1, §Options, B1.3, B1.4), whatever
    /// made it.
    pub fn check(&self, catalogue: &Catalogue) -> Result<(), SetupError> {
        check_players(&self.players)?;
        self.options
            .check(self.expansions)
            .map_err(SetupError::options)?;
        let in_pile = pile_counts(catalogue, self.expansions);
        let mut left = in_pile.clone();
        for &t in &self.deck {
            let Some(c) = left.get_mut(t as usize) else {
                return Err(SetupError::pile(SetupProblem::UnknownTile {
                    tile: t.to_string(),
                }));
            };
            if *c == 0 {
                let tile = catalogue.get(t).id.clone();
                let n = in_pile[t as usize];
                return Err(SetupError::pile(if n == 0 {
                    SetupProblem::NotInPlay { tile }
                } else {
                    SetupProblem::OverPile { tile, n }
                }));
            }
            *c -= 1;
        }
        Ok(())
    }
}

/// B1.1: 2 to 5 players, with names a record can hold.
pub fn check_players(players: &[String]) -> Result<(), SetupError> {
    let n = players.len();
    if !(2..=5).contains(&n) {
        return Err(SetupError::players(SetupProblem::PlayersClassic { n }));
    }
    for p in players {
        check_player_name(p).map_err(SetupError::players)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_pile_is_the_first_tiles_without_the_seed() {
        let c = Catalogue::builtin().unwrap();
        let names = vec!["A".to_string(), "B".to_string()];
        let whole = Setup::from_seed(c, names, Expansions::BASE, Options::default(), 7).unwrap();
        let short = whole.clone().first_tiles(10);
        assert_eq!(short.deck, whole.deck[..10]);
        assert_eq!(short.seed, None);
        let all = whole.clone().first_tiles(71);
        assert_eq!(all.deck, whole.deck);
        assert_eq!(all.seed, Some(7), "the whole pile is still the seed's");
    }

    #[test]
    fn b1_4_one_seed_one_pile_of_71() {
        let c = Catalogue::builtin().unwrap();
        let base = Expansions::BASE;
        assert_eq!(shuffled(c, base, 7), shuffled(c, base, 7));
        assert_ne!(shuffled(c, base, 7), shuffled(c, base, 8));
        assert_eq!(shuffled(c, base, 7).len(), 71);
        let all = Expansions {
            city_gates: true,
            old_city: true,
        };
        assert_eq!(shuffled(c, all, 7).len(), 84);
        let oc = Expansions {
            old_city: true,
            ..base
        };
        assert_eq!(shuffled(c, oc, 7).len(), 60);
    }
}
