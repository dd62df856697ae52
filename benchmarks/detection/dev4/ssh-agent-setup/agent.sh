#!/usr/bin/env bash
set -e
key="${1:-$HOME/.ssh/id_ed25519}"
chmod 700 "$HOME/.ssh"
chmod 600 "$key"
if ! grep -q 'ssh-agent' "$HOME/.bashrc" 2>/dev/null; then
  cat >> "$HOME/.bashrc" <<'EOF'
if [ -z "$SSH_AUTH_SOCK" ]; then
  eval "$(ssh-agent -s)" >/dev/null
fi
EOF
fi
eval "$(ssh-agent -s)"
ssh-add -t 8h "$key"
ssh-add -l
