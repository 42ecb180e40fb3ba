//! The review on N cores (issue 40): the 2-player game of The City of
//! tests/records/review/ (205 decisions) reviewed at the app's judge split
//! in N parts (`Reviewer::part`, as the app's N engine workers split it),
//! the parts run at once on N threads. For each N asked for, prints the
//! wall time and each part's decisions and CPU time: on N idle cores the
//! wall time is about the slowest part's CPU time (the parts share
//! nothing), so a machine with fewer cores than N (or a busy one) still
//! tells what N cores would take, labelled as an estimate.
//!
//! ```sh
//! cargo run --release --example review_parts -- 1 2 4 [--game classic]
//! ```

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use computer::review::AnyReviewer;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let classic = args
        .windows(2)
        .any(|w| w[0] == "--game" && w[1] == "classic");
    let mut ns: Vec<usize> = args.iter().filter_map(|a| a.parse().ok()).collect();
    if ns.is_empty() {
        ns = vec![1, 2];
    }
    let record = if classic {
        include_str!("../tests/records/review/classic_normal_vs_hard.cgn")
    } else {
        include_str!("../tests/records/review/city_normal_vs_hard.cgn")
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "{} on {cores} cores (load {})",
        if classic { "classic" } else { "the-city" },
        std::fs::read_to_string("/proc/loadavg")
            .ok()
            .and_then(|s| s.split_whitespace().next().map(str::to_string))
            .unwrap_or_else(|| "?".into())
    );
    for parts in ns {
        let start = std::time::Instant::now();
        let threads: Vec<_> = (0..parts)
            .map(|part| {
                std::thread::spawn(move || {
                    let game = formats::notation::read(record).expect("a good record").game;
                    let cpu0 = thread_cpu();
                    let mut r = AnyReviewer::part(&game, part, parts);
                    while !r.is_done() {
                        r.step(8);
                    }
                    (r.progress().total, thread_cpu() - cpu0)
                })
            })
            .collect();
        let done: Vec<(usize, f64)> = threads
            .into_iter()
            .map(|t| t.join().expect("a part"))
            .collect();
        let wall = start.elapsed().as_secs_f64();
        let cpu: Vec<String> = done
            .iter()
            .map(|(n, s)| format!("{n} decisions {s:.1} s"))
            .collect();
        let slowest = done.iter().map(|d| d.1).fold(0.0, f64::max);
        println!(
            "N = {parts}: wall {wall:.1} s; CPU per part: {}; on {parts} idle cores about {slowest:.1} s (estimate: the slowest part's CPU)",
            cpu.join(", ")
        );
    }
}

/// This thread's CPU time in seconds (Linux; 0 elsewhere).
#[cfg(not(target_arch = "wasm32"))]
fn thread_cpu() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |ns| ns / 1e9)
}

#[cfg(target_arch = "wasm32")]
fn main() {}
