//! A game's setup (R1.1–R1.5, NOTATION.md tags): players, the deal and the
//! options, checked before it can become a game.

use super::options::Options;
use super::tiles::{Catalogue, TileType};
use crate::core::reason::SetupProblem;
use crate::core::rng::{rng_for_seed, shuffle};
pub use crate::core::rules::check_player_name;
pub use crate::core::setup_error::SetupError;
use serde::{Deserialize, Serialize};

/// Every tile of the catalogue shuffled by `seed` (Fisher–Yates from the end);
/// a game with smaller stacks deals the first tiles of it (NOTATION.md `Seed`).
pub fn shuffled(catalogue: &Catalogue, seed: u64) -> Vec<TileType> {
    let mut deck = catalogue.all_copies();
    shuffle(&mut deck, &mut rng_for_seed(seed));
    deck
}

/// Followers in supply at the start (R1.2).
pub const FOLLOWERS: u8 = 7;

/// The default stack sizes (R1.5).
pub const DEFAULT_STACKS: [u32; 3] = [30, 25, 20];

/// A setup: players, deck, stacks and options (NOTATION.md tags). It is
/// checked (`check`) before it becomes a game, whatever made it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub players: Vec<String>,
    /// The draw order, stack 1 first.
    pub deck: Vec<TileType>,
    pub stacks: [u32; 3],
    pub options: Options,
    /// The seed the deck was dealt from, if it was.
    pub seed: Option<u64>,
    /// The players' aids are shown (issue 39); off is the purist's game.
    /// Not a rule: the same game either way, on every device.
    #[serde(default = "crate::core::aids::on")]
    pub aids: bool,
}

impl Setup {
    /// Deal from a seed: the first tiles of the shuffled catalogue (R1.5).
    pub fn from_seed(
        catalogue: &Catalogue,
        players: Vec<String>,
        seed: u64,
        stacks: [u32; 3],
        options: Options,
    ) -> Result<Setup, SetupError> {
        let total: u32 = stacks.iter().sum();
        let all = shuffled(catalogue, seed);
        if total as usize > all.len() {
            return Err(SetupError::stacks(SetupProblem::StacksOver {
                stacks,
                all: all.len() as u32,
            }));
        }
        let setup = Setup {
            players,
            deck: all[..total as usize].to_vec(),
            stacks,
            options,
            seed: Some(seed),
            aids: true,
        };
        setup.check(catalogue)?;
        Ok(setup)
    }

    /// An explicit draw order (the CGN `Deck` tag).
    pub fn from_deck(
        catalogue: &Catalogue,
        players: Vec<String>,
        deck: Vec<TileType>,
        stacks: [u32; 3],
        options: Options,
    ) -> Result<Setup, SetupError> {
        let setup = Setup {
            players,
            deck,
            stacks,
            options,
            seed: None,
            aids: true,
        };
        setup.check(catalogue)?;
        Ok(setup)
    }

    pub fn check(&self, catalogue: &Catalogue) -> Result<(), SetupError> {
        let n = self.players.len();
        if !(2..=4).contains(&n) {
            return Err(SetupError::players(SetupProblem::PlayersCity { n }));
        }
        for p in &self.players {
            check_player_name(p).map_err(SetupError::players)?;
        }
        let total: u32 = self.stacks.iter().sum();
        if self.stacks[0] == 0 {
            return Err(SetupError::stacks(SetupProblem::FirstStack));
        }
        if total as usize != self.deck.len() {
            return Err(SetupError::stacks(SetupProblem::StacksDeck {
                total,
                deck: self.deck.len(),
            }));
        }
        let mut counts = vec![0u32; catalogue.tiles.len()];
        for &t in &self.deck {
            let Some(c) = counts.get_mut(t as usize) else {
                return Err(SetupError::pile(SetupProblem::UnknownTile {
                    tile: t.to_string(),
                }));
            };
            *c += 1;
            let def = catalogue.get(t);
            if *c > def.count as u32 {
                return Err(SetupError::pile(SetupProblem::Copies {
                    tile: def.id.clone(),
                    n: def.count as u32,
                }));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_seed_one_deck() {
        let c = Catalogue::builtin().unwrap();
        assert_eq!(shuffled(c, 7), shuffled(c, 7));
        assert_ne!(shuffled(c, 7), shuffled(c, 8));
        let mut sorted = shuffled(c, 7);
        sorted.sort();
        assert_eq!(sorted, c.all_copies());
    }
}
