#!/usr/bin/env bash
set -euo pipefail

title=${1:?key title, e.g. laptop-2025}
key="$HOME/.ssh/id_ed25519_github"

mkdir -p "$HOME/.ssh" && chmod 700 "$HOME/.ssh"
if [[ -e "$key" ]]; then
  echo "$key already exists; not overwriting"
else
  ssh-keygen -t ed25519 -C "$title" -f "$key"
fi
chmod 600 "$key"
chmod 644 "$key.pub"

if ! grep -q 'id_ed25519_github' "$HOME/.ssh/config" 2>/dev/null; then
  printf '\nHost github.com\n  IdentityFile %s\n  IdentitiesOnly yes\n' "$key" >>"$HOME/.ssh/config"
  chmod 600 "$HOME/.ssh/config"
fi

gh ssh-key add "$key.pub" --title "$title"
ssh -T git@github.com || true
