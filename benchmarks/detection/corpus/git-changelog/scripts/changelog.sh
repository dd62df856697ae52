#!/bin/sh
set -eu
from="$1"; to="${2:-HEAD}"
echo "## ${to} ($(date +%Y-%m-%d))"
for type in feat fix docs refactor; do
  lines=$(git log --no-merges --format='%s' "$from..$to" | grep "^$type" || true)
  [ -n "$lines" ] || continue
  echo ""
  echo "### $type"
  echo "$lines" | sed 's/^/- /'
done
