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
//!
//! A long run (issue 40's 200 games: hours) keeps its results:
//! `--out FILE` appends one line per finished game (its seed, the
//! settings' fingerprint and its tally); `--resume FILE` appends to FILE
//! and skips the games already in it (a run stopped at any time loses only
//! the game it was playing); `--summary FILE` prints the totals of the
//! games in FILE and plays nothing. A file holds one ruleset's games with
//! one set of settings (the judge's, hard's, the valuation's, `--every`,
//! `--samples`, `--tolerance`, `--stacks`): a game played otherwise is
//! refused, so no run mixes settings.

use computer::review::{judge_seed, position_seed, value_moves};
use computer::{think, think_plan, Level, Move, Plan, Playable};
use engine::{city, classic};
use std::time::Instant;

struct Args {
    game: String,
    /// Where each finished game's line is appended (`--out`, `--resume`).
    out: Option<String>,
    resume: bool,
    summary: Option<String>,
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
        out: None,
        resume: false,
        summary: None,
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
            "--out" => a.out = Some(x.clone()),
            "--resume" => {
                a.out = Some(x.clone());
                a.resume = true;
            }
            "--summary" => a.summary = Some(x.clone()),
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

/// What a game's results depend on besides its seed, hashed (FNV-1a):
/// the judge's, hard's and the valuation's settings of the ruleset and
/// this run's `--every`, `--samples`, `--tolerance` and `--stacks`.
fn fingerprint<G: Playable>(a: &Args) -> String {
    let settings = format!(
        "{:?} {:?} {:?} {} {} {} {:?}",
        G::JUDGE,
        G::HARD,
        G::REVIEW,
        a.every,
        a.samples,
        a.tolerance,
        a.stacks
    );
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in settings.bytes() {
        h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// A finished game's line in a results file.
fn result_line(ruleset: &str, seed: u64, settings: &str, t: &Tally) -> String {
    format!(
        "ruleset={ruleset} seed={seed} settings={settings} judged={} same={} passed={} gain={:.4} judge_ms={:.1}",
        t.judged, t.same, t.passed, t.gain, t.judge_ms
    )
}

/// A results file's lines: (ruleset, seed, settings, tally); lines that do
/// not parse (a game cut off mid-write) are skipped.
fn read_results(path: &str) -> Vec<(String, u64, String, Tally)> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter_map(|line| {
            let field = |k: &str| {
                line.split_whitespace()
                    .find_map(|w| w.strip_prefix(k)?.strip_prefix('='))
            };
            Some((
                field("ruleset")?.to_string(),
                field("seed")?.parse().ok()?,
                field("settings")?.to_string(),
                Tally {
                    judged: field("judged")?.parse().ok()?,
                    same: field("same")?.parse().ok()?,
                    passed: field("passed")?.parse().ok()?,
                    gain: field("gain")?.parse().ok()?,
                    judge_ms: field("judge_ms")?.parse().ok()?,
                },
            ))
        })
        .collect()
}

impl Tally {
    fn add(&mut self, t: &Tally) {
        self.judged += t.judged;
        self.same += t.same;
        self.passed += t.passed;
        self.gain += t.gain;
        self.judge_ms += t.judge_ms;
    }
}

/// The totals line: the share passed with its 95% (Wilson) interval.
fn totals(ruleset: &str, games: usize, total: &Tally) -> String {
    let n = total.judged.max(1) as f64;
    let p = total.passed as f64 / n;
    let z = 1.96;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    format!(
        "{ruleset}: {games} games, {} decisions judged: the judge's move worth at least hard's in {} ({:.1}%, CI {:.1}–{:.1}%); \
         the same move {}; where they differ, the judge's {:+.2} points on average; judge {:.0} ms a decision (native)",
        total.judged,
        total.passed,
        100.0 * p,
        100.0 * (centre - half),
        100.0 * (centre + half),
        total.same,
        total.gain / (total.judged - total.same).max(1) as f64,
        total.judge_ms / n
    )
}

/// `--summary FILE`: the totals of every ruleset and settings in FILE.
fn summary(path: &str) {
    let rows = read_results(path);
    if rows.is_empty() {
        println!("{path}: no finished game");
        return;
    }
    let mut groups: Vec<(String, String, Vec<u64>, Tally)> = Vec::new();
    for (ruleset, seed, settings, t) in rows {
        let i = match groups
            .iter()
            .position(|g| g.0 == ruleset && g.1 == settings)
        {
            Some(i) => i,
            None => {
                groups.push((ruleset, settings, Vec::new(), Tally::default()));
                groups.len() - 1
            }
        };
        groups[i].2.push(seed);
        groups[i].3.add(&t);
    }
    for (ruleset, settings, seeds, t) in &groups {
        let (lo, hi) = (seeds.iter().min().unwrap(), seeds.iter().max().unwrap());
        println!("settings {settings}, seeds {lo}–{hi}:");
        println!("{}", totals(ruleset, seeds.len(), t));
    }
}

fn main() {
    let a = args();
    if let Some(path) = &a.summary {
        summary(path);
        return;
    }
    let settings = if a.game == "classic" {
        fingerprint::<classic::Game>(&a)
    } else {
        fingerprint::<city::Game>(&a)
    };
    // The games already in the results file (`--resume`), which must have
    // been played with these settings.
    let mut done = Vec::new();
    let mut total = Tally::default();
    let mut games = 0;
    if let (Some(path), true) = (&a.out, a.resume) {
        for (ruleset, seed, s, t) in read_results(path) {
            assert!(
                ruleset == a.game && s == settings,
                "{path} holds games of {ruleset} with settings {s}; this run is {} with {settings}: use another file",
                a.game
            );
            if (a.seed..a.seed + a.games).contains(&seed) && !done.contains(&seed) {
                done.push(seed);
                total.add(&t);
                games += 1;
            }
        }
        println!("{path}: {} games already done", done.len());
    }
    let mut out = a.out.as_ref().map(|path| {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .unwrap_or_else(|e| panic!("{path}: {e}"))
    });
    for i in 0..a.games {
        let seed = a.seed + i;
        if done.contains(&seed) {
            continue;
        }
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
        if let Some(f) = out.as_mut() {
            use std::io::Write;
            writeln!(f, "{}", result_line(&a.game, seed, &settings, &t))
                .and_then(|_| f.flush())
                .expect("the results file is writable");
        }
        total.add(&t);
        games += 1;
    }
    println!("{}", totals(&a.game, games, &total));
}
