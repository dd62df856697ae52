#!/bin/sh
set -eu
if command -v bun >/dev/null 2>&1; then
  echo "bun $(bun --version) is already installed"
  exit 0
fi
echo "running the official installer: curl -fsSL https://bun.sh/install | bash -s ${1:-}"
curl -fsSL https://bun.sh/install | bash -s ${1:+"$1"}
"$HOME/.bun/bin/bun" --version
