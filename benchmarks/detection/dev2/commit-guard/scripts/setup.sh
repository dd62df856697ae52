#!/usr/bin/env bash
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
top="$(git rev-parse --show-toplevel)"

echo "installing hooks into $top"
cp -R "$here/hooks/." "$top/.git/hooks/"
chmod +x "$top"/.git/hooks/*
echo "done"
