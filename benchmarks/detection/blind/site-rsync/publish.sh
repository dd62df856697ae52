#!/usr/bin/env bash
set -euo pipefail

dest=${1:?usage: publish.sh user@host:/path [build-dir] [--dry-run]}
src=${2:-dist}
dry=()
[[ "${3:-}" == "--dry-run" || "${2:-}" == "--dry-run" ]] && dry=(--dry-run)
[[ "$src" == "--dry-run" ]] && src=dist

[[ -d "$src" ]] || { echo "no build folder '$src'; build the site first"; exit 1; }
[[ -f "$src/index.html" ]] || echo "warning: $src has no index.html"

rsync -avz --delete --human-readable "${dry[@]}" \
  --exclude '.DS_Store' --exclude '*.map' \
  "$src"/ "$dest"/
