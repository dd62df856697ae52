#!/usr/bin/env bash
set -euo pipefail
name=${1:?usage: install-service.sh NAME COMMAND}
cmd=${2:?usage: install-service.sh NAME COMMAND}
[[ "$name" =~ ^[a-zA-Z0-9_-]+$ ]] || { echo "bad name" >&2; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)
unit_dir="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
mkdir -p "$unit_dir"
sed -e "s|@NAME@|$name|" -e "s|@WORKDIR@|$PWD|" -e "s|@COMMAND@|$cmd|" "$here/app.service.in" >"$unit_dir/$name.service"
cat "$unit_dir/$name.service"
systemctl --user daemon-reload
systemctl --user enable --now "$name.service"
systemctl --user status --no-pager "$name.service" | head -5
