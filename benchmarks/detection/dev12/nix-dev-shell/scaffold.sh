#!/bin/sh
# scaffold.sh python|node|both - copy the shell.nix template into the current project.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
lang=${1:-python}
[ -e shell.nix ] && { echo "shell.nix already exists; not overwriting" >&2; exit 1; }

case "$lang" in
  python) py=true node=false ;;
  node) py=false node=true ;;
  both) py=true node=true ;;
  *) echo "usage: scaffold.sh python|node|both" >&2; exit 2 ;;
esac

sed -e "s/@withPython@/$py/" -e "s/@withNode@/$node/" "$here/templates/shell.nix" > shell.nix
echo "wrote shell.nix (python=$py node=$node); run nix-shell"
