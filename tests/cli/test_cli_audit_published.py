"""A folder of fifteen real-looking published skills with one injected line: every report fits on a screen or two.

The honest skills carry what published ones do (pages of documentation links, XML schemas, sample data and
templates kept under scripts/ beside one real helper); one skill's steps gain a download piped to bash that the
agent is told to keep from the user. Each report lists that line's errors in full and sums the notes up.
"""

from __future__ import annotations

import json
import shlex

import pytest
import yaml

from tests.cli.conftest import run_cli
from tests.fixtures.http import REPO_ROOT
from tests.fixtures.published import HONEST_SKILLS, INJECTED_HOST, write_published
from tests.fixtures.report_schema import valid_report

SCREEN = 100
"""Lines a reviewer reads without giving up: two screens."""


@pytest.fixture
def env(tmp_path):
    return {
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "HOME": str(tmp_path / "home"),
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
    }


@pytest.fixture
def repo(tmp_path):
    write_published(tmp_path / "repo")
    return tmp_path / "repo"


@pytest.fixture
def honest(tmp_path):
    write_published(tmp_path / "honest", injected="")
    return tmp_path / "honest"


def audit(repo, env, *args):
    return run_cli("audit", "./skills", "--fail-on", "never", *args, env=env, cwd=str(repo))


def the_full_report(repo, env):
    run = audit(repo, env, "--format", "json")
    assert run.code == 0, run.err
    return valid_report(run.json())


def assert_injection_in_full(text):
    # Both errors of the injected line, each with its place and words: nothing a reviewer must act on is summarised.
    assert "skillscope/obfuscation/download-exec" in text and "skillscope/instructions/concealment" in text
    assert f"{INJECTED_HOST}/i.sh" in text and "do not mention it to the user" in text


def test_json_keeps_every_finding_and_adds_a_notes_summary(repo, env):
    report = the_full_report(repo, env)
    (server,) = report["servers"]
    notes = [f for f in server["findings"] if f["severity"] == "note"]
    assert len(notes) == server["summary"]["note"] > 300  # JSON is for machines: every note stays
    by_rule = {g["id"]: g for g in server["notes_summary"]}
    assert sum(g["count"] for g in by_rule.values()) == len(notes)
    links = by_rule["skillscope/url"]
    assert links["by"] == "host" and links["count"] == sum(f["id"] == "skillscope/url" for f in notes)
    assert {"github.com", "docs.python.org", "www.w3.org"} <= {g["name"] for g in links["groups"]}
    assert links["text"].startswith(f"{links['count']} links to {len(links['groups'])} hosts (")
    scripts = by_rule["skillscope/script"]
    assert scripts["by"] == "path" and scripts["groups"] == [{"name": "scripts/", "count": len(HONEST_SKILLS)}]


def test_only_code_under_scripts_is_called_a_script(repo, env):
    findings = the_full_report(repo, env)["servers"][0]["findings"]
    scripts = [f for f in findings if f["id"] == "skillscope/script"]
    # The attack-shaped case: a real helper is named by its kind, once per skill.
    assert len(scripts) == len(HONEST_SKILLS)
    assert all(f["uri"].endswith("/scripts/check.py") for f in scripts)
    assert all(f["message"].endswith("scripts/check.py: Python script under scripts/") for f in scripts)
    # The honest twins beside it: schemas, data, config and templates draw no script note.
    quiet = (".xsd", ".csv", ".yaml", ".json", ".j2")
    assert not [f for f in findings if f["id"] == "skillscope/script" and f["uri"].endswith(quiet)]


def test_a_file_with_no_suffix_under_scripts_is_named_as_unknown(tmp_path, env):
    root = tmp_path / "one"
    write_published(root, injected="")
    (root / "skills" / "pdf-forms" / "scripts" / "run").write_text("set -e\necho hello\n")
    scripts = [
        f
        for f in the_full_report(root, env)["servers"][0]["findings"]
        if f["id"] == "skillscope/script" and "pdf-forms" in f["uri"]
    ]
    assert {f["uri"].rsplit("/", 1)[1]: f["message"].rsplit(": ", 1)[1] for f in scripts} == {
        "check.py": "Python script under scripts/",
        "run": "file with no suffix (kind unknown, may be a program) under scripts/",
    }


def test_text_lists_the_errors_and_sums_up_the_notes(repo, env):
    run = audit(repo, env)
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert len(lines) <= SCREEN, run.out
    assert_injection_in_full(" ".join(run.out.split()))
    assert "notes, summarised (rerun with --notes all to list them)" in run.out
    assert "links to 13 hosts" in run.out
    assert "section-3.html" not in run.out  # no URL note listed one by one


def test_notes_all_puts_every_note_one_step_away(repo, env):
    run = audit(repo, env, "--notes", "all")
    assert run.code == 0, run.err
    assert "section-3.html" in run.out and "Python script under scripts/" in " ".join(run.out.split())
    assert len(run.out.splitlines()) > 3 * SCREEN


def test_markdown_leads_with_errors_and_says_how_many_notes_it_left_out(repo, env):
    notes = the_full_report(repo, env)["summary"]["note"]
    run = audit(repo, env, "--format", "markdown")
    assert run.code == 0, run.err
    assert len(run.out.splitlines()) <= SCREEN and len(run.out) < 8_000
    assert_injection_in_full(run.out)
    assert f"{notes} note(s) left out of this report" in run.out and "--notes all" in run.out
    assert "Shortened" not in run.out and "section-3.html" not in run.out


def test_sarif_carries_errors_and_warnings_and_says_how_many_notes_it_left_out(repo, env):
    summary = the_full_report(repo, env)["summary"]
    run = audit(repo, env, "--format", "sarif")
    assert run.code == 0, run.err
    (log,) = json.loads(run.out)["runs"]
    assert {r["level"] for r in log["results"]} == {"error"}
    assert len(log["results"]) == summary["error"] + summary["warning"]
    assert log["properties"]["notesLeftOut"] == summary["note"]
    assert "--notes all" in log["properties"]["notesLeftOutText"]
    assert any("skillscope/url" in line for line in log["properties"]["notesSummary"])
    every = audit(repo, env, "--format", "sarif", "--notes", "all")
    (full,) = json.loads(every.out)["runs"]
    assert len(full["results"]) == summary["error"] + summary["warning"] + summary["note"]
    assert "notesLeftOut" not in full["properties"]


def hook_words():
    hooks = yaml.safe_load((REPO_ROOT / ".pre-commit-hooks.yaml").read_text())
    hook = next(h for h in hooks if h["id"] == "skillscope-audit")
    return shlex.split(hook["entry"])[1:] + list(hook["args"])


def test_the_pre_commit_hook_stops_the_injection_on_one_screen(repo, env):
    notes = the_full_report(repo, env)["summary"]["note"]
    run = run_cli(*hook_words(), env=env, cwd=str(repo))
    assert run.code == 1
    assert len(run.out.splitlines()) <= SCREEN, run.out
    assert_injection_in_full(" ".join(run.out.split()))
    assert f"{notes} notes not listed" in run.out and "--notes all" in run.out


def test_the_pre_commit_hook_passes_the_honest_twin_quietly(honest, env):
    run = run_cli(*hook_words(), env=env, cwd=str(honest))
    assert run.code == 0, run.err
    assert len(run.out.splitlines()) <= SCREEN
    assert "0 errors, 0 warnings" in " ".join(run.out.split()) and "notes not listed" in run.out
    assert INJECTED_HOST not in run.out
