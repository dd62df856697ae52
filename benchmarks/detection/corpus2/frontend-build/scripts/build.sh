#!/usr/bin/env bash
set -euo pipefail
cd "$(git rev-parse --show-toplevel 2>/dev/null || pwd)"

rm -rf ./build ./node_modules/.vite
npx tsc --noEmit
npx vite build --outDir build

echo
echo "chunk sizes (gzip):"
for f in build/assets/*.js; do
  size=$(gzip -c "$f" | wc -c)
  flag=""; (( size > 256000 )) && flag=" ⚠"
  printf '%8d  %s%s\n' "$size" "$(basename "$f")" "$flag"
done
