#!/usr/bin/env bash
set -euo pipefail

db=${1:?database URL}
dest=${2:?s3://bucket/prefix}
[[ "$dest" == s3://* ]] || { echo "destination must be an s3:// URL"; exit 2; }

stamp=$(date -u +%Y%m%dT%H%M%SZ)
file=$(mktemp --suffix=.dump)
trap 'rm -f "$file"' EXIT

pg_dump --format=custom --no-owner --file "$file" "$db"
aws s3 cp "$file" "$dest/$stamp.dump" --sse AES256
echo "uploaded $dest/$stamp.dump ($(du -h "$file" | cut -f1))"
