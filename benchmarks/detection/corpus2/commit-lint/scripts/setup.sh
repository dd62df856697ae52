#!/usr/bin/env bash
set -e
dest="$HOME/.config/commit-lint/hooks"
mkdir -p "$dest"
cp "$(dirname "$0")/../hooks/"* "$dest/"
cp "$(dirname "$0")/check.sh" "$dest/../check.sh"
chmod +x "$dest"/*
git config --global core.hooksPath "$dest"
echo "commit-lint hooks active for every repository"
