"""An audit says 'could not be read' for a read that timed out or was refused, and 'no skills served' for a tools-only server."""

from __future__ import annotations

import json

import pytest

from tests.cli.conftest import run_cli, stdio
from tests.fixtures.hostile import build_scenario
from tests.fixtures.http import serve_http_in_thread
from tests.fixtures.unreadable import UNREADABLE_FILE


@pytest.fixture
def env(tmp_path):
    return {"SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"), "XDG_CONFIG_HOME": str(tmp_path / "cfg")}


# timing: the read timeout is the subject, and --timeout also bounds connecting and every other request. The
# server is already listening in a thread of this process when the audit starts (no start-up inside the bound);
# connecting and listing take about 0.1 s on a loaded 2-core machine, so 10 s is met with a wide margin, while
# the stalled read never answers and always reaches it.
READ_TIMEOUT = "10"


def _audit(scenario: str, env: dict[str, str], *options: str) -> tuple[int, dict, str]:
    with serve_http_in_thread(build_scenario(scenario)) as url:
        json_run = run_cli("audit", "--format", "json", "--label", "fx", *options, url, env=env)
        text_run = run_cli("audit", "--label", "fx", *options, url, env=env)
    assert json_run.code == text_run.code, (json_run.err, text_run.err)
    return json_run.code, json_run.json(), text_run.out


def _by_id(report: dict) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for item in report["servers"][0]["findings"]:
        found.setdefault(item["id"], []).append(item)
    return found


@pytest.mark.waits
def test_a_stalled_read_is_a_read_failure_that_still_stops_the_gate(env, tmp_path):
    # Two audits, not three: each waits the whole bound, so the JSON one is written with -o (valid, atomic JSON
    # naming the cause is part of what this proves) and the text one goes to stdout.
    out = tmp_path / "audit.json"
    with serve_http_in_thread(build_scenario("read-stalls")) as url:
        json_run = run_cli(
            "audit", "--format", "json", "-o", str(out), "--label", "fx", "--timeout", READ_TIMEOUT, url, env=env
        )
        text_run = run_cli("audit", "--label", "fx", "--timeout", READ_TIMEOUT, url, env=env)
    assert json_run.code == text_run.code, (json_run.err, text_run.err)
    code, report, text = json_run.code, json.loads(out.read_text()), text_run.out
    found = _by_id(report)
    assert "skillscope/verification-failed" not in found, found.keys()
    (failed,) = found["skillscope/read-failed"]
    assert failed["severity"] == "error" and failed["uri"] == UNREADABLE_FILE
    assert f"Could not read 'references/FORMS.md': timed out: no answer within {READ_TIMEOUT} s" in failed["message"]
    assert "mismatch" not in failed["message"]
    skills = {s["name"]: s for s in report["servers"][0]["skills"]}
    assert skills["fx:hello-world"]["verified"] is True, "the honest skill beside it is audited as usual"
    assert skills["fx:pdf-processing"]["failure"]["cause"] == "timed-out"
    files = {f["uri"]: f for f in skills["fx:pdf-processing"]["files"]}
    assert files[UNREADABLE_FILE]["status"] == "unreadable"
    assert report["summary"]["unreadable"] == 1 and report["summary"]["failed_verification"] == 0
    # Nothing vouches for a skill that could not be read: the gate stops, as for any error.
    assert code == 1
    assert "skillscope/read-failed" in text and "verification-failed" not in text
    assert "0 failed verification, 1 could not be read" in text


def test_an_error_answer_to_a_read_names_the_code_and_shows_its_text_inert(env):
    code, report, text = _audit("read-errors", env)
    found = _by_id(report)
    assert "skillscope/verification-failed" not in found
    (failed,) = found["skillscope/read-failed"]
    assert "the server answered error -32603: Internal error: \\x1b[31mdisk on fire" in failed["message"]
    assert code == 1
    assert "\x1b" not in text and "[bold]" in text, "escapes shown, markup printed literally"


def test_the_honest_twin_bytes_that_differ_are_still_a_failed_verification(env):
    code, report, text = _audit("read-tampered", env)
    found = _by_id(report)
    assert "skillscope/read-failed" not in found
    (failed,) = found["skillscope/verification-failed"]
    assert failed["uri"] == UNREADABLE_FILE and "Digest mismatch for 'references/FORMS.md'" in failed["message"]
    assert report["summary"]["failed_verification"] == 1 and report["summary"]["unreadable"] == 0
    assert code == 1


def test_a_server_with_tools_and_no_skills_extension_is_no_skills_served(env):
    json_run = run_cli("audit", "--format", "json", "--label", "tools", *stdio("tools-only"), env=env)
    text_run = run_cli("audit", "--label", "tools", *stdio("tools-only"), env=env)
    assert json_run.code == 0 and text_run.code == 0, (json_run.err, text_run.err)
    (server,) = json_run.json()["servers"]
    assert server["error"] is None and server["skills"] == []
    (note,) = server["findings"]
    assert note["id"] == "skillscope/no-skills-served" and note["severity"] == "note"
    words = "No skills served: the server offers tools, prompts and resources but not the skills extension"
    assert words in note["message"]
    assert words in text_run.err and "skillscope/no-skills-served" in text_run.out
    for run in (json_run, text_run):
        assert "--era" not in run.out + run.err and "protocol era" not in run.out + run.err


def test_the_suppression_file_cannot_hide_a_read_failure():
    from skillscope.service.suppressions import NEVER_SUPPRESSED

    # Checked by id here; the suppress command's refusal of such keys is tested with verification-failed.
    assert "skillscope/read-failed" in NEVER_SUPPRESSED
