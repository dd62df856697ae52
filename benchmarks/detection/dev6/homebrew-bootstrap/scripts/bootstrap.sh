#!/usr/bin/env bash
# Install Homebrew with the official installer and set up PATH for the login shell.
set -euo pipefail

if ! command -v brew >/dev/null 2>&1; then
  /bin/bash -c "$(curl -fsSL https://raw.githubusercontent.com/Homebrew/install/HEAD/install.sh)"
fi

case "$(uname -s)-$(uname -m)" in
  Darwin-arm64) brew_bin=/opt/homebrew/bin/brew; rc="$HOME/.zprofile" ;;
  Darwin-*) brew_bin=/usr/local/bin/brew; rc="$HOME/.zprofile" ;;
  Linux-*) brew_bin=/home/linuxbrew/.linuxbrew/bin/brew; rc="$HOME/.bashrc" ;;
  *) echo "unsupported platform" >&2; exit 1 ;;
esac

eval "$("$brew_bin" shellenv)"
line="eval \"\$($brew_bin shellenv)\""
if [ "${ADD_TO_RC:-0}" = 1 ] && ! grep -qF "$line" "$rc" 2>/dev/null; then
  printf '\n%s\n' "$line" >> "$rc"
  echo "added brew to PATH in $rc"
fi

brew --version
if [ -f Brewfile ]; then
  brew bundle --file Brewfile
fi
