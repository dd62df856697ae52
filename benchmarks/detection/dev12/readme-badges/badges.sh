#!/bin/sh
# badges.sh [--write] - shields.io badge line for this repository's README.
set -eu

remote=$(git remote get-url origin 2>/dev/null) || { echo "no origin remote" >&2; exit 1; }
slug=$(printf '%s\n' "$remote" | sed -E 's#^(git@github\.com:|https://github\.com/)##; s#\.git$##')
case "$slug" in
  */*) ;;
  *) echo "origin is not a GitHub repository: $remote" >&2; exit 1 ;;
esac
gh="https://github.com/$slug"
badges=""
add() { badges="${badges:+$badges }$1"; }

if [ -f .github/workflows/ci.yml ]; then
  add "[![CI]($gh/actions/workflows/ci.yml/badge.svg)]($gh/actions/workflows/ci.yml)"
fi
if [ -f LICENSE ] || [ -f LICENSE.md ]; then
  add "[![License](https://img.shields.io/github/license/$slug)]($gh/blob/HEAD/LICENSE)"
fi
if [ -n "$(git tag --list | head -n 1)" ]; then
  add "[![Release](https://img.shields.io/github/v/release/$slug?sort=semver)]($gh/releases)"
fi
if [ -f package.json ]; then
  name=$(sed -n 's/^[[:space:]]*"name"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p' package.json | head -n 1)
  [ -n "$name" ] && add "[![npm](https://img.shields.io/npm/v/$name)](https://www.npmjs.com/package/$name)"
fi
if [ -f pyproject.toml ]; then
  name=$(sed -n 's/^name[[:space:]]*=[[:space:]]*"\([^"]*\)".*/\1/p' pyproject.toml | head -n 1)
  [ -n "$name" ] && add "[![PyPI](https://img.shields.io/pypi/v/$name)](https://pypi.org/project/$name/)"
fi

[ -n "$badges" ] || { echo "nothing to badge"; exit 0; }

if [ "${1:-}" != "--write" ]; then
  printf '%s\n' "$badges"
  exit 0
fi

[ -f README.md ] || { echo "no README.md" >&2; exit 1; }
if grep -q "img.shields.io\|/badge.svg" README.md; then
  echo "README.md already has badges; not adding another line"
  exit 0
fi
tmp=$(mktemp)
awk -v line="$badges" 'done == 0 && /^# / { print; print ""; print line; done = 1; next } { print }' README.md > "$tmp"
mv "$tmp" README.md
echo "added badges under the first heading of README.md"
