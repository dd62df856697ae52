#!/bin/bash
set -euo pipefail
repo="$1"
token=$(gh auth token)
since=$(git describe --tags --abbrev=0)
bash "$(dirname "$0")/fetch.sh" "$repo" "$since" "$token"
