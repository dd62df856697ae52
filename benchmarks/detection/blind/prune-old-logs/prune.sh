#!/bin/sh
set -eu
days=${1:-14}
[ -d ./logs ] || { echo "no ./logs folder here"; exit 1; }
find ./logs -maxdepth 2 -type f \( -name '*.log' -o -name '*.log.gz' \) -mtime +"$days" -print
if [ "${2:-}" = "--delete" ]; then
  find ./logs -maxdepth 2 -type f \( -name '*.log' -o -name '*.log.gz' \) -mtime +"$days" -delete
  echo "deleted"
fi
