"""A skill's content that trips an analyser costs that skill its verdict, never the audit of the whole server.

Before, one honest line (a ``sed`` pattern that rewrites ``https://host/`` remotes, which ``urlsplit`` refuses as
"Invalid IPv6 URL") ended the audit of every skill on the server as "connection failed", and the gate said only
"could not audit". Now such text is no host, and any other analyser fault is an error on the one skill it concerns.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skillscope.audit.run import integrity
from skillscope.audit.run.server import audit_server
from skillscope.catalog.entry import Policy
from skillscope.demo.publisher import build_server
from skillscope.protocol.connection import connect
from skillscope.protocol.target import Target
from tests.cli.conftest import run_cli
from tests.fixtures.samples import hello_world, pdf_processing

REMOTE_TIDY = """#!/bin/bash
# Offer the SSH form of an HTTPS origin when an agent holds keys.
set -eu
origin_url=$(git remote get-url origin)
if [[ "$origin_url" == https://* ]]; then
  ssh_url=$(sed -E 's#https://([^/]+)/#git@\\1:#' <<<"$origin_url")
  echo "ssh form: $ssh_url"
fi
"""


def _skill(root: Path, name: str, files: dict[str, str]) -> None:
    folder = root / name
    folder.mkdir(parents=True)
    description = f"{name.replace('-', ' ').capitalize()} for the current repository."
    (folder / "SKILL.md").write_text(
        f"---\nname: {name}\ndescription: {description}\n---\n# {name}\n\nRun the script.\n"
    )
    for path, text in files.items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_text(text)


def test_a_url_the_url_parser_refuses_is_no_host_and_the_server_is_audited(tmp_path: Path) -> None:
    _skill(tmp_path / "skills", "remote-tidy", {"scripts/tidy.sh": REMOTE_TIDY})
    _skill(tmp_path / "skills", "plain-notes", {"notes.md": "# Notes\n\nKeep a list.\n"})
    run = run_cli("audit", str(tmp_path / "skills"), "--format", "json", cwd=str(tmp_path))
    assert run.code == 0, run.err
    report = json.loads(run.out)
    (server,) = report["servers"]
    assert server.get("error") is None
    assert sorted(s["skill_name"] for s in server["skills"]) == ["plain-notes", "remote-tidy"]
    assert all(s["verified"] for s in server["skills"])
    ids = {f["id"] for f in server["findings"]}
    assert "skillscope/analysis-failed" not in ids


@pytest.mark.anyio
async def test_an_analyser_fault_on_one_skill_is_an_error_on_that_skill_and_the_others_keep_their_findings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Fault injection: no analyser is known to fail today (the test above fixed the last one found), so one is
    # made to fail for one skill to prove the guard holds whatever the next fault is.
    real_scan = integrity.scan_content

    def failing_for_pdf(audit, skill, report):  # type: ignore[no-untyped-def]
        if skill.entry.name == "fault:pdf-processing":
            raise IndexError("list index out of range")
        return real_scan(audit, skill, report)

    monkeypatch.setattr(integrity, "scan_content", failing_for_pdf)
    server = build_server([hello_world(), pdf_processing()], name="fault")
    async with connect(Target(label="fault", kind="inprocess", server=server), timeout=120) as conn:
        audit = await audit_server(conn, Policy(), None)
    failed = [f for f in audit.findings if f.id == "skillscope/analysis-failed"]
    assert [(f.skill, f.severity) for f in failed] == [("fault:pdf-processing", "error")]
    assert "IndexError: list index out of range" in failed[0].message
    assert "was not judged" in failed[0].message
    # The other skill was read, verified and judged as usual.
    hello = next(s for s in audit.skills if s.entry.name == "fault:hello-world")
    assert hello.report is not None and hello.report.failure is None
    assert not [f for f in audit.findings if f.skill == "fault:hello-world" and f.id == "skillscope/analysis-failed"]
