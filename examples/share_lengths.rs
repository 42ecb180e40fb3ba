//! Share-link lengths over random complete 4-player games dealt from seeds
//! (default stacks and options, players "Ann, Bob, Cid, Dee"), for The City
//! and for classic Carcassonne's base game:
//!
//! `cargo run --release --example share_lengths [GAMES]` (default 1000)
//!
//! Two runs each: seeds 0..GAMES (a short seed varint) and full 64-bit seeds
//! (the longest seed varint, as a randomly seeded app game has).

use engine::any::AnyGame;
use engine::city::DEFAULT_STACKS;
use engine::city::{Catalogue, Game, Options, Setup};
use engine::classic;
use engine::core::random;
use formats::share;

/// One complete random game of `game` dealt from `seed`.
fn played(game: &str, names: &[String], seed: u64) -> AnyGame {
    if game == "classic" {
        let cat = classic::Catalogue::builtin().expect("catalogue");
        let setup = classic::Setup::from_seed(
            cat,
            names.to_vec(),
            classic::Expansions::BASE,
            classic::Options::default(),
            seed,
        )
        .expect("setup");
        let mut g = classic::Game::new(cat, setup).expect("game");
        random::play_out(&mut g, &mut random::choice_rng(seed));
        AnyGame::Classic(g)
    } else {
        let cat = Catalogue::builtin().expect("catalogue");
        let setup = Setup::from_seed(
            cat,
            names.to_vec(),
            seed,
            DEFAULT_STACKS,
            Options::default(),
        )
        .expect("setup");
        let mut g = Game::new(cat, setup).expect("game");
        random::play_out(&mut g, &mut random::choice_rng(seed));
        AnyGame::City(g)
    }
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000);
    let names: Vec<String> = ["Ann", "Bob", "Cid", "Dee"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for game in ["the-city", "classic"] {
        for (label, spread) in [("seeds 0..n", false), ("64-bit seeds", true)] {
            let mut lengths = Vec::new();
            let mut decisions = 0usize;
            for i in 0..games {
                let seed = if spread {
                    i.wrapping_mul(0x9E37_79B9_7F4A_7C15) | (1 << 63)
                } else {
                    i
                };
                let g = played(game, &names, seed);
                let link = share::encode(&g);
                let back = share::decode(&link).expect("decode");
                assert_eq!(back.history(), g.history(), "seed {seed}");
                decisions += g.decisions();
                lengths.push(link.len());
            }
            lengths.sort_unstable();
            let q = |p: f64| lengths[((lengths.len() - 1) as f64 * p).round() as usize];
            println!(
                "{game}, {label}: {games} games, {:.1} decisions/game; link length min {} median {} p90 {} p99 {} max {} (mean {:.1})",
                decisions as f64 / games as f64,
                lengths[0],
                q(0.5),
                q(0.9),
                q(0.99),
                lengths[lengths.len() - 1],
                lengths.iter().sum::<usize>() as f64 / lengths.len() as f64
            );
        }
    }
}
