#!/usr/bin/env bash
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(git rev-parse --show-toplevel)
cd "$top"
if [[ ! -f .pre-commit-config.yaml ]]; then
  cp "$here/.pre-commit-config.yaml" .
  echo "added .pre-commit-config.yaml"
fi
command -v pre-commit >/dev/null || pipx install pre-commit
pre-commit install
pre-commit run --all-files || echo "fix the reported files and commit again"
