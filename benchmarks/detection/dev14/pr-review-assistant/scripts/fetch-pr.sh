#!/usr/bin/env bash
# Fetch a PR's diff, metadata and changed files into .review/<number>/
set -euo pipefail
num="${1:?usage: fetch-pr.sh <pr-number>}"
[[ "$num" =~ ^[0-9]+$ ]] || { echo "not a PR number: $num" >&2; exit 1; }
out=".review/$num"
mkdir -p "$out"
gh pr view "$num" --json number,title,body,author,baseRefName,headRefName,additions,deletions,labels,files >"$out/meta.json"
gh pr diff "$num" >"$out/diff.patch"
jq -r '.files[].path' "$out/meta.json" >"$out/files.txt"
echo "PR #$num: $(jq -r .title "$out/meta.json")"
echo "  $(wc -l <"$out/files.txt") files, +$(jq .additions "$out/meta.json") -$(jq .deletions "$out/meta.json")"
echo "  saved to $out/"
grep -qxF '.review/' .gitignore 2>/dev/null || echo "note: add .review/ to .gitignore"
