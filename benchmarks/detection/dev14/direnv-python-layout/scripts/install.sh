#!/usr/bin/env bash
# Copy the .envrc template into a project and allow it.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
project="${1:-$PWD}"
[[ -d "$project" ]] || { echo "no such folder: $project" >&2; exit 1; }
command -v direnv >/dev/null || { echo "direnv is not installed" >&2; exit 1; }

target="$project/.envrc"
if [[ -f "$target" ]]; then
  read -r -p ".envrc exists in $project; overwrite? [y/N] " ans
  [[ "$ans" == [yY]* ]] || { echo "left as is"; exit 0; }
  cp "$target" "$target.bak"
fi
cp "$here/template/.envrc" "$target"

gi="$project/.gitignore"
touch "$gi"
grep -qxF '.direnv/' "$gi" || echo '.direnv/' >>"$gi"

(cd "$project" && direnv allow .)
echo "direnv set up in $project; cd out and back in to activate"
