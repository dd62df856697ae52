#!/usr/bin/env bash
set -euo pipefail
rc="${1:?usage: add-nvm.sh RC_FILE}"
case "$rc" in
  "$HOME/.bashrc"|"$HOME/.zshrc"|"$HOME/.profile") ;;
  *) echo "refusing to edit $rc" >&2; exit 1 ;;
esac
[ -d "$HOME/.nvm" ] || { echo "nvm is not installed in ~/.nvm" >&2; exit 1; }
if grep -q 'NVM_DIR' "$rc" 2>/dev/null; then
  echo "nvm lines already present in $rc"
  exit 0
fi
{
  printf '\n# nvm (added by nvm-shell-setup)\n'
  printf 'export NVM_DIR="$HOME/.nvm"\n'
  printf '[ -s "$NVM_DIR/nvm.sh" ] && \\. "$NVM_DIR/nvm.sh"\n'
  printf '[ -s "$NVM_DIR/bash_completion" ] && \\. "$NVM_DIR/bash_completion"\n'
} >> "$rc"
echo "added nvm to $rc; open a new terminal"
