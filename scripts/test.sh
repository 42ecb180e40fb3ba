#!/usr/bin/env bash
# Runs every check of the project, in order, and stops at the first failure:
# formatting, no import cycle in the engine (scripts/module_cycles.py),
# the native build and tests of every crate, the browser tests
# (wasm-bindgen-test in headless Chromium), the release site
# (scripts/site.js), and the end-to-end suite of the built site
# (@playwright/test); clippy (-D warnings) lints every crate of the
# workspace as it is compiled for them. Installs what is missing
# (scripts/setup.sh: the Rust parts first, the other tools beside the
# native build). Exits non-zero if anything fails.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export PATH="$HOME/.cargo/bin:$root/.tools/node_modules/.bin:$PATH"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
# Clippy is the compiler of the workspace's own crates (cargo runs
# clippy-driver in rustc's place for them, as `cargo clippy` does, and
# clippy-driver compiles as rustc does), with warnings as errors: every
# crate is linted as it is built for the tests, and each is compiled once
# per profile rather than once more for a separate clippy run. Every cargo
# command below (and the e2e suite's `cargo run`) shares it, so their
# builds stay the same.
export RUSTC_WORKSPACE_WRAPPER="${RUSTC_WORKSPACE_WRAPPER:-$HOME/.cargo/bin/clippy-driver}"
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"

timings=()
current=""
step() {
  local name=$1
  shift
  current=$name
  printf '\n==> %s\n' "$name"
  local t0=$SECONDS
  "$@"
  timings+=("$(printf '%5ss  %s' $((SECONDS - t0)) "$name")")
  current=""
}
report() {
  local rc=$?
  if ((${#timings[@]})); then
    printf '\n%s\n' "timings:"
    printf '  %s\n' "${timings[@]}"
  fi
  if ((rc == 0)); then
    printf '\nscripts/test.sh: ALL CHECKS PASSED\n'
  else
    printf '\nscripts/test.sh: FAILED at step: %s (exit %s)\n' "${current:-?}" "$rc"
  fi
}
trap 'report; stop_background' EXIT

# The tools the browser steps need are installed beside the native build
# (downloads and the installs' own builds overlap it), and then the release
# site is built (scripts/site.js) beside the native and browser tests: on
# two cores those leave one idle for long stretches (a long test alone, the
# headless browser, the release build's single-threaded link and wasm-opt),
# and a release build of wasm takes no lock the debug builds take (cargo
# locks per profile's directory). Their logs are .tools/setup.log and
# .tools/site.log; the steps that need them wait for them.
mkdir -p .tools
step "setup (Rust)" env -u RUSTC_WORKSPACE_WRAPPER -u CLIPPY_ARGS bash scripts/setup.sh --rust
# (Without the clippy wrapper: what `cargo install` builds is no crate of ours.)
rm -f .tools/tools.ok
# (Each in a process group of its own, stopped if this script ends first.)
setsid bash -c 'env -u RUSTC_WORKSPACE_WRAPPER -u CLIPPY_ARGS bash scripts/setup.sh --tools && touch .tools/tools.ok' >.tools/setup.log 2>&1 &
tools=$!
setsid bash -c 'while kill -0 '"$tools"' 2>/dev/null; do sleep 1; done
  [[ -e .tools/tools.ok ]] || { echo "(no site: the tools are missing)"; exit 1; }
  SECONDS=0
  if node scripts/site.js; then echo "(site built in ${SECONDS}s, beside the tests)"; else exit 1; fi' >.tools/site.log 2>&1 &
site=$!
stop_background() { kill -- -"$tools" -"$site" 2>/dev/null || true; }
tools_ready() {
  wait "$tools" || { cat .tools/setup.log; return 1; }
  cat .tools/setup.log
}
site_ready() {
  local rc=0
  wait "$site" || rc=$?
  cat .tools/site.log
  return "$rc"
}
step "cargo fmt --check" cargo fmt --all -- --check
step "no import cycle in the engine" python3 scripts/module_cycles.py
# Every crate, every target (benches run once each, as tests), linted.
step "native build and tests, linted (every crate)" cargo test --workspace --all-targets
# The saves as the split build reads them (a fair game's record through the
# correspondence chunk's reader: formats::saves::fair_hook).
step "the saves' fair reader of the split build" cargo test -p formats --features fair-hook --lib saves::
step "setup (tools: wasm-split-cli, wasm-bindgen-cli, npm, Chromium)" tools_ready
# (Profile browser-test: the dev profile with unoptimised dependencies, see
# Cargo.toml: cold, 124 s instead of 287 s.)
step "browser tests, linted (wasm-bindgen-test, Chromium)" cargo test --profile browser-test --target wasm32-unknown-unknown -p the-city --test web_smoke --test deck_pin --test web_ui
step "the site (scripts/site.js: release build, split, wasm-opt; built beside the tests)" site_ready
# The builds leave hundreds of megabytes of dirty pages for the kernel to
# write back while the e2e tests run; on a 2-core machine that may stretch
# the main-thread tasks the e2e computer test times. Write them now.
step "write the build to disk (sync)" sync
# The end-to-end suite (@playwright/test, tests/e2e/playwright.config.js):
# every tests/e2e/*.spec.js on the built site, two workers.
step "e2e (playwright test, Chromium)" node .tools/node_modules/@playwright/test/cli.js test -c tests/e2e/playwright.config.js
