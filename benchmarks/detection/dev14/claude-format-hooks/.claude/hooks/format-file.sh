#!/usr/bin/env bash
# PostToolUse: format the file that was just edited.
input="$(cat)"
file="$(jq -r '.tool_input.file_path // empty' <<<"$input")"
[[ -f "$file" ]] || exit 0
case "$file" in
  "$CLAUDE_PROJECT_DIR"/*) ;;
  *) exit 0 ;;   # only files inside the project
esac
case "$file" in
  *.js|*.jsx|*.ts|*.tsx|*.json|*.css|*.scss|*.md|*.yaml|*.yml)
    [[ -x "$CLAUDE_PROJECT_DIR/node_modules/.bin/prettier" ]] && npx prettier --write --log-level warn "$file" ;;
  *.py)
    command -v ruff >/dev/null && { ruff format --quiet "$file"; ruff check --quiet --fix "$file" || true; } ;;
  *.go)
    command -v gofmt >/dev/null && gofmt -w "$file" ;;
  *.rs)
    command -v rustfmt >/dev/null && rustfmt --edition 2021 "$file" ;;
esac
exit 0
