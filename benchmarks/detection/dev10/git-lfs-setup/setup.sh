#!/usr/bin/env bash
set -euo pipefail
command -v git-lfs >/dev/null || { echo "install git-lfs first (brew/apt install git-lfs)" >&2; exit 1; }
(( $# )) || { echo "usage: setup.sh PATTERN..." >&2; exit 1; }
git lfs install
for pattern in "$@"; do
  git lfs track "$pattern"
done
git add .gitattributes
git config --global --get-regexp '^filter\.lfs\.'
echo "tracking: $*  (commit .gitattributes to share it)"
