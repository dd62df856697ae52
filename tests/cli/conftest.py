"""Run the ``skillscope`` command as a user would: in this process through its entry point, or as a real process."""

from __future__ import annotations

import atexit
import contextlib
import faulthandler
import json
import logging
import os
import signal
import subprocess
import sys
import tempfile
import traceback
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from click.testing import CliRunner

from tests.fixtures.hostile import build_scenario
from tests.fixtures.http import REPO_ROOT, serve_http_in_thread, stdio_command

__all__ = ["Run", "http_server", "run_cli", "run_process", "stdio"]


@dataclass
class Run:
    code: int
    out: str
    err: str
    out_bytes: bytes = b""
    """Stdout as written, for tests that hold it to strict UTF-8 (``out`` replaces bad bytes)."""
    peak_mib: float | None = None
    """Peak resident memory of the process and the children it waited for (``run_process`` only)."""

    def json(self) -> Any:
        return json.loads(self.out)


class _EntryPoint:
    """What ``CliRunner.invoke`` calls: the console script's ``main``, not just the click group.

    ``main`` is what a user runs; it also installs the SIGTERM handler and masks secrets in
    both output streams, which the click group alone would skip.
    """

    def main(self, args: Sequence[str], prog_name: str) -> None:  # CliRunner's signature
        from skillscope.cli import main

        try:
            main(list(args))
        finally:
            # main wrapped this run's streams and registered their flush at exit; the streams die with the run.
            for stream in (sys.stdout, sys.stderr):
                atexit.unregister(stream.flush)


@contextlib.contextmanager
def _one_run(cwd: str, timeout: float) -> Iterator[None]:
    """Leave the process as a fresh one would have been: what one run sets up is undone after it.

    A run installs a SIGTERM handler, wraps stdout and stderr (with an atexit flush), adds
    logging handlers and levels, captures warnings, remembers secrets and its run-log path.
    Each of those would leak into the next run and could make a later test pass for the
    wrong reason (a secret masked only because an earlier run remembered it).
    """
    from skillscope.core import runlog
    from skillscope.core.redact import SECRETS

    root = logging.getLogger()
    saved_handlers, saved_level = list(root.handlers), root.level
    noisy = {name: logging.getLogger(name).level for name in ("httpcore", "httpx", "httpx2", "hpack")}
    warnings_captured = getattr(logging, "_warnings_showwarning", None) is not None
    saved_sigterm = signal.getsignal(signal.SIGTERM)
    saved_cwd, saved_argv, saved_env = os.getcwd(), sys.argv, dict(os.environ)
    SECRETS.clear()
    runlog._state["path"] = None
    # A hung run must fail, not hang the suite: dump every thread's stack and end this worker.
    faulthandler.dump_traceback_later(timeout, exit=True, file=sys.__stderr__)
    os.chdir(cwd)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()
        os.chdir(saved_cwd)
        sys.argv = saved_argv
        if dict(os.environ) != saved_env:
            os.environ.clear()
            os.environ.update(saved_env)
        signal.signal(signal.SIGTERM, saved_sigterm)
        for handler in list(root.handlers):
            if handler not in saved_handlers:
                root.removeHandler(handler)
                handler.close()
        root.setLevel(saved_level)
        for name, level in noisy.items():
            logging.getLogger(name).setLevel(level)
        if not warnings_captured:
            logging.captureWarnings(False)
        SECRETS.clear()
        runlog._state["path"] = None


# The default timeouts of run_cli and run_process guard against a hung run only (a hung in-process run
# ends the worker): far above any honest run, however loaded the machine is.
HANG_GUARD_S = 600.0


def run_cli(
    *args: str, env: dict[str, str] | None = None, cwd: str | None = None, timeout: float = HANG_GUARD_S
) -> Run:
    """Run ``skillscope ARGS`` in this process (CliRunner around the console entry point) and capture its output.

    Stdin is empty and not a terminal, stdout and stderr are separate and not terminals, as
    with the subprocess this replaces. An exception that escapes ``main`` is printed as the
    interpreter would (a traceback on stderr, exit 1), so tests that forbid tracebacks still see it.
    """
    runner = CliRunner(catch_exceptions=True)
    with _one_run(cwd or REPO_ROOT, timeout):
        result = runner.invoke(
            _EntryPoint(),
            list(args),
            env={"COLUMNS": "200", **(env or {})},  # type: ignore[arg-type]
            prog_name="skillscope",
        )
    err = result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        err += "".join(traceback.format_exception(result.exception))
    _hold_to_schema(args, result.stdout)
    return Run(result.exit_code, result.stdout, err, out_bytes=result.stdout_bytes)


def _hold_to_schema(args: Sequence[str], out: str) -> None:
    """Every JSON audit report a test makes on stdout follows the published schema (docs/schemas/)."""
    formats = {b for a, b in zip(args, args[1:], strict=False) if a == "--format"}
    formats |= {a.removeprefix("--format=") for a in args if a.startswith("--format=")}
    if not args or args[0] != "audit" or "json" not in formats or not out.strip():
        return
    try:
        report = json.loads(out)
    except ValueError:
        return  # not a report at all: the test that ran it says what it expected
    from tests.fixtures.report_schema import valid_report

    valid_report(report)


# Runs a command and writes the peak resident memory of it and its waited-for children (KiB)
# to argv[1]. A process forked from a big parent starts with the parent's high-water mark in
# its own ru_maxrss (the kernel keeps it across exec), so the command is forked from this
# small launcher, never from a pytest worker that has grown to hundreds of MiB.
_PEAK_LAUNCHER = """\
import resource, subprocess, sys
code = subprocess.call(sys.argv[2:])
with open(sys.argv[1], "w") as out:
    out.write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
sys.exit(code if code >= 0 else 128 - code)
"""


def run_process(
    *args: str,
    env: dict[str, str] | None = None,
    cwd: str | None = None,
    timeout: float = HANG_GUARD_S,
    peak_memory: bool = False,
) -> Run:
    """Run ``python -m skillscope ARGS`` as a real process: for what only a process shows (exit codes, memory).

    With ``peak_memory``, ``Run.peak_mib`` is the peak resident memory of the skillscope
    process and the servers it started.
    """
    command = [sys.executable, "-m", "skillscope", *args]
    with tempfile.TemporaryDirectory(prefix="skillscope-run-") as scratch:
        peak_file = os.path.join(scratch, "peak")
        if peak_memory:
            command = [sys.executable, "-c", _PEAK_LAUNCHER, peak_file, *command]
        proc = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            cwd=cwd or REPO_ROOT,
            env={**os.environ, "COLUMNS": "200", **(env or {})},
            start_new_session=True,  # on a timeout the whole group goes, the launcher's child too
        )
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            raise
        peak_mib = int(open(peak_file).read()) / 1024 if peak_memory else None

    def text(data: bytes) -> str:
        return data.decode("utf-8", errors="replace").replace("\r\n", "\n")

    return Run(proc.returncode, text(out), text(err), out_bytes=out, peak_mib=peak_mib)


def stdio(scenario: str) -> list[str]:
    """Arguments that name a fixture scenario as a stdio server: ``-- python -m ...``."""
    return ["--", *stdio_command(scenario)]


@pytest.fixture
def http_server():
    """Serve a named fixture scenario over Streamable HTTP; yields a function returning its URL."""
    stack = []

    def start(scenario: str, **options: Any) -> str:
        cm = serve_http_in_thread(build_scenario(scenario), **options)
        url = cm.__enter__()
        stack.append(cm)
        return url

    yield start
    for cm in reversed(stack):
        cm.__exit__(None, None, None)
