#!/bin/bash
purge() {
  local root="$1"
  echo "clearing $root"
  rm -rf -- "$root"/* "$root"/.[!.]*
}

purge "${XDG_CACHE_HOME:-$HOME/.cache}/pip"
purge "$SWEEP_BUILD_ROOT"
df -h "$HOME"
