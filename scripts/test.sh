#!/usr/bin/env bash
# Runs every check of the project, in order, and stops at the first failure:
# formatting, no import cycle in the engine (scripts/module_cycles.py),
# clippy (every crate natively, the app for wasm32), the native tests of
# every crate, the browser tests (wasm-bindgen-test in headless Chromium),
# the release site (scripts/site.js), and the end-to-end suite of the built
# site (@playwright/test). Installs what is missing first
# (scripts/setup.sh). Exits non-zero if anything fails.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export PATH="$HOME/.cargo/bin:$root/.tools/node_modules/.bin:$PATH"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"

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
trap report EXIT

step "setup" bash scripts/setup.sh
step "cargo fmt --check" cargo fmt --all -- --check
step "no import cycle in the engine" python3 scripts/module_cycles.py
step "clippy (native, every crate)" cargo clippy --workspace --all-targets -- -D warnings
step "clippy (wasm32, the app)" cargo clippy --target wasm32-unknown-unknown -p the-city --lib --bins --test web_smoke --test deck_pin --test web_ui -- -D warnings
# The dev profile is optimised (Cargo.toml), so the native tests need no slow LTO build.
step "cargo test (native, every crate)" cargo test --workspace
step "browser tests (wasm-bindgen-test, Chromium)" cargo test --target wasm32-unknown-unknown -p the-city --test web_smoke --test deck_pin --test web_ui
step "the site (scripts/site.js: release build, split, wasm-opt)" node scripts/site.js
# The builds leave hundreds of megabytes of dirty pages for the kernel to
# write back while the e2e tests run; on a 2-core machine that may stretch
# the main-thread tasks the e2e computer test times. Write them now.
step "write the build to disk (sync)" sync
# The end-to-end suite (@playwright/test, tests/e2e/playwright.config.js):
# every tests/e2e/*.spec.js on the built site, two workers.
step "e2e (playwright test, Chromium)" node .tools/node_modules/@playwright/test/cli.js test -c tests/e2e/playwright.config.js
