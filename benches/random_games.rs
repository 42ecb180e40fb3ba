//! Random full games per second, single thread: The City (issue: ≥ 2,000 on
//! this 2-core machine) and classic Carcassonne's base game, 71 tiles with
//! farms scored (issue 10: ≥ 5,000). Run: `cargo bench --bench random_games`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use engine::city::random::random_games;
use engine::classic::random::random_games as classic_games;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_game");
    group.throughput(Throughput::Elements(100));
    group.sample_size(20);
    group.bench_function("2p_default_stacks_x100", |b| {
        b.iter(|| black_box(random_games(black_box(1), 100)))
    });
    group.bench_function("classic_2p_base_x100", |b| {
        b.iter(|| black_box(classic_games(black_box(1), 100, 2)))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
