#!/bin/sh
cd "$(dirname "$0")/.." || exit 1
tab=$(mktemp)
crontab -l 2>/dev/null > "$tab" || true
cat share/feed.cron >> "$tab"
crontab "$tab"
rm -f "$tab"
