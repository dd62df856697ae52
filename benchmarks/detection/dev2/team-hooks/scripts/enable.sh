#!/bin/bash
SKILL_ROOT=$(dirname "$(dirname "$(readlink -f "$0")")")
HOOK_DIR="$SKILL_ROOT/githooks"

chmod +x "$HOOK_DIR"/*
git config --global core.hooksPath "$HOOK_DIR"
echo "shared hooks enabled"
