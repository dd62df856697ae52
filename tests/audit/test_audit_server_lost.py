"""A server that exits mid-audit keeps what the audit gathered: the skills read before it, and the read it cut short."""

from __future__ import annotations

import pytest

from tests.cli.conftest import run_cli, stdio
from tests.fixtures.unreadable import UNREADABLE_FILE


@pytest.fixture
def env(tmp_path):
    return {"SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"), "XDG_CONFIG_HOME": str(tmp_path / "cfg")}


def test_a_server_exiting_mid_read_keeps_the_skills_read_and_names_the_file_it_cut_short(env):
    json_run = run_cli("audit", "--format", "json", "--label", "fx", *stdio("read-drops"), env=env)
    text_run = run_cli("audit", "--label", "fx", *stdio("read-drops"), env=env)
    (server,) = json_run.json()["servers"]
    assert server["error"] is None, "the audit is kept, not replaced by a server-level error"
    skills = {s["name"]: s for s in server["skills"]}
    assert skills["fx:hello-world"]["verified"] is True, "the skill read before the exit is audited as usual"
    assert skills["fx:pdf-processing"]["failure"]["cause"] == "connection-closed"
    (lost,) = [f for f in server["findings"] if f["id"] == "skillscope/read-failed"]
    assert lost["severity"] == "error" and lost["uri"] == UNREADABLE_FILE
    assert "Could not read 'references/FORMS.md': the connection was lost during the read" in lost["message"]
    assert "exited with status 7" in lost["message"]
    assert not any(f["id"] == "skillscope/verification-failed" for f in server["findings"])
    # A check still waiting on the server when it ended is untestable, saying why; none is failed for it.
    assert not [c["id"] for c in server["checks"] if c["status"] == "fail"]
    for check in server["checks"]:
        if check["status"] == "untestable" and check["id"].startswith("sep-2164"):
            assert "the server's connection ended during the audit" in check["detail"]
    # An error finding stops the gate, as any read that failed does: exit 1, the same in JSON and text.
    assert (json_run.code, text_run.code) == (1, 1), json_run.err + text_run.err
    assert "could not audit" not in text_run.out + text_run.err
    assert "1 verified, 0 failed verification, 1 could not be read" in text_run.out
