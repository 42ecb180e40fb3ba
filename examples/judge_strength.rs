//! The review's judge against `hard` (issue 40): at decisions of games of
//! hard against hard, the judge's move and hard's, each valued for the seat
//! to move as a review values moves but on more redeals (`--samples`,
//! default 4 × the review's), paired. The judge passes a decision when its
//! move is worth at least as much as hard's, within `--tolerance` points
//! (default 0.5: the noise of a paired difference of 512 redeals in The
//! City is about 0.5 point). Also the judge's native time per decision.
//!
//! ```sh
//! cargo run --release --example judge_strength -- [--game the-city|classic] [--games 2] \
//!     [--seed 1] [--every 3] [--samples 512] [--tolerance 0.5] [--stacks "30 25 20"]
//! ```
//!
//! Each game is played by hard in both seats (seeded as the app seeds it,
//! `review::position_seed`); every `--every`-th decision with a choice is
//! judged (1: all of them). Prints one line per game and the totals: the
//! share of decisions where the judge's move is worth at least hard's, with
//! a 95% (Wilson) interval, the mean gain of the judge's move, and its time.

use computer::review::{judge_seed, position_seed, value_moves};
use computer::{think, think_plan, Level, Move, Plan, Playable};
use engine::{city, classic};
use std::time::Instant;

struct Args {
    game: String,
    games: u64,
    seed: u64,
    every: usize,
    samples: u32,
    tolerance: f64,
    stacks: [u32; 3],
}

fn args() -> Args {
    let mut a = Args {
        game: "the-city".into(),
        games: 2,
        seed: 1,
        every: 3,
        samples: 0,
        tolerance: 0.5,
        stacks: [30, 25, 20],
    };
    let v: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i + 1 < v.len() {
        let x = &v[i + 1];
        match v[i].as_str() {
            "--game" => a.game = x.clone(),
            "--games" => a.games = x.parse().expect("--games N"),
            "--seed" => a.seed = x.parse().expect("--seed N"),
            "--every" => a.every = x.parse::<usize>().expect("--every N").max(1),
            "--samples" => a.samples = x.parse().expect("--samples N"),
            "--tolerance" => a.tolerance = x.parse().expect("--tolerance X"),
            "--stacks" => {
                let s: Vec<u32> = x.split_whitespace().map(|n| n.parse().unwrap()).collect();
                a.stacks = [s[0], s[1], s[2]];
            }
            other => panic!("unknown argument {other}"),
        }
        i += 2;
    }
    a
}

#[derive(Default)]
struct Tally {
    judged: u32,
    same: u32,
    passed: u32,
    gain: f64,
    judge_ms: f64,
}

fn search<G: Playable>(g: &G, plan: Option<Plan>, level: Level, seed: u64) -> Move<G::Choice> {
    let mut t = match plan {
        Some(p) => think_plan(g, p, seed),
        None => think(g, level, seed),
    }
    .expect("a decision");
    loop {
        if let Some(m) = t.run(64) {
            return m;
        }
    }
}

fn game<G: Playable>(mut g: G, game_seed: u64, a: &Args, t: &mut Tally) {
    let samples = if a.samples > 0 {
        a.samples
    } else {
        4 * G::REVIEW.samples
    };
    let mut k = 0usize;
    while !g.is_over() {
        let n = g.history().len();
        let choices = g.legal_choices();
        let hard = search(&g, None, Level::Hard, position_seed(Some(game_seed), n));
        if choices.len() > 1 {
            k += 1;
            if k.is_multiple_of(a.every) {
                let start = Instant::now();
                let judge = search(&g, Some(Plan::Deep(G::JUDGE)), Level::Hard, judge_seed(n));
                t.judge_ms += start.elapsed().as_secs_f64() * 1e3;
                t.judged += 1;
                if judge.first == hard.first && judge.then == hard.then
                    || g.same_move(&judge, &hard)
                {
                    t.same += 1;
                    t.passed += 1;
                } else {
                    let v = value_moves(&g, &[judge, hard], samples, &G::REVIEW, 0x57 ^ n as u64);
                    t.gain += v[0] - v[1];
                    if v[0] >= v[1] - a.tolerance {
                        t.passed += 1;
                    }
                }
                // A running tally: a run cut short still tells.
                if t.judged.is_multiple_of(10) {
                    println!(
                        "  so far {} judged, {} the same, {} at least as good, judge {:.0} ms a decision",
                        t.judged,
                        t.same,
                        t.passed,
                        t.judge_ms / t.judged as f64
                    );
                }
            }
        }
        g.play(hard.first).expect("hard's move is legal");
    }
}

fn main() {
    let a = args();
    let mut total = Tally::default();
    for i in 0..a.games {
        let seed = a.seed + i;
        let mut t = Tally::default();
        let names = vec!["hard".to_string(), "hard 2".to_string()];
        if a.game == "classic" {
            let cat = classic::Catalogue::builtin().unwrap();
            let setup = classic::Setup::from_seed(
                cat,
                names,
                classic::Expansions::default(),
                classic::Options::default(),
                seed,
            )
            .unwrap();
            game(classic::Game::new(cat, setup).unwrap(), seed, &a, &mut t);
        } else {
            let cat = city::Catalogue::builtin().unwrap();
            let setup =
                city::Setup::from_seed(cat, names, seed, a.stacks, city::Options::default())
                    .unwrap();
            game(city::Game::new(cat, setup).unwrap(), seed, &a, &mut t);
        }
        println!(
            "game {seed}: {} decisions judged, {} the same move, {} at least as good; judge {:.0} ms a decision",
            t.judged,
            t.same,
            t.passed,
            t.judge_ms / t.judged.max(1) as f64
        );
        total.judged += t.judged;
        total.same += t.same;
        total.passed += t.passed;
        total.gain += t.gain;
        total.judge_ms += t.judge_ms;
    }
    let n = total.judged.max(1) as f64;
    let p = total.passed as f64 / n;
    // Wilson's 95% interval.
    let z = 1.96;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    println!(
        "{}: {} games, {} decisions judged: the judge's move worth at least hard's in {} ({:.1}%, CI {:.1}–{:.1}%); \
         the same move {}; where they differ, the judge's {:+.2} points on average; judge {:.0} ms a decision (native)",
        a.game,
        a.games,
        total.judged,
        total.passed,
        100.0 * p,
        100.0 * (centre - half),
        100.0 * (centre + half),
        total.same,
        total.gain / (total.judged - total.same).max(1) as f64,
        total.judge_ms / n
    );
}
