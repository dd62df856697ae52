#!/bin/sh
set -eu
top="$(git rev-parse --show-toplevel)"
cd "$top"
if [ "${1:-}" = "--remove" ]; then
  git config --local --unset core.hooksPath || true
  rm -f .githooks/pre-push
  echo "pre-push hook removed"
  exit 0
fi
mkdir -p .githooks
cp "$(dirname "$0")/pre-push" .githooks/pre-push
chmod +x .githooks/pre-push
git config --local core.hooksPath .githooks
echo "pre-push hook installed for $top"
