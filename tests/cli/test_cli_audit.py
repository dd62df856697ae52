"""'skillscope audit' as a CI job runs it: formats, files, exit codes and several servers."""

from __future__ import annotations

import json

import pytest

from tests.audit.planted import planted_server
from tests.cli.conftest import run_cli, stdio
from tests.fixtures.http import serve_http_in_thread


@pytest.fixture
def env(tmp_path):
    return {"SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"), "XDG_CONFIG_HOME": str(tmp_path / "cfg")}


def test_clean_server_passes_with_json_report(env):
    run = run_cli("audit", "--format", "json", *stdio("samples"), env=env)
    assert run.code == 0, run.err
    data = run.json()
    assert data["$schema"] == "urn:skillscope:schema:audit-report:v1" and data["tool"]["name"] == "skillscope"
    (server,) = data["servers"]
    assert server["error"] is None and server["summary"]["error"] == 0
    assert {s["verified"] for s in server["skills"]} == {True}
    assert all(f["status"] == "verified" for s in server["skills"] for f in s["files"])
    checks = {c["id"]: c["status"] for c in server["checks"]}
    assert checks["sep-2640-skills-list-implemented"] == "pass"
    assert data["summary"]["verified"] == 4


def test_errors_fail_the_run_and_each_format_says_so(env, tmp_path):
    with serve_http_in_thread(planted_server()) as url:
        sarif_path = tmp_path / "out" / "audit.sarif"
        sarif = run_cli("audit", url, "--format", "sarif", "-o", str(sarif_path), env=env)
        markdown = run_cli("audit", url, "--format", "markdown", env=env)
        text = run_cli("audit", url, env=env)
        lenient = run_cli("audit", url, "--fail-on", "never", "--format", "json", env=env)
    assert sarif.code == 1 and f"Wrote {sarif_path}" in sarif.err and sarif.out == ""
    log = json.loads(sarif_path.read_text())
    assert log["version"] == "2.1.0"
    results = log["runs"][0]["results"]
    assert any(r["ruleId"] == "skillscope/verification-failed" and r["level"] == "error" for r in results)
    assert markdown.code == 1 and "# skillscope audit" in markdown.out and "skillscope/risky-shell" in markdown.out
    assert text.code == 1 and "verification-failed" in text.out
    for out in (markdown.out, text.out, sarif_path.read_text()):
        assert "\x1b" not in out and "\u202e" not in out
    assert lenient.code == 0


def test_fail_on_warning(env):
    run = run_cli("audit", "--fail-on", "warning", *stdio("other-scheme"), env=env)
    assert run.code == 1
    assert run_cli("audit", *stdio("other-scheme"), env=env).code == 0


def test_several_servers_in_one_report(env):
    with serve_http_in_thread(planted_server()) as url:
        run = run_cli("audit", url, "--format", "json", "--fail-on", "never", *stdio("samples"), env=env)
        labelled = run_cli("audit", url, "--label", "x", *stdio("samples"), env=env)
    assert run.code == 0, run.err
    servers = run.json()["servers"]
    assert len(servers) == 2 and {s["error"] for s in servers} == {None}
    assert [s["label"] for s in servers] == ["127.0.0.1", "tests"]
    assert labelled.code == 2 and "--label names a single server" in labelled.err


def test_connection_error_exits_3_and_still_reports(env):
    run = run_cli("audit", "http://127.0.0.1:9/mcp", "--format", "json", *stdio("samples"), env=env)
    assert run.code == 3
    servers = run.json()["servers"]
    assert servers[0]["error"].startswith("Cannot reach") and servers[1]["error"] is None
    assert "Cannot reach" in run.err


def test_audit_needs_a_target(env):
    run = run_cli("audit", env=env)
    assert run.code == 2 and "Missing TARGET" in run.err


def test_audit_reads_files_list_does_not(env):
    listing = run_cli("list", "--json", *stdio("tampered-skill-md"), env=env)
    assert listing.code == 0
    audit = run_cli("audit", "--format", "json", *stdio("tampered-skill-md"), env=env)
    assert audit.code == 1
    failed = [s for s in audit.json()["servers"][0]["skills"] if s["verified"] is False]
    assert [s["failure"]["check"] for s in failed] == ["digest"]


@pytest.mark.parametrize("fmt", ["text", "markdown", "sarif", "json"])
def test_every_report_names_the_checks_it_skipped_and_how_to_run_them(http_server, tmp_path, fmt):
    # A reviewer reading any report must see that coverage was cut, not only a JSON consumer.
    url = http_server("hidden-in-subdirectory")
    out = tmp_path / f"report.{fmt}"
    run = run_cli("audit", url, "--format", fmt, "-o", str(out), "--fail-on", "never")
    assert run.code == 0, run.err
    text = out.read_text()
    for check in ("skillscope/directory-walk", "skillscope/skills-get-every-entry"):
        assert check in text
    assert "--thorough" in text
    if fmt == "text":
        assert "2 skipped" in text
    if fmt == "sarif":
        notes = json.loads(text)["runs"][0]["invocations"][0]["toolExecutionNotifications"]
        assert {n["descriptor"]["id"] for n in notes if n["level"] == "note"} >= {"skillscope/directory-walk"}
