"""Run the user's own scanners on each verified skill, written to a fresh folder, and keep their SARIF findings."""

from __future__ import annotations

import contextlib
import os
import selectors
import shlex
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio.to_thread

from skillscope.audit.findings import AuditFinding
from skillscope.audit.sarif_import import SCANNER_PREFIX, SarifError, ScanTarget, sarif_findings, scanner_id
from skillscope.audit.values import SEVERITY_ORDER
from skillscope.core.errors import SkillscopeError, UsageError
from skillscope.core.textsafe import safe_line
from skillscope.service.fetch import write_skill

__all__ = ["MAX_OUTPUT", "TIME_FACTOR", "Scanner", "parse_scanner", "run_scanners"]

_READ_CHUNK = 64 * 1024
"""Bytes read from a scanner's pipes at a time."""

MAX_OUTPUT = 64 * 1024 * 1024
"""The most SARIF read from one scanner run (stdout or its {sarif} file); more ends the run."""
TIME_FACTOR = 10.0
"""One scanner run may take the audit's --timeout times this."""
_STDERR_TAIL = 2048


@dataclass(frozen=True)
class Scanner:
    """A scanner command line: ``{dir}`` (and optionally ``{sarif}``) stand for paths skillscope makes."""

    template: str
    argv: tuple[str, ...]
    name: str
    """The program's name, made id-safe: the scanner's findings are ``scanner/<name>/...`` unless its SARIF names it."""

    @property
    def writes_file(self) -> bool:
        """True when the scanner writes its SARIF to ``{sarif}`` rather than printing it."""
        return any("{sarif}" in item for item in self.argv)

    def command(self, folder: str, sarif: str) -> list[str]:
        """The argv for one run: each placeholder replaced inside its own item, never re-split."""
        return [item.replace("{dir}", folder).replace("{sarif}", sarif) for item in self.argv]


def parse_scanner(template: str) -> Scanner:
    """Split a ``--scanner`` template as a shell would (no shell runs it).

    Raises:
        UsageError: the template cannot be split, is empty, or does not name ``{dir}``.
    """
    try:
        argv = tuple(shlex.split(template))
    except ValueError as exc:
        raise UsageError(f"--scanner {template!r} cannot be split into arguments: {exc}") from None
    if not argv:
        raise UsageError("--scanner is empty: give a command such as 'skill-scanner scan {dir} --format sarif'")
    if not any("{dir}" in item for item in argv):
        raise UsageError(f"--scanner {template!r} does not name {{dir}}, the folder holding the skill to scan")
    return Scanner(template, argv, scanner_id(os.path.basename(argv[0])) or "scanner")


async def run_scanners(
    audits: list[Any], scanners: list[Scanner], *, timeout: float, progress: Callable[[str], None] | None = None
) -> None:
    """Run every scanner on every skill of ``audits`` that verified whole, and add what they found.

    A skill is written (by the fetch writer) to a fresh temporary folder that is removed afterwards;
    the scanner sees only that folder's path. Its findings join the skill's and the server's, so
    the policy and --fail-on judge them like any other.
    """
    say = progress or (lambda _message: None)
    for audit in audits:
        added = False
        for skill in audit.skills:
            report = skill.report
            if report is None or report.failure is not None or report.body is None or skill.entry.dynamic:
                continue
            for scanner in scanners:
                say(f"{audit.label}: {scanner.name} on {safe_line(skill.entry.name, limit=80)}")
                found = await anyio.to_thread.run_sync(_scan_one, scanner, audit.label, skill, timeout * TIME_FACTOR)
                skill.findings.extend(found)
                audit.findings.extend(found)
                added = added or bool(found)
        if added:
            audit.findings.sort(
                key=lambda f: (-SEVERITY_ORDER[f.severity], f.skill or "", f.uri or "", f.at.line or 0, f.id)
            )


def _scan_one(scanner: Scanner, server: str, skill: Any, seconds: float) -> list[AuditFinding]:
    """Write the skill, run the scanner on it, read its SARIF; any failure is one warning naming the scanner."""
    entry = skill.entry
    name = entry.name

    def failed(why: str) -> list[AuditFinding]:
        return [
            AuditFinding(
                f"{SCANNER_PREFIX}{scanner.name}",
                "warning",
                "content",
                f"{name}: scanner {scanner.name} ({safe_line(scanner.template, limit=200)}) {why}; "
                "its findings are missing from this report",
                server,
                name,
                entry.uri,
            )
        ]

    root = os.path.realpath(tempfile.mkdtemp(prefix="skillscope-scan-"))
    try:
        # A fixed folder name: nothing the server wrote reaches the scanner's command line.
        folder = os.path.join(root, "skill")
        try:
            written = write_skill(skill.report, Path(folder))
        except SkillscopeError as exc:
            return failed(f"was not run: the skill could not be written ({safe_line(exc.message, limit=300)})")
        sarif_path = os.path.join(root, "report.sarif")
        argv = scanner.command(folder, sarif_path)
        try:
            # Run in the folder above the skill's: paths the scanner makes relative to its working folder
            # (Cisco's skill-scanner does) then map back, and no file the server wrote sits where a scanner
            # might look for its own configuration.
            code, out, err, problem = _run_bounded(argv, seconds=seconds, cwd=root)
        except OSError as exc:
            return failed(f"could not be started: {safe_line(exc.strerror or str(exc), limit=200)}")
        if problem is not None:
            return failed(problem)
        if scanner.writes_file:
            try:
                out = _read_bounded(sarif_path)
            except OSError as exc:
                return failed(
                    f"exited with status {code} and wrote no readable {{sarif}} file ({safe_line(exc.strerror or str(exc), limit=120)})"
                )
        target = ScanTarget(server, name, entry.uri, folder, {f.path: f.uri for f in written}, workdir=root)
        try:
            return sarif_findings(out, target, tool=scanner.name)
        except SarifError as exc:
            tail = safe_line(err.decode("utf-8", "replace").strip()[-300:], limit=300)
            why = (
                exc
                if out.strip() or scanner.writes_file
                else "it printed nothing on stdout (does the command ask for SARIF?)"
            )
            return failed(f"exited with status {code} and gave no SARIF: {why}" + (f"; stderr: {tail}" if tail else ""))
    finally:
        with contextlib.suppress(OSError):
            shutil.rmtree(root)


def _run_bounded(argv: list[str], *, seconds: float, cwd: str) -> tuple[int | None, bytes, bytes, str | None]:
    """Run ``argv`` without a shell in ``cwd``; (exit status, stdout, stderr tail, why it was stopped or None).

    The process runs in its own session, so stopping it stops whatever it started too.
    """
    proc = subprocess.Popen(
        argv,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        close_fds=True,
        cwd=cwd,
    )
    assert proc.stdout is not None and proc.stderr is not None
    out, err = bytearray(), bytearray()
    problem: str | None = None
    deadline = time.monotonic() + seconds
    try:
        with selectors.DefaultSelector() as selector:
            selector.register(proc.stdout, selectors.EVENT_READ, out)
            selector.register(proc.stderr, selectors.EVENT_READ, err)
            while selector.get_map() and problem is None:
                left = deadline - time.monotonic()
                if left <= 0:
                    problem = f"did not finish within {seconds:g} s and was stopped"
                    break
                for key, _events in selector.select(left):
                    chunk = os.read(key.fd, _READ_CHUNK)
                    if not chunk:
                        selector.unregister(key.fileobj)
                        continue
                    key.data.extend(chunk)
                    if key.data is err:
                        del err[:-_STDERR_TAIL]
                    elif len(out) > MAX_OUTPUT:
                        problem = f"printed more than {MAX_OUTPUT // (1024 * 1024)} MiB and was stopped"
                        break
        if problem is None:
            try:
                proc.wait(timeout=max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                problem = f"did not finish within {seconds:g} s and was stopped"
    finally:
        if proc.poll() is None or problem is not None:  # what it started may outlive it, holding the pipes
            with contextlib.suppress(OSError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        proc.stdout.close()
        proc.stderr.close()
    return proc.returncode, bytes(out), bytes(err), problem


def _read_bounded(path: str) -> bytes:
    """The SARIF file a scanner wrote, never through a link and never more than MAX_OUTPUT bytes."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    with os.fdopen(fd, "rb") as handle:
        if os.fstat(handle.fileno()).st_size > MAX_OUTPUT:
            raise OSError(0, f"it holds more than {MAX_OUTPUT // (1024 * 1024)} MiB")
        return handle.read(MAX_OUTPUT + 1)
