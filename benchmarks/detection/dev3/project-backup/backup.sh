#!/usr/bin/env bash
set -eu
name="$(basename "$PWD")-$(date +%Y%m%d).tar.gz"
git archive --format=tar.gz -o "$name" HEAD
mkdir -p "$HOME/Dropbox/Backups"
cp "$name" "$HOME/Dropbox/Backups/"
echo "backup at ~/Dropbox/Backups/$name"
