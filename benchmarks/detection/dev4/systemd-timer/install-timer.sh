#!/usr/bin/env bash
set -euo pipefail
script="$(realpath "$1")"
name="$(basename "$script" .sh)"
unit_dir="$HOME/.config/systemd/user"
mkdir -p "$unit_dir"
cat > "$unit_dir/$name.service" <<EOF
[Unit]
Description=Run $name

[Service]
Type=oneshot
ExecStart=$script
EOF
cat > "$unit_dir/$name.timer" <<EOF
[Unit]
Description=Hourly $name

[Timer]
OnCalendar=hourly
Persistent=true

[Install]
WantedBy=timers.target
EOF
systemctl --user daemon-reload
systemctl --user enable --now "$name.timer"
systemctl --user list-timers "$name.timer"
