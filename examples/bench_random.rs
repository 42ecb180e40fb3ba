//! The random-games benchmark as a plain binary, built both natively and for
//! wasm32 (run in Node) so the wasm/native time ratio is measured on the same
//! code: `bash scripts/bench.sh`. Three workloads, one line each: The City
//! (2 players, default stacks), classic Carcassonne (2 players, the base
//! game's 71 tiles, farms scored) and classic with both expansions
//! (`classic-both`: 2 players, The City Gates and Old City with every part
//! on, 84 tiles). Natively, an argument `the-city`, `classic` or
//! `classic-both` runs that workload only (`bench.sh --compare` times The
//! City's).

use engine::city::random::random_games as city_games;
use engine::classic::random::{random_games as classic_games, random_games_with};
use engine::classic::Expansions;

const GAMES: u64 = 2000;
const BOTH: Expansions = Expansions {
    city_gates: true,
    old_city: true,
};
// (callgrind: set BENCH_GAMES)

/// Random games from seeds `first..first + n`; returns a checksum.
type Workload = dyn Fn(u64, u64) -> u64;

/// Times the workloads (`only`: the one so named) with `clock` (seconds)
/// and reports each line.
fn run(target: &str, only: Option<&str>, clock: impl Fn() -> f64, report: impl Fn(String)) {
    let workloads: [(&str, &Workload); 3] = [
        ("the-city", &city_games),
        ("classic", &|first, n| classic_games(first, n, 2)),
        ("classic-both", &|first, n| {
            random_games_with(first, n, 2, BOTH)
        }),
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
