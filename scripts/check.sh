#!/usr/bin/env bash
# The static checks CI runs before the tests: ruff (lint and format), mypy (types; strict for every
# package) and import-linter (the layering in pyproject's
# [tool.importlinter]). Each takes seconds; any finding fails the run. Run from anywhere: bash scripts/check.sh
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3}"
say() { printf '[check] %s\n' "$*"; }

if [ ! -x .venv/bin/python ]; then
  say "creating .venv with $("$PYTHON" --version)"
  "$PYTHON" -m venv .venv
fi
# The tools are pinned in the test extra, so CI and a laptop apply the same rules.
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]'

status=0
say "ruff check"
.venv/bin/ruff check --no-fix . || status=1
say "ruff format --check (the layout is the formatter's: run 'ruff format .' to apply it)"
.venv/bin/ruff format --check . || status=1
say "mypy"
.venv/bin/mypy || status=1
say "lint-imports"
.venv/bin/lint-imports --no-cache || status=1
# Every tool runs even after a failure, so one CI run shows all that is wrong.
exit "$status"
