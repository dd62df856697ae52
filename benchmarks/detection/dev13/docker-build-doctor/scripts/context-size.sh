#!/usr/bin/env bash
# List the largest paths in a Docker build context and whether .dockerignore excludes them.
set -euo pipefail
ctx="${1:-.}"
ignore="$ctx/.dockerignore"
limit="${2:-15}"

patterns=()
if [[ -f "$ignore" ]]; then
  while IFS= read -r line; do
    line="${line%%#*}"; line="${line//[[:space:]]/}"
    [[ -n "$line" ]] && patterns+=("$line")
  done < "$ignore"
fi

ignored() {
  local rel="$1" p
  for p in "${patterns[@]:-}"; do
    [[ -z "$p" ]] && continue
    # shellcheck disable=SC2053
    [[ "$rel" == $p || "$rel" == $p/* || "$rel" == */$p ]] && return 0
  done
  return 1
}

printf '%-10s %-8s %s\n' SIZE IGNORED PATH
du -sk "$ctx"/* "$ctx"/.[!.]* 2>/dev/null | sort -rn | head -n "$limit" | while read -r kb path; do
  rel="${path#"$ctx"/}"
  if ignored "$rel"; then flag=yes; else flag=NO; fi
  printf '%-10s %-8s %s\n' "$((kb / 1024))M" "$flag" "$rel"
done
total=$(du -sk "$ctx" | cut -f1)
echo "total on disk: $((total / 1024))M (ignored paths are not sent to the daemon)"
