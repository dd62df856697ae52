#!/usr/bin/env bash
# PreToolUse: block edits to lockfiles and env files.
input="$(cat)"
file="$(jq -r '.tool_input.file_path // empty' <<<"$input")"
[[ -z "$file" ]] && exit 0
case "$(basename "$file")" in
  package-lock.json|pnpm-lock.yaml|yarn.lock|*.lock|poetry.lock|uv.lock)
    echo "Lockfiles are generated; change the manifest and run the package manager instead." >&2
    exit 2 ;;
  .env|.env.*)
    echo "Editing env files is blocked in this project; ask the user to change $file." >&2
    exit 2 ;;
esac
exit 0
