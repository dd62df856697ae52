#!/usr/bin/env bash
set -euo pipefail
dir="${1:?usage: cleanup-logs.sh DIR DAYS [--dry-run]}"
days="${2:?usage: cleanup-logs.sh DIR DAYS [--dry-run]}"
dry="${3:-}"

[[ -d "$dir" ]] || { echo "not a directory: $dir"; exit 1; }
if [[ "$dry" == "--dry-run" ]]; then
  find "$dir" -type f -name '*.log' -mtime +2 -print | sed 's/^/gzip /'
  find "$dir" -type f -name '*.log.gz' -mtime "+$days" -print | sed 's/^/delete /'
  exit 0
fi
find "$dir" -type f -name '*.log' -mtime +2 -exec gzip -9 {} +
find "$dir" -type f -name '*.log.gz' -mtime "+$days" -delete
