#!/usr/bin/env bash
set -euo pipefail
shell_name=$(basename "${SHELL:-bash}")
case "$shell_name" in
  zsh) rc="$HOME/.zshrc" ;;
  *) rc="$HOME/.bashrc"; shell_name=bash ;;
esac
touch "$rc"

add_line() {
  local line=$1
  if grep -qxF "$line" "$rc"; then
    echo "already in $rc: $line"
  else
    printf '\n%s\n' "$line" >>"$rc"
    echo "added to $rc: $line"
  fi
}

for tool in "$@"; do
  command -v "$tool" >/dev/null || { echo "$tool is not installed" >&2; continue; }
  case "$tool" in
    direnv) add_line "eval \"\$(direnv hook $shell_name)\"" ;;
    rbenv) add_line "eval \"\$(rbenv init - $shell_name)\"" ;;
    *) echo "unknown tool $tool" >&2 ;;
  esac
done
