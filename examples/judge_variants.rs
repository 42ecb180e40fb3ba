//! The review's judge before and after issue 40's changes, against hard,
//! on the same decisions (paired): games of hard against hard; at every
//! decision with a choice each variant of the judge searches (seeded as the
//! judge is, `review::judge_seed`), the distinct moves (hard's among them)
//! are valued together as `judge_strength` values them (the review's
//! valuation on 4 × its redeals, paired), and a variant passes where its
//! move is hard's (or turned alike) or worth at least hard's within 0.5
//! point. Prints a running tally every 10 decisions: per variant the same
//! moves, the passes, the summed gain over hard's and its CPU time a
//! decision (Linux).
//!
//! ```sh
//! cargo run --release --example judge_variants -- classic 101 2
//! cargo run --release --example judge_variants -- the-city 201 3
//! ```
//!
//! (The game, the first seed, the games.) The variants: classic, the judge
//! before (hard's playouts and leaf), hard's playouts with the review's
//! leaf, the judge now (the review's playouts and leaf); The City, the
//! judge before (600 k, hard's leaf), the review's leaf on 350 k, the judge
//! now (the review's leaf, 300 k).

use computer::review::{judge_seed, position_seed, value_moves};
use computer::{think, think_plan, DeepConfig, Level, Move, Plan, Playable};
use engine::{city, classic};

/// This thread's CPU time in seconds (Linux; 0 elsewhere).
fn cpu() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |ns| ns / 1e9)
}

fn search<G: Playable>(g: &G, plan: Option<Plan>, seed: u64) -> Move<G::Choice> {
    let mut t = match plan {
        Some(p) => think_plan(g, p, seed),
        None => think(g, Level::Hard, seed),
    }
    .expect("a decision");
    loop {
        if let Some(m) = t.run(64) {
            return m;
        }
    }
}

/// Per variant: the same moves, the passes, the summed gain, CPU seconds.
type Tally = (u32, u32, f64, f64);

fn play<G: Playable>(
    mut g: G,
    game_seed: u64,
    variants: &[(&str, DeepConfig)],
    tally: &mut [Tally],
    judged: &mut u32,
) {
    while !g.is_over() {
        let n = g.history().len();
        let hard = search(&g, None, position_seed(Some(game_seed), n));
        if g.legal_choices().len() > 1 {
            *judged += 1;
            let mut moves = vec![hard];
            let mut index = Vec::new();
            for (k, (_, cfg)) in variants.iter().enumerate() {
                let t = cpu();
                let m = search(&g, Some(Plan::Deep(*cfg)), judge_seed(n));
                tally[k].3 += cpu() - t;
                let alike = |x: &Move<G::Choice>| {
                    (x.first == m.first && x.then == m.then) || g.same_move(x, &m)
                };
                let i = match moves.iter().position(alike) {
                    Some(i) => i,
                    None => {
                        moves.push(m);
                        moves.len() - 1
                    }
                };
                index.push(i);
            }
            let v = if moves.len() > 1 {
                let samples = 4 * G::REVIEW.samples;
                value_moves(&g, &moves, samples, &G::REVIEW, 0x57 ^ n as u64)
            } else {
                vec![0.0]
            };
            for (t, &i) in tally.iter_mut().zip(&index) {
                if i == 0 {
                    t.0 += 1;
                    t.1 += 1;
                } else {
                    t.2 += v[i] - v[0];
                    t.1 += u32::from(v[i] >= v[0] - 0.5);
                }
            }
            if judged.is_multiple_of(10) {
                let s: Vec<String> = variants
                    .iter()
                    .zip(tally.iter())
                    .map(|((name, _), t)| {
                        format!(
                            "{name}: same {} pass {} ({:.1}%) gain {:+.1}, {:.0} ms",
                            t.0,
                            t.1,
                            100.0 * t.1 as f64 / *judged as f64,
                            t.2,
                            1e3 * t.3 / *judged as f64
                        )
                    })
                    .collect();
                println!("{judged} | {}", s.join(" | "));
            }
        }
        g.play(hard.first).expect("hard's move is legal");
    }
}

fn main() {
    let arg = |i: usize| std::env::args().nth(i);
    let game = arg(1).unwrap_or_else(|| "the-city".into());
    let first: u64 = arg(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let games: u64 = arg(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let names = || vec!["hard".to_string(), "hard 2".to_string()];
    let mut judged = 0;
    if game == "classic" {
        let judge = <classic::Game as Playable>::JUDGE;
        let hard = <classic::Game as Playable>::HARD;
        let before = DeepConfig {
            review_leaf: false,
            horizon: hard.horizon,
            policy_samples: hard.policy_samples,
            ..judge
        };
        let variants = [
            ("before", before),
            (
                "hard's playouts, review leaf",
                DeepConfig {
                    review_leaf: true,
                    ..before
                },
            ),
            ("now", judge),
        ];
        let mut tally = vec![(0, 0, 0.0, 0.0); variants.len()];
        for seed in first..first + games {
            let cat = classic::Catalogue::builtin().unwrap();
            let setup = classic::Setup::from_seed(
                cat,
                names(),
                classic::Expansions::default(),
                classic::Options::default(),
                seed,
            )
            .unwrap();
            let g = classic::Game::new(cat, setup).unwrap();
            play(g, seed, &variants, &mut tally, &mut judged);
        }
    } else {
        let judge = <city::Game as Playable>::JUDGE;
        let before = DeepConfig {
            review_leaf: false,
            work: 600_000,
            ..judge
        };
        let variants = [
            ("before", before),
            (
                "review leaf, 350 k",
                DeepConfig {
                    work: 350_000,
                    ..judge
                },
            ),
            ("now", judge),
        ];
        let mut tally = vec![(0, 0, 0.0, 0.0); variants.len()];
        for seed in first..first + games {
            let cat = city::Catalogue::builtin().unwrap();
            let setup = city::Setup::from_seed(
                cat,
                names(),
                seed,
                city::DEFAULT_STACKS,
                city::Options::default(),
            )
            .unwrap();
            let g = city::Game::new(cat, setup).unwrap();
            play(g, seed, &variants, &mut tally, &mut judged);
        }
    }
}
