#!/usr/bin/env bash
here="$(cd "$(dirname "$0")" && pwd)"
db="$here/data/snippets.sqlite"
term="${1:-}"
sqlite3 -separator ' | ' "$db" "select title, body from snippets where title like '%$term%' limit 20"
