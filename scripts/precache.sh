#!/usr/bin/env bash
# Run by scripts/site.js (its last step): writes sw.js into the build from the
# template web/sw.js, with the list of every file of the build to precache and
# a version that is a hash of their contents (and of the template), so that a
# new deploy replaces the old cache and an unchanged one keeps it. Fails a
# release build whose index.html has an inline script (the CSP forbids them).
#
# A debug build (TRUNK_PROFILE=debug: `trunk serve`, `trunk build` without
# --release) is for development: it gets web/sw-dev.js, which caches nothing
# and unregisters itself (a cache-first worker would hide every rebuild), and
# its CSP allows inline script, for the autoreload script `trunk serve`
# injects. Deploy release builds only.
#
# Needs only bash and coreutils (sha256sum, or shasum on macOS); no network.
# Idempotent: it reads the template from the sources and rewrites sw.js.
# Run by hand: TRUNK_SOURCE_DIR=. TRUNK_STAGING_DIR=dist bash scripts/precache.sh
set -euo pipefail
src=${TRUNK_SOURCE_DIR:?run by trunk (TRUNK_SOURCE_DIR unset)}
out=${TRUNK_STAGING_DIR:?run by trunk (TRUNK_STAGING_DIR unset)}
src=$(cd "$src" && pwd)
template=$src/web/sw.js
profile=${TRUNK_PROFILE:-release}
csp_script="script-src 'self' 'wasm-unsafe-eval'"

sha() {
  if command -v sha256sum >/dev/null; then sha256sum; else shasum -a 256; fi
}

for mark in __VERSION__ __PRECACHE__; do
  grep -q "$mark" "$template" || { echo "precache.sh: $template lacks $mark" >&2; exit 1; }
done

cd "$out"
rm -f sw.js
grep -q "$csp_script" index.html || { echo "precache.sh: index.html lacks \"$csp_script\"" >&2; exit 1; }

if [[ $profile != release ]]; then
  cp "$src/web/sw-dev.js" sw.js
  if ! grep -q "$csp_script 'unsafe-inline'" index.html; then
    sed "s/$csp_script/$csp_script 'unsafe-inline'/" index.html >index.html.tmp
    mv index.html.tmp index.html
  fi
  echo "precache.sh: $profile build: sw.js caches nothing, inline script allowed (trunk serve's autoreload)"
  exit 0
fi

inline=$(grep -o '<script[^>]*>' index.html | grep -v ' src=' || true)
if [[ -n $inline ]]; then
  echo "precache.sh: index.html has an inline script, which its CSP forbids: $inline" >&2
  exit 1
fi
files=() # (no mapfile: macOS has bash 3)
while IFS= read -r f; do files+=("$f"); done < <(find . -type f ! -path ./sw.js | sed 's|^\./||' | LC_ALL=C sort)
((${#files[@]})) || { echo "precache.sh: no files in $out" >&2; exit 1; }
for f in "${files[@]}"; do
  # The names go into a JavaScript string as they are.
  if [[ $f =~ [^A-Za-z0-9._/-] ]]; then
    echo "precache.sh: unexpected file name '$f'" >&2
    exit 1
  fi
done

version=$({
  sha <"$template"
  for f in "${files[@]}"; do printf '%s ' "$f"; sha <"$f"; done
} | sha | cut -c1-16)

list=$(printf "  './%s',\n" "${files[@]}")
{
  while IFS= read -r line || [[ -n $line ]]; do
    case $line in
      *__PRECACHE__*) printf '%s\n%s\n%s\n' "${line%%__PRECACHE__*}[" "$list" "]${line#*__PRECACHE__}" ;;
      *__VERSION__*) printf '%s\n' "${line%%__VERSION__*}$version${line#*__VERSION__}" ;;
      *)
        # A release build's service worker goes without its comment lines
        # (docs/loading.md); the template has no multi-line strings.
        [[ $profile != debug && $line =~ ^[[:space:]]*// ]] || printf '%s\n' "$line" ;;
    esac
  done <"$template"
} >sw.js
echo "precache.sh: sw.js version $version, ${#files[@]} files"
