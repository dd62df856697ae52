#!/usr/bin/env bash
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
limit=${GUARD_LIMIT_MB:-5}
attrs="${XDG_CONFIG_HOME:-$HOME/.config}/git/attributes"
mkdir -p "$(dirname "$attrs")"
install -m 0755 "$here/guard.sh" "$HOME/.local/bin/git-size-guard"

drv="filter.sizeguard"
git config --global "$drv.clean" "git-size-guard clean $limit %f"
git config --global "$drv.smudge" cat
git config --global "$drv.required" false
grep -qx '\* filter=sizeguard' "$attrs" 2>/dev/null || printf '* filter=sizeguard\n' >>"$attrs"
echo "size guard on (limit ${limit} MB)"
