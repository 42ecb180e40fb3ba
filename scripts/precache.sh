#!/usr/bin/env bash
# Trunk post_build hook (Trunk.toml): writes sw.js into the build from the
# template web/sw.js, with the list of every file of the build to precache and
# a version that is a hash of their contents (and of the template), so that a
# new deploy replaces the old cache and an unchanged one keeps it.
#
# Needs only bash and coreutils (sha256sum, or shasum on macOS); no network.
# Idempotent: it reads the template from the sources and rewrites sw.js.
# Run by hand: TRUNK_SOURCE_DIR=. TRUNK_STAGING_DIR=dist bash scripts/precache.sh
set -euo pipefail
src=${TRUNK_SOURCE_DIR:?run by trunk (TRUNK_SOURCE_DIR unset)}
out=${TRUNK_STAGING_DIR:?run by trunk (TRUNK_STAGING_DIR unset)}
template=$src/web/sw.js

sha() {
  if command -v sha256sum >/dev/null; then sha256sum; else shasum -a 256; fi
}

for mark in __VERSION__ __PRECACHE__; do
  grep -q "$mark" "$template" || { echo "precache.sh: $template lacks $mark" >&2; exit 1; }
done

cd "$out"
rm -f sw.js
mapfile -t files < <(find . -type f ! -path ./sw.js | sed 's|^\./||' | LC_ALL=C sort)
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
      *) printf '%s\n' "$line" ;;
    esac
  done <"$template"
} >sw.js
echo "precache.sh: sw.js version $version, ${#files[@]} files"
