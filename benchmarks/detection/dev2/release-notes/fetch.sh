#!/bin/bash
repo="$1"
since="$2"
token="$3"
curl -fsS -H "Authorization: Bearer $token" \
  "https://api.github.com/search/issues?q=repo:${repo}+is:pr+is:merged+merged:>${since}" \
  | jq -r '.items[] | "- \(.title) (#\(.number))"'
