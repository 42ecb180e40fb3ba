//! The City's benchmark workload: random 2-player games.

use super::game::Game;
use super::options::Options;
use super::setup::{Setup, DEFAULT_STACKS};
use super::tiles::Catalogue;
use crate::core::random::{choice_rng, play_out};
use crate::core::rules::TileGame;

/// A 2-player game with the default stacks, players named `names`, dealt
/// from `seed` and played to its end by random choices from the same seed.
pub fn random_game(cat: &'static Catalogue, seed: u64, names: [&str; 2]) -> Option<Game> {
    let names = names.map(String::from).to_vec();
    let setup = Setup::from_seed(cat, names, seed, DEFAULT_STACKS, Options::default()).ok()?;
    let mut g = Game::new(cat, setup).ok()?;
    play_out(&mut g, &mut choice_rng(seed));
    Some(g)
}

/// `n` random 2-player games with the default stacks, dealt from seeds
/// `first..first + n`. Returns a checksum of the scores so the work cannot be
/// optimised away and runs can be compared.
pub fn random_games(first: u64, n: u64) -> u64 {
    let Ok(cat) = Catalogue::builtin() else {
        return 0;
    };
    let mut sum = 0u64;
    for seed in first..first + n {
        let Some(g) = random_game(cat, seed, ["A", "B"]) else {
            return 0;
        };
        sum = sum
            .wrapping_mul(31)
            .wrapping_add(g.scores().iter().sum::<u32>() as u64);
    }
    sum
}
