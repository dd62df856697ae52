#!/usr/bin/env bash
# Install skillscope with its test extras, the third-party publishers and the conformance suite,
# then run the whole test suite. Run from anywhere; everything lands under the repository.
#
#   bash scripts/test.sh [pytest args...]
#
# Tests run in parallel (pytest-xdist), two workers per CPU (at most 16) unless SKILLSCOPE_TEST_WORKERS
# says otherwise (a number, or 0 for one process); pytest args after it win, so `-n 0` works too.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3}"
say() { printf '[test] %s\n' "$*"; }

# The signing tests check skillscope's SSH signatures with the real ssh-keygen and ssh-agent.
# Idempotent: nothing is installed when they are already on PATH.
if ! command -v ssh-keygen >/dev/null || ! command -v ssh-agent >/dev/null; then
  if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    say "installing openssh-client (ssh-keygen, ssh-agent)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openssh-client >/dev/null
  else
    say "openssh-client is missing and cannot be installed here: the ssh-keygen tests will be skipped (fail in CI)"
  fi
fi

# The TUI's copy test puts text in a real tmux server's paste buffer (its own socket under the test's tmp dir).
if ! command -v tmux >/dev/null; then
  if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    say "installing tmux (the TUI's copy-under-tmux test)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux >/dev/null
  else
    say "tmux is missing and cannot be installed here: the copy-under-tmux test will be skipped (fail in CI)"
  fi
fi

if [ ! -x .venv/bin/python ]; then
  say "creating .venv with $("$PYTHON" --version)"
  "$PYTHON" -m venv .venv
fi
# The three installs are independent (each its own venv or npm folder), so they run side by side:
# on a fresh machine most of their time is waiting for the registries. Each logs to its own file,
# shown when it fails.
logs=$(mktemp -d)
say "installing skillscope[test], the third-party publishers and scanner (tests/interop/setup.sh) and the conformance suite, in parallel"
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]' >"$logs/skillscope.log" 2>&1 & pids=("$!:skillscope")
bash tests/interop/setup.sh >"$logs/interop.log" 2>&1 & pids+=("$!:interop")
if [ -f tests/conformance/setup.sh ]; then
  bash tests/conformance/setup.sh >"$logs/conformance.log" 2>&1 & pids+=("$!:conformance")
fi
# Where each part lands, so the wait can say how far it has come (a fresh install is about 1 GB).
declare -A dest=([skillscope]=.venv [interop]="${SKILLSCOPE_INTEROP_CACHE:-.cache/interop}" [conformance]=.cache/conformance)
started=$(date +%s)
size_of() { du -sm "$1" 2>/dev/null | cut -f1 || echo 0; }
# While the installs run, one line every 15 s with each running part's size on disk: a fresh machine
# spends minutes here and a silent terminal looks hung.
(
  while sleep 15; do
    line=""
    for entry in "${pids[@]}"; do
      pid=${entry%%:*}; part=${entry#*:}
      kill -0 "$pid" 2>/dev/null && line+=" $part $(size_of "${dest[$part]}") MB,"
    done
    [ -n "$line" ] || break
    say "still installing (${line%,}; $(( $(date +%s) - started )) s so far)"
  done
) & ticker=$!
failed=0
for entry in "${pids[@]}"; do
  pid=${entry%%:*}; part=${entry#*:}
  if wait "$pid"; then
    say "$part: installed (${dest[$part]}: $(size_of "${dest[$part]}") MB, $(( $(date +%s) - started )) s)"
  else
    say "$part: install FAILED; its log follows"; cat "$logs/$part.log" >&2; failed=1
  fi
done
kill "$ticker" 2>/dev/null || true
wait "$ticker" 2>/dev/null || true
[ "$failed" = 0 ] || exit 1
cat "$logs/interop.log" "$logs/conformance.log" 2>/dev/null || true
rm -rf "$logs"

# Byte-compile skillscope and the test helpers once: with PYTHONDONTWRITEBYTECODE set (as on many CI
# runners) every process the suite starts (xdist workers, CLI runs, conformance clients) would
# otherwise compile them again from source. Python checks each .pyc against its source's mtime.
.venv/bin/python -m compileall -q -j 0 skillscope tests >/dev/null || true
# pytest rewrites the asserts of its plugins' modules too (hypothesis, anyio, syrupy, xdist: about 140), before
# tests/conftest.py can let it keep them; with PYTHONDONTWRITEBYTECODE set, every worker rewrote them all again.
# One collection with bytecode allowed leaves them beside the plugins, where every later process reads them
# (pytest names them for its version: once they are there for this one, there is nothing to do).
pytest_tag="pytest-$(.venv/bin/python -c 'import pytest; print(pytest.__version__)')"
if [ -n "${PYTHONDONTWRITEBYTECODE:-}" ] \
  && ! compgen -G ".venv/lib/python*/site-packages/xdist/__pycache__/*-$pytest_tag.pyc" >/dev/null; then
  env -u PYTHONDONTWRITEBYTECODE .venv/bin/python -m pytest -q --collect-only -p no:cacheprovider \
    tests/test_timing_rules.py >/dev/null 2>&1 || true
fi

say "running pytest"
# loadgroup: a module marked xdist_group (one that starts publishers or the conformance suite
# once for all its tests) stays on one worker; every other test goes wherever a worker is free.
# Two workers per CPU: with one, about a fifth of the CPUs' time went idle while tests waited on what
# they are about (a server's start, a timeout, a Node process); a second worker runs meanwhile.
# Figures in benchmarks/README.md. The cap keeps memory in hand on a large machine (~250 MB a worker).
cpus=$(nproc 2>/dev/null || echo 2)
workers=$(( cpus * 2 > 16 ? 16 : cpus * 2 ))
exec .venv/bin/python -m pytest -n "${SKILLSCOPE_TEST_WORKERS:-$workers}" --dist loadgroup "$@"
