#!/bin/sh
set -eu
name="$1"; shift
exe="$1"; shift
[ -x "$exe" ] || { echo "not executable: $exe" >&2; exit 1; }
unit_dir="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
mkdir -p "$unit_dir"
cat > "$unit_dir/$name.service" <<UNIT
[Unit]
Description=$name (user service)

[Service]
ExecStart=$exe $*
WorkingDirectory=$(dirname "$exe")
Restart=on-failure
RestartSec=5

[Install]
WantedBy=default.target
UNIT
systemctl --user daemon-reload
systemctl --user enable --now "$name.service"
systemctl --user --no-pager status "$name.service" | head -n 5
