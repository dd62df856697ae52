#!/usr/bin/env bash
# Deploy a local folder to user@host:/path with rsync over SSH.
set -euo pipefail

usage() {
  echo "usage: deploy.sh <source-dir> <user@host:/remote/path> [--dry-run] [--delete] [--port N] [--after CMD]" >&2
  exit 2
}

[[ $# -ge 2 ]] || usage
src="$1"; dest="$2"; shift 2
dry=0; delete=0; port=22; after=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --dry-run) dry=1; shift ;;
    --delete) delete=1; shift ;;
    --port) port="$2"; shift 2 ;;
    --after) after="$2"; shift 2 ;;
    *) usage ;;
  esac
done

[[ -d "$src" ]] || { echo "source $src is not a directory" >&2; exit 1; }
[[ "$dest" == *:* ]] || { echo "destination must look like user@host:/path" >&2; exit 1; }
remote_host="${dest%%:*}"
remote_path="${dest#*:}"
[[ -n "$remote_path" && "$remote_path" != "/" ]] || { echo "refusing to sync into / on the server" >&2; exit 1; }

opts=(-az --human-readable --itemize-changes --exclude '.git/' --exclude '.DS_Store')
[[ $delete -eq 1 ]] && opts+=(--delete-after)
[[ $dry -eq 1 ]] && opts+=(--dry-run)

echo "deploying ${src%/}/ -> $dest (port $port)$([[ $dry -eq 1 ]] && echo ' [dry run]')"
rsync "${opts[@]}" -e "ssh -p $port" "${src%/}/" "$dest"

if [[ $dry -eq 0 && -n "$after" ]]; then
  echo "running on $remote_host: $after"
  ssh -p "$port" "$remote_host" "$after"
fi
