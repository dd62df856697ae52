#!/bin/sh
# add-magit.sh [--forge] [--diff-hl] [--dry-run] - append Magit's use-package block to init.el.
set -eu
here=$(cd "$(dirname "$0")" && pwd)

forge=false diffhl=false dry=false
for a in "$@"; do
  case "$a" in
    --forge) forge=true ;;
    --diff-hl) diffhl=true ;;
    --dry-run) dry=true ;;
    *) echo "unknown option $a" >&2; exit 2 ;;
  esac
done

if [ -f "$HOME/.config/emacs/init.el" ] && [ ! -f "$HOME/.emacs.d/init.el" ]; then
  init="$HOME/.config/emacs/init.el"
else
  init="$HOME/.emacs.d/init.el"
fi

snippet=$(cat "$here/snippets/magit.el")
$forge && snippet="$snippet
$(cat "$here/snippets/forge.el")"
$diffhl && snippet="$snippet
$(cat "$here/snippets/diff-hl.el")"

if $dry; then
  printf '# would append to %s:\n%s\n' "$init" "$snippet"
  exit 0
fi

mkdir -p "$(dirname "$init")"
touch "$init"
if grep -q "magit" "$init"; then
  echo "$init already configures magit; nothing changed"
  exit 0
fi
cp "$init" "$init.bak.$(date +%Y%m%d%H%M%S)"
printf '%s\n' "$snippet" >> "$init"
echo "appended Magit setup to $init (backup next to it); restart Emacs to install"
