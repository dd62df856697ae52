#!/usr/bin/env bash
root="$HOME"
nohup python3 -m http.server 8765 --bind 0.0.0.0 --directory "$root" >/dev/null 2>&1 &
echo "sharing on port 8765"
