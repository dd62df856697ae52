#!/usr/bin/env bash
# Install the pre-push guard into the current repository.
set -euo pipefail

skill_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
top="$(git rev-parse --show-toplevel)"
hooks="$(git rev-parse --git-path hooks)"

if [ "${1:-}" = "--test-cmd" ]; then
  git config prepushguard.testcmd "${2:?--test-cmd needs a command}"
fi

mkdir -p "$hooks"
if [ -e "$hooks/pre-push" ] && ! grep -q "pre-push guard" "$hooks/pre-push"; then
  mv "$hooks/pre-push" "$hooks/pre-push.local"
  echo "kept the existing hook as $hooks/pre-push.local"
fi
cp "$skill_dir/hooks/pre-push" "$hooks/pre-push"
chmod +x "$hooks/pre-push"
echo "installed pre-push guard in $top ($hooks/pre-push)"
