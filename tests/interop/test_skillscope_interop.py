"""skillscope against the three third-party publishers (end to end, through the CLI).

Every check runs the ``skillscope`` command through its entry point, in this process
(tests/cli/conftest.py ``run_cli``: cwd = repository root, stdin empty) against agentskills-mcp-server, the TypeScript SDK
publisher and fastmcp, each over stdio and over Streamable HTTP, and compares what
skillscope reports with the sample skills on disk (``publishers.EXPECTED``).

* ``--era auto``: ``list --json`` and ``show NAME --all-files --json`` for every sample skill
  must see the 2026-07-28 era, the declared extension, the exact URIs, digests, sizes and
  fingerprints, verify every file and return the exact ``SKILL.md`` text.
* ``--era legacy``: the Python SDK 2.x publishers hide skills from 2025-11-25 sessions, so
  ``list`` must fail (exit 3) and say the server may still serve skills on 2026-07-28; the
  TypeScript publisher serves them on 2025-11-25 too, so list and show must work there.

Speed: each HTTP publisher is started once for the whole module; each run is in process,
so it pays no interpreter start or SDK import (the process boundary is tested in
tests/cli/test_cli_process.py).

Everything is skipped until ``bash tests/interop/setup.sh`` has installed the publishers.
"""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from tests.cli.conftest import run_cli
from tests.interop import publishers as pubs

# One xdist worker runs the whole module: each HTTP publisher is started once for all its tests.
pytestmark = [pytest.mark.interop, pytest.mark.xdist_group("interop-cli")]

MODERN = "2026-07-28"
LEGACY = "2025-11-25"
LABEL = "pub"
TRANSPORTS = ("stdio", "http")
SKILLS = tuple(d.name for d in pubs.skill_dirs())
#: Publishers built on the MCP Python SDK 2.x: no skills on a 2025-11-25 session (spec 2.4).
MODERN_ONLY = ("agentskills", "fastmcp")
#: Publishers that also serve skills on a 2025-11-25 session.
LEGACY_CAPABLE = ("typescript",)

#: Hang guard for one skillscope run (a loaded runner is slow, never stuck).
CLI_TIMEOUT = 600.0

#: Variables the stdio publishers want; skillscope gives a stdio server only a minimal
#: environment plus what ``--env`` adds (the same extras publishers.stdio_parameters uses).
STDIO_ENV = {
    "SKILLSCOPE_INTEROP_NODE_MODULES": str(pubs.NODE_DIR / "node_modules"),
    "FASTMCP_SHOW_SERVER_BANNER": "false",
    "FASTMCP_CHECK_FOR_UPDATES": "off",
}


# --------------------------------------------------------------------------- running the CLI


@dataclass(frozen=True)
class CliRun:
    args: tuple[str, ...]
    returncode: int | None  # None: killed after CLI_TIMEOUT
    stdout: str
    stderr: str
    seconds: float

    def describe(self) -> str:
        shown = " ".join(self.args)
        return (
            f"skillscope {shown}\n-> exit {self.returncode} after {self.seconds:.1f} s\n"
            f"stderr:\n{self.stderr[-3000:]}\nstdout (start):\n{self.stdout[:3000]}"
        )

    def json(self) -> dict[str, Any]:
        try:
            data = json.loads(self.stdout)
        except ValueError as exc:
            pytest.fail(f"stdout is not JSON ({exc})\n{self.describe()}")
        assert isinstance(data, dict), self.describe()
        return data


def _run_cli(args: tuple[str, ...], env: dict[str, str]) -> CliRun:
    started = time.monotonic()
    done = run_cli(*args, env=env, timeout=CLI_TIMEOUT)
    return CliRun(
        args,
        done.code,
        done.out_bytes.decode("utf-8"),  # JSON output must be valid UTF-8
        done.err,
        time.monotonic() - started,
    )


def _target(publisher: str, transport: str, url: Callable[[str], str]) -> list[str]:
    """The TARGET part of a command line; it goes last (after ``--`` for stdio)."""
    if transport == "http":
        return [url(publisher)]
    env_opts = [opt for name, value in STDIO_ENV.items() for opt in ("--env", f"{name}={value}")]
    return [*env_opts, "--", *pubs.stdio_command(publisher)]


#: skillscope's --timeout for these runs: it also bounds a stdio publisher's start-up, which a loaded
#: runner stretches far past the quiet-machine seconds (no outcome here is about a timeout).
PUBLISHER_TIMEOUT = ("--timeout", "180")


def list_args(publisher: str, transport: str, era: str, url: Callable[[str], str]) -> tuple[str, ...]:
    return ("list", "--json", "--label", LABEL, "--era", era, *PUBLISHER_TIMEOUT, *_target(publisher, transport, url))


def show_args(publisher: str, transport: str, era: str, skill: str, url: Callable[[str], str]) -> tuple[str, ...]:
    return (
        "show",
        skill,
        "--all-files",
        "--json",
        "--label",
        LABEL,
        "--era",
        era,
        *PUBLISHER_TIMEOUT,
        *_target(publisher, transport, url),
    )


@dataclass(frozen=True)
class Job:
    """One skillscope run: ``list`` (skill is None) or ``show SKILL``."""

    publisher: str
    transport: str
    era: str
    skill: str | None = None

    def args(self, url: Callable[[str], str]) -> tuple[str, ...]:
        if self.skill is None:
            return list_args(self.publisher, self.transport, self.era, url)
        return show_args(self.publisher, self.transport, self.era, self.skill, url)


class Runs:
    """skillscope runs, one per job, memoised; each runs when its test asks for it."""

    def __init__(self, env: dict[str, str], url: Callable[[str], str]) -> None:
        self._env = env
        self._url = url
        self._done: dict[Job, CliRun | pubs.PublisherStartError] = {}

    def get(self, job: Job) -> CliRun:
        if job not in self._done:
            try:
                self._done[job] = _run_cli(job.args(self._url), self._env)
            except pubs.PublisherStartError as exc:  # fails this job's test only
                self._done[job] = exc
        done = self._done[job]
        if isinstance(done, pubs.PublisherStartError):
            raise done
        return done

    def list(self, publisher: str, transport: str, era: str) -> CliRun:
        return self.get(Job(publisher, transport, era))

    def show(self, publisher: str, transport: str, era: str, skill: str) -> CliRun:
        return self.get(Job(publisher, transport, era, skill))


# --------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def http_url() -> Iterator[Callable[[str], str]]:
    """``http_url(publisher)``: the URL of that publisher over HTTP, started once per module."""
    urls: dict[str, str] = {}
    failures: dict[str, pubs.PublisherStartError] = {}
    with ExitStack() as stack, tempfile.TemporaryDirectory(prefix="skillscope-interop-http-") as logs:

        def url(publisher: str) -> str:
            if publisher in failures:  # do not retry a publisher that would not start
                raise failures[publisher]
            if publisher not in urls:
                log = Path(logs) / f"{publisher}.log"
                try:
                    urls[publisher] = stack.enter_context(pubs.http_server(publisher, log=log))
                except pubs.PublisherStartError as exc:
                    failures[publisher] = exc
                    raise
            return urls[publisher]

        yield url


@pytest.fixture(scope="module")
def runs(http_url: Callable[[str], str]) -> Iterator[Runs]:
    with tempfile.TemporaryDirectory(prefix="skillscope-interop-home-") as home:
        # Keep a user's config file and data out of the picture (./skillscope.yaml is
        # checked too, but the repository root has none).
        env = {
            var: str(Path(home) / var.lower())
            for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME")
        }
        assert not (pubs.REPO_ROOT / "skillscope.yaml").exists(), "a ./skillscope.yaml would change the runs"
        yield Runs(env, http_url)


def require(publisher: str) -> None:
    reason = pubs.skip_reason(publisher)
    if reason:
        pytest.skip(reason)


# --------------------------------------------------------------------------- shared checks


def _disk_bytes(skill: str, relpath: str) -> bytes:
    return (pubs.SKILLS_ROOT / skill / relpath).read_bytes()


def check_listing(run: CliRun, publisher: str, protocol: str) -> None:
    """The catalog matches the sample skills exactly."""
    assert run.returncode == 0, run.describe()
    data = run.json()
    server = data["server"]
    assert server["label"] == LABEL, run.describe()
    assert server["protocol"] == protocol, run.describe()
    assert server["extension"] == "declared", run.describe()
    assert data["complete"] is True, run.describe()

    expected = pubs.EXPECTED[publisher]
    entries = data["skills"]
    statuses = {e["uri"]: (e["status"], e.get("rule"), e.get("reason")) for e in entries}
    assert not [e for e in entries if e["status"] == "malformed"], statuses
    by_uri = {e["uri"]: e for e in entries}
    assert len(by_uri) == len(entries), f"an entry URI is listed twice: {sorted(e['uri'] for e in entries)}"
    assert sorted(by_uri) == sorted(s.uri for s in expected.values()), statuses

    for skill, want in expected.items():
        entry = by_uri[want.uri]
        where = f"{publisher} {want.uri}"
        assert entry["status"] == "available", (where, entry["status"], entry.get("rule"), entry.get("reason"))
        assert entry["name"] == f"{LABEL}:{skill}", where
        assert entry["skill_name"] == skill, where
        assert entry["path"] == skill, where
        assert entry["fingerprint"] == want.fingerprint, where
        assert entry["file_count"] == len(want.files), where
        assert entry["total_bytes"] == sum(f.size for f in want.files), where
        got_files = sorted((f["uri"], f["path"], f["digest"], f["size"]) for f in entry["files"])
        # Paths are shown as the URI spells them (issue 8): "docs/my file.md" is "docs/my%20file.md".
        want_files = sorted((f.uri, quote(f.path, safe="/"), f.digest, f.size) for f in want.files)
        assert got_files == want_files, where
        for f in want.files:  # EXPECTED is computed from the disk; keep it honest
            assert f.size == len(_disk_bytes(skill, f.path)), (where, f.path)


def check_show(run: CliRun, publisher: str, protocol: str, skill: str) -> None:
    """The skill verifies in full and the body is the SKILL.md on disk, byte for byte."""
    assert run.returncode == 0, run.describe()
    data = run.json()
    want = pubs.EXPECTED[publisher][skill]
    assert data["server"]["protocol"] == protocol, run.describe()
    assert data["name"] == f"{LABEL}:{skill}", run.describe()
    assert data["uri"] == want.uri, run.describe()
    assert data["verified"] is True, run.describe()
    assert data["failure"] is None, run.describe()
    assert data["fingerprint"] == want.fingerprint, run.describe()
    assert data["frontmatter"]["name"] == skill, run.describe()

    files = {f["uri"]: f for f in data["files"]}
    assert sorted(files) == sorted(f.uri for f in want.files), run.describe()
    not_verified = {u: (f["status"], f.get("reason")) for u, f in files.items() if f["status"] != "verified"}
    assert not not_verified, not_verified
    for f in want.files:
        got = files[f.uri]
        assert (got["path"], got["size"], got["digest"]) == (quote(f.path, safe="/"), f.size, f.digest), f.uri

    body = _disk_bytes(skill, "SKILL.md").decode("utf-8")
    assert data["body"] == body, f"body differs from {skill}/SKILL.md on disk: {data['body']!r} != {body!r}"


# --------------------------------------------------------------------------- offline


def test_expectations_agree_with_publishers_table() -> None:
    """The era split above is what publishers.py (and smoke-output.txt) recorded."""
    assert set(MODERN_ONLY) | set(LEGACY_CAPABLE) == set(pubs.PUBLISHER_NAMES)
    for name in MODERN_ONLY:
        assert not pubs.PUBLISHERS[name].legacy_skills, name
    for name in LEGACY_CAPABLE:
        assert pubs.PUBLISHERS[name].legacy_skills, name
    assert {"hello-world", "pdf-processing", "csv-tools", "byte-exact"} <= set(SKILLS)
    for publisher in pubs.PUBLISHER_NAMES:
        assert set(pubs.EXPECTED[publisher]) == set(SKILLS), publisher


# --------------------------------------------------------------------------- era auto (2026-07-28)


@pytest.mark.parametrize("transport", TRANSPORTS)
@pytest.mark.parametrize("publisher", pubs.PUBLISHER_NAMES)
def test_list_auto_matches_disk(runs: Runs, publisher: str, transport: str) -> None:
    require(publisher)
    check_listing(runs.list(publisher, transport, "auto"), publisher, MODERN)


@pytest.mark.parametrize("skill", SKILLS)
@pytest.mark.parametrize("transport", TRANSPORTS)
@pytest.mark.parametrize("publisher", pubs.PUBLISHER_NAMES)
def test_show_auto_verifies_every_file(runs: Runs, publisher: str, transport: str, skill: str) -> None:
    require(publisher)
    check_show(runs.show(publisher, transport, "auto", skill), publisher, MODERN, skill)


# --------------------------------------------------------------------------- era legacy (2025-11-25)


@pytest.mark.parametrize("transport", TRANSPORTS)
@pytest.mark.parametrize("publisher", MODERN_ONLY)
def test_legacy_list_points_to_modern_era(runs: Runs, publisher: str, transport: str) -> None:
    require(publisher)
    run = runs.list(publisher, transport, "legacy")
    assert run.returncode == 3, run.describe()
    message = " ".join(run.stderr.split())
    assert f"may still serve skills on {MODERN}" in message, run.describe()


@pytest.mark.parametrize("transport", TRANSPORTS)
@pytest.mark.parametrize("publisher", LEGACY_CAPABLE)
def test_legacy_list_matches_disk(runs: Runs, publisher: str, transport: str) -> None:
    require(publisher)
    check_listing(runs.list(publisher, transport, "legacy"), publisher, LEGACY)


@pytest.mark.parametrize("skill", SKILLS)
@pytest.mark.parametrize("transport", TRANSPORTS)
@pytest.mark.parametrize("publisher", LEGACY_CAPABLE)
def test_legacy_show_verifies_every_file(runs: Runs, publisher: str, transport: str, skill: str) -> None:
    require(publisher)
    check_show(runs.show(publisher, transport, "legacy", skill), publisher, LEGACY, skill)
