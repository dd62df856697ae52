#!/usr/bin/env bash
# Install the team .envrc and allow it after the user has seen it.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
root="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
command -v direnv >/dev/null || { echo "direnv is not installed" >&2; exit 1; }

if [[ -f "$root/.envrc" ]]; then
  echo "an .envrc already exists; diff against the template:"
  diff -u "$root/.envrc" "$here/template/.envrc" || true
  exit 0
fi
cp "$here/template/.envrc" "$root/.envrc"
for f in .env.local .envrc.local .direnv/; do
  grep -qxF "$f" "$root/.gitignore" 2>/dev/null || echo "$f" >>"$root/.gitignore"
done
cat "$root/.envrc"
read -r -p "allow this .envrc now? [y/N] " ans
if [[ "$ans" == [yY]* ]]; then
  direnv allow "$root"
else
  echo "not allowed yet; run 'direnv allow' in $root when ready"
fi
