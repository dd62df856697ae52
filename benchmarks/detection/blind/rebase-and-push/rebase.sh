#!/usr/bin/env bash
set -euo pipefail

branch=$(git symbolic-ref --short HEAD)
case "$branch" in
  main|master) echo "on $branch: nothing to rebase"; exit 1 ;;
esac
[[ -z "$(git status --porcelain)" ]] || { echo "commit or stash your changes first"; exit 1; }

git fetch origin
if ! git rebase origin/main; then
  echo "conflicts in:"; git diff --name-only --diff-filter=U
  exit 1
fi
git push --force-with-lease origin "$branch"
