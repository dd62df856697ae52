#!/usr/bin/env bash
set -euo pipefail
since=${1:-"1 week ago"}
until=${2:-now}

echo "## Commits per author"
git shortlog -sn --no-merges --since="$since" --until="$until"

echo
echo "## Most-changed areas"
git log --no-merges --since="$since" --until="$until" --name-only --format= |
  awk -F/ 'NF { print (NF > 1 ? $1 "/" : $1) }' | sort | uniq -c | sort -rn | head -10

echo
echo "## Subjects"
git log --no-merges --since="$since" --until="$until" --format='- %s (%an)'
