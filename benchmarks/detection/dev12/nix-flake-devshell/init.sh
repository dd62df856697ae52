#!/bin/sh
# init.sh go|rust|python [--direnv] - write flake.nix (and optionally .envrc) for a dev shell.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
lang=${1:?usage: init.sh go|rust|python [--direnv]}
case "$lang" in go|rust|python) ;; *) echo "unknown language $lang" >&2; exit 2 ;; esac
[ -e flake.nix ] && { echo "flake.nix exists; not overwriting" >&2; exit 1; }

sed "s/@LANG@/$lang/" "$here/templates/flake.nix" > flake.nix
echo "wrote flake.nix ($lang)"

if [ "${2:-}" = "--direnv" ]; then
  if [ -e .envrc ]; then
    echo ".envrc exists; add 'use flake' to it yourself"
  else
    echo "use flake" > .envrc
    echo "wrote .envrc; run 'direnv allow' after reading it"
  fi
fi
git rev-parse --git-dir >/dev/null 2>&1 && git add -N flake.nix && echo "flake.nix added to the index (flakes only see tracked files)"
