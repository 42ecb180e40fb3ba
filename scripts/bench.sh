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
# run alternately in this one run, best of 5 each (natively), then compiled
# to wasm32 and run in Node, best of 3 each (WASM=0 skips); prints this/REV
# ratios.
# When REV has classic too, its two random-games workloads (base game; both
# expansions) are timed the same way. Times swing with other load on a
# shared machine; INSTRUCTIONS=1 also counts the instructions of both
# builds' workloads under callgrind, which load does not change: the random
# games of each game, The City's AI (ai_time, about an hour) and, when REV
# has classic, a short classic AI workload (a deep search with a fiftieth
# of hard's work against greedy, one game of classic with both expansions,
# about five minutes a build under callgrind). SHORT_AI=1 counts The City's AI on the same short
# workload instead of the hour; TIMES=0 skips the timings (counts only).
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
  examples="--example bench_random --example ai_time"
  # REV has classic: its examples take a workload's name (the build before
  # classic had none), and ai_bench plays the short AI workloads.
  if grep -q classic-both "$base/examples/bench_random.rs"; then
    city=the-city
    games="the-city classic classic-both"
    examples="$examples --example ai_bench"
  else
    city=
    games=the-city
  fi
  (cd "$base" && cargo build --quiet --release $examples)
  cargo build --quiet --release $examples
  secs() { sed -E 's/.* in ([0-9.]+) s .*/\1/'; }
  min() { echo "$1 $2" | awk '{print ($1 < $2) ? $1 : $2}'; }
  if [ "${TIMES:-1}" != 0 ]; then
    declare -A bn cn
    for g in $games; do bn[$g]=999; cn[$g]=999; done
    for i in 1 2 3 4 5; do
      for g in $games; do
        # The build before classic runs The City's only, without an argument.
        arg=$g
        [ -n "$city" ] || arg=
        bn[$g]=$(min "$("$base"/target/release/examples/bench_random $arg | secs)" "${bn[$g]}")
        cn[$g]=$(min "$(./target/release/examples/bench_random "$g" | secs)" "${cn[$g]}")
      done
    done
    for g in $games; do
      awk -v g="$g" -v b="${bn[$g]}" -v c="${cn[$g]}" 'BEGIN {
        printf "random games (%s, 2 players): %s %.0f games/s, this build %.0f games/s, this/base speed %.3f\n",
          g, "'"$rev"'", 2000 / b, 2000 / c, b / c }'
    done
    # Mean decision time per level (ms), best of 3 alternating runs.
    mean() { sed -nE "s/.* $1: .* mean ([0-9.]+) ms.*/\1/p"; }
    declare -A bm cm
    for l in easy normal hard; do bm[$l]=1e9; cm[$l]=1e9; done
    for i in 1 2 3; do
      bo=$("$base"/target/release/examples/ai_time $city)
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
  fi
  if [ "${TIMES:-1}" != 0 ] && [ "${WASM:-1}" != 0 ]; then
    # The same workloads compiled to wasm32 (each build's release profile, as
    # its worker ships it) and run in Node, alternately, best of 3 each.
    for side in base this; do
      dir=$root
      [ $side = base ] && dir=$base
      (cd "$dir" && cargo build --quiet --release --target wasm32-unknown-unknown \
        --example bench_random --example ai_time)
      mkdir -p "$root/target/bench-wasm-$side"
      for e in bench_random ai_time; do
        wasm-bindgen --target nodejs --out-dir "$root/target/bench-wasm-$side" \
          "$dir/target/wasm32-unknown-unknown/release/examples/$e.wasm"
      done
    done
    wsecs() { grep " $1:" | sed -E 's/.* in ([0-9.]+) s .*/\1/'; }
    declare -A bw cw
    for g in $games; do bw[$g]=999; cw[$g]=999; done
    for l in easy normal hard; do bm[$l]=1e9; cm[$l]=1e9; done
    for i in 1 2 3; do
      bo=$(node "$root/target/bench-wasm-base/bench_random.js" 2>&1)
      co=$(node "$root/target/bench-wasm-this/bench_random.js" 2>&1)
      for g in $games; do
        bw[$g]=$(min "$(echo "$bo" | wsecs "$g")" "${bw[$g]}")
        cw[$g]=$(min "$(echo "$co" | wsecs "$g")" "${cw[$g]}")
      done
      bo=$(node "$root/target/bench-wasm-base/ai_time.js" $city 2>&1)
      co=$(node "$root/target/bench-wasm-this/ai_time.js" the-city 2>&1)
      for l in easy normal hard; do
        bm[$l]=$(min "$(echo "$bo" | mean "$l")" "${bm[$l]}")
        cm[$l]=$(min "$(echo "$co" | mean "$l")" "${cm[$l]}")
      done
    done
    for g in $games; do
      awk -v g="$g" -v b="${bw[$g]}" -v c="${cw[$g]}" 'BEGIN {
        printf "wasm random games (%s, 2 players): %s %.0f games/s, this build %.0f games/s, this/base speed %.3f\n",
          g, "'"$rev"'", 2000 / b, 2000 / c, b / c }'
    done
    for l in easy normal hard; do
      awk -v l="$l" -v b="${bm[$l]}" -v c="${cm[$l]}" 'BEGIN {
        printf "wasm AI %-6s mean decision: base %.1f ms, this build %.1f ms, this/base time %.3f\n", l, b, c, c / b }'
    done
  fi
  if [ "${INSTRUCTIONS:-}" = 1 ]; then
    refs() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
      sed -nE 's/.*Collected : ([0-9]+).*/\1/p'; }
    count() { # name, then the command after the examples' folder
      local name=$1
      shift
      local b c
      b=$(refs "$base/target/release/examples/$@")
      c=$(refs "./target/release/examples/$@")
      awk -v e="$name" -v b="$b" -v c="$c" 'BEGIN {
        printf "%s instructions: base %.4g, this build %.4g, this/base %.4f\n", e, b, c, c / b }'
    }
    for g in $games; do
      # This build's binaries run classic too: count each game on its own.
      if [ -n "$city" ]; then
        count "bench_random $g" bench_random "$g"
      else
        b=$(refs "$base/target/release/examples/bench_random")
        c=$(refs ./target/release/examples/bench_random the-city)
        awk -v b="$b" -v c="$c" 'BEGIN {
          printf "bench_random the-city instructions: base %.4g, this build %.4g, this/base %.4f\n", b, c, c / b }'
      fi
    done
    # The short AI workload: hard's search with a fiftieth of its work
    # (m: work per decision, p: per candidate) against greedy, one game.
    short="deep m=20000,p=2000 greedy 1 1"
    if [ "${SHORT_AI:-}" = 1 ] && [ -n "$city" ]; then
      count "ai_bench $short (The City)" ai_bench $short
    elif [ -n "$city" ]; then
      count "ai_time the-city" ai_time the-city
    else
      b=$(refs "$base/target/release/examples/ai_time")
      c=$(refs ./target/release/examples/ai_time the-city)
      awk -v b="$b" -v c="$c" 'BEGIN {
        printf "ai_time the-city instructions: base %.4g, this build %.4g, this/base %.4f\n", b, c, c / b }'
    fi
    if [ -n "$city" ]; then
      export CLASSIC=1
      count "ai_bench $short (classic, both expansions)" ai_bench $short
      unset CLASSIC
    fi
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
