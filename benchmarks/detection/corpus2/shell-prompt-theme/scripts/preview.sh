#!/usr/bin/env bash
theme="${1:-nord}"
source "$(dirname "$0")/../themes/${theme}.sh"
branch=$(git branch --show-current 2>/dev/null)
printf '%b\n' "${PT_C1//\\[/}${PWD/#$HOME/~}${PT_RESET//\\[/} ${PT_C2//\\[/}${branch}${PT_RESET//\\[/}"
printf '❯ \n'
