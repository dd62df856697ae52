#!/usr/bin/env bash
set -e
if ! command -v starship >/dev/null; then
  if command -v brew >/dev/null; then
    brew install starship
  else
    curl -sS https://starship.rs/install.sh | sh -s -- -y
  fi
fi
shell_name="$(basename "${SHELL:-bash}")"
rc="$HOME/.${shell_name}rc"
init_line="eval \"\$(starship init ${shell_name})\""
grep -qF 'starship init' "$rc" 2>/dev/null || echo "$init_line" >> "$rc"
echo "starship enabled in $rc"
