#!/usr/bin/env bash
# Block until a GitHub API resource has at least N requests left (for bulk scripts).
#   bash scripts/wait-for-reset.sh [resource] [min-remaining]
set -euo pipefail

resource="${1:-core}"
min="${2:-100}"
[[ "$min" =~ ^[0-9]+$ ]] || { echo "min-remaining must be a number" >&2; exit 2; }

while :; do
  read -r remaining reset < <(gh api rate_limit --jq ".resources.\"$resource\" | \"\(.remaining) \(.reset)\"")
  if [[ -z "${remaining:-}" ]]; then
    echo "unknown resource: $resource" >&2
    exit 2
  fi
  if (( remaining >= min )); then
    echo "$resource: $remaining left"
    exit 0
  fi
  now=$(date +%s)
  wait=$(( reset - now + 5 ))
  (( wait < 5 )) && wait=5
  echo "$resource: $remaining left (< $min); sleeping ${wait}s until reset" >&2
  sleep "$wait"
done
