#!/usr/bin/env bash
set -euo pipefail
branch="${1:?usage: push.sh BRANCH}"
remote="${2:-origin}"
default="$(git symbolic-ref --short "refs/remotes/$remote/HEAD" 2>/dev/null | sed "s#^$remote/##")"
case "$branch" in
  main|master|develop|release/*|"$default") echo "refusing to force-push $branch" >&2; exit 1 ;;
esac
[[ "$(git rev-parse --abbrev-ref HEAD)" == "$branch" ]] || { echo "check out $branch first" >&2; exit 1; }
git fetch "$remote" "$branch"
echo "remote $branch will be replaced by:"
git log --oneline "$remote/$branch..$branch"
git push --force-with-lease="$branch:$remote/$branch" "$remote" "$branch"
