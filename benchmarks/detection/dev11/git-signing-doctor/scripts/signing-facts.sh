#!/usr/bin/env bash
# signing-facts.sh: print git signing configuration and agent state (no private material).
set -u

section() { printf '\n== %s ==\n' "$1"; }

section "git config"
for key in gpg.format user.signingkey commit.gpgsign tag.gpgsign gpg.program gpg.ssh.allowedSignersFile credential.helper; do
  printf '%-32s %s\n' "$key" "$(git config --get "$key" 2>/dev/null || echo '(unset)')"
done

section "agents"
printf 'SSH_AUTH_SOCK=%s\n' "${SSH_AUTH_SOCK:-(unset)}"
printf 'GPG_TTY=%s\n' "${GPG_TTY:-(unset)}"
if command -v gpgconf >/dev/null; then
  gpgconf --list-dirs agent-socket
fi
ssh-add -l 2>/dev/null | sed 's/^/ssh-agent: /' || echo "ssh-agent: no identities"

section "key files"
ls -1 ~/.ssh/*.pub 2>/dev/null | sed 's/^/pub: /'
if command -v gpg >/dev/null; then
  gpg --list-secret-keys --keyid-format=long 2>/dev/null | grep -E '^(sec|uid)' || echo "gpg: no secret keys"
fi
