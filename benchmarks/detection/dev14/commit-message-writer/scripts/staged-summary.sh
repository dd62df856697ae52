#!/usr/bin/env bash
# Summarise the staged diff for writing a commit message.
set -euo pipefail

if git diff --cached --quiet; then
  echo "nothing staged (git add the files first)" >&2
  exit 1
fi

echo "## staged files"
git diff --cached --numstat | awk '{ printf "  +%-5s -%-5s %s\n", $1, $2, $3 }'

echo
echo "## scope candidates"
git diff --cached --name-only | awk -F/ '
  NF > 1 && ($1 == "packages" || $1 == "apps" || $1 == "services") { print $2; next }
  NF > 1 { print $1; next }
  { print "(root)" }' | sort | uniq -c | sort -rn | head -5

echo
echo "## recent subjects"
git log -10 --pretty='  %s' 2>/dev/null || echo "  (no commits yet)"

branch="$(git symbolic-ref --short HEAD 2>/dev/null || echo detached)"
if [[ "$branch" =~ ([A-Z]+-[0-9]+|[0-9]+) ]]; then
  echo
  echo "## issue ref from branch '$branch': ${BASH_REMATCH[1]}"
fi
