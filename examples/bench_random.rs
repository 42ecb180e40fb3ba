//! The random-games benchmark as a plain binary, built both natively and for
//! wasm32 (run in Node) so the wasm/native time ratio is measured on the same
//! code: `bash scripts/bench.sh`. Two workloads, one line each: The City
//! (2 players, default stacks) and classic Carcassonne (2 players, the base
//! game's 71 tiles, farms scored). Natively, an argument `the-city` or
//! `classic` runs that workload only (`bench.sh --compare` times The City's).

use the_city::engine::city::random::random_games as city_games;
use the_city::engine::classic::random::random_games as classic_games;

const GAMES: u64 = 2000;
// (callgrind: set BENCH_GAMES)

/// Random games from seeds `first..first + n`; returns a checksum.
type Workload = dyn Fn(u64, u64) -> u64;

/// Times the workloads (`only`: the one so named) with `clock` (seconds)
/// and reports each line.
fn run(target: &str, only: Option<&str>, clock: impl Fn() -> f64, report: impl Fn(String)) {
    let workloads: [(&str, &Workload); 2] = [
        ("the-city", &city_games),
        ("classic", &|first, n| classic_games(first, n, 2)),
    ];
    for (name, work) in workloads {
        if only.is_some_and(|o| o != name) {
            continue;
        }
        let _ = work(1_000_000, 50); // warm-up
        let t = clock();
        let sum = work(1, GAMES);
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
    let only = std::env::args().nth(1);
    run(
        "native",
        only.as_deref(),
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
        None,
        || now.call0(&perf).unwrap().as_f64().unwrap() / 1000.0,
        |line| web_sys::console::log_1(&line.into()),
    );
}
