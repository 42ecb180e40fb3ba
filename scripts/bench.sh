#!/usr/bin/env bash
# Performance figures for docs/performance.md (benchmarks, not tests):
#  1. random full games per second, native release, single thread, for The
#     City, for classic Carcassonne (base game, farms scored) and for
#     classic with The City Gates and Old City (every part on);
#  2. the same workload compiled to wasm32 and run in Node, as a wasm/native
#     time ratio measured in this one run (alternating, best of 3 each);
#  3. criterion's statistics for the native workload (`cargo bench`).
# With --ai instead: the computer opponent's decision times per level,
# native and wasm in Node (examples/ai_time.rs); `--ai classic`: classic's only.
# With --review: the game review's time for a whole 2-player game of each
# ruleset, native and wasm in Node (examples/review_time.rs).
# With --compare REV: The City's random games per second and the AI's
# decision times of this build and of commit REV (default: the commit
# before the engine was split into core + rulesets), built side by side and
# run alternately in this one run, best of 5 each; prints this/REV ratios.
# Times swing with other load on a shared machine; INSTRUCTIONS=1 also
# counts the instructions of both builds' workloads under callgrind, which
# load does not change (the AI workload takes about an hour).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export PATH="$HOME/.cargo/bin:$root/.tools/node_modules/.bin:$PATH"
bash scripts/setup.sh

if [ "${1:-}" = "--compare" ]; then
  rev=${2:-652f54e}
  base=$root/target/bench-base
  if [ "$(git -C "$base" rev-parse HEAD 2>/dev/null)" != "$(git rev-parse "$rev^{commit}")" ]; then
    git worktree remove --force "$base" 2>/dev/null || rm -rf "$base"
    git worktree add --detach "$base" "$rev" >/dev/null
  fi
  (cd "$base" && cargo build --quiet --release --example bench_random --example ai_time)
  cargo build --quiet --release --example bench_random --example ai_time
  secs() { sed -E 's/.* in ([0-9.]+) s .*/\1/'; }
  min() { echo "$1 $2" | awk '{print ($1 < $2) ? $1 : $2}'; }
  bn=999 cn=999
  for i in 1 2 3 4 5; do
    bn=$(min "$("$base"/target/release/examples/bench_random | secs)" "$bn")
    cn=$(min "$(./target/release/examples/bench_random the-city | secs)" "$cn")
  done
  awk -v b="$bn" -v c="$cn" 'BEGIN {
    printf "random games (The City, 2 players): %s %.0f games/s, this build %.0f games/s, this/base speed %.3f\n",
      "'"$rev"'", 2000 / b, 2000 / c, b / c }'
  # Mean decision time per level (ms), best of 3 alternating runs.
  mean() { sed -nE "s/.* $1: .* mean ([0-9.]+) ms.*/\1/p"; }
  declare -A bm cm
  for l in easy normal hard; do bm[$l]=1e9; cm[$l]=1e9; done
  for i in 1 2 3; do
    bo=$("$base"/target/release/examples/ai_time)
    co=$(./target/release/examples/ai_time the-city)
    for l in easy normal hard; do
      bm[$l]=$(min "$(echo "$bo" | mean "$l")" "${bm[$l]}")
      cm[$l]=$(min "$(echo "$co" | mean "$l")" "${cm[$l]}")
    done
  done
  for l in easy normal hard; do
    awk -v l="$l" -v b="${bm[$l]}" -v c="${cm[$l]}" 'BEGIN {
      printf "AI %-6s mean decision: base %.1f ms, this build %.1f ms, this/base time %.3f\n", l, b, c, c / b }'
  done
  if [ "${INSTRUCTIONS:-}" = 1 ]; then
    refs() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
      sed -nE 's/.*Collected : ([0-9]+).*/\1/p'; }
    for ex in bench_random ai_time; do
      b=$(refs "$base/target/release/examples/$ex")
      # This build's binaries run classic too: count The City's only.
      c=$(refs "./target/release/examples/$ex" the-city)
      awk -v e="$ex" -v b="$b" -v c="$c" 'BEGIN {
        printf "%s instructions: base %.4g, this build %.4g, this/base %.4f\n", e, b, c, c / b }'
    done
  fi
  exit 0
fi

if [ "${1:-}" = "--ai" ]; then
  # The computer opponent's decision times, native and wasm (Node), one run.
  cargo build --quiet --release --example ai_time
  cargo build --quiet --release --example ai_time --target wasm32-unknown-unknown
  mkdir -p target/bench-wasm
  wasm-bindgen --target nodejs --out-dir target/bench-wasm \
    target/wasm32-unknown-unknown/release/examples/ai_time.wasm
  # `--ai classic`: classic's levels only.
  ./target/release/examples/ai_time ${2:-}
  node target/bench-wasm/ai_time.js ${2:-}
  exit 0
fi

if [ "${1:-}" = "--review" ]; then
  # The game review's speed, native and wasm (Node), one run
  # (examples/review_time.rs): `--review [LEVEL [the-city|classic]]`.
  cargo build --quiet --release --example review_time
  cargo build --quiet --release --example review_time --target wasm32-unknown-unknown
  mkdir -p target/bench-wasm
  wasm-bindgen --target nodejs --out-dir target/bench-wasm \
    target/wasm32-unknown-unknown/release/examples/review_time.wasm
  ./target/release/examples/review_time "${2:-}" "${3:-}"
  node target/bench-wasm/review_time.js "${2:-}" "${3:-}"
  exit 0
fi

cargo build --quiet --release --example bench_random
cargo build --quiet --release --example bench_random --target wasm32-unknown-unknown
mkdir -p target/bench-wasm
wasm-bindgen --target nodejs --out-dir target/bench-wasm \
  target/wasm32-unknown-unknown/release/examples/bench_random.wasm

# One line per workload and target: "<target> <game>: N games in S s = ...".
secs() { sed -E 's/.* in ([0-9.]+) s .*/\1/'; }
min() { echo "$1 $2" | awk '{print ($1 < $2) ? $1 : $2}'; }
games="the-city classic classic-both"
declare -A best_native best_wasm
for g in $games; do best_native[$g]=999; best_wasm[$g]=999; done
for i in 1 2 3; do
  out_native=$(./target/release/examples/bench_random | tee /dev/stderr)
  out_wasm=$(node target/bench-wasm/bench_random.js | tee /dev/stderr)
  for g in $games; do
    best_native[$g]=$(min "$(echo "$out_native" | grep " $g:" | secs)" "${best_native[$g]}")
    best_wasm[$g]=$(min "$(echo "$out_wasm" | grep " $g:" | secs)" "${best_wasm[$g]}")
  done
done
for g in $games; do
  awk -v g="$g" -v n="${best_native[$g]}" -v w="${best_wasm[$g]}" -v node="$(node --version)" 'BEGIN {
    printf "random games (%s): native %.0f games/s, wasm (Node %s) %.0f games/s, wasm/native time ratio %.2f\n",
      g, 2000 / n, node, 2000 / w, w / n }'
done

if [ "${1:-}" != "--quick" ]; then
  cargo bench --bench random_games
fi
