"""Client command for the conformance suite: drives the skillscope CLI the way a user would.

Usage (as the suite calls it): ``python tests/conformance/adapter.py <URL>``

The suite appends the mock server's URL and sets ``MCP_CONFORMANCE_SCENARIO`` and
``MCP_CONFORMANCE_PROTOCOL_VERSION``. The adapter then runs, each in a child process forked from
this one with skillscope's CLI and the SDK already imported (what ``python -m skillscope`` runs,
without importing it all again for every command):

1. ``skillscope list <URL> --json``; the ``sep-2640-client-no-prefetch`` scenario stops here,
   since listing must not read any file;
2. in the ``sep-2640-client-verify-*`` scenarios, ``skillscope show <name> <URL> --all-files --json``
   for every skill the listing marks ``available``.

Whether skillscope refused the tampered skill is judged by the suite from the reads it saw, not
here: a verification failure (``show`` exit 1) is the expected outcome. The adapter exits 0 when
every skillscope run ended with an exit code from the contract (list: 0; show: 0, 1 or 4) and
printed well-formed JSON, and 3 otherwise (a crash, an unexpected exit code, a timeout, bad
JSON). Everything it runs and sees is logged to stderr.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import tempfile
import traceback
from typing import Any
from urllib.parse import urlsplit, urlunsplit

# Imported once here, so each forked command starts with them: the CLI and the modules its list and
# show commands defer (the SDK among them). Whatever is missing, the command imports itself.
import skillscope.protocol.connection
import skillscope.service.catalog
import skillscope.service.review_state
from skillscope.cli import main as skillscope_main

VERIFY_PREFIX = "sep-2640-client-verify-"
# skillscope options per MCP_CONFORMANCE_PROTOCOL_VERSION. The mocks answer server/discover at
# every --spec-version, so skillscope's default (auto) always lands on 2026-07-28; forcing the
# handshake is the only way a 2025-11-25 run exercises the legacy session.
ERA_OPTIONS: dict[str, list[str]] = {"2025-11-25": ["--era", "legacy"]}
# 0 success, 1 verification failed, 4 skill not found / cannot be opened (`skillscope --help`);
# 2 (usage) and 3 (connection or protocol error) mean the run itself went wrong.
CONTRACT_EXIT_CODES = {0, 1, 4}
# A guard against a hung command only: a busy CI runner can take minutes over what a quiet one
# does in seconds, and no outcome here depends on how fast the command ran.
COMMAND_TIMEOUT_S = 600
ADAPTER_ERROR = 3


class AdapterError(Exception):
    """skillscope broke its command-line contract (crash, unexpected exit code, bad JSON)."""


def log(message: str) -> None:
    print(f"[adapter] {message}", file=sys.stderr, flush=True)


def loopback(url: str) -> str:
    """The mock listens on every interface but announces ``localhost``: talk to 127.0.0.1."""
    parts = urlsplit(url)
    if parts.hostname == "localhost":
        netloc = "127.0.0.1" + (f":{parts.port}" if parts.port else "")
        return urlunsplit(parts._replace(netloc=netloc))
    return url


def _run_forked(args: list[str], out: int, err: int) -> int:
    """Run ``skillscope ARGS`` in a forked child writing to ``out`` and ``err``; return its exit status."""
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:  # the child: become ``python -m skillscope ARGS``
        code = 1
        try:
            os.dup2(out, 1)
            os.dup2(err, 2)
            os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
            sys.argv = ["skillscope", *args]
            signal.alarm(COMMAND_TIMEOUT_S)  # a hung command dies of SIGALRM: an exit outside the contract
            skillscope_main(args)
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        except BaseException:  # printed as the interpreter would, exit 1
            traceback.print_exc()
        finally:
            for stream in (sys.stdout, sys.stderr):
                with contextlib.suppress(Exception):
                    stream.flush()
            os._exit(code)
    status = os.waitpid(pid, 0)[1]
    return os.waitstatus_to_exitcode(status)


def skillscope(*args: str) -> tuple[int, Any]:
    """Run ``skillscope <args>``; return its exit code and its stdout parsed as JSON."""
    log("run: skillscope " + " ".join(args))
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        returncode = _run_forked(list(args), out.fileno(), err.fileno())
        out.seek(0)
        err.seek(0)
        stdout, stderr = (f.read().decode("utf-8", errors="replace") for f in (out, err))
    for line in stderr.splitlines():
        log(f"  skillscope stderr: {line}")
    log(f"  exit {returncode}, {len(stdout)} bytes on stdout")
    try:
        data = json.loads(stdout)
    except json.JSONDecodeError as exc:
        head = stdout[:400].replace("\n", "\\n")
        raise AdapterError(f"exit {returncode} with stdout that is not JSON ({exc}): {head!r}") from exc
    return returncode, data


def list_skills(url: str, era: list[str]) -> list[dict[str, Any]] | None:
    code, data = skillscope("list", url, "--json", *era)
    if not isinstance(data, dict) or not isinstance(data.get("skills"), list):
        raise AdapterError(f"list --json printed no skills array: {str(data)[:400]}")
    if not isinstance(data.get("server"), dict) or not isinstance(data.get("warnings", []), list):
        raise AdapterError("list --json lacks the server object or the warnings array")
    log(f"  server: {json.dumps(data['server'], sort_keys=True)[:400]}")
    for warning in data.get("warnings", []):
        log(f"  warning: {warning}")
    for skill in data["skills"]:
        if not isinstance(skill, dict):
            raise AdapterError(f"list --json printed a skill that is not an object: {skill!r}")
        log(f"  skill {skill.get('name')!r} {skill.get('uri')!r}: {skill.get('status')}")
    if code not in CONTRACT_EXIT_CODES:
        raise AdapterError(f"list exited {code}, outside the contract {sorted(CONTRACT_EXIT_CODES)}")
    if code != 0:
        log(f"list exited {code}; nothing more to do")
        return None
    return data["skills"]


def show_skill(name: str, url: str, era: list[str]) -> None:
    code, data = skillscope("show", name, url, "--all-files", "--json", *era)
    if code not in CONTRACT_EXIT_CODES:
        raise AdapterError(f"show {name} exited {code}, outside the contract {sorted(CONTRACT_EXIT_CODES)}")
    if not isinstance(data, dict):
        raise AdapterError(f"show --json printed {type(data).__name__}, not an object")
    verified, failure = data.get("verified"), data.get("failure", "<missing>")
    if not isinstance(verified, bool) or not (failure is None or isinstance(failure, dict)):
        raise AdapterError(f"show --json lacks a boolean 'verified' or an object/null 'failure': {str(data)[:400]}")
    if code in (0, 1) and verified != (code == 0):
        raise AdapterError(f"show exited {code} but printed verified={verified}")
    if verified:
        log(f"  {name}: verified")
    else:
        log(f"  {name}: NOT verified: {json.dumps(failure, sort_keys=True)[:600]}")


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print("usage: adapter.py <server-url>", file=sys.stderr)
        return 2
    url = loopback(argv[-1])
    scenario = os.environ.get("MCP_CONFORMANCE_SCENARIO", "")
    version = os.environ.get("MCP_CONFORMANCE_PROTOCOL_VERSION", "")
    era = ERA_OPTIONS.get(version, [])
    log(f"scenario={scenario or '(unset)'} version={version or '(unset)'} url={url} era options={era}")
    try:
        skills = list_skills(url, era)
        if skills is None or not scenario.startswith(VERIFY_PREFIX):
            return 0
        for skill in skills:
            if skill.get("status") != "available":
                continue
            name = skill.get("name")
            if not isinstance(name, str) or not name:
                raise AdapterError(f"available skill without a name: {skill!r}")
            show_skill(name, url, era)
    except AdapterError as exc:
        log(f"ERROR: {exc}")
        return ADAPTER_ERROR
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
