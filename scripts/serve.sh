#!/usr/bin/env bash
# Builds the game and serves it with live reload on http://127.0.0.1:8080/
# (settings in Trunk.toml). Installs what is missing first (scripts/setup.sh).
# Extra arguments go to `trunk serve`, e.g. `bash scripts/serve.sh --release`.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export PATH="$HOME/.cargo/bin:$root/.tools/node_modules/.bin:$PATH"

bash scripts/setup.sh
# Trunk runs cargo with --offline (Trunk.toml), so fetch the crates first.
cargo fetch --quiet
exec trunk serve --address 127.0.0.1 --port 8080 "$@"
