//! Share-link lengths over random complete 4-player games dealt from seeds
//! (default stacks and options, players "Ann, Bob, Cid, Dee"):
//!
//! `cargo run --release --example share_lengths [GAMES]` (default 1000)
//!
//! Two runs: seeds 0..GAMES (a short seed varint) and full 64-bit seeds (the
//! longest seed varint, as a randomly seeded app game has).

use the_city::engine::city::DEFAULT_STACKS;
use the_city::engine::city::{Catalogue, Game, Options, Setup};
use the_city::engine::core::random;
use the_city::engine::TileGame;
use the_city::share;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000);
    let cat = Catalogue::builtin().expect("catalogue");
    let names: Vec<String> = ["Ann", "Bob", "Cid", "Dee"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for (label, spread) in [("seeds 0..n", false), ("64-bit seeds", true)] {
        let mut lengths = Vec::new();
        let mut decisions = 0usize;
        for i in 0..games {
            let seed = if spread {
                i.wrapping_mul(0x9E37_79B9_7F4A_7C15) | (1 << 63)
            } else {
                i
            };
            let setup =
                Setup::from_seed(cat, names.clone(), seed, DEFAULT_STACKS, Options::default())
                    .expect("setup");
            let mut g = Game::new(cat, setup).expect("game");
            random::play_out(&mut g, &mut random::choice_rng(seed));
            let link = share::city::encode(&g);
            let back = share::decode(&link)
                .expect("decode")
                .into_city()
                .expect("a game of The City");
            assert_eq!(back.history(), g.history(), "seed {seed}");
            decisions += g.history().len();
            lengths.push(link.len());
        }
        lengths.sort_unstable();
        let q = |p: f64| lengths[((lengths.len() - 1) as f64 * p).round() as usize];
        println!(
            "{label}: {games} games, {:.1} decisions/game; link length min {} median {} p90 {} p99 {} max {} (mean {:.1})",
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
