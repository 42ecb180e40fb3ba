//! How long every aid of a position takes to recompute (issue 39: within
//! 16 ms after a move on a full board in the page): random games of The
//! City (4 players), classic (2 players) and classic with both expansions
//! (5 players), `AnyGame::aids` and the projected game timed at every
//! placement of the game (the most work is mid-game: many open spaces and
//! many types still to come; the board is fullest at the end), the slowest
//! position and the last one reported. `cargo run --release --example
//! aids_time`; the page's wasm runs about 1.35× the native time
//! (docs/performance.md's ratio, at most 2).

use engine::any::AnyGame;
use engine::classic::Expansions;
use engine::core::random::choice_rng;
use engine::core::rng::below;
use engine::{city, classic, TileGame};
use std::time::Instant;

/// Every position of a random game from `seed` that waits for a placement.
fn placements(mut g: AnyGame, seed: u64) -> Vec<AnyGame> {
    let mut rng = choice_rng(seed);
    let mut out = Vec::new();
    while !g.is_over() {
        let placement = match &g {
            AnyGame::City(x) => x.at_placement(),
            AnyGame::Classic(x) => x.at_placement(),
        };
        if placement {
            out.push(g.clone());
        }
        let choices = g.legal_choices();
        let c = choices[below(&mut rng, choices.len() as u64) as usize];
        g.play(c).unwrap();
    }
    out
}

/// Milliseconds for every aid of `g`, over `reps` repetitions.
fn time(g: &AnyGame, reps: u32) -> f64 {
    let t = Instant::now();
    for _ in 0..reps {
        std::hint::black_box(g.aids());
        std::hint::black_box(g.projected());
    }
    t.elapsed().as_secs_f64() * 1000.0 / reps as f64
}

fn main() {
    let names = |n: usize| (0..n).map(|i| format!("P{i}")).collect::<Vec<_>>();
    let ccat = city::Catalogue::builtin().unwrap();
    let kcat = classic::Catalogue::builtin().unwrap();
    let both = Expansions {
        city_gates: true,
        old_city: true,
    };
    for seed in 1..=3u64 {
        let c = city::Setup::from_seed(
            ccat,
            names(4),
            seed,
            city::DEFAULT_STACKS,
            city::Options::default(),
        )
        .unwrap();
        let k = classic::Setup::from_seed(kcat, names(5), both, Default::default(), seed).unwrap();
        let k2 =
            classic::Setup::from_seed(kcat, names(2), Expansions::BASE, Default::default(), seed)
                .unwrap();
        for (name, g) in [
            ("the-city", AnyGame::City(city::Game::new(ccat, c).unwrap())),
            (
                "classic-both",
                AnyGame::Classic(classic::Game::new(kcat, k).unwrap()),
            ),
            (
                "classic",
                AnyGame::Classic(classic::Game::new(kcat, k2).unwrap()),
            ),
        ] {
            let all = placements(g, seed);
            let (mut worst, mut at) = (0.0f64, 0);
            for (k, p) in all.iter().enumerate() {
                let ms = time(p, 5);
                if ms > worst {
                    (worst, at) = (ms, k);
                }
            }
            let last = all.last().expect("a placement");
            println!(
                "{name} seed {seed}: slowest {:.3} ms (placement {at} of {}, {} spaces), last {:.3} ms ({} tiles)",
                time(&all[at], 50),
                all.len(),
                all[at].aids().spaces.len(),
                time(last, 50),
                last.turns(),
            );
        }
    }
}
