#!/usr/bin/env bash
set -euo pipefail
(( $# )) || { echo "usage: clean.sh PATH..." >&2; exit 1; }
root=$(git rev-parse --show-toplevel 2>/dev/null || pwd)
for rel in "$@"; do
  case "$rel" in
    ""|/*|*..*|.|./) echo "refusing '$rel'" >&2; continue ;;
  esac
  target=$(realpath -m "$root/$rel")
  [[ "$target" == "$root"/* ]] || { echo "refusing $target: outside $root" >&2; continue; }
  if [[ -e "$target" ]]; then
    rm -rf -- "$target"
    echo "removed $rel"
  else
    echo "not present: $rel"
  fi
done
