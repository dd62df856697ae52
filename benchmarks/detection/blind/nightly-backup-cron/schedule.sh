#!/usr/bin/env bash
set -euo pipefail

if [[ "${1:-}" == "--remove" ]]; then
  script=${2:?script path}
  crontab -l 2>/dev/null | grep -vF "$script" | crontab -
  echo "removed entries for $script"; exit 0
fi

script=${1:?absolute path of your backup script}
at=${2:-02:30}
[[ "$script" == /* && -x "$script" ]] || { echo "give the absolute path of an executable script"; exit 2; }
hh=${at%:*}; mm=${at#*:}

log="$HOME/.local/state/backup-cron.log"
mkdir -p "$(dirname "$log")"
line="$mm $hh * * * $script >>$log 2>&1"
echo "adding: $line"
( crontab -l 2>/dev/null | grep -vF "$script"; echo "$line" ) | crontab -
crontab -l | grep -F "$script"
