#!/usr/bin/env bash
# Install skillscope with its test extras, the third-party publishers and the conformance suite,
# then run the whole test suite. Run from anywhere; everything lands under the repository.
#
#   bash scripts/test.sh [pytest args...]
#
# Tests run in parallel (pytest-xdist), one worker per CPU unless SKILLSCOPE_TEST_WORKERS says
# otherwise (a number, or 0 for one process); pytest args after it win, so `-n 0` works too.
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

if [ ! -x .venv/bin/python ]; then
  say "creating .venv with $("$PYTHON" --version)"
  "$PYTHON" -m venv .venv
fi
say "installing skillscope[test]"
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]'

say "installing third-party skill publishers (tests/interop/setup.sh)"
bash tests/interop/setup.sh
if [ -f tests/conformance/setup.sh ]; then
  say "installing the MCP conformance suite (tests/conformance/setup.sh)"
  bash tests/conformance/setup.sh
fi

say "running pytest"
# loadgroup: a module marked xdist_group (one that starts publishers or the conformance suite
# once for all its tests) stays on one worker; every other test goes wherever a worker is free.
exec .venv/bin/python -m pytest -n "${SKILLSCOPE_TEST_WORKERS:-auto}" --dist loadgroup "$@"
