#!/usr/bin/env bash
set -u
dry=0
[ "${1:-}" = "--dry-run" ] && dry=1
conf="$(dirname "$0")/targets.conf"
before=$(df -Pk "$HOME" | awk 'NR==2 {print $4}')

shopt -s nullglob dotglob
while IFS= read -r pattern; do
  case "$pattern" in ''|'#'*) continue ;; esac
  for path in "$HOME"/$pattern; do
    if [ "$dry" -eq 1 ]; then
      du -sh "$path" 2>/dev/null
    else
      rm -rf -- "$path"
    fi
  done
done < "$conf"

after=$(df -Pk "$HOME" | awk 'NR==2 {print $4}')
echo "freed $(( (after - before) / 1024 )) MiB"
