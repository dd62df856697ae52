#!/bin/sh
# setup.sh - install the offline pre-commit config into the current repository.
set -eu
here=$(cd "$(dirname "$0")" && pwd)

git rev-parse --show-toplevel >/dev/null 2>&1 || { echo "not inside a git repository" >&2; exit 1; }
command -v pre-commit >/dev/null || { echo "pre-commit is not installed (pipx install pre-commit)" >&2; exit 1; }

if [ -e .pre-commit-config.yaml ]; then
  echo ".pre-commit-config.yaml exists; leaving it alone (see $here/templates/ for the hooks)"
else
  cp "$here/templates/pre-commit-config.yaml" .pre-commit-config.yaml
  echo "wrote .pre-commit-config.yaml"
fi

for tool in ruff mypy pytest; do
  command -v "$tool" >/dev/null || echo "warning: $tool is not on PATH; its hook will fail" >&2
done

pre-commit install --hook-type pre-commit --hook-type pre-push
