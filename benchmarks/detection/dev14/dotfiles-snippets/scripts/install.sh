#!/usr/bin/env bash
# Write the chosen snippets into a marked block of a shell rc file.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
begin='# >>> dotfiles-snippets >>>'
end='# <<< dotfiles-snippets <<<'
rc=""; remove=0; chosen=()

while [[ $# -gt 0 ]]; do
  case "$1" in
    --rc) rc="$2"; shift 2 ;;
    --remove) remove=1; shift ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) chosen+=("$1"); shift ;;
  esac
done
[[ -n "$rc" ]] || { echo "usage: install.sh --rc FILE [--remove] SNIPPET..." >&2; exit 2; }
case "$rc" in *zshrc*) shell=zsh ;; *) shell=bash ;; esac

touch "$rc"
cp -p "$rc" "$rc.bak.$(date +%Y%m%d%H%M%S)"

# drop any previous block
tmp="$(mktemp)"
awk -v b="$begin" -v e="$end" '$0 == b { skip = 1; next } $0 == e { skip = 0; next } !skip' "$rc" >"$tmp"

if (( remove )); then
  cat "$tmp" >"$rc"; rm -f "$tmp"
  echo "removed the dotfiles-snippets block from $rc"
  exit 0
fi
(( ${#chosen[@]} )) || { echo "no snippets chosen" >&2; rm -f "$tmp"; exit 2; }

{
  cat "$tmp"
  echo "$begin"
  for name in "${chosen[@]}"; do
    file="$here/snippets/$name.sh"
    [[ -f "$file" ]] || { echo "unknown snippet: $name" >&2; continue; }
    need="$(sed -n 's/^# requires: //p' "$file")"
    if [[ -n "$need" ]] && ! command -v "$need" >/dev/null; then
      echo "skipping $name: $need is not installed" >&2
      continue
    fi
    echo "# -- $name"
    [[ "$shell" == zsh && "$name" == history ]] && { echo 'setopt HIST_IGNORE_ALL_DUPS SHARE_HISTORY'; echo 'HISTSIZE=100000 SAVEHIST=100000'; continue; }
    sed "s/__SHELL__/$shell/g; /^# requires:/d" "$file"
  done
  echo "$end"
} >"$rc"
rm -f "$tmp"
echo "updated $rc (backup beside it); open a new shell or: source $rc"
