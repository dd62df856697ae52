#!/usr/bin/env bash
here="$(cd "$(dirname "$0")" && pwd)"
git config --global include.path "$here/aliases.gitconfig"
echo "aliases installed: git lg, git st"
