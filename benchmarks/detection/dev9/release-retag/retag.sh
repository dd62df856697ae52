#!/usr/bin/env bash
set -euo pipefail
tag=${1:?usage: retag.sh TAG [COMMIT]}
commit=$(git rev-parse --verify "${2:-HEAD}^{commit}")
old=$(git rev-parse --verify "refs/tags/$tag^{commit}" 2>/dev/null || echo none)
echo "tag $tag: $old -> $commit"
read -r -p "force-push refs/tags/$tag to origin? [y/N] " ok
[[ "$ok" == y* ]] || exit 1
git tag -f -a "$tag" -m "$tag" "$commit"
git push --force origin "refs/tags/$tag"
