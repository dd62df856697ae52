#!/bin/sh
# notes.sh [FROM [TO]] [--next] - release notes from Conventional Commits.
set -eu

next_only=false
[ "${1:-}" = "--next" ] && { next_only=true; shift; }
from=${1:-$(git describe --tags --abbrev=0 2>/dev/null || git rev-list --max-parents=0 HEAD)}
to=${2:-HEAD}

remote=$(git remote get-url origin 2>/dev/null || echo "")
web=$(printf '%s' "$remote" | sed -e 's#^git@\([^:]*\):#https://\1/#' -e 's#\.git$##')

log=$(git log --no-merges --format='%H%x1f%s%x1f%b%x1f%an%x1e' "$from..$to")

bump=patch
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

printf '%s' "$log" | awk -v RS='\036' -v FS='\037' -v dir="$tmp" '
  NF < 2 { next }
  {
    sub(/^\n/, "", $1)
    subj = $2; body = $3; author = $4
    type = subj; sub(/[(:!].*/, "", type)
    breaking = (subj ~ /^[a-z]+(\([^)]*\))?!:/ || body ~ /BREAKING CHANGE:/)
    text = subj; sub(/^[a-z]+(\([^)]*\))?!?: */, "", text)
    scope = ""
    if (match(subj, /^[a-z]+\([^)]*\)/)) { scope = substr(subj, length(type) + 2, RLENGTH - length(type) - 2) }
    line = "- " (scope != "" ? "**" scope ":** " : "") text
    if (breaking) f = "breaking"
    else if (type == "feat") f = "feat"
    else if (type == "fix") f = "fix"
    else if (type == "perf") f = "perf"
    else if (type == "docs" || type == "refactor" || type == "chore" || type == "test" || type == "ci") f = "internal"
    else f = "other"
    print line >> (dir "/" f)
    print author >> (dir "/authors")
  }'

[ -s "$tmp/feat" ] && bump=minor
[ -s "$tmp/breaking" ] && bump=major

current=$(printf '%s' "$from" | sed 's/^v//')
case "$current" in
  *.*.*) ;;
  *) current=0.0.0 ;;
esac
IFS=. read -r ma mi pa <<EOV
$current
EOV
case $bump in
  major) next="$((ma + 1)).0.0" ;;
  minor) next="$ma.$((mi + 1)).0" ;;
  *) next="$ma.$mi.$((pa + 1))" ;;
esac

if $next_only; then
  echo "v$next ($bump)"
  exit 0
fi

section() {
  [ -s "$tmp/$1" ] || return 0
  printf '\n### %s\n\n' "$2"
  if [ -n "$web" ]; then
    sed -E "s#\(\#([0-9]+)\)#([\#\1]($web/pull/\1))#g" "$tmp/$1"
  else
    cat "$tmp/$1"
  fi
}

printf '## v%s\n' "$next"
section breaking "Breaking changes"
section feat "Features"
section fix "Fixes"
section perf "Performance"
section other "Other"
section internal "Internal"
if [ -s "$tmp/authors" ]; then
  printf '\n### Contributors\n\n'
  sort -u "$tmp/authors" | sed 's/^/- /'
fi
