//! Decision times of the computer opponent, built both natively and for
//! wasm32 (run in Node), so the time in the browser's engine is measured on
//! the same code: `bash scripts/bench.sh --ai`.
//!
//! For each searching level, plays GAMES 2-player games (seeded, full
//! stacks) between two copies of the level and times every decision that had
//! more than one legal choice (the others are answered at once).

use the_city::ai::{self, Level};
use the_city::engine::city::DEFAULT_STACKS;
use the_city::engine::city::{Catalogue, Game, Options, Setup};
use the_city::engine::TileGame;

const GAMES: u64 = 2;

fn measure(level: Level, clock: &dyn Fn() -> f64) -> String {
    let cat = Catalogue::builtin().unwrap();
    let mut times = Vec::new();
    for seed in 0..GAMES {
        let names = vec!["A".to_string(), "B".to_string()];
        let setup =
            Setup::from_seed(cat, names, 500 + seed, DEFAULT_STACKS, Options::default()).unwrap();
        let mut g = Game::new(cat, setup).unwrap();
        let mut k = 0;
        while !g.is_over() {
            let many = g.legal_choices().len() > 1;
            let t = clock();
            let c = ai::choose(&g, level, seed * 1000 + k);
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

const LEVELS: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let start = std::time::Instant::now();
    let clock = move || start.elapsed().as_secs_f64() * 1e3;
    for level in LEVELS {
        println!("native {}", measure(level, &clock));
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
    for level in LEVELS {
        let line = format!("wasm   {}", measure(level, &clock));
        web_sys::console::log_1(&line.into());
    }
}
