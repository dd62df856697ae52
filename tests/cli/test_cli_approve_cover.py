"""An approval covers what the server serves under the skill, not only what its manifest lists (issue 17, item 9)."""

from __future__ import annotations

import json

from skillscope.ledger.core.store import Ledger
from tests.cli.conftest import run_cli, stdio
from tests.cli.test_cli_ledger import isolated_env
from tests.fixtures.http import serve_http_in_thread
from tests.fixtures.unlisted_notes import SWAPPED, notes_server


def approvals(env):
    return [r for r in Ledger(env["SKILLSCOPE_LEDGER"]).records() if r.action == "approve"]


def test_a_skill_pointing_at_a_served_but_unlisted_file_is_not_approved_and_the_swap_never_passes_the_gate(tmp_path):
    env = isolated_env(tmp_path)
    notes = notes_server()
    with serve_http_in_thread(notes.server) as url:
        # The default audit names the reference: SKILL.md sends the agent to a file nothing verifies.
        audit = run_cli("audit", url, "--label", "h", "--format", "json", env=env)
        assert audit.code == 1, audit.err
        found = {(f["id"], f.get("uri")) for f in audit.json()["servers"][0]["findings"]}
        assert ("skillscope/unlisted-reference", "skill://beta/SKILL.md") in found
        assert ("skillscope/unlisted-file", "skill://beta/notes.md") in found
        assert not any(
            skill == "h:alpha"
            for f in audit.json()["servers"][0]["findings"]
            for skill in [f.get("skill")]
            if f["id"] in ("skillscope/unlisted-reference", "skillscope/unlisted-file")
        )

        # approve names the file and refuses; nothing is recorded.
        refused = run_cli("approve", "beta", url, "--label", "h", "--yes", env=env)
        assert refused.code == 1
        assert "approval refused" in refused.err and "notes.md" in refused.err and "--accept-findings" in refused.err
        assert "skill://beta/notes.md" in refused.err  # the finding lines name the URI too
        assert approvals(env) == []

        # The honest neighbour on the same server is approved as before.
        assert run_cli("approve", "alpha", url, "--label", "h", "--yes", env=env).code == 0

        # Accepting needs a note, and the record names what it does not cover.
        accepted = run_cli(
            "approve",
            "beta",
            url,
            "--label",
            "h",
            "--yes",
            "--accept-findings",
            "--note",
            "notes.md read by hand; the publisher will list it",
            env=env,
        )
        assert accepted.code == 0, accepted.err
        record = approvals(env)[-1]
        assert record.name == "h:beta" and record.extra["accepted_findings"] is True
        assert record.extra["unlisted_files"] == ["skill://beta/notes.md"]
        assert record.signed and run_cli("ledger", "verify", env=env).code == 0  # the signature covers the list

        # The server swaps the file it never listed: the gate does not pass, and says why.
        notes.swap(SWAPPED)
        gate = run_cli("audit", url, "--label", "h", "--require-approved", "--format", "json", env=env)
        assert gate.code == 1
        beta = [f for f in gate.json()["servers"][0]["findings"] if f.get("skill") == "h:beta"]
        assert any(f["id"] == "skillscope/unlisted-reference" and "skill://beta/notes.md" in f["message"] for f in beta)


def test_a_file_only_a_directory_walk_shows_stops_the_approval(tmp_path):
    env = isolated_env(tmp_path)
    # pdf-processing serves references/notes.sh, which neither its manifest nor resources/list names.
    run = run_cli("approve", "pdf-processing", "--label", "fx", "--yes", *stdio("hidden-in-subdirectory"), env=env)
    assert run.code == 1
    assert "1 file(s) under fx:pdf-processing that its file list omits" in run.err and "references/notes.sh" in run.err
    assert "(directory read)" in run.err
    assert approvals(env) == []


def test_a_skill_with_nothing_unlisted_on_the_same_server_is_approved_with_nothing_accepted(tmp_path):
    env = isolated_env(tmp_path)
    run = run_cli("approve", "hello-world", "--label", "fx", "--yes", *stdio("hidden-in-subdirectory"), env=env)
    assert run.code == 0, run.err
    (record,) = approvals(env)
    assert "unlisted_files" not in record.extra and "accepted_findings" not in record.extra
    assert json.dumps(record.extra["audit"]["ids"]).count("unlisted") == 0
