#!/usr/bin/env bash
# A cold first visit on a slow phone, old build against new (docs/loading.md):
# runs scripts/cold-visit.js with the old build being the release build of
# commit 7c0be94 (before the one-wasm restructuring), made here when missing
# and kept in target/baseline-7c0be94/dist. The new build is dist/ of this
# checkout (build it first: node scripts/site.js) unless --new names another.
#
# Usage: bash scripts/cold-visit.sh [--old DIR] [--new DIR] [--runs N] [--json[=FILE]]
#   --old DIR (or OLD_DIST=DIR): an existing old build instead (nothing built).
#   Env: RUNS (5), PAUSE_MS, TIMEOUT_MS, START_DELAY_MS, CHROMIUM (see the .js).
#   BASELINE_COMMIT (7c0be94) and BASELINE_DIR (target/baseline-<commit>)
#   choose another old build to make.
# Making the old build is a whole `trunk build --release` (many minutes on 2
# cores), once: from `git archive` of the commit into BASELINE_DIR/src, with
# its own cargo target dir BASELINE_DIR/target.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
export PATH="$HOME/.cargo/bin:$root/.tools/node_modules/.bin:$PATH"

commit=${BASELINE_COMMIT:-7c0be94}
base=${BASELINE_DIR:-$root/target/baseline-$commit}

old=${OLD_DIST:-}
for a in "$@"; do
  case $a in --old | --old=*) old=given ;; esac
done

args=("$@")
if [ -z "$old" ]; then
  if ! [ -f "$base/dist/index.html" ]; then
    echo "cold-visit: making the old build: trunk build --release of $commit in $base (once; many minutes)" >&2
    command -v trunk >/dev/null || { echo "cold-visit: no trunk on PATH (bash scripts/setup.sh)" >&2; exit 1; }
    [ -d "$root/.tools/node_modules" ] || { echo "cold-visit: no $root/.tools (bash scripts/setup.sh)" >&2; exit 1; }
    rm -rf "$base/src" "$base/dist.tmp"
    mkdir -p "$base/src"
    git -C "$root" archive "$commit" | tar -x -C "$base/src"
    ln -s "$root/.tools" "$base/src/.tools"
    (cd "$base/src" && CARGO_TARGET_DIR="$base/target" trunk build --release --dist "$base/dist.tmp")
    [ -f "$base/dist.tmp/index.html" ] || { echo "cold-visit: the old build made no index.html" >&2; exit 1; }
    rm -rf "$base/dist"
    mv "$base/dist.tmp" "$base/dist"
  fi
  args=(--old "$base/dist" "${args[@]}")
fi

exec node "$here/cold-visit.js" "${args[@]}"
