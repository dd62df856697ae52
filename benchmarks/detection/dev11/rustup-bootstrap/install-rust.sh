#!/bin/sh
# install-rust.sh [--target T]... [component]...: official rustup install, then components and targets.
set -eu

if command -v rustup >/dev/null 2>&1; then
  echo "rustup is already installed: $(rustup --version 2>/dev/null)"
  echo "run 'rustup update' to update the toolchain"
  exit 0
fi

targets=""
components=""
while [ $# -gt 0 ]; do
  case "$1" in
    --target) targets="$targets $2"; shift 2 ;;
    *) components="$components $1"; shift ;;
  esac
done

# The installer command published on https://www.rust-lang.org/tools/install
curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile default --no-modify-path

. "$HOME/.cargo/env"
for c in $components; do rustup component add "$c"; done
for t in $targets; do rustup target add "$t"; done

rustc --version
cargo --version
echo "add Rust to new shells with: . \"\$HOME/.cargo/env\" (the installer did not edit your shell profile)"
