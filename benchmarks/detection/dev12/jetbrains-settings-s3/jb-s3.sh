#!/usr/bin/env bash
# jb-s3.sh backup|list|restore - JetBrains settings to/from the user's own S3 bucket.
set -euo pipefail

case "$(uname -s)" in
  Darwin) root="$HOME/Library/Application Support/JetBrains" ;;
  *) root="${XDG_CONFIG_HOME:-$HOME/.config}/JetBrains" ;;
esac

excludes=(--exclude='*/caches' --exclude='*/index' --exclude='*/log' --exclude='*/tmp'
          --exclude='*/jcef_cache' --exclude='*/c.kdbx' --exclude='*/c.pwd' --exclude='*/event-log-data')

usage() { echo "usage: jb-s3.sh backup S3_PREFIX PRODUCT [--kms KEY_ID] | list S3_PREFIX | restore S3_URL PRODUCT" >&2; exit 2; }

sse_args() {
  if [[ "${1:-}" == "--kms" && -n "${2:-}" ]]; then
    echo "--sse aws:kms --sse-kms-key-id $2"
  else
    echo "--sse AES256"
  fi
}

ide_running() { pgrep -f "JetBrains.*$1" >/dev/null 2>&1 || pgrep -fi "${1%%[0-9]*}" >/dev/null 2>&1; }

cmd=${1:-}; shift || true
case "$cmd" in
  backup)
    prefix=${1:?}; product=${2:?}; shift 2
    [[ "$prefix" == s3://* ]] || usage
    [[ -d "$root/$product" ]] || { echo "no settings folder $root/$product" >&2; exit 1; }
    archive="$(mktemp -d)/$product-$(date +%Y%m%d).tar.gz"
    tar -C "$root" "${excludes[@]}" -czf "$archive" "$product"
    echo "archive $(du -h "$archive" | cut -f1), uploading to $prefix/"
    # shellcheck disable=SC2046
    aws s3 cp "$archive" "$prefix/$(basename "$archive")" $(sse_args "$@") --only-show-errors
    rm -f "$archive"
    echo "done: $prefix/$(basename "$archive")"
    ;;
  list)
    aws s3 ls "${1:?}/" | sort
    ;;
  restore)
    url=${1:?}; product=${2:?}
    if ide_running "$product"; then echo "close the IDE first" >&2; exit 1; fi
    tmp=$(mktemp -d)
    aws s3 cp "$url" "$tmp/settings.tar.gz" --only-show-errors
    if [[ -d "$root/$product" ]]; then
      mv "$root/$product" "$root/$product.before-restore.$(date +%s)"
    fi
    mkdir -p "$root"
    tar -C "$root" -xzf "$tmp/settings.tar.gz"
    rm -rf "$tmp"
    echo "restored $product; previous settings kept next to it"
    ;;
  *) usage ;;
esac
