//! Classic's benchmark workloads: random full games, base game or with
//! expansions.

use super::game::Game;
use super::options::{Expansions, Options};
use super::setup::Setup;
use super::tiles::Catalogue;
use crate::core::random::{choice_rng, play_out};
use crate::core::rules::TileGame;

/// `n` random base games of `players` players (71 tiles, farms scored),
/// dealt from seeds `first..first + n`, played with logging off. Returns a
/// checksum of the scores so the work cannot be optimised away and runs
/// (native, wasm) can be compared.
pub fn random_games(first: u64, n: u64, players: usize) -> u64 {
    random_games_with(first, n, players, Expansions::BASE)
}

/// The same with `expansions` and their default options (with both: 84
/// tiles, every Old City part on).
pub fn random_games_with(first: u64, n: u64, players: usize, expansions: Expansions) -> u64 {
    let Ok(cat) = Catalogue::builtin() else {
        return 0;
    };
    let names: Vec<String> = ["A", "B", "C", "D", "E"][..players.clamp(2, 5)]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let mut sum = 0u64;
    for seed in first..first + n {
        let Ok(setup) = Setup::from_seed(cat, names.clone(), expansions, Options::default(), seed)
        else {
            return 0;
        };
        let Ok(mut g) = Game::new(cat, setup) else {
            return 0;
        };
        g.set_logging(false);
        play_out(&mut g, &mut choice_rng(seed));
        sum = sum
            .wrapping_mul(31)
            .wrapping_add(g.scores().iter().sum::<u32>() as u64);
    }
    sum
}
