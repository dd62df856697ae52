#!/bin/bash
set -eu
dest="$HOME/.config/systemd/user"
mkdir -p "$dest"
cp "$(dirname "$0")/myapp.service" "$dest/myapp.service"
systemctl --user daemon-reload
systemctl --user enable --now myapp.service
