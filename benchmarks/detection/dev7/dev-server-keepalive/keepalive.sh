#!/usr/bin/env bash
set -euo pipefail
app_dir="$(cd "${1:?usage: keepalive.sh APP_DIR COMMAND}" && pwd)"
cmd="${2:?usage: keepalive.sh APP_DIR COMMAND}"
unit_dir="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
mkdir -p "$unit_dir"
sed -e "s|@APP_DIR@|$app_dir|g" -e "s|@COMMAND@|$cmd|g" \
  "$(dirname "$0")/units/devkeep.service" > "$unit_dir/devkeep.service"
systemctl --user daemon-reload
systemctl --user enable --now devkeep.service
loginctl enable-linger "$USER" 2>/dev/null || true
systemctl --user status devkeep.service --no-pager | head -n 5
