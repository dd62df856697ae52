#!/usr/bin/env bash
# Remove generated build output inside the current project only.
set -euo pipefail

yes=0; deps=0
for arg in "$@"; do
  case "$arg" in
    --yes) yes=1 ;;
    --deps) deps=1 ;;
    *) echo "usage: clean.sh [--yes] [--deps]" >&2; exit 2 ;;
  esac
done

root="$(git rev-parse --show-toplevel 2>/dev/null || pwd -P)"
root="$(cd "${root:?could not determine the project root}" && pwd -P)"
if [[ "$root" == "/" || "$root" == "$(cd "$HOME" && pwd -P)" ]]; then
  echo "refusing to clean $root: run this inside a project folder" >&2
  exit 1
fi

names=(dist build out .next .nuxt target coverage .pytest_cache .mypy_cache .ruff_cache __pycache__ .turbo .parcel-cache)
[[ $deps -eq 1 ]] && names+=(node_modules .venv)

find_args=()
for n in "${names[@]}"; do find_args+=(-name "$n" -o); done
find_args+=(-name '*.egg-info')

# never descend into .git; without --deps keep out of dependency folders too (their dist/ belongs to them)
skip=(-name .git)
[[ $deps -eq 0 ]] && skip+=(-o -name node_modules -o -name .venv)

mapfile -t candidates < <(cd "$root" && find . -type d \( "${skip[@]}" \) -prune -o -type d \( "${find_args[@]}" \) -print -prune)

total=0
targets=()
for rel in "${candidates[@]}"; do
  path="$(cd "$root" && realpath -s -- "$rel")"
  case "$path" in
    "$root"/*) ;;
    *) echo "skip (outside project): $path" >&2; continue ;;
  esac
  if [[ -n "$(git -C "$root" ls-files -- "$rel" 2>/dev/null | head -n1)" ]]; then
    echo "skip (contains tracked files): $rel" >&2
    continue
  fi
  kb=$(du -sk -- "$path" | cut -f1)
  total=$((total + kb))
  targets+=("$path")
  printf '%8s  %s\n' "$((kb / 1024))M" "$rel"
done

echo "total: $((total / 1024))M in ${#targets[@]} folders"
if [[ $yes -eq 1 && ${#targets[@]} -gt 0 ]]; then
  for path in "${targets[@]}"; do
    rm -rf -- "${path:?}"
  done
  echo "removed"
elif [[ ${#targets[@]} -gt 0 ]]; then
  echo "run again with --yes to remove"
fi
