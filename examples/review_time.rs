//! The game review's speed (issue 30), built both natively and for wasm32
//! (run in Node), so the time in the browser's engine is measured on the
//! same code: `bash scripts/bench.sh --review`.
//!
//! Reviews a whole 2-player game of each ruleset (The City, then classic's
//! base game: records of normal against hard in tests/records/review/) at a
//! level, `normal` unless the first argument names another (`judge`: the
//! review's own judge, issue 40), stepping as a
//! worker would (`AnyReviewer::step(1)`, a clock read between steps). The
//! second argument, `the-city` or `classic`, keeps one game; a third, N,
//! stops after the first N decisions of each. Prints the
//! decisions reviewed, the time to the first review and the whole time.

use computer::{AnyReviewer, Level};
use formats::notation;

const GAMES: [(&str, &str); 2] = [
    (
        "the-city",
        include_str!("../tests/records/review/city_normal_vs_hard.cgn"),
    ),
    (
        "classic",
        include_str!("../tests/records/review/classic_normal_vs_hard.cgn"),
    ),
];

/// The review's judge (issue 40), or a level seeded as the app seeds it.
fn measure(
    name: &str,
    record: &str,
    level: Option<Level>,
    limit: usize,
    clock: &dyn Fn() -> f64,
) -> String {
    let game = notation::read(record).expect("a good record").game;
    let start = clock();
    let mut reviewer = match level {
        Some(level) => AnyReviewer::new(&game, level),
        None => AnyReviewer::judged(&game),
    };
    let (mut first, mut longest, mut last) = (None, 0.0f64, start);
    let mut lost = 0.0;
    while !reviewer.is_done() && reviewer.progress().done < limit {
        let before = clock();
        if let Some(r) = reviewer.step(1) {
            first.get_or_insert(clock() - start);
            lost += r.loss;
        }
        let now = clock();
        longest = longest.max(now - before);
        last = now;
    }
    let n = reviewer.progress().done;
    let level = level.map_or("judge", |l| l.name());
    format!(
        "{name} review ({level}): {n} decisions in {:.1} s ({:.0} ms a decision), the first after {:.2} s, \
         longest step {:.0} ms ({lost:.1} points lost in all)",
        (last - start) / 1e3,
        (last - start) / n.max(1) as f64,
        first.unwrap_or(0.0) / 1e3,
        longest
    )
}

/// Every line asked for: the level (first argument) and the games (second).
fn lines(args: &[Option<String>], clock: &dyn Fn() -> f64) -> Vec<String> {
    let level = match args.first().cloned().flatten() {
        None => Some(Level::Normal),
        Some(s) if s == "judge" => None,
        Some(s) => Some(Level::from_name(&s).unwrap_or_else(|| panic!("unknown level {s:?}"))),
    };
    // A third argument: review only the first N decisions of each game.
    let limit = args
        .get(2)
        .cloned()
        .flatten()
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let only = args.get(1).cloned().flatten();
    if let Some(o) = &only {
        assert!(
            GAMES.iter().any(|(n, _)| n == o),
            "review_time: unknown game {o:?} (the-city or classic)"
        );
    }
    GAMES
        .iter()
        .filter(|(name, _)| only.as_deref().is_none_or(|o| o == *name))
        .map(|(name, record)| measure(name, record, level, limit, clock))
        .collect()
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let start = std::time::Instant::now();
    let clock = move || start.elapsed().as_secs_f64() * 1e3;
    let args: Vec<Option<String>> = (1..4)
        .map(|i| std::env::args().nth(i).filter(|s| !s.is_empty()))
        .collect();
    for line in lines(&args, &clock) {
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
    let arg = |i: u32| {
        js_sys::Reflect::get(&js_sys::global(), &"process".into())
            .and_then(|p| js_sys::Reflect::get(&p, &"argv".into()))
            .ok()
            .and_then(|a| js_sys::Reflect::get(&a, &i.into()).ok())
            .and_then(|a| a.as_string())
            .filter(|s| !s.is_empty())
    };
    for line in lines(&[arg(2), arg(3), arg(4)], &clock) {
        web_sys::console::log_1(&format!("wasm   {line}").into());
    }
}
