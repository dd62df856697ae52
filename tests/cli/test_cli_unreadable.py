"""`show` of a file that cannot be read, and `list` of a server with no skills, say what happened in plain words."""

from __future__ import annotations

import pytest

from .conftest import run_cli, stdio

pytestmark = pytest.mark.waits

# timing: the read timeout is the subject, and --timeout also bounds connecting and every other request. The
# server is already listening in a thread of this process (nothing starts up inside the bound); connecting and
# listing take about 0.1 s on a loaded 2-core machine, so 10 s is met with a wide margin, while the stalled read
# never answers and always reaches it.
READ_TIMEOUT = "10"


def test_show_of_a_stalled_file_says_it_timed_out_and_exits_3(http_server):
    url = http_server("read-stalls")
    done = run_cli("show", "pdf-processing", "--all-files", "--timeout", READ_TIMEOUT, url)
    assert done.code == 3, done.err
    assert f"Could not read 'references/FORMS.md': timed out: no answer within {READ_TIMEOUT} s" in done.out
    assert "Verification failed" not in done.out and "mismatch" not in done.out
    assert "# PDF processing" not in done.out, "nothing of the skill is shown"
    as_json = run_cli("show", "pdf-processing", "--all-files", "--json", "--timeout", READ_TIMEOUT, url)
    assert as_json.code == 3
    report = as_json.json()
    assert report["failure"]["cause"] == "timed-out" and report["failure"]["check"] == "read"
    assert "body" not in report or report["body"] is None
    statuses = {f["path"]: f["status"] for f in report["files"]}
    assert statuses["references/FORMS.md"] == "unreadable" and statuses["SKILL.md"] == "verified"


def test_show_raw_of_a_stalled_file_writes_nothing_and_says_why(http_server):
    url = http_server("read-stalls")
    done = run_cli("show", "pdf-processing", "--file", "references/FORMS.md", "--raw", "--timeout", READ_TIMEOUT, url)
    assert done.code == 3 and done.out == ""
    assert "Could not read 'references/FORMS.md': timed out" in done.err and "nothing is written" in done.err


def test_show_of_a_file_the_server_refuses_names_the_error_code(http_server):
    done = run_cli("show", "pdf-processing", "--file", "references/FORMS.md", http_server("read-errors"))
    assert done.code == 3
    assert "the server answered error -32603: Internal error:" in done.out
    assert "\x1b" not in done.out and "Verification failed" not in done.out


def test_show_when_the_server_dies_mid_read_says_the_connection_was_lost():
    done = run_cli("show", "pdf-processing", "--all-files", *stdio("read-drops"))
    assert done.code == 3
    assert "the connection was lost during the read" in done.out and "exited with status 7" in done.out
    assert "Verification failed" not in done.out


def test_show_of_bytes_that_differ_still_fails_verification_with_exit_1(http_server):
    done = run_cli("show", "pdf-processing", "--all-files", http_server("read-tampered"))
    assert done.code == 1
    assert "Verification failed" in done.out and "Digest mismatch for 'references/FORMS.md'" in done.out
    assert "Could not read" not in done.out


def test_list_of_a_tools_only_server_says_no_skills_served_and_exits_0():
    words = "No skills served: the server offers tools, prompts and resources but not the skills extension"
    text = run_cli("list", *stdio("tools-only"))
    assert text.code == 0, text.err
    assert words in text.out and "--era" not in text.out + text.err
    as_json = run_cli("list", "--json", *stdio("tools-only"))
    assert as_json.code == 0
    listing = as_json.json()
    assert listing["skills_served"] is False and listing["skills"] == []
    assert listing["server"]["offers"] == ["tools", "prompts", "resources"]
    assert {"rule": "no-skills-served", "message": words} in listing["warnings"]


def test_list_of_a_server_with_skills_says_they_are_served(http_server):
    listing = run_cli("list", "--json", http_server("samples")).json()
    assert listing["skills_served"] is True
    assert not any(w["rule"] == "no-skills-served" for w in listing["warnings"])


def test_a_session_forced_to_the_old_era_keeps_the_era_hint():
    # There the era may be why: the MCP Python SDK hides skills from 2025-11-25 sessions.
    done = run_cli("list", "--era", "legacy", *stdio("tools-only"))
    assert done.code == 3
    assert "may still serve skills on 2026-07-28" in done.err and "try --era auto" in done.err
