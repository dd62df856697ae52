#!/usr/bin/env bash
set -euo pipefail
src=${1:?usage: link.sh DOTFILES_DIR [--dry-run]}
dry=${2:-}
src=$(cd "$src" && pwd)
backup="$HOME/.dotfiles-backup/$(date +%Y%m%d-%H%M%S)"

run() { if [[ "$dry" == "--dry-run" ]]; then echo "would: $*"; else "$@"; fi; }

cd "$src"
git ls-files | grep -v -E '^(README|LICENSE|link\.sh)' | while read -r rel; do
  target="$HOME/$rel"
  if [[ -L "$target" && "$(readlink "$target")" == "$src/$rel" ]]; then
    continue
  fi
  if [[ -e "$target" || -L "$target" ]]; then
    run mkdir -p "$backup/$(dirname "$rel")"
    run mv "$target" "$backup/$rel"
  fi
  run mkdir -p "$(dirname "$target")"
  run ln -s "$src/$rel" "$target"
  echo "linked $rel"
done
[[ -d "$backup" ]] && echo "replaced files are in $backup"
