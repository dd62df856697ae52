#!/bin/sh
set -eu
rc="$HOME/.terraformrc"
[ -f "$rc" ] && cp "$rc" "$rc.bak"
cp "$(dirname "$0")/terraformrc" "$rc"
echo "provider mirror configured in $rc"
