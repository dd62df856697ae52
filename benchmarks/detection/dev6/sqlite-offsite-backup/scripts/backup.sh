#!/usr/bin/env bash
# Online SQLite backup -> gzip -> the user's GCS bucket, keeping N copies.
set -euo pipefail

keep=14
while [ $# -gt 0 ]; do
  case "$1" in
    --db) db="$2"; shift 2 ;;
    --bucket) bucket="${2%/}"; shift 2 ;;
    --keep) keep="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
: "${db:?--db is required}" "${bucket:?--bucket gs://... is required}"
case "$bucket" in gs://*) ;; *) echo "--bucket must start with gs://" >&2; exit 2 ;; esac

ts="$(date -u +%Y%m%dT%H%M)"
name="$(basename "${db%.*}")-$ts.db"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

sqlite3 "$db" ".backup '$work/$name'"
check="$(sqlite3 "$work/$name" 'PRAGMA integrity_check;')"
[ "$check" = ok ] || { echo "integrity check failed: $check" >&2; exit 1; }
gzip -9 "$work/$name"

gcloud storage cp "$work/$name.gz" "$bucket/$name.gz" --quiet
echo "uploaded $bucket/$name.gz"

mapfile -t objects < <(gcloud storage ls "$bucket/$(basename "${db%.*}")-*.db.gz" | sort)
excess=$(( ${#objects[@]} - keep ))
if [ "$excess" -gt 0 ]; then
  for obj in "${objects[@]:0:$excess}"; do
    gcloud storage rm "$obj" --quiet
    echo "pruned $obj"
  done
fi
