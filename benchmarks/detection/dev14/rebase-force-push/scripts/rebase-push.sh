#!/usr/bin/env bash
# Rebase the current branch onto its base and push with a lease.
set -euo pipefail

remote=origin; base=""; rebase=1
while [[ $# -gt 0 ]]; do
  case "$1" in
    --base) base="$2"; shift 2 ;;
    --remote) remote="$2"; shift 2 ;;
    --no-rebase) rebase=0; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

branch="$(git symbolic-ref --short HEAD 2>/dev/null)" || { echo "detached HEAD; check out your branch" >&2; exit 1; }
default="$(git symbolic-ref --quiet --short "refs/remotes/$remote/HEAD" 2>/dev/null | sed "s#^$remote/##")"
base="${base:-${default:-main}}"

case "$branch" in
  main|master|develop|production|release/*|"$default")
    echo "refusing to force-push protected branch '$branch'" >&2; exit 1 ;;
esac
[[ -z "$(git status --porcelain --untracked-files=no)" ]] || { echo "work tree is dirty; commit or git stash first" >&2; exit 1; }

git fetch --quiet "$remote" "$base" "$branch" 2>/dev/null || git fetch --quiet "$remote" "$base"
lease_sha="$(git rev-parse --verify --quiet "refs/remotes/$remote/$branch" || true)"

if [[ -n "$lease_sha" ]] && ! git merge-base --is-ancestor "$lease_sha" HEAD; then
  theirs="$(git log --oneline "HEAD..$lease_sha" | wc -l | tr -d ' ')"
  if (( rebase )) && (( theirs > 0 )); then
    echo "$remote/$branch has $theirs commit(s) that are not in your branch:" >&2
    git log --oneline "HEAD..$lease_sha" >&2
    echo "pull them in first (git pull --rebase) or confirm they can be dropped" >&2
    exit 1
  fi
fi

if (( rebase )); then
  echo "rebasing $branch onto $remote/$base"
  if ! git rebase "$remote/$base"; then
    echo "conflicts; resolve these files, then 'git rebase --continue' and rerun with --no-rebase:" >&2
    git diff --name-only --diff-filter=U >&2
    exit 1
  fi
fi

if [[ -n "$lease_sha" ]]; then
  git push --force-with-lease="$branch:$lease_sha" --force-if-includes "$remote" "$branch"
else
  git push --set-upstream "$remote" "$branch"
fi
echo "pushed $branch ($(git rev-parse --short HEAD))"
