#!/usr/bin/env bash
# Performance figures for the README (benchmarks, not tests):
#  1. random full games per second, native release, single thread;
#  2. the same workload compiled to wasm32 and run in Node, as a wasm/native
#     time ratio measured in this one run (alternating, best of 3 each);
#  3. criterion's statistics for the native workload (`cargo bench`).
# With --ai instead: the computer opponent's decision times per level,
# native and wasm in Node (examples/ai_time.rs).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export PATH="$HOME/.cargo/bin:$root/.tools/node_modules/.bin:$PATH"
bash scripts/setup.sh

if [ "${1:-}" = "--ai" ]; then
  # The computer opponent's decision times, native and wasm (Node), one run.
  cargo build --quiet --release --example ai_time
  cargo build --quiet --release --example ai_time --target wasm32-unknown-unknown
  mkdir -p target/bench-wasm
  wasm-bindgen --target nodejs --out-dir target/bench-wasm \
    target/wasm32-unknown-unknown/release/examples/ai_time.wasm
  ./target/release/examples/ai_time
  node target/bench-wasm/ai_time.js
  exit 0
fi

cargo build --quiet --release --example bench_random
cargo build --quiet --release --example bench_random --target wasm32-unknown-unknown
mkdir -p target/bench-wasm
wasm-bindgen --target nodejs --out-dir target/bench-wasm \
  target/wasm32-unknown-unknown/release/examples/bench_random.wasm

secs() { sed -E 's/.* in ([0-9.]+) s .*/\1/'; }
best_native=999 best_wasm=999
for i in 1 2 3; do
  n=$(./target/release/examples/bench_random | tee /dev/stderr | secs)
  w=$(node target/bench-wasm/bench_random.js | tee /dev/stderr | secs)
  best_native=$(echo "$n $best_native" | awk '{print ($1 < $2) ? $1 : $2}')
  best_wasm=$(echo "$w $best_wasm" | awk '{print ($1 < $2) ? $1 : $2}')
done
awk -v n="$best_native" -v w="$best_wasm" 'BEGIN {
  printf "random games: native %.0f games/s, wasm (Node %s) %.0f games/s, wasm/native time ratio %.2f\n",
    2000 / n, "'"$(node --version)"'", 2000 / w, w / n }'

if [ "${1:-}" != "--quick" ]; then
  cargo bench --bench random_games
fi
