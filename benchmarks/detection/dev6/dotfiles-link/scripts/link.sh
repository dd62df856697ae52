#!/usr/bin/env bash
# Symlink a dotfiles repository's home/ tree into $HOME.
set -euo pipefail

repo="$(cd "${1:?usage: link.sh DOTFILES_DIR [--dry-run|--append-rc|--unlink]}" && pwd)"
shift
dry=0 append_rc=0 unlink=0
for arg in "$@"; do
  case "$arg" in
    --dry-run) dry=1 ;;
    --append-rc) append_rc=1 ;;
    --unlink) unlink=1 ;;
    *) echo "unknown option $arg" >&2; exit 2 ;;
  esac
done

backup="$HOME/.dotfiles-backup/$(date +%Y%m%d-%H%M%S)"
do_() { if [ "$dry" = 1 ]; then echo "would: $*"; else "$@"; fi; }

cd "$repo/home"
find . -type f -o -type l | sed 's#^\./##' | while read -r rel; do
  target="$HOME/$rel"
  if [ "$unlink" = 1 ]; then
    [ -L "$target" ] && [ "$(readlink "$target")" = "$repo/home/$rel" ] && do_ rm "$target"
    continue
  fi
  if [ -L "$target" ] && [ "$(readlink "$target")" = "$repo/home/$rel" ]; then
    continue
  fi
  if [ -e "$target" ] || [ -L "$target" ]; then
    do_ mkdir -p "$(dirname "$backup/$rel")"
    do_ mv "$target" "$backup/$rel"
  fi
  do_ mkdir -p "$(dirname "$target")"
  do_ ln -s "$repo/home/$rel" "$target"
done

if [ "$append_rc" = 1 ] && [ "$unlink" = 0 ]; then
  case "${SHELL##*/}" in
    zsh) rc="$HOME/.zshrc" ;;
    *) rc="$HOME/.bashrc" ;;
  esac
  line="[ -f \"$repo/shell/init.sh\" ] && . \"$repo/shell/init.sh\"  # dotfiles-link"
  if ! grep -qF "# dotfiles-link" "$rc" 2>/dev/null; then
    if [ "$dry" = 1 ]; then
      echo "would append to $rc: $line"
    else
      printf '\n%s\n' "$line" >> "$rc"
      echo "added to $rc: $line"
    fi
  fi
fi
