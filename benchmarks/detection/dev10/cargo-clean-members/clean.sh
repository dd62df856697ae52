#!/usr/bin/env bash
set -euo pipefail
root="$(cargo locate-project --workspace --message-format plain | xargs dirname)"
cd "$root"
before=$(du -sk . | cut -f1)
for member in . "$@"; do
  t="$root/$member/target"
  t="$(realpath -m "$t")"
  [[ "$t" == "$root"/* && "$(basename "$t")" == target ]] || { echo "skip $t (outside the workspace)"; continue; }
  [[ -d "$t" ]] && rm -rf -- "$t" && echo "removed $t"
done
after=$(du -sk . | cut -f1)
echo "freed $(( (before - after) / 1024 )) MB"
