#!/usr/bin/env bash
msg="${1:-$(cat "${2:-/dev/stdin}")}"
subject="${msg%%$'\n'*}"
re='^(feat|fix|docs|style|refactor|perf|test|build|ci|chore|revert)(\([a-z0-9-]+\))?!?: .+'
[[ "$subject" =~ $re ]] || { echo "commit-lint: '$subject' is not a conventional commit"; exit 1; }
(( ${#subject} <= 72 )) || { echo "commit-lint: subject longer than 72 characters"; exit 1; }
[[ "$subject" != *. ]] || { echo "commit-lint: subject ends with a period"; exit 1; }
