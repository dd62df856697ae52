#!/bin/sh
# setup.sh [--check] - install (or check) the DevOps Brewfile.
set -eu
here=$(cd "$(dirname "$0")" && pwd)

command -v brew >/dev/null || { echo "Homebrew is not installed; see the Homebrew website" >&2; exit 1; }

if [ "${1:-}" = "--check" ]; then
  brew bundle check --verbose --file "$here/Brewfile" || true
  exit 0
fi

before=$(brew list --formula -1 2>/dev/null | sort)
HOMEBREW_NO_AUTO_UPDATE=1 brew bundle install --file "$here/Brewfile" --no-upgrade
after=$(brew list --formula -1 2>/dev/null | sort)

echo
echo "newly installed:"
printf '%s\n' "$before" > "${TMPDIR:-/tmp}/brew-before.$$"
printf '%s\n' "$after" | comm -13 "${TMPDIR:-/tmp}/brew-before.$$" - | sed 's/^/  /'
rm -f "${TMPDIR:-/tmp}/brew-before.$$"
