#!/usr/bin/env bash
# The shipped page's size without a whole Trunk build: builds the app's wasm
# as Trunk does (index.html: profile wasm-app, no default features), runs
# wasm-bindgen and wasm-opt with the page's flags, and prints the gzipped
# (zlib level 9) sizes of the wasm, its JS glue and the stylesheet, and their sum (what
# tests/e2e/smoke.js measures). For comparing size levers quickly; the
# budget itself is checked by smoke.js on a real build. docs/size.md.
# Usage: bash scripts/page-size.sh [OUT_DIR] [--twiggy]   (default target/page-size)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export PATH="$HOME/.cargo/bin:$root/.tools/node_modules/.bin:$PATH"
out=${1:-target/page-size}
[ "$out" = "--twiggy" ] && out=target/page-size
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

# --twiggy: the largest items of the page's wasm after wasm-opt, with their
# names kept (wasm-opt -g; the shipped file has none), as twiggy lists them
# (`cargo install twiggy --locked` first), and their sum by crate or module.
if [ "${2:-}" = "--twiggy" ] || [ "${1:-}" = "--twiggy" ]; then
  wasm-opt -Oz -g --low-memory-unused --converge --strip-producers \
    "$out/app_bg.wasm" -o "$out/app_named.wasm"
  twiggy top -n 25 "$out/app_named.wasm"
  twiggy top -n 1000000 -f csv "$out/app_named.wasm" > "$out/twiggy.csv"
  node -e '
    const rows = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").slice(1);
    const sums = new Map();
    for (const line of rows) {
      const m = line.match(/^(".*"|[^,]*),(\d+),/);
      if (!m) continue;
      let name = m[1].replace(/^"|"$/g, "").replace(/""/g, "\"");
      let key;
      if (/section|subsection/.test(name)) key = "(names, kept only for this measurement)";
      else if (name.startsWith("data segment")) key = "(data: strings and tables)";
      else {
        name = name.replace(/^<(&mut |&)?/, "").replace(/\[[0-9a-f]+\]/g, "");
        const parts = name.split(/::| as |</);
        key = parts[0] === "the_city" ? parts.slice(0, 3).join("::") : parts[0];
      }
      sums.set(key, (sums.get(key) || 0) + Number(m[2]));
    }
    const total = [...sums].filter(([k]) => !k.startsWith("(names")).reduce((a, [, v]) => a + v, 0);
    console.log("\nby crate or module (bytes of the wasm before gzip, share of the code and data):");
    for (const [k, v] of [...sums].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
      if (k.startsWith("(names")) continue;
      console.log(`${String(v).padStart(8)}  ${(100 * v / total).toFixed(1).padStart(5)}%  ${k}`);
    }
  ' "$out/twiggy.csv"
fi
