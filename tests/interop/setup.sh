#!/usr/bin/env bash
# Install the third-party skill publishers used by the interop tests.
#
#   bash tests/interop/setup.sh        (run from the repository root)
#
# Creates (idempotently):
#   .cache/interop/py312  Python 3.12 venv: agentskills-mcp-server, agentskills-fs, fastmcp
#   .cache/interop/node   npm project: @modelcontextprotocol/server + @modelcontextprotocol/node
#   .cache/interop/roomkit Python 3.12 venv: roomkit[mcp] (a host; it needs mcp<2, so it never
#                          shares a venv with skillscope or the publishers)
#   .cache/interop/cisco  Python 3.12 venv: cisco-ai-skill-scanner (a third-party skill scanner that
#                          audit --scanner runs; ~700 MB of dependencies, so a venv of its own)
#
# Only the package registries (PyPI, npm) are needed. Re-running is cheap: each part
# is skipped when a stamp file records that the same pinned versions are installed.
# The four parts are independent (a folder each), so they install side by side, each logging
# to its own file (shown when it fails): a fresh install takes as long as the scanner's venv alone.
# Environment overrides: PYTHON312 (interpreter >= 3.12), NODE, NPM, and
# SKILLSCOPE_INTEROP_CACHE (install folder, default .cache/interop; tests/interop/publishers.py
# reads the same variable).
set -euo pipefail

AGENTSKILLS_VERSION=0.7.0
FASTMCP_VERSION=4.1.6
TS_SERVER_VERSION=2.4.0
TS_NODE_VERSION=2.1.2
ROOMKIT_VERSION=0.109.0
CISCO_SCANNER_VERSION=2.3.2

say()  { printf '[interop-setup] %s\n' "$*"; }
fail() { printf '[interop-setup] ERROR: %s\n' "$*" >&2; exit 1; }

[ -f pyproject.toml ] && [ -d tests/interop ] \
  || fail "run this from the repository root (no pyproject.toml / tests/interop here: $PWD)"

CACHE="${SKILLSCOPE_INTEROP_CACHE:-$PWD/.cache/interop}"   # publishers.py reads the same variable
PYDIR="$CACHE/py312"
ROOMKITDIR="$CACHE/roomkit"
CISCODIR="$CACHE/cisco"   # tests/interop/scanners.py reads the same path
NODEDIR="$CACHE/node"
mkdir -p "$CACHE"
start=$(date +%s)

# ---------------------------------------------------------------- Python 3.12 venv
find_python312() {
  local c
  for c in "${PYTHON312:-}" python3.13 python3.12 "$HOME/.pyenv/versions/3.12.1/bin/python3.12" \
           "$HOME"/.pyenv/versions/3.1[2-9]*/bin/python3 /usr/bin/python3.12 /usr/bin/python3 python3; do
    [ -n "$c" ] || continue
    command -v "$c" >/dev/null 2>&1 || [ -x "$c" ] || continue
    if "$c" -c 'import sys, venv; sys.exit(0 if sys.version_info >= (3, 12) else 1)' >/dev/null 2>&1; then
      command -v "$c" 2>/dev/null || echo "$c"
      return 0
    fi
  done
  return 1
}

PY_PINS=("agentskills-mcp-server==$AGENTSKILLS_VERSION" "agentskills-fs==$AGENTSKILLS_VERSION" "fastmcp==$FASTMCP_VERSION")
PY_STAMP="$PYDIR/.interop-stamp"
PY_WANT="${PY_PINS[*]}"
py_ready() {
  [ -f "$PY_STAMP" ] && [ "$(cat "$PY_STAMP")" = "$PY_WANT" ] && [ -x "$PYDIR/bin/python" ] \
    && "$PYDIR/bin/python" -c 'import importlib.util as u, sys
sys.exit(0 if sys.version_info >= (3, 12) and all(u.find_spec(m) for m in ("agentskills_mcp_server", "agentskills_fs", "fastmcp")) else 1)' >/dev/null 2>&1
}
# pip_venv PART DIR IMPORTS PIN...: a Python >= 3.12 venv at DIR with the pins installed and
# IMPORTS (a Python statement) working, then the stamp that records the pins.
pip_venv() {
  local part=$1 dir=$2 imports=$3 py312
  shift 3
  py312=$(find_python312) || fail "no Python >= 3.12 with venv found (set PYTHON312=/path/to/python3.12)"
  say "$part: using $py312 ($("$py312" --version 2>&1))"
  if [ ! -x "$dir/bin/python" ]; then
    say "$part: creating venv $dir"
    "$py312" -m venv "$dir" || fail "could not create venv at $dir"
  fi
  say "$part: pip install $*"
  # pip byte-compiles on purpose (no --no-compile): with PYTHONDONTWRITEBYTECODE set, as on many CI
  # images, nothing would cache the compiled modules and every scan would compile its imports anew.
  "$dir/bin/python" -m pip install --quiet --disable-pip-version-check "$@" \
    || fail "pip install into $dir failed (is PyPI reachable?)"
  "$dir/bin/python" -c "$imports" || fail "installed packages do not import in $dir"
  printf '%s' "$*" > "$dir/.interop-stamp"
  say "$part: done"
}
# compile_venv DIR: byte-compile the venv's modules, also when its install was skipped. pip compiles
# what it installs, but a venv restored or copied without its __pycache__ folders (a CI cache, cp)
# keeps a valid stamp and has none; with PYTHONDONTWRITEBYTECODE set, every scanner run, host and
# publisher start then compiles its imports from source again (about half of a RoomKit host's CPU).
# Current .pyc files are only checked, so a second run costs a few seconds.
compile_venv() {
  "$1/bin/python" -m compileall -q -j 0 "$1/lib" >/dev/null 2>&1 || true
}

part_python() {
  if py_ready; then
    say "python: $PYDIR already has: $PY_WANT (skipping)"
  else
    pip_venv python "$PYDIR" 'import agentskills_mcp_server, agentskills_fs, fastmcp' "${PY_PINS[@]}"
  fi
  compile_venv "$PYDIR"
}

# ---------------------------------------------------------------- RoomKit host venv
RK_PIN="roomkit[mcp]==$ROOMKIT_VERSION"
RK_STAMP="$ROOMKITDIR/.interop-stamp"
rk_ready() {
  [ -f "$RK_STAMP" ] && [ "$(cat "$RK_STAMP")" = "$RK_PIN" ] && [ -x "$ROOMKITDIR/bin/python" ] \
    && "$ROOMKITDIR/bin/python" -c 'import roomkit.skills, roomkit.tools.mcp, mcp' >/dev/null 2>&1
}
part_roomkit() {
  if rk_ready; then
    say "roomkit: $ROOMKITDIR already has: $RK_PIN (skipping)"
  else
    pip_venv roomkit "$ROOMKITDIR" 'import roomkit.skills, roomkit.tools.mcp, mcp' "$RK_PIN"
  fi
  compile_venv "$ROOMKITDIR"
}

# ---------------------------------------------------------------- Cisco skill-scanner venv
# Installed from PyPI like the publishers. Its first install is the slow part of this script
# (about 6 min on a loaded 2-core machine, ~700 MB); afterwards the stamp makes it instant.
# It has no optional extras installed (they add cloud LLM clients); the base requirements are what
# its static analyzers import, so nothing smaller can be asked of pip.
CS_PIN="cisco-ai-skill-scanner==$CISCO_SCANNER_VERSION"
CS_STAMP="$CISCODIR/.interop-stamp"
cs_ready() {
  [ -f "$CS_STAMP" ] && [ "$(cat "$CS_STAMP")" = "$CS_PIN" ] && [ -x "$CISCODIR/bin/skill-scanner" ] \
    && "$CISCODIR/bin/python" -c 'import skill_scanner.cli.cli' >/dev/null 2>&1
}
part_scanner() {
  if cs_ready; then
    say "skill-scanner: $CISCODIR already has: $CS_PIN (skipping)"
  else
    pip_venv skill-scanner "$CISCODIR" 'import skill_scanner.cli.cli' "$CS_PIN"
    [ -x "$CISCODIR/bin/skill-scanner" ] || fail "$CS_PIN installed no skill-scanner command in $CISCODIR/bin"
  fi
  compile_venv "$CISCODIR"
}

# ---------------------------------------------------------------- Node packages
part_node() {
  NODE_BIN=${NODE:-node}
  NPM_BIN=${NPM:-npm}
  command -v "$NODE_BIN" >/dev/null 2>&1 || fail "node not found (need Node >= 20)"
  command -v "$NPM_BIN" >/dev/null 2>&1 || fail "npm not found"
  NODE_MAJOR=$("$NODE_BIN" -p 'process.versions.node.split(".")[0]')
  [ "$NODE_MAJOR" -ge 20 ] || fail "Node >= 20 required, found $("$NODE_BIN" --version)"

  NODE_PINS=("@modelcontextprotocol/server@$TS_SERVER_VERSION" "@modelcontextprotocol/node@$TS_NODE_VERSION")
  NODE_STAMP="$NODEDIR/.interop-stamp"
  NODE_WANT="${NODE_PINS[*]}"
  if [ -f "$NODE_STAMP" ] && [ "$(cat "$NODE_STAMP")" = "$NODE_WANT" ] \
     && [ -f "$NODEDIR/node_modules/@modelcontextprotocol/server/package.json" ]; then
    say "node: $NODEDIR already has: $NODE_WANT (skipping)"
  else
    mkdir -p "$NODEDIR"
    if [ ! -f "$NODEDIR/package.json" ]; then
      printf '{\n  "name": "skillscope-interop-publishers",\n  "private": true,\n  "type": "module"\n}\n' > "$NODEDIR/package.json"
    fi
    say "node: npm install --save-exact ${NODE_PINS[*]} (in $NODEDIR, $("$NODE_BIN" --version))"
    ( cd "$NODEDIR" && "$NPM_BIN" install --no-audit --no-fund --save-exact --loglevel=error "${NODE_PINS[@]}" ) \
      || fail "npm install in $NODEDIR failed (is the npm registry reachable?)"
    [ -f "$NODEDIR/node_modules/@modelcontextprotocol/server/dist/ext/skills/node.mjs" ] \
      || fail "@modelcontextprotocol/server has no dist/ext/skills/node.mjs"
    printf '%s' "$NODE_WANT" > "$NODE_STAMP"
    say "node: done"
  fi
}

# Each part in the background with its own log; all are waited for, and every failure is shown.
logs=$(mktemp -d)
pids=()
for part in python roomkit scanner node; do
  "part_$part" >"$logs/$part.log" 2>&1 &
  pids+=("$!:$part")
done
failed=0
for entry in "${pids[@]}"; do
  pid=${entry%%:*} part=${entry#*:}
  if wait "$pid"; then
    cat "$logs/$part.log"
  else
    cat "$logs/$part.log" >&2
    say "$part: FAILED (its log is above)"
    failed=1
  fi
done
rm -rf "$logs"
[ "$failed" = 0 ] || exit 1

say "all publishers and scanners ready ($(( $(date +%s) - start )) s)"
