#!/usr/bin/env bash
f="$1"
case "$f" in
  *.py)
    rel="${f#src/}"; t="tests/$(dirname "$rel")/test_$(basename "$rel")"
    if [[ -f "$t" ]]; then pytest -q "$t"; else pytest -q -k "$(basename "$f" .py)"; fi ;;
  *.ts|*.tsx|*.js) npx jest --findRelatedTests "$f" ;;
  *.go) go test "./$(dirname "$f")/..." ;;
esac
