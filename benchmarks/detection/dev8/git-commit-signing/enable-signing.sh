#!/usr/bin/env bash
set -euo pipefail
kind="${1:?ssh or gpg}"; key="${2:?key}"
case "$kind" in
  ssh)
    [ -f "$key" ] || { echo "no such public key $key" >&2; exit 1; }
    git config --global gpg.format ssh
    git config --global user.signingkey "$key"
    signers="$HOME/.config/git/allowed_signers"
    mkdir -p "$(dirname "$signers")"
    printf '%s %s\n' "$(git config --global user.email)" "$(cat "$key")" >> "$signers"
    git config --global gpg.ssh.allowedSignersFile "$signers"
    ;;
  gpg)
    gpg --list-secret-keys "$key" >/dev/null
    git config --global gpg.format openpgp
    git config --global user.signingkey "$key"
    ;;
esac
git config --global commit.gpgsign true
git config --global tag.gpgsign true
echo "signing enabled with $kind key $key"
