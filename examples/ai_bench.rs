//! Measurements for the computer opponent (release build):
//!
//! ```text
//! cargo run --release --example ai_bench -- match hard greedy 200 [players] [seed]
//! cargo run --release --example ai_bench -- time [games] [levels...]
//! ```
//!
//! `match` plays a seeded match (as `city selfplay` does) and prints the
//! summary and its JSON; `time` plays games between copies of each level and
//! prints the time per decision that had more than one legal choice.
//! `deep SETTINGS OPPONENT [games] [seed]` plays a deep search with custom
//! settings against a level (`CLASSIC=1`: classic with both expansions);
//! with `DETAIL=1` it also prints each game's points by source, per side
//! (the engine's `Breakdown` as JSON).

use computer::{self, selfplay, DeepConfig, Level, Plan, SearchConfig};
use engine::city::DEFAULT_STACKS;
use engine::city::{Catalogue, Game, Options, Setup};
use engine::core::rng::rng_for_seed;
use engine::TileGame;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("match") => {
            let a: Level = args[1].parse().unwrap();
            let b: Level = args[2].parse().unwrap();
            let games = args.get(3).map_or(200, |s| s.parse().unwrap());
            let players = args.get(4).map_or(2, |s| s.parse().unwrap());
            let seed = args.get(5).map_or(1, |s| s.parse().unwrap());
            let t = Instant::now();
            let (mut aw, mut bw) = (0, 0);
            let r = selfplay::selfplay_with(a, b, games, players, seed, &mut |i, o| {
                let a_best = (0..players)
                    .filter(|&s| o.sides[s])
                    .map(|s| o.scores[s])
                    .max();
                let b_best = (0..players)
                    .filter(|&s| !o.sides[s])
                    .map(|s| o.scores[s])
                    .max();
                if a_best > b_best {
                    aw += 1;
                } else if b_best > a_best {
                    bw += 1;
                }
                if (i + 1) % 10 == 0 {
                    eprintln!(
                        "{} games: a {aw} b {bw}  ({:.0} s)",
                        i + 1,
                        t.elapsed().as_secs_f64()
                    );
                }
            });
            print!("{r}");
            println!("{}", r.summary_json());
            println!("{:.1} s", t.elapsed().as_secs_f64());
        }
        Some("time") => {
            let games: u64 = args.get(1).map_or(3, |s| s.parse().unwrap());
            let levels: Vec<Level> = if args.len() > 2 {
                args[2..].iter().map(|s| s.parse().unwrap()).collect()
            } else {
                Level::ALL.to_vec()
            };
            for level in levels {
                time_level(level, games);
            }
        }
        Some("cfg") => {
            // cfg "k=12,p=200,m=2000,h=8,f=1.5,pf=0.5" OPPONENT [games] [seed]
            let cfg = parse_cfg(&args[1]);
            let opp: Level = args[2].parse().unwrap();
            let games = args.get(3).map_or(100, |s| s.parse().unwrap());
            let seed = args.get(4).map_or(1, |s| s.parse().unwrap());
            cfg_match(Plan::V1(cfg), opp, games, seed);
        }
        Some("deep") => {
            let cfg = parse_deep(&args[1]);
            let opp: Level = args[2].parse().unwrap();
            let games = args.get(3).map_or(100, |s| s.parse().unwrap());
            let seed = args.get(4).map_or(1, |s| s.parse().unwrap());
            cfg_match(Plan::Deep(cfg), opp, games, seed);
        }
        Some("profile") => profile(),
        Some("habits") => {
            let level: Level = args[1].parse().unwrap();
            let games = args.get(2).map_or(10, |s| s.parse().unwrap());
            habits(level, games);
        }
        _ => {
            eprintln!("usage: ai_bench match A B [games] [players] [seed] | time [games] [levels]")
        }
    }
}

fn time_level(level: Level, games: u64) {
    let cat = Catalogue::builtin().unwrap();
    let mut times: Vec<(f64, String)> = Vec::new();
    for seed in 0..games {
        let names = vec!["A".to_string(), "B".to_string()];
        let setup =
            Setup::from_seed(cat, names, 1000 + seed, DEFAULT_STACKS, Options::default()).unwrap();
        let mut g = Game::new(cat, setup).unwrap();
        let mut k = 0;
        while !g.is_over() {
            let n = g.legal_choices().len();
            let t = Instant::now();
            let c = computer::choose(&g, level, seed * 1000 + k);
            k += 1;
            let dt = t.elapsed().as_secs_f64();
            if n > 1 {
                times.push((dt, format!("{:?} ({n} choices)", g.decision().unwrap())));
            }
            g.play(c).unwrap();
        }
    }
    times.sort_by(|a, b| a.0.total_cmp(&b.0));
    let n = times.len();
    let mean = times.iter().map(|t| t.0).sum::<f64>() / n as f64;
    let (max, what) = times.last().cloned().unwrap();
    println!(
        "{level:>7}: {n} decisions, mean {:.1} ms, median {:.1} ms, p95 {:.1} ms, max {:.1} ms at {what}",
        mean * 1e3,
        times[n / 2].0 * 1e3,
        times[n * 95 / 100].0 * 1e3,
        max * 1e3
    );
}

/// Calls `set(key, value)` for each `key=value` of a comma-separated list.
fn each_setting(s: &str, mut set: impl FnMut(&str, &str)) {
    for part in s.split(',').filter(|p| !p.is_empty()) {
        let (k, v) = part.split_once('=').expect("key=value");
        set(k, v);
    }
}

fn parse_cfg(s: &str) -> SearchConfig {
    let mut c = SearchConfig::NORMAL_V1;
    each_setting(s, |k, v| match k {
        "k" => c.top_k = v.parse().unwrap(),
        "p" => c.playouts_per_move = v.parse().unwrap(),
        "m" => c.max_playouts = v.parse().unwrap(),
        "h" => c.horizon = v.parse().unwrap(),
        "f" => c.follower_value = v.parse().unwrap(),
        "pf" => c.playout_follower = v.parse().unwrap(),
        _ => panic!("unknown key {k}"),
    });
    c
}

fn parse_deep(s: &str) -> DeepConfig {
    let mut c = DeepConfig::HARD;
    each_setting(s, |k, v| match k {
        "k" => c.candidates = v.parse().unwrap(),
        "p" => c.work_per_move = v.parse().unwrap(),
        "m" => c.work = v.parse().unwrap(),
        "h" => c.horizon = v.parse().unwrap(),
        "f" => c.follower_value = v.parse().unwrap(),
        "pf" => c.playout_follower = v.parse().unwrap(),
        "s" => c.shaping = v.parse().unwrap(),
        "wb" => c.win_bonus = v.parse().unwrap(),
        "d" => c.depth = v.parse().unwrap(),
        "x" => c.expand_after = v.parse().unwrap(),
        "c" => c.children = v.parse().unwrap(),
        "e" => c.explore = v.parse().unwrap(),
        "w" => c.widen = v.parse().unwrap(),
        "ps" => c.policy_samples = v.parse().unwrap(),
        "ph" => c.playout_hints = v != "0",
        "rl" => c.review_leaf = v != "0",
        _ => panic!("unknown key {k}"),
    });
    c
}

/// A match of a custom plan (side a) against a level, 2 players, on The
/// City or (`CLASSIC=1`) classic with both expansions.
fn cfg_match(plan: Plan, opp: Level, games: usize, seed: u64) {
    if std::env::var("CLASSIC").is_ok_and(|v| v == "1") {
        let exp = engine::classic::Expansions {
            city_gates: true,
            old_city: true,
        };
        let detail = |g: &engine::classic::Game, seat: usize| {
            serde_json::to_string(&g.players()[seat].breakdown).unwrap()
        };
        cfg_match_of(
            plan,
            opp,
            games,
            seed,
            &|gs| selfplay::classic_game(2, exp, Default::default(), gs).unwrap(),
            &detail,
        )
    } else {
        let detail =
            |g: &Game, seat: usize| serde_json::to_string(&g.players()[seat].breakdown).unwrap();
        cfg_match_of(
            plan,
            opp,
            games,
            seed,
            &|gs| selfplay::city_game(2, gs),
            &detail,
        )
    }
}

fn cfg_match_of<G: computer::Playable>(
    plan: Plan,
    opp: Level,
    games: usize,
    seed: u64,
    new_game: &dyn Fn(u64) -> G,
    detail: &dyn Fn(&G, usize) -> String,
) {
    // DETAIL=1: a line per game, each side's points by source (`detail`).
    let per_game = std::env::var("DETAIL").is_ok_and(|v| v == "1");
    let t = Instant::now();
    let (mut aw, mut bw, mut ties) = (0, 0, 0);
    let (mut asum, mut bsum) = (0.0, 0.0);
    let mut diffs = Vec::new();
    let mut times = Vec::new();
    for i in 0..games {
        // Paired deals: games 2j and 2j+1 share a deal, seats swapped.
        let sides = selfplay::seat_sides(2, i);
        let gs = selfplay::game_seed(seed, i / 2);
        let mut g = new_game(gs);
        g.set_logging(false);
        while !g.is_over() {
            let ds = gs ^ (g.history().len() as u64).wrapping_mul(0xD1B5_4A32_D192_ED03);
            let c = if sides[g.to_move() as usize] {
                let n = g.legal_choices().len();
                let t0 = Instant::now();
                let c = computer::choose_plan(&g, plan, ds);
                if n > 1 {
                    times.push(t0.elapsed().as_secs_f64());
                }
                c
            } else {
                computer::choose(&g, opp, ds)
            };
            g.play_unchecked(c);
        }
        let s = g.scores();
        let (sa, sb) = if sides[0] { (0, 1) } else { (1, 0) };
        let (a, b) = (s[sa], s[sb]);
        if per_game {
            eprintln!(
                "game {i}: a {a} {} b {b} {}",
                detail(&g, sa),
                detail(&g, sb)
            );
        }
        asum += a as f64;
        bsum += b as f64;
        diffs.push(a as f64 - b as f64);
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => aw += 1,
            std::cmp::Ordering::Less => bw += 1,
            _ => ties += 1,
        }
        if (i + 1) % 10 == 0 {
            eprintln!(
                "{} games: a {aw} b {bw} ties {ties} ({:.0} s)",
                i + 1,
                t.elapsed().as_secs_f64()
            );
        }
    }
    times.sort_by(|a, b| a.total_cmp(b));
    let n = games as f64;
    let d = selfplay::mean_interval(&diffs);
    let nt = times.len().max(1);
    println!(
        "{plan:?} vs {opp}: {games} games, a {aw} b {bw} ties {ties} ({:.1}%), mean a {:.1} b {:.1}, diff {:.1} ({:.1}..{:.1}), decision mean {:.1} ms p95 {:.1} ms max {:.1} ms, {:.0} s",
        100.0 * (aw as f64 + 0.5 * ties as f64) / n,
        asum / n,
        bsum / n,
        d.estimate,
        d.low,
        d.high,
        1e3 * times.iter().sum::<f64>() / nt as f64,
        1e3 * times.get(nt * 95 / 100).copied().unwrap_or(0.0),
        1e3 * times.last().copied().unwrap_or(0.0),
        t.elapsed().as_secs_f64()
    );
}

fn profile() {
    use computer::Playable;
    let cat = Catalogue::builtin().unwrap();
    let names = vec!["A".to_string(), "B".to_string()];
    let setup = Setup::from_seed(cat, names, 4242, DEFAULT_STACKS, Options::default()).unwrap();
    let mut g = Game::new(cat, setup).unwrap();
    g.set_logging(false);
    let mut positions = Vec::new();
    let mut k = 0;
    while !g.is_over() {
        if g.at_placement() && k % 10 == 0 {
            positions.push(g.clone());
        }
        let c = computer::choose(&g, Level::Greedy, k);
        g.play(c).unwrap();
        k += 1;
    }
    let mut rng = rng_for_seed(1);
    for (i, p) in positions.iter().enumerate() {
        let n = 200;
        let t = Instant::now();
        let mut acc = 0usize;
        for _ in 0..n {
            let c = p.clone();
            acc += c.turns();
        }
        let clone = t.elapsed().as_secs_f64() / n as f64;
        let t = Instant::now();
        for _ in 0..n {
            acc += p.projected_scores()[0] as usize;
        }
        let proj = t.elapsed().as_secs_f64() / n as f64;
        let t = Instant::now();
        for _ in 0..n {
            acc += p.redeal_unseen(&mut rng).turns();
        }
        let redeal = t.elapsed().as_secs_f64() / n as f64;
        let t = Instant::now();
        let mut tiles = 0;
        let mut choices = Vec::new();
        for _ in 0..n {
            let mut c = p.redeal_unseen(&mut rng);
            let stop = c.turns() + 20;
            while !(c.is_over() || c.turns() >= stop && c.at_placement()) {
                c.legal_choices_into(&mut choices);
                let ch = c.playout_choice(&choices, 0.25, &mut rng);
                c.play_unchecked(ch);
            }
            tiles += c.turns() - p.turns();
        }
        let playout = t.elapsed().as_secs_f64() / n as f64;
        let t = Instant::now();
        let m = 5;
        let mut nm = 0;
        for _ in 0..m {
            nm = computer::greedy_moves(p, &mut rng, 3.0).len();
        }
        let greedy = t.elapsed().as_secs_f64() / m as f64;
        println!(
            "pos {i} turn {}: clone {:.1} us, projected {:.1} us, redeal {:.1} us, playout(20) {:.1} us ({:.1} tiles), greedy_moves {:.2} ms ({nm} moves) [{acc}]",
            p.turns(),
            clone * 1e6,
            proj * 1e6,
            redeal * 1e6,
            playout * 1e6,
            tiles as f64 / n as f64,
            greedy * 1e3
        );
    }
}

/// How a level uses its followers: placements per decision kind, feature
/// kinds chosen, guards, and the final breakdown.
fn habits(level: Level, games: u64) {
    use engine::city::tiles::FeatureKind;
    use engine::city::{Choice, Decision};
    let cat = Catalogue::builtin().unwrap();
    let mut follower_decisions = 0;
    let mut placed = [0u32; 3];
    let mut offered = [0u32; 3];
    let mut guard_decisions = 0;
    let mut guards = 0;
    let mut bd = [0u64; 5];
    let mut seats = 0;
    for seed in 0..games {
        let names = vec!["A".to_string(), "B".to_string()];
        let setup =
            Setup::from_seed(cat, names, 900 + seed, DEFAULT_STACKS, Options::default()).unwrap();
        let mut g = Game::new(cat, setup).unwrap();
        g.set_logging(false);
        let mut k = 0;
        while !g.is_over() {
            let choices = g.legal_choices();
            let c = computer::choose(&g, level, seed * 1000 + k);
            k += 1;
            if choices.len() > 1 {
                match g.decision().unwrap() {
                    Decision::Follower => {
                        follower_decisions += 1;
                        let tile = g.turns() - 1;
                        let kind = |r| match g.feature_of(tile, r).kind() {
                            FeatureKind::Street => 0,
                            FeatureKind::Market => 1,
                            FeatureKind::Residential => 2,
                        };
                        for &o in &choices {
                            if let Choice::Follower(Some(r)) = o {
                                offered[kind(r)] += 1;
                            }
                        }
                        if let Choice::Follower(Some(r)) = c {
                            placed[kind(r)] += 1;
                        }
                    }
                    Decision::Guard => {
                        guard_decisions += 1;
                        if c == Choice::Guard(true) {
                            guards += 1;
                        }
                    }
                    _ => {}
                }
            }
            g.play(c).unwrap();
        }
        for p in g.players() {
            let b = &p.breakdown;
            for (i, v) in [b.streets, b.markets, b.stewards, b.guards, b.towers]
                .into_iter()
                .enumerate()
            {
                bd[i] += v as u64;
            }
            seats += 1;
        }
    }
    let total: u32 = placed.iter().sum();
    println!(
        "{level}: {follower_decisions} follower decisions, placed {total} ({:.0}%): streets {}/{} markets {}/{} residential {}/{}; guards {guards}/{guard_decisions}",
        100.0 * total as f64 / follower_decisions.max(1) as f64,
        placed[0], offered[0], placed[1], offered[1], placed[2], offered[2]
    );
    let n = seats as f64;
    println!(
        "  mean per seat: streets {:.1} markets {:.1} stewards {:.1} guards {:.1} towers {:.1}",
        bd[0] as f64 / n,
        bd[1] as f64 / n,
        bd[2] as f64 / n,
        bd[3] as f64 / n,
        bd[4] as f64 / n
    );
}
