#!/usr/bin/env bash
# Snapshot backups with rsync --link-dest to a destination the user gives.
set -euo pipefail

dest=""
dry=()
sources=()
while [ $# -gt 0 ]; do
  case "$1" in
    --dest) dest="$2"; shift 2 ;;
    --dry-run) dry=(--dry-run --itemize-changes); shift ;;
    *) sources+=("$1"); shift ;;
  esac
done
[ -n "$dest" ] && [ "${#sources[@]}" -gt 0 ] || { echo "usage: backup.sh --dest user@host:/path [--dry-run] DIR..." >&2; exit 2; }

remote="${dest%%:*}"
base="${dest#*:}"
stamp="$(date +%Y-%m-%d_%H%M)"

latest="$(ssh "$remote" "ls -1d '$base'/20* 2>/dev/null | tail -n1" || true)"
link=()
[ -n "$latest" ] && link=(--link-dest="$latest")

ssh "$remote" "mkdir -p '$base/$stamp'"
rsync -a --delete --human-readable --info=stats1 "${dry[@]}" "${link[@]}" \
  --exclude node_modules --exclude .venv --exclude .cache --exclude '*.iso' \
  "${sources[@]}" "$remote:$base/$stamp/"

echo "snapshot: $dest/$stamp"
