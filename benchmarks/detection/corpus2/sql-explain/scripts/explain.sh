#!/usr/bin/env bash
set -euo pipefail
url="$1"; sql_file="$2"
query=$(cat "$sql_file")
psql "$url" -X -q -At <<SQL
BEGIN READ ONLY;
EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) $query;
ROLLBACK;
SQL
