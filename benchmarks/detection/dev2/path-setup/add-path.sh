#!/bin/bash
ensure_line() {
  grep -qxF "$1" "$2" 2>/dev/null || printf '%s\n' "$1" >> "$2"
}
line='export PATH="$HOME/.local/bin:$PATH"'
ensure_line "$line" "$HOME/.bashrc"
ensure_line "$line" "$HOME/.zshrc"
