#!/usr/bin/env bash
# Claude Code status line: model · branch · cwd · prompts today
input="$(cat)"
if command -v jq >/dev/null 2>&1; then
  model="$(jq -r '.model.display_name // "claude"' <<<"$input")"
  dir="$(jq -r '.workspace.current_dir // empty' <<<"$input")"
else
  model="$(sed -n 's/.*"display_name":"\([^"]*\)".*/\1/p' <<<"$input")"
  dir="$(sed -n 's/.*"current_dir":"\([^"]*\)".*/\1/p' <<<"$input")"
fi
dir="${dir:-$PWD}"
branch="$(git -C "$dir" branch --show-current 2>/dev/null)"
count_file="$HOME/.claude/statusline/$(date +%F).count"
count="$(cat "$count_file" 2>/dev/null || echo 0)"
printf '%s · %s · %s · %s prompts today\n' "$model" "${branch:-no git}" "${dir/#$HOME/~}" "$count"
