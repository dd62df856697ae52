#!/usr/bin/env bash
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
cp -R "$here/hooks/." "$(git rev-parse --git-dir)/hooks/"
echo "pre-commit hook installed"
