#!/usr/bin/env bash
set -euo pipefail
command -v rustup >/dev/null || { echo "rustup not found; install it first (see SKILL.md)"; exit 1; }
rustup component add clippy rustfmt rust-analyzer
rustc --version
cargo --version
