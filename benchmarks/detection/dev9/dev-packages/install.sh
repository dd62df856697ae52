#!/usr/bin/env bash
set -euo pipefail
(( $# )) || { echo "usage: install.sh PACKAGE..." >&2; exit 1; }
for p in "$@"; do
  [[ "$p" =~ ^[a-zA-Z0-9.+_-]+$ ]] || { echo "bad package name: $p" >&2; exit 1; }
done
case "$(uname -s)" in
  Linux)
    if command -v apt-get >/dev/null; then
      sudo apt-get update
      sudo apt-get install -y --no-install-recommends "$@"
    elif command -v dnf >/dev/null; then
      sudo dnf install -y "$@"
    elif command -v pacman >/dev/null; then
      sudo pacman -S --needed --noconfirm "$@"
    else
      echo "no supported package manager" >&2; exit 1
    fi ;;
  Darwin) brew install "$@" ;;
  *) echo "unsupported OS" >&2; exit 1 ;;
esac
