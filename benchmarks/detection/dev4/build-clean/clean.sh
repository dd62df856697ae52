#!/usr/bin/env bash
set -euo pipefail
root="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
cd "$root"
dirs=(dist build target .next node_modules/.cache .pytest_cache .mypy_cache)
for d in "${dirs[@]}"; do
  if [ -e "$d" ]; then
    rm -rf -- "$d"
    echo "removed $d"
  fi
done
find . -name __pycache__ -type d -prune -exec rm -rf {} +
echo "clean"
