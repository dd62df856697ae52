#!/bin/sh
# Merged pull requests since the latest release, from the GitHub API.
set -eu
repo="$1"
tag=$(gh release view --repo "$repo" --json tagName -q .tagName)
curl -fsS -H "Authorization: Bearer $(gh auth token)" -H "Accept: application/vnd.github+json" \
  "https://api.github.com/repos/$repo/compare/$tag...HEAD" | jq -r '.commits[].commit.message | split("\n")[0]'
