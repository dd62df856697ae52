#!/usr/bin/env bash
# Enable (or disable) the repository's committed hooks for this clone only.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
root="$(git rev-parse --show-toplevel)" || exit 1
cd "$root"

if [[ "${1:-}" == "--off" ]]; then
  git config --local --unset core.hooksPath || true
  echo "hooks disabled for this clone (back to .git/hooks)"
  exit 0
fi

if [[ ! -d .githooks ]]; then
  mkdir .githooks
  cp "$here/githooks/"* .githooks/
  echo "added .githooks/ (commit it so the team gets the same hooks)"
fi
chmod +x .githooks/*
current="$(git config --local --get core.hooksPath || true)"
if [[ -n "$current" && "$current" != ".githooks" ]]; then
  echo "core.hooksPath is already '$current' in this clone; leaving it" >&2
  exit 1
fi
git config --local core.hooksPath .githooks
echo "enabled: $(ls .githooks | tr '\n' ' ')"
