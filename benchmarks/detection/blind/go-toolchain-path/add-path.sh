#!/usr/bin/env bash
set -euo pipefail

line='export PATH="$PATH:/usr/local/go/bin:$HOME/go/bin"'
case "$(basename "${SHELL:-bash}")" in
  zsh) rc="$HOME/.zshrc" ;;
  *) rc="$HOME/.bashrc" ;;
esac

if [[ ! -x /usr/local/go/bin/go ]]; then
  echo "Go is not installed in /usr/local/go; install it first (https://go.dev/doc/install)"
  exit 1
fi

if grep -qxF "$line" "$rc" 2>/dev/null; then
  echo "PATH line already in $rc"
else
  printf '\n# Go toolchain\n%s\n' "$line" >>"$rc"
  echo "added to $rc: $line"
fi
echo "open a new terminal, then run: go version"
