#!/bin/sh
set -eu
cd "$HOME"
list="$(dirname "$0")/caches.txt"
total=0
while IFS= read -r p; do
  [ -e "$p" ] || continue
  kb=$(du -sk "$p" | cut -f1)
  total=$((total + kb))
  printf '%8d KiB  %s\n' "$kb" "$p"
  if [ "${1:-}" = "--yes" ]; then
    rm -rf -- "$p"
  fi
done < "$list"
printf 'total %d MiB\n' $((total / 1024))
