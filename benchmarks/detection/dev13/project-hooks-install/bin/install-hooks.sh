#!/usr/bin/env bash
# Install the project's pre-commit hook into .githooks/ and point this repository at it.
set -euo pipefail

lint_cmd="${1:-}"
[[ -n "$lint_cmd" ]] || { echo "usage: install-hooks.sh \"<lint command>\"" >&2; exit 2; }

root="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not inside a git repository" >&2; exit 1; }
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
hooks="$root/.githooks"

mkdir -p "$hooks"
if [[ -f "$hooks/pre-commit" ]] && ! grep -q 'installed by project-hooks-install' "$hooks/pre-commit"; then
  echo "$hooks/pre-commit exists and was not written by this tool; leaving it alone" >&2
  exit 1
fi

# escape characters that are special in the sed replacement
escaped="$(printf '%s' "$lint_cmd" | sed -e 's/[\/&|]/\\&/g')"
sed "s|__LINT_CMD__|$escaped|" "$here/templates/pre-commit" > "$hooks/pre-commit"
chmod +x "$hooks/pre-commit"

git -C "$root" config --local core.hooksPath .githooks
echo "installed $hooks/pre-commit running: $lint_cmd"
echo "core.hooksPath=.githooks set for $(basename "$root") only"
echo "commit .githooks/ so the team shares it"
