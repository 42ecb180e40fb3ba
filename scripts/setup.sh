#!/usr/bin/env bash
# Installs whatever is missing to build and test the game. Idempotent:
# every step checks first and does nothing when the tool is already there.
#
#   bash scripts/setup.sh           everything the tests need
#   bash scripts/setup.sh --serve   that, and Trunk, the development server
#                                   (scripts/serve.sh)
#   bash scripts/setup.sh --rust    only the Rust target and components (the
#                                   native build needs no more: the test
#                                   command runs the rest beside it)
#   bash scripts/setup.sh --tools   only the rest: wasm-split-cli,
#                                   wasm-bindgen-cli, the npm tools, Chromium
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export PATH="$HOME/.cargo/bin:$root/.tools/node_modules/.bin:$PATH"
mode=${1:-}

say() { printf '[setup] %s\n' "$*" >&2; }

if [[ $mode != --tools ]]; then
# Rust: the wasm target and the lint tools.
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi
for c in rustfmt clippy; do
  rustup component list --installed | grep -q "^$c" || rustup component add "$c"
done
fi
[[ $mode == --rust ]] && exit 0

# Trunk 0.21 (0.22 needs a newer rustc than this machine's): only to serve
# (it runs scripts/site.js as its build hook); the tests build with
# site.js directly.
if [[ $mode == --serve ]] && ! trunk --version 2>/dev/null | grep -q '^trunk 0\.21\.'; then
  say "installing trunk 0.21"
  cargo install trunk --version '~0.21' --locked
fi

# wasm-split-cli splits the one wasm build into the page's module and its
# chunks (scripts/site.js, src/ui/chunks.rs): the version whose format
# Cargo.lock's wasm_split_helpers writes.
if ! command -v wasm-split-cli >/dev/null \
  || ! cargo install --list | grep -q '^wasm_split_cli_support v0\.2\.4:'; then
  say "installing wasm-split-cli 0.2.4"
  cargo install wasm_split_cli_support --version '=0.2.4' --features build-binary --locked
fi

# wasm-bindgen-cli at exactly the version Cargo.lock pins (not --locked: one of
# its locked dependencies is missing from the registry).
wb=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/[^0-9.]/, ""); print; exit}' Cargo.lock)
if ! wasm-bindgen --version 2>/dev/null | grep -q " $wb\$"; then
  say "installing wasm-bindgen-cli $wb"
  cargo install wasm-bindgen-cli --version "=$wb" --force
fi

# Node tools, local to the project: wasm-opt (Debian's binaryen is too old to
# read current rustc output), playwright-core and its test runner
# @playwright/test (the same version: the runner drives the core) for the
# end-to-end tests, and axe-core for their accessibility audits. The
# runner's own browser download is not used: the tests run Debian's
# Chromium (tests/e2e/playwright.config.js).
if ! [ -x .tools/node_modules/.bin/wasm-opt ] || ! [ -d .tools/node_modules/playwright-core ] \
  || ! [ -f .tools/node_modules/@playwright/test/cli.js ] \
  || ! [ -f .tools/node_modules/axe-core/axe.min.js ]; then
  say "installing binaryen, playwright-core, @playwright/test and axe-core from npm into .tools/"
  mkdir -p .tools
  (cd .tools && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund --silent \
    binaryen@132.0.0 playwright-core@1.65.1 @playwright/test@1.65.1 axe-core@4.10.3 >/dev/null)
fi

# Headless Chromium and its driver from Debian, for the browser tests.
if ! [ -x /usr/bin/chromium ] || ! [ -x /usr/bin/chromedriver ]; then
  say "installing chromium and chromium-driver"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium chromium-driver >/dev/null
fi
