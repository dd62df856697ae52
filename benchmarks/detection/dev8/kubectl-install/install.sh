#!/usr/bin/env bash
set -euo pipefail
ver="${1:-$(curl -fsSL https://dl.k8s.io/release/stable.txt)}"
os="$(uname -s | tr '[:upper:]' '[:lower:]')"
case "$(uname -m)" in x86_64) arch=amd64 ;; aarch64|arm64) arch=arm64 ;; *) echo "unsupported arch" >&2; exit 1 ;; esac
base="https://dl.k8s.io/release/$ver/bin/$os/$arch"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
curl -fsSLo "$tmp/kubectl" "$base/kubectl"
curl -fsSLo "$tmp/kubectl.sha256" "$base/kubectl.sha256"
echo "$(cat "$tmp/kubectl.sha256")  $tmp/kubectl" | sha256sum --check --status || { echo "checksum mismatch" >&2; exit 1; }
install -m 0755 -D "$tmp/kubectl" "$HOME/.local/bin/kubectl"
"$HOME/.local/bin/kubectl" version --client
