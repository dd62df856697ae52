#!/usr/bin/env bash
# Install MCP Inspector 2.12.0 (npm @modelcontextprotocol/inspector) into .cache/inspector (run from the repo root).
#
# The Inspector needs Node >= 22.19. It runs on the Node 22 that tests/conformance/setup.sh installs
# (.cache/conformance/bin/node), so that script must have run first. npm itself runs on the machine's
# Node 20: its EBADENGINE warnings are expected. The package's postinstall (install-clients.mjs) is a
# no-op when installed as a dependency, and npm 11 does not run it anyway.
#
# Writes .cache/inspector/bin/mcp-inspector, a wrapper that runs the launcher on Node 22 with HOME set
# to .cache/inspector/home (the Inspector creates ~/.mcp-inspector/ for its catalog and secrets).
#
#   .cache/inspector/bin/mcp-inspector --cli URL --method skills/list --verify --protocol-era auto
set -euo pipefail

VERSION="2.12.0"
SRC_DIR="tests/audit/inspector"
DEST=".cache/inspector"
NODE22=".cache/conformance/bin/node"
LAUNCHER="$DEST/node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js"

say() { printf '[setup-inspector] %s\n' "$*"; }
die() { printf '[setup-inspector] ERROR: %s\n' "$*" >&2; exit 1; }

[ -f pyproject.toml ] && [ -f "$SRC_DIR/package.json" ] || die "run me from the repository root"
command -v npm >/dev/null || die "npm is not on PATH"
[ -x "$NODE22" ] || die "$NODE22 is missing: run bash tests/conformance/setup.sh first"

if [ -f "$LAUNCHER" ] && cmp -s "$SRC_DIR/package.json" "$DEST/package.json" \
   && [ "$(HOME="$DEST/home" "$NODE22" "$LAUNCHER" --cli --version 2>/dev/null)" = "$VERSION" ]; then
    say "already installed: inspector $VERSION (nothing to do)"
else
    mkdir -p "$DEST"
    cp "$SRC_DIR/package.json" "$SRC_DIR/package-lock.json" "$DEST/"
    # npm install, not npm ci: the lock npm writes here lacks the Windows-only optional packages
    # (napi-windows-process-start-time), and npm ci then refuses it as out of sync.
    npm install --prefix "$DEST" --no-audit --no-fund --loglevel=error || die "npm install failed"
fi

mkdir -p "$DEST/bin" "$DEST/home"
cat > "$DEST/bin/mcp-inspector" <<'WRAP'
#!/bin/sh
here="$(cd "$(dirname "$0")/.." && pwd)"
HOME="${SKILLSCOPE_INSPECTOR_HOME:-$here/home}" exec "$here/../conformance/bin/node" \
    "$here/node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js" "$@"
WRAP
chmod +x "$DEST/bin/mcp-inspector"
got="$("$DEST/bin/mcp-inspector" --cli --version)" || die "the inspector does not start"
[ "$got" = "$VERSION" ] || die "expected inspector $VERSION, got $got"
say "inspector: $DEST/bin/mcp-inspector -> $got"
