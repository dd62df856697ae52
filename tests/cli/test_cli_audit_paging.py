"""'skillscope audit' as a gate over listings that page: what a paging trick hides is read or named, never passed."""

from __future__ import annotations

import json

import pytest

from tests.cli.conftest import run_cli, stdio
from tests.fixtures.paging import HIDDEN_SKILL, HIDDEN_TOOL

TRICKS = {
    "empty-run": "20 empty pages in a row each carried another cursor",
    "repeat": "page 2 repeated a cursor it had sent before",
    "endless": "the server was still paging at the page cap (1000 pages)",
    "error": "page 2 failed (",
}
"""Each paging trick that must stop a walk, and the reason the gate then gives."""


@pytest.fixture
def env(tmp_path):
    return {
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "HOME": str(tmp_path / "home"),
    }


@pytest.fixture(params=["stdio", "http"])
def target(request, http_server):
    """Arguments naming a paging scenario as the server, over stdio or over Streamable HTTP."""
    if request.param == "stdio":
        return lambda scenario: stdio(scenario)
    return lambda scenario: [http_server(scenario)]


def _approve(env, target, kind: str, *names: str) -> None:
    """Approve the items the honest server of ``kind`` shows (an approval follows content, so it holds on every mode)."""
    for name in names:
        run = run_cli(
            "approve", name, "--label", "fx", "--reviewer", "r", "--yes", *target(f"paging-{kind}-honest"), env=env
        )
        assert run.code == 0, run.err


def _audit(env, target, scenario: str, tmp_path, *options: str):
    report = tmp_path / "report.json"
    run = run_cli("audit", "--label", "fx", "--format", "json", "-o", str(report), *options, *target(scenario), env=env)
    return run, json.loads(report.read_text()) if report.exists() else None


def _incomplete(report) -> list[str]:
    return [
        f["message"]
        for server in report["servers"]
        for f in server["findings"]
        if f["id"] == "skillscope/listing-incomplete" and f["severity"] == "error"
    ]


# --- skills/list -----------------------------------------------------------------------------------


def test_an_honest_multi_page_listing_of_approved_skills_passes(env, target, tmp_path):
    _approve(env, target, "skills", "hello-world", "pdf-processing")
    run, report = _audit(env, target, "paging-skills-honest", tmp_path, "--require-approved")
    assert run.code == 0, run.err
    assert "not approved" not in run.err and "not everything was read" not in run.err
    assert _incomplete(report) == []
    assert {s["name"] for s in report["servers"][0]["skills"]} == {"fx:hello-world", "fx:pdf-processing"}


def test_an_empty_page_with_a_cursor_does_not_hide_the_skill_behind_it(env, target, tmp_path):
    """A host that reads every page loads the skill behind the empty page: the audit reads it too, and judges it."""
    _approve(env, target, "skills", "hello-world", "pdf-processing")
    run, report = _audit(
        env, target, "paging-skills-empty-then-more", tmp_path, "--require-approved", "--fail-on", "never"
    )
    assert run.code == 1
    assert f"not approved at its current fingerprint: fx:{HIDDEN_SKILL} (not-reviewed)" in run.err
    assert f"fx:{HIDDEN_SKILL}" in {s["name"] for s in report["servers"][0]["skills"]}
    assert _incomplete(report) == []  # the walk went past the empty page and reached the end


@pytest.mark.parametrize("trick", list(TRICKS))
def test_require_approved_fails_on_a_skills_listing_it_could_not_finish(env, target, tmp_path, trick):
    """Every skill the walk saw is approved; what it could not read must still stop the gate, named on stderr."""
    _approve(env, target, "skills", "hello-world", "pdf-processing")
    run, report = _audit(env, target, f"paging-skills-{trick}", tmp_path, "--require-approved", "--fail-on", "never")
    assert run.code == 1, run.err
    assert "not approved at its current fingerprint" not in run.err  # every skill it did see is approved
    (line,) = [line for line in run.err.splitlines() if "not everything was read" in line]
    assert "skills/list was not read to its end" in line and TRICKS[trick] in line
    assert "whatever the server lists beyond that was not read" in line
    assert HIDDEN_SKILL not in run.err
    (message,) = _incomplete(report)
    assert message.startswith("skills/list was not read to its end") and TRICKS[trick] in message
    if trick == "error":  # the server's error text arrives inert: no escape, no bidi override, shown as text
        assert "page gone" in line and "\x1b" not in run.err and "\u202e" not in run.err
        assert "\x1b" not in message


def test_an_unfinished_skills_listing_is_an_error_finding_for_fail_on(env, target, tmp_path):
    run, report = _audit(env, target, "paging-skills-repeat", tmp_path)
    assert run.code == 1  # --fail-on error (the default) stops on it without --require-approved
    assert len(_incomplete(report)) == 1
    never, _ = _audit(env, target, "paging-skills-repeat", tmp_path, "--fail-on", "never")
    assert never.code == 0 and "not everything was read" not in never.err  # only the gate that asks says so


def test_a_resources_listing_cut_short_stops_the_gate(env, target, tmp_path):
    """The completeness checks compare resources/list with every manifest: a cut-short one cannot say nothing is missing."""
    _approve(env, target, "skills", "hello-world", "pdf-processing")
    run, report = _audit(env, target, "paging-resources-repeat", tmp_path, "--require-approved", "--fail-on", "never")
    assert run.code == 1, run.err
    (line,) = [line for line in run.err.splitlines() if "not everything was read" in line]
    assert "resources/list was not read to its end" in line and "repeated a cursor" in line
    assert _incomplete(report) and "not approved at its current fingerprint" not in run.err


# --- tools/list with --surface all ----------------------------------------------------------------


def test_an_honest_multi_page_tools_listing_of_approved_tools_passes(env, target, tmp_path):
    _approve(env, target, "tools", "tool/lookup", "tool/summarise")
    run, report = _audit(env, target, "paging-tools-honest", tmp_path, "--surface", "all", "--require-approved")
    assert run.code == 0, run.err
    assert "not approved" not in run.err and "not everything was read" not in run.err
    assert _incomplete(report) == []


def test_an_empty_tools_page_with_a_cursor_does_not_hide_the_tool_behind_it(env, target, tmp_path):
    _approve(env, target, "tools", "tool/lookup", "tool/summarise")
    run, _ = _audit(
        env,
        target,
        "paging-tools-empty-then-more",
        tmp_path,
        "--surface",
        "all",
        "--require-approved",
        "--fail-on",
        "never",
    )
    assert run.code == 1
    assert f"not approved at its current fingerprint: fx:tool/{HIDDEN_TOOL} (not-reviewed)" in run.err


@pytest.mark.parametrize("trick", list(TRICKS))
def test_require_approved_fails_on_a_tools_listing_it_could_not_finish(env, target, tmp_path, trick):
    _approve(env, target, "tools", "tool/lookup", "tool/summarise")
    run, report = _audit(
        env, target, f"paging-tools-{trick}", tmp_path, "--surface", "all", "--require-approved", "--fail-on", "never"
    )
    assert run.code == 1, run.err
    (line,) = [line for line in run.err.splitlines() if "not everything was read" in line]
    assert "tools/list was not read to its end" in line and TRICKS[trick] in line
    assert HIDDEN_TOOL not in run.err
    assert any(m.startswith("tools/list was not read to its end") for m in _incomplete(report))
    if trick == "error":
        assert "page gone" in line and "\x1b" not in run.err and "\u202e" not in run.err
