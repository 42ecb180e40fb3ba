#!/usr/bin/env bash
# Serves the game on http://127.0.0.1:8080/ (Trunk.toml's [serve]) as
# players get it: the release build (optimised, wasm-opt'd, the offline
# service worker), made by scripts/site.js (Trunk's build hook). Installs
# what is missing first (scripts/setup.sh --serve: Trunk too).
#
#   bash scripts/serve.sh          the release build (`trunk serve --release
#                                  --no-autoreload`: rebuilt when a source
#                                  changes, the page is not reloaded)
#   bash scripts/serve.sh --dev    for development: a debug build, live
#                                  reload, no offline cache (`trunk serve`)
#
# Other arguments go to `trunk serve` (`bash scripts/serve.sh --port 8081`).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export PATH="$HOME/.cargo/bin:$root/.tools/node_modules/.bin:$PATH"

mode=(--release --no-autoreload)
args=()
for a in "$@"; do
  if [[ $a == --dev ]]; then mode=(); else args+=("$a"); fi
done

bash scripts/setup.sh --serve
cargo fetch --quiet
exec trunk serve ${mode[@]+"${mode[@]}"} ${args[@]+"${args[@]}"}
