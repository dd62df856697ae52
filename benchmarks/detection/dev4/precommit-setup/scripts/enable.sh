#!/usr/bin/env bash
set -euo pipefail
root="$(git rev-parse --show-toplevel)"
cd "$root"
if ! command -v pre-commit >/dev/null 2>&1; then
  python3 -m pip install --user pre-commit
fi
if [ ! -f .pre-commit-config.yaml ]; then
  cat > .pre-commit-config.yaml <<'YAML'
repos:
  - repo: https://github.com/astral-sh/ruff-pre-commit
    rev: v0.6.9
    hooks:
      - id: ruff
      - id: ruff-format
YAML
fi
pre-commit install --install-hooks
echo "pre-commit hooks installed in $root/.git/hooks"
