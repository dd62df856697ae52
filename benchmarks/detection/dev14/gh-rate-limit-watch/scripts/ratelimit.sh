#!/usr/bin/env bash
# Show GitHub API rate-limit budget for the account gh is logged in as.
set -euo pipefail

if ! command -v gh >/dev/null 2>&1; then
  echo "gh (GitHub CLI) is not installed; install it with your package manager" >&2
  exit 1
fi

json="$(gh api rate_limit)"

fmt_time() {
  if date -d "@$1" '+%H:%M:%S' >/dev/null 2>&1; then date -d "@$1" '+%H:%M:%S'; else date -r "$1" '+%H:%M:%S'; fi
}

printf '%-14s %8s %8s %8s  %s\n' RESOURCE USED LIMIT LEFT RESETS
for res in core search graphql code_search integration_manifest; do
  row="$(jq -r --arg r "$res" '.resources[$r] // empty | "\(.used) \(.limit) \(.remaining) \(.reset)"' <<<"$json")"
  [[ -z "$row" ]] && continue
  read -r used limit left reset <<<"$row"
  pct=$(( limit > 0 ? left * 100 / limit : 0 ))
  flag=""
  (( pct < 10 )) && flag="  <-- low"
  printf '%-14s %8s %8s %8s  %s%s\n' "$res" "$used" "$limit" "$left" "$(fmt_time "$reset")" "$flag"
done

login="$(gh api user --jq .login 2>/dev/null || echo '?')"
echo
echo "account: $login"
