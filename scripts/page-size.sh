#!/usr/bin/env bash
# The shipped page's size without a whole Trunk build: builds the app's wasm
# as Trunk does (index.html: profile wasm-app, no default features), runs
# wasm-bindgen and wasm-opt with the page's flags, and prints the gzipped
# (-9) sizes of the wasm, its JS glue and the stylesheet, and their sum (what
# tests/e2e/smoke.js measures). For comparing size levers quickly; the
# budget itself is checked by smoke.js on a real build. docs/size.md.
# Usage: bash scripts/page-size.sh [OUT_DIR]   (default target/page-size)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export PATH="$HOME/.cargo/bin:$root/.tools/node_modules/.bin:$PATH"
out=${1:-target/page-size}
tdir=$(cargo metadata --format-version 1 --no-deps | sed -E 's/.*"target_directory":"([^"]*)".*/\1/')
cargo build --quiet --target wasm32-unknown-unknown --profile wasm-app --bin app --no-default-features
mkdir -p "$out"
wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name app \
  "$tdir/wasm32-unknown-unknown/wasm-app/app.wasm"
wasm-opt -Oz --low-memory-unused --converge --strip-producers \
  "$out/app_bg.wasm" -o "$out/app_bg.opt.wasm"
node scripts/min-css.js >/dev/null
# zlib level 9, as tests/e2e/common.js measures (not gzip(1), which differs).
gz() { node -e "console.log(require('zlib').gzipSync(require('fs').readFileSync(process.argv[1]), {level: 9}).length)" "$1"; }
w=$(gz "$out/app_bg.opt.wasm") j=$(gz "$out/app.js") c=$(gz target/site/style.css)
printf 'wasm %d  js %d  css %d  page %d bytes gzipped (raw wasm %d)\n' \
  "$w" "$j" "$c" $((w + j + c)) "$(wc -c < "$out/app_bg.opt.wasm")"
