#!/usr/bin/env bash
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dest="${XDG_CONFIG_HOME:-$HOME/.config}/nvim/plugin"
mkdir -p "$dest"
if ! command -v nvim >/dev/null; then
  echo "neovim not found" >&2
  exit 1
fi
install -m 0644 "$here/lua/lsp_boot.lua" "$dest/lsp_boot.lua"
echo "installed $dest/lsp_boot.lua; restart neovim"
