#!/usr/bin/env bash
set -euo pipefail
version=${1:?usage: install.sh vX.Y.Z}
[[ "$version" =~ ^v[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "bad version" >&2; exit 1; }
os=$(uname -s | tr '[:upper:]' '[:lower:]')
case "$(uname -m)" in x86_64) arch=amd64 ;; aarch64|arm64) arch=arm64 ;; *) echo "unsupported" >&2; exit 1 ;; esac
base="https://dl.k8s.io/release/$version/bin/$os/$arch"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
curl -fsSLo "$tmp/kubectl" "$base/kubectl"
curl -fsSLo "$tmp/kubectl.sha256" "$base/kubectl.sha256"
echo "$(cat "$tmp/kubectl.sha256")  $tmp/kubectl" | sha256sum --check --status
mkdir -p "$HOME/.local/bin"
install -m 0755 "$tmp/kubectl" "$HOME/.local/bin/kubectl"
"$HOME/.local/bin/kubectl" version --client
