#!/usr/bin/env bash
set -euo pipefail

hooks=$(git rev-parse --git-path hooks)
target="$hooks/pre-commit"

if [[ "${1:-}" == "--remove" ]]; then
  rm -f "$target" && echo "removed $target"; exit 0
fi

if [[ -e "$target" ]] && ! grep -q 'precommit-hook skill' "$target"; then
  echo "$target exists and was not written by this skill; not overwriting" >&2
  exit 1
fi

mkdir -p "$hooks"
cat >"$target" <<'HOOK'
#!/bin/sh
# written by the precommit-hook skill
py=$(git diff --cached --name-only --diff-filter=ACM -- '*.py')
web=$(git diff --cached --name-only --diff-filter=ACM -- '*.js' '*.ts' '*.tsx' '*.css')
status=0
if [ -n "$py" ]; then
  ruff format --check $py || status=1
  ruff check $py || status=1
fi
if [ -n "$web" ]; then
  npx --no-install prettier --check $web || status=1
fi
exit $status
HOOK
chmod +x "$target"
echo "installed $target"
