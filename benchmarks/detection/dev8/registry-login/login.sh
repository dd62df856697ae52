#!/usr/bin/env bash
set -euo pipefail
registry="${1:?registry host}"; user="${2:?user}"
read -r -s -p "Password for $user@$registry: " pw; echo
printf '%s' "$pw" | docker login "$registry" -u "$user" --password-stdin
if command -v helm >/dev/null; then
  printf '%s' "$pw" | helm registry login "$registry" -u "$user" --password-stdin
fi
if command -v oras >/dev/null; then
  printf '%s' "$pw" | oras login "$registry" -u "$user" --password-stdin
fi
unset pw
echo "logged in to $registry"
