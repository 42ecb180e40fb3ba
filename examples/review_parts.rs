//! How evenly a review splits across engine workers (issue 40): the
//! 2-player game of The City of tests/records/review/ reviewed at the
//! app's judge in N parts (`Reviewer::part`, as N workers would), one part
//! after another; prints each part's decisions and time, and the whole
//! review's time on N idle cores estimated as the slowest part's (the
//! parts share nothing). `cargo run --release --example review_parts [N]`.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use computer::review::AnyReviewer;
    let parts: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(3);
    let record = include_str!("../tests/records/review/city_normal_vs_hard.cgn");
    let game = formats::notation::read(record).expect("a good record").game;
    let mut times = Vec::new();
    for part in 0..parts {
        let start = std::time::Instant::now();
        let mut r = AnyReviewer::part(&game, part, parts);
        while !r.is_done() {
            r.step(8);
        }
        let s = start.elapsed().as_secs_f64();
        println!(
            "part {} of {parts}: {} decisions in {s:.1} s",
            part + 1,
            r.progress().total
        );
        times.push(s);
    }
    let sum: f64 = times.iter().sum();
    let max = times.iter().cloned().fold(0.0, f64::max);
    println!(
        "all parts {sum:.1} s one after another; the slowest {max:.1} s: {:.2}x faster on {parts} idle cores",
        sum / max
    );
}

#[cfg(target_arch = "wasm32")]
fn main() {}
