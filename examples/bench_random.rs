//! The random-games benchmark as a plain binary, built both natively and for
//! wasm32 (run in Node) so the wasm/native time ratio is measured on the same
//! code: `bash scripts/bench.sh`. Two workloads, one line each: The City
//! (2 players, default stacks) and classic Carcassonne (2 players, the base
//! game's 71 tiles, farms scored).

use the_city::engine::city::random::random_games as city_games;
use the_city::engine::classic::random::random_games as classic_games;

const GAMES: u64 = 2000;
// (callgrind: set BENCH_GAMES)

/// Times both workloads with `clock` (seconds) and reports each line.
fn run(target: &str, clock: impl Fn() -> f64, report: impl Fn(String)) {
    let _ = city_games(1_000_000, 50); // warm-up
    let _ = classic_games(1_000_000, 50, 2);
    let workloads: [(&str, &dyn Fn() -> u64); 2] = [
        ("the-city", &|| city_games(1, GAMES)),
        ("classic", &|| classic_games(1, GAMES, 2)),
    ];
    for (name, work) in workloads {
        let t = clock();
        let sum = work();
        let s = clock() - t;
        report(format!(
            "{target} {name}: {GAMES} games in {s:.3} s = {:.0} games/s (checksum {sum})",
            GAMES as f64 / s
        ));
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let start = std::time::Instant::now();
    run(
        "native",
        || start.elapsed().as_secs_f64(),
        |line| println!("{line}"),
    );
}

#[cfg(target_arch = "wasm32")]
fn main() {
    use wasm_bindgen::JsCast;
    let perf = js_sys::Reflect::get(&js_sys::global(), &"performance".into()).unwrap();
    let now = js_sys::Reflect::get(&perf, &"now".into())
        .unwrap()
        .unchecked_into::<js_sys::Function>();
    run(
        "wasm",
        || now.call0(&perf).unwrap().as_f64().unwrap() / 1000.0,
        |line| web_sys::console::log_1(&line.into()),
    );
}
