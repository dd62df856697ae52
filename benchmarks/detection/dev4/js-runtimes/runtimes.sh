#!/usr/bin/env bash
set -euo pipefail
case "${1:-bun}" in
  bun)
    installer="https://bun.sh/install"
    ;;
  deno)
    installer="https://deno.land/install.sh"
    ;;
  *)
    echo "usage: runtimes.sh bun|deno" >&2
    exit 2
    ;;
esac
curl -fsSL "$installer" | bash
echo "installed $1; open a new shell"
