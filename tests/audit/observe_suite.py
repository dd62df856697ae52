"""Run the suite's SEP-2640 server scenarios against the fixtures and publishers; dump the outcomes.

    .venv/bin/python -m tests.audit.observe_suite [--out FILE] [--only NAME ...] [--spec-version V ...]

Writes one JSON record per (target, transport, spec version, scenario) to ``FILE`` (default
``.cache/review/suite_observed.json``) and prints a short line per run. ``suite_observed.md`` was
written from that output. Fixture servers run in-thread (``serve_http_in_thread``); the
third-party publishers run as child processes (``tests/interop/publishers.http_server``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.fixtures.hostile import build_scenario
from tests.fixtures.http import serve_http_in_thread

from .suite_runner import (
    DEFAULT_SCENARIOS,
    REPO,
    ScenarioRun,
    run_server_scenarios,
    suite_installed,
)

FIXTURES = (
    "samples",
    "malformed-entries",
    "tampered-skill-md",
    "frontmatter-mismatch",
    "duplicate-across-pages",
    "repeating-cursor",
    "declaration-envelope",
    "no-resources-capability",
    "no-cache-fields",
    "old-not-found-code",
    "empty",
    "other-scheme",
    "entry-warnings",
    "too-many-files",
    "directory-read-flag",
    "dynamic",
)
EXTRA_FIXTURES = ("declaration-true", "same-name", "modern-only", "legacy-undeclared", "no-extension")
PUBLISHERS = ("typescript", "agentskills", "fastmcp")

TRANSPORTS: dict[str, dict[str, Any]] = {
    "sse": {},  # the SDK's default: stateful sessions, SSE-framed POST answers
    "json": {"json_response": True},
    "stateless": {"stateless": True},
    "stateless-json": {"stateless": True, "json_response": True},
}


@contextlib.contextmanager
def serve(target: str, transport: str) -> Iterator[str]:
    """Yield the URL of a fixture (in-thread) or a publisher (child process)."""
    if target.startswith("publisher:"):
        from tests.interop.publishers import http_server

        with http_server(target.split(":", 1)[1]) as url:
            yield url
        return
    with serve_http_in_thread(build_scenario(target), **TRANSPORTS[transport]) as url:
        yield url


def observe(target: str, transport: str, spec_version: str | None) -> list[dict[str, Any]]:
    runs: list[ScenarioRun] = []
    with serve(target, transport) as url:
        merged = run_server_scenarios(url, DEFAULT_SCENARIOS, spec_version, runs=runs)
    records = []
    for run in runs:
        checks = {cid: [o for o in outs if o["scenario"] == run.scenario] for cid, outs in merged.items()}
        records.append(
            {
                "target": target,
                "transport": transport,
                "spec_version": spec_version,
                "scenario": run.scenario,
                "exit": run.returncode,
                "seconds": round(run.seconds, 3),
                "checks": {cid: outs for cid, outs in checks.items() if outs},
                "output_tail": run.output[-1500:] if not run.checks else "",
            }
        )
    return records


SCENARIO_SHORT = {
    "sep-2640-skills-enumeration": "enum",
    "sep-2640-skills-manifest": "manifest",
    "sep-2640-skills-directory": "directory",
}


def _cell(outs: list[dict[str, Any]] | None) -> str:
    if not outs:
        return "—"
    return " / ".join(o["status"] + (" (untestable)" if o["untestable"] else "") for o in outs)


from skillscope.audit.run.completeness import DIRECTORY_CHECKS  # noqa: E402

CACHE_CHECKS = ("sep-2640-skills-list-cache-attributes", "sep-2640-skills-get-cache-attributes")
VERSIONS = ("2026-07-28", "2025-11-25")


def render_tables(records: list[dict[str, Any]]) -> str:
    """One Markdown table per target: every check that was not SUCCESS at some spec version.

    Uses the ``sse``/``process`` records (the other transports gave identical checks). Two
    patterns that every declaring server shows are folded into one line each: the six directory
    checks all SKIPPED (no ``directoryRead``), and the two cache-attribute checks SKIPPED at
    2025-11-25 while SUCCESS at 2026-07-28.
    """
    by_target: dict[str, dict[tuple[str, str], dict[str, Any]]] = {}
    for record in records:
        if record["transport"] not in ("sse", "process"):
            continue
        version = record["spec_version"] or "default"
        by_target.setdefault(record["target"], {})[(version, record["scenario"])] = record

    def outs(runs: dict[tuple[str, str], dict[str, Any]], version: str, scenario: str, cid: str) -> Any:
        run = runs.get((version, scenario))
        return None if run is None else run["checks"].get(cid)

    lines: list[str] = []
    for target, runs in by_target.items():
        lines += [f"### `{target}`", ""]
        summary = []
        for version in VERSIONS:
            parts = []
            for scenario in DEFAULT_SCENARIOS:
                run = runs.get((version, scenario))
                if run is None:
                    continue
                if not run["checks"] or all(cid.startswith("suite-error:") for cid in run["checks"]):
                    parts.append(f"{SCENARIO_SHORT[scenario]}: no checks.json, exit {run['exit']}")
                    continue
                n_all = sum(len(o) for o in run["checks"].values())
                n_ok = sum(1 for o in run["checks"].values() for x in o if x["status"] == "SUCCESS")
                parts.append(
                    f"{SCENARIO_SHORT[scenario]} {n_ok}/{n_all} SUCCESS, exit {run['exit']}, {run['seconds']:.1f} s"
                )
            summary.append(f"**{version}**: " + "; ".join(parts))
        if any(
            runs.get(("default", s), {}).get("checks") != runs.get(("2026-07-28", s), {}).get("checks")
            for s in DEFAULT_SCENARIOS
            if ("default", s) in runs
        ):
            summary.append("**default differs from 2026-07-28**")
        lines += [" · ".join(summary), ""]

        folded: list[str] = []
        dir_scenario = "sep-2640-skills-directory"
        if all(
            all(x["status"] == "SKIPPED" for x in (outs(runs, v, dir_scenario, cid) or [{"status": "?"}]))
            for v in VERSIONS
            for cid in DIRECTORY_CHECKS
        ):
            folded.append("the six directory checks SKIPPED (no `directoryRead`)")
        if all(
            [x["status"] for x in outs(runs, "2026-07-28", DEFAULT_SCENARIOS[0], cid) or []] == ["SUCCESS"]
            and [x["status"] for x in outs(runs, "2025-11-25", DEFAULT_SCENARIOS[0], cid) or []] == ["SKIPPED"]
            for cid in CACHE_CHECKS
        ):
            folded.append("both cache-attribute checks SKIPPED at 2025-11-25 only")
        all_skipped = [
            v
            for v in VERSIONS
            if all(
                x["status"] == "SKIPPED"
                for scenario in DEFAULT_SCENARIOS
                for cid, checks in runs.get((v, scenario), {"checks": {"?": [{"status": "?"}]}})["checks"].items()
                if cid != "wire-schema-valid"
                for x in checks
            )
        ]
        for v in all_skipped:
            folded.append(f"at {v} every SEP-2640 check of the three scenarios SKIPPED (no declaration seen)")
        rows = []
        seen: set[tuple[str, str]] = set()
        for version in VERSIONS:
            for scenario in DEFAULT_SCENARIOS:
                run = runs.get((version, scenario))
                for cid, checks in (run or {"checks": {}})["checks"].items():
                    if (scenario, cid) in seen or all(x["status"] == "SUCCESS" for x in checks):
                        continue
                    seen.add((scenario, cid))
                    if "the six directory checks SKIPPED (no `directoryRead`)" in folded and cid in DIRECTORY_CHECKS:
                        continue
                    if "both cache-attribute checks SKIPPED at 2025-11-25 only" in folded and cid in CACHE_CHECKS:
                        continue
                    cells = [_cell(outs(runs, v, scenario, cid)) for v in VERSIONS]
                    if all(c == "SUCCESS" or v in all_skipped for c, v in zip(cells, VERSIONS, strict=True)):
                        continue
                    rows.append(f"| {SCENARIO_SHORT[scenario]} | `{cid}` | {cells[0]} | {cells[1]} |")
        if rows:
            lines += ["| scenario | check id | 2026-07-28 | 2025-11-25 |", "|---|---|---|---|", *rows]
        else:
            lines.append("No other non-SUCCESS check.")
        if folded:
            lines += ["", "Also: " + "; ".join(folded) + "."]
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / ".cache" / "review" / "suite_observed.json")
    parser.add_argument("--only", nargs="*", help="targets (fixture names or publisher:NAME)")
    parser.add_argument("--transport", nargs="*", default=["sse"], choices=list(TRANSPORTS))
    parser.add_argument("--spec-version", nargs="*", default=["default"], help="'default', 2026-07-28, 2025-11-25")
    parser.add_argument(
        "--render", type=Path, help="print the Markdown tables for a JSON file written earlier, and exit"
    )
    args = parser.parse_args(argv)
    if args.render:
        print(render_tables(json.loads(args.render.read_text())))
        return 0
    if not suite_installed():
        print("conformance suite not installed: run `bash tests/conformance/setup.sh`", file=sys.stderr)
        return 2
    targets = args.only or [*FIXTURES, *(f"publisher:{p}" for p in PUBLISHERS)]
    records: list[dict[str, Any]] = []
    for target in targets:
        transports = ["process"] if target.startswith("publisher:") else args.transport
        for transport in transports:
            for version in args.spec_version:
                spec = None if version == "default" else version
                start = time.monotonic()
                for record in observe(target, transport, spec):
                    records.append(record)
                    bad = [
                        f"{cid}={o['status']}{'(U)' if o['untestable'] else ''}"
                        for cid, outs in record["checks"].items()
                        for o in outs
                        if o["status"] != "SUCCESS"
                    ]
                    print(
                        f"{target:24} {transport:14} {version:10} {record['scenario']:28} "
                        f"exit={record['exit']} {record['seconds']:.2f}s {' '.join(bad)}",
                        flush=True,
                    )
                print(f"  ({time.monotonic() - start:.1f} s for {target}/{transport}/{version})", flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(records, indent=1, default=str))
    print(f"wrote {len(records)} records to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
