#!/usr/bin/env bash
set -euo pipefail
last_tag=$(git describe --tags --abbrev=0 2>/dev/null || true)
if [[ -n "$last_tag" ]]; then
  git log --no-merges --pretty='%h %s (%an)' "${last_tag}..HEAD"
else
  git log --no-merges --pretty='%h %s (%an)'
fi
