//! Decision times of the computer opponent, built both natively and for
//! wasm32 (run in Node), so the time in the browser's engine is measured on
//! the same code: `bash scripts/bench.sh --ai`.
//!
//! For each searching level, plays GAMES 2-player games (seeded, full
//! stacks) between two copies of the level and times every decision that had
//! more than one legal choice (the others are answered at once): The City,
//! then classic Carcassonne with The City Gates and Old City (every part on).
//! `ai_time the-city` times The City's only (`bench.sh --compare` does, as
//! the build before classic had no other); `ai_time classic` classic's only
//! (`bench.sh --ai classic`, in Node too).
//!
//! First, per game, the playout rate of the hard level's search: playouts
//! per second (as `hard` plays them: its horizon and policy) from a
//! mid-game position, and the units of work per second its budget counts.

use computer::{self, Level, Playable};
use engine::city::DEFAULT_STACKS;
use engine::city::{Catalogue, Game, Options, Setup};
use engine::classic;

const GAMES: u64 = 2;

fn city_game(seed: u64) -> Game {
    let cat = Catalogue::builtin().unwrap();
    let names = vec!["A".to_string(), "B".to_string()];
    let setup = Setup::from_seed(cat, names, seed, DEFAULT_STACKS, Options::default()).unwrap();
    Game::new(cat, setup).unwrap()
}

fn classic_game(seed: u64) -> classic::Game {
    let expansions = classic::Expansions::parse("city-gates old-city").unwrap();
    let options = classic::Options::parse("", expansions).unwrap();
    computer::selfplay::classic_game(2, expansions, options, seed).unwrap()
}

fn measure<G: Playable>(deal: fn(u64) -> G, level: Level, clock: &dyn Fn() -> f64) -> String {
    let mut times = Vec::new();
    for seed in 0..GAMES {
        let mut g = deal(500 + seed);
        let mut k = 0;
        while !g.is_over() {
            let many = g.legal_choices().len() > 1;
            let t = clock();
            let c = computer::choose(&g, level, seed * 1000 + k);
            let ms = clock() - t;
            if many {
                times.push(ms);
            }
            g.play(c).unwrap();
            k += 1;
        }
    }
    times.sort_by(f64::total_cmp);
    let n = times.len();
    format!(
        "{level:>6}: {n} decisions, mean {:.1} ms, median {:.1} ms, p95 {:.1} ms, max {:.1} ms",
        times.iter().sum::<f64>() / n as f64,
        times[n / 2],
        times[n * 95 / 100],
        times[n - 1]
    )
}

/// The playout rate of `hard`'s search from the position after 15 greedy
/// turns of a seeded game.
fn rate<G: Playable>(deal: fn(u64) -> G, clock: &dyn Fn() -> f64) -> String {
    let mut g = deal(77);
    let mut k = 0;
    while g.turns() < 15 && !g.is_over() {
        let c = computer::choose(&g, Level::Greedy, k);
        g.play(c).unwrap();
        k += 1;
    }
    let n = 300;
    let t = clock();
    let work = computer::playouts(&g, &G::HARD, n, 9);
    let s = (clock() - t) / 1e3;
    format!(
        "playouts: {:.0} per second ({} tiles each), {:.2} M work units per second",
        n as f64 / s,
        G::HARD.horizon,
        work as f64 / s / 1e6
    )
}

const LEVELS: [Level; 4] = [Level::Easy, Level::Normal, Level::Hard, Level::HardV1];

/// Which game's levels to time (the program's first argument).
#[derive(Clone, Copy, PartialEq)]
enum Games {
    Both,
    /// The build before issue 14 too (`bench.sh --compare`): easy, normal
    /// and hard only.
    CityOnly,
    ClassicOnly,
}

impl Games {
    /// A misspelt argument stops the program rather than run the whole
    /// benchmark (a quarter of an hour).
    fn from_arg(arg: Option<&str>) -> Games {
        match arg {
            None | Some("") => Games::Both,
            Some("the-city") => Games::CityOnly,
            Some("classic") => Games::ClassicOnly,
            Some(other) => panic!("ai_time: unknown argument {other:?} (the-city or classic)"),
        }
    }
}

/// Every line asked for: The City's levels, then classic's.
fn lines(games: Games, clock: &dyn Fn() -> f64) -> Vec<String> {
    if games == Games::CityOnly {
        return LEVELS[..3]
            .iter()
            .map(|&l| measure(city_game, l, clock))
            .collect();
    }
    let mut out = Vec::new();
    if games == Games::Both {
        out.push(rate(city_game, clock));
        out.extend(LEVELS.iter().map(|&l| measure(city_game, l, clock)));
    }
    out.push(format!("classic {}", rate(classic_game, clock)));
    for &l in &LEVELS {
        out.push(format!("classic {}", measure(classic_game, l, clock)));
    }
    out
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let start = std::time::Instant::now();
    let clock = move || start.elapsed().as_secs_f64() * 1e3;
    let games = Games::from_arg(std::env::args().nth(1).as_deref());
    for line in lines(games, &clock) {
        println!("native {line}");
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {
    use wasm_bindgen::JsCast;
    let perf = js_sys::Reflect::get(&js_sys::global(), &"performance".into()).unwrap();
    let now = js_sys::Reflect::get(&perf, &"now".into())
        .unwrap()
        .unchecked_into::<js_sys::Function>();
    let clock = move || now.call0(&perf).unwrap().as_f64().unwrap();
    // Node's `process.argv`: node, the script, then the arguments.
    let arg = js_sys::Reflect::get(&js_sys::global(), &"process".into())
        .and_then(|p| js_sys::Reflect::get(&p, &"argv".into()))
        .ok()
        .and_then(|a| js_sys::Reflect::get(&a, &2.into()).ok())
        .and_then(|a| a.as_string());
    for line in lines(Games::from_arg(arg.as_deref()), &clock) {
        web_sys::console::log_1(&format!("wasm   {line}").into());
    }
}
