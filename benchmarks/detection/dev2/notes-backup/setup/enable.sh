#!/bin/bash
set -eu
unit_dir="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
mkdir -p "$unit_dir"
install -m 0644 "$(dirname "$0")/../units/notes-backup.service" "$unit_dir/"
install -m 0644 "$(dirname "$0")/../units/notes-backup.timer" "$unit_dir/"
systemctl --user daemon-reload
systemctl --user enable --now notes-backup.timer
