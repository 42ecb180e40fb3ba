//! The random-games benchmark as a plain binary, built both natively and for
//! wasm32 (run in Node) so the wasm/native time ratio is measured on the same
//! code: `bash scripts/bench.sh`.

use the_city::engine::city::random::random_games;

const GAMES: u64 = 2000;
// (callgrind: set BENCH_GAMES)

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let _ = random_games(1_000_000, 50); // warm-up
    let t = std::time::Instant::now();
    let sum = random_games(1, GAMES);
    let s = t.elapsed().as_secs_f64();
    println!(
        "native: {GAMES} games in {s:.3} s = {:.0} games/s (checksum {sum})",
        GAMES as f64 / s
    );
}

#[cfg(target_arch = "wasm32")]
fn main() {
    use wasm_bindgen::JsCast;
    let perf = js_sys::Reflect::get(&js_sys::global(), &"performance".into()).unwrap();
    let now = js_sys::Reflect::get(&perf, &"now".into())
        .unwrap()
        .unchecked_into::<js_sys::Function>();
    let clock = || now.call0(&perf).unwrap().as_f64().unwrap();
    let _ = random_games(1_000_000, 50); // warm-up
    let t = clock();
    let sum = random_games(1, GAMES);
    let s = (clock() - t) / 1000.0;
    let line = format!(
        "wasm: {GAMES} games in {s:.3} s = {:.0} games/s (checksum {sum})",
        GAMES as f64 / s
    );
    web_sys::console::log_1(&line.into());
}
