#!/usr/bin/env bash
# Install a pinned golangci-lint release from GitHub, verified against its checksums file.
set -euo pipefail

version="${1:?usage: install-golangci-lint.sh <version> [dest-dir]}"
version="${version#v}"
dest="${2:-./bin}"

case "$(uname -s)" in
  Linux) os=linux ;;
  Darwin) os=darwin ;;
  *) echo "unsupported OS: $(uname -s)" >&2; exit 1 ;;
esac
case "$(uname -m)" in
  x86_64|amd64) arch=amd64 ;;
  arm64|aarch64) arch=arm64 ;;
  *) echo "unsupported architecture: $(uname -m)" >&2; exit 1 ;;
esac

base="https://github.com/golangci/golangci-lint/releases/download/v${version}"
archive="golangci-lint-${version}-${os}-${arch}.tar.gz"
sums="golangci-lint-${version}-checksums.txt"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

echo "downloading $archive"
curl -fsSL --proto '=https' --tlsv1.2 -o "$tmp/$archive" "$base/$archive"
curl -fsSL --proto '=https' --tlsv1.2 -o "$tmp/$sums" "$base/$sums"

expected="$(awk -v f="$archive" '$2 == f { print $1 }' "$tmp/$sums")"
[[ -n "$expected" ]] || { echo "no checksum for $archive in $sums" >&2; exit 1; }
if command -v sha256sum >/dev/null; then
  actual="$(sha256sum "$tmp/$archive" | cut -d' ' -f1)"
else
  actual="$(shasum -a 256 "$tmp/$archive" | cut -d' ' -f1)"
fi
if [[ "$expected" != "$actual" ]]; then
  echo "checksum mismatch for $archive: expected $expected, got $actual" >&2
  exit 1
fi
echo "checksum ok ($actual)"

tar -xzf "$tmp/$archive" -C "$tmp" "golangci-lint-${version}-${os}-${arch}/golangci-lint"
mkdir -p "$dest"
install -m 0755 "$tmp/golangci-lint-${version}-${os}-${arch}/golangci-lint" "$dest/golangci-lint"
"$dest/golangci-lint" --version
