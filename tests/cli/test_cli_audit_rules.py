"""'skillscope audit --rules/--policy' end to end on served skills: user findings, the gate, bad files."""

from __future__ import annotations

import os

import pytest

from skillscope.demo.publisher import PublishedSkill, SkillFile, build_server
from tests.cli.conftest import run_cli, run_process
from tests.fixtures.hostile import build_scenario
from tests.fixtures.http import serve_http_in_thread

YAML_RULES = """\
rules:
  - id: paste-site
    severity: error
    message: sends data to the old log paste host (house rule)
    regex: 'paste\\.example\\.com'
    kind: code
    family: exfiltration
"""

YARA_RULES = """\
rule stdin_post {
  meta:
    severity = "warning"
    description = "posts stdin with curl"
  strings:
    $a = "curl -s -d @-"
  condition:
    $a
}
"""


def share_logs() -> PublishedSkill:
    skill_md = (
        b"---\nname: share-logs\ndescription: Shares build logs with the team.\n---\n# Share logs\n\n"
        b"Run `scripts/share.sh build.log`. Never paste logs to paste.example.com by hand.\n"
    )
    # A house rule's business, not a built-in one's: a log file sent to the team's own (made-up) host.
    script = b'#!/bin/sh\ncurl -s -d @- https://paste.example.com/api/post < "$1"\n'
    return PublishedSkill("share-logs", [SkillFile("SKILL.md", skill_md), SkillFile("scripts/share.sh", script)])


@pytest.fixture
def env(tmp_path):
    return {
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "HOME": str(tmp_path / "home"),
    }


@pytest.fixture
def files(tmp_path):
    (tmp_path / "house.yaml").write_text(YAML_RULES)
    (tmp_path / "house.yar").write_text(YARA_RULES)
    return tmp_path


@pytest.fixture(scope="module")
def url():
    with serve_http_in_thread(build_server([share_logs()])) as served:
        yield served


def user_findings(run):
    return [
        (f["id"], f["severity"], f["uri"].rsplit("/", 1)[1], f["line"])
        for f in run.json()["servers"][0]["findings"]
        if f["id"].startswith("user/")
    ]


def house_rules(files):
    """The ``--rules`` options that load both house rule files (YAML and YARA)."""
    return ("--rules", str(files / "house.yaml"), "--rules", str(files / "house.yar"))


def test_user_rules_add_findings_that_stop_the_gate_and_carry_their_family(env, files, url):
    plain = run_cli("audit", url, "--format", "json", env=env)
    assert plain.code == 0 and user_findings(plain) == []
    ruled = run_cli("audit", url, "--format", "json", *house_rules(files), env=env)
    assert ruled.code == 1, ruled.err
    assert user_findings(ruled) == [
        ("user/paste-site", "error", "share.sh", 2),
        ("user/stdin_post", "warning", "share.sh", 2),
    ]
    (skill,) = ruled.json()["servers"][0]["skills"]
    assert skill["findings"]["error"] == 1
    families = {f["id"]: f["family"] for f in ruled.json()["servers"][0]["findings"] if f["id"].startswith("user/")}
    # The YAML rule names its family; the YARA rule names none, and no family is made up for it.
    assert families == {"user/paste-site": "exfiltration", "user/stdin_post": None}


def test_policy_turns_a_rule_off_or_changes_its_severity_and_the_gate_follows(env, files, url):
    rules = house_rules(files)
    (files / "off.yaml").write_text("rules:\n  user/paste-site: off\n")
    off = run_cli("audit", url, "--format", "json", *rules, "--policy", str(files / "off.yaml"), env=env)
    assert off.code == 0, off.err
    assert user_findings(off) == [("user/stdin_post", "warning", "share.sh", 2)]
    assert off.json()["servers"][0]["skills"][0]["findings"]["error"] == 0

    (files / "raise.yaml").write_text(
        "rules:\n  user/paste-site: off\n  'user/stdin_*': error\n  skillscope/script: off\n"
    )
    raised = run_cli("audit", url, "--format", "json", *rules, "--policy", str(files / "raise.yaml"), env=env)
    assert raised.code == 1
    assert user_findings(raised) == [("user/stdin_post", "error", "share.sh", 2)]
    assert not [f for f in raised.json()["servers"][0]["findings"] if f["id"] == "skillscope/script"]


def test_policy_changes_built_in_rules_by_glob(env, files, url):
    (files / "strict.yaml").write_text("rules:\n  'skillscope/*': warning\n")
    strict = run_cli("audit", url, "--policy", str(files / "strict.yaml"), "--format", "json", env=env)
    assert strict.code == 0  # warnings only, the default gate fails on errors
    assert {f["severity"] for f in strict.json()["servers"][0]["findings"]} == {"warning"}
    assert run_cli("audit", url, "--policy", str(files / "strict.yaml"), "--fail-on", "warning", env=env).code == 1


def test_no_policy_lets_a_verification_failure_pass_the_gate(env, tmp_path):
    (tmp_path / "lax.yaml").write_text("rules:\n  '*': off\n  skillscope/verification-failed: note\n")
    with serve_http_in_thread(build_scenario("tampered-file")) as tampered:
        run = run_cli("audit", tampered, "--format", "json", "--policy", str(tmp_path / "lax.yaml"), env=env)
    assert run.code == 1, run.err
    assert [
        f["severity"] for f in run.json()["servers"][0]["findings"] if f["id"] == "skillscope/verification-failed"
    ] == ["error"]


@pytest.mark.parametrize(
    ("option", "name", "body", "says"),
    [
        (
            "--rules",
            "bad.yaml",
            "rules:\n  - id: x\n    severity: fatal\n    message: m\n    regex: a\n",
            "bad.yaml:3: severity 'fatal'",
        ),
        ("--rules", "bad.yar", "rule a {\n  condition: $x\n}\n", "bad.yar:2: invalid YARA rule"),
        (
            "--policy",
            "bad-policy.yaml",
            "rules:\n  skillscope/url: loud\n",
            "bad-policy.yaml:2: 'skillscope/url': the setting is one of off",
        ),
    ],
)
def test_a_bad_file_is_a_usage_error_naming_file_and_line(env, tmp_path, option, name, body, says):
    (tmp_path / name).write_text(body)
    run = run_cli("audit", "demo", option, str(tmp_path / name), env=env)
    assert run.code == 2
    assert says in run.err and "Traceback" not in run.err


@pytest.mark.parametrize(
    ("option", "name"), [("--rules", "house.yaml"), ("--rules", "house.yar"), ("--policy", "policy.yaml")]
)
def test_a_fifo_given_as_a_rules_or_policy_file_is_refused_without_waiting(env, tmp_path, option, name):
    # Opening a FIFO for reading waits for a writer that never comes; a real process, so a hang fails the test
    # at the guard instead of stopping the test worker.
    os.mkfifo(tmp_path / name)
    run = run_process("audit", "demo", option, str(tmp_path / name), env=env, timeout=300)
    assert run.code == 2 and f"{name}: is a FIFO, not a regular file" in run.err and "Traceback" not in run.err


def test_help_documents_both_options():
    run = run_cli("audit", "--help")
    assert "--rules FILE" in run.out and "--policy FILE" in run.out and "--rules house.yar" in run.out


def test_sarif_names_user_rules_as_such(env, files, url):
    run = run_cli("audit", url, "--format", "sarif", "--rules", str(files / "house.yaml"), env=env)
    (sarif_run,) = run.json()["runs"]
    (rule,) = [r for r in sarif_run["tool"]["driver"]["rules"] if r["id"] == "user/paste-site"]
    assert rule["shortDescription"]["text"] == "User rule paste-site" and "--rules" in rule["help"]["text"]
    (result,) = [r for r in sarif_run["results"] if r["ruleId"] == "user/paste-site"]
    assert result["level"] == "error" and result["locations"][0]["physicalLocation"]["region"]["startLine"] == 2
