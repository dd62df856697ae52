#!/bin/sh
set -eu

top=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "not inside a git repository"; exit 1; }
cd "$top"

rm -rf ./dist ./build ./coverage ./.pytest_cache ./.mypy_cache ./.ruff_cache ./node_modules/.cache
find . -name __pycache__ -type d -prune -not -path './.venv/*' -exec rm -rf {} +
find . -name '*.egg-info' -maxdepth 2 -type d -exec rm -rf {} +
echo "cleaned $top"
