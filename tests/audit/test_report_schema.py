"""The JSON audit report follows docs/schemas/audit-report.schema.json, and the Rego policy docs/auditing.md shows gates it."""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys

import pytest

from skillscope.audit.reports import JSON_SCHEMA_ID
from skillscope.demo.publisher import build_server
from tests.audit.planted import planted_server
from tests.cli.conftest import run_cli, stdio
from tests.cli.test_cli_suppress import deploy_notes
from tests.fixtures.http import REPO_ROOT, serve_http_in_thread
from tests.fixtures.report_schema import SCHEMA_PATH, report_errors, valid_report

AUDITING = REPO_ROOT / "docs" / "auditing.md"


@pytest.fixture
def env(tmp_path):
    return {
        "SKILLSCOPE_LEDGER": str(tmp_path / "team.jsonl"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "HOME": str(tmp_path / "home"),
    }


def audit_json(*args: str, env: dict[str, str]) -> dict:
    run = run_cli("audit", "--format", "json", "--fail-on", "never", *args, env=env)
    assert run.code in (0, 3), run.err
    return valid_report(run.json())  # run_cli holds it to the schema too; this names the case that fails


def _documented_policy() -> str:
    (policy,) = re.findall(r"```rego\n(.*?)```", AUDITING.read_text(encoding="utf-8"), flags=re.DOTALL)
    return policy


# rego-cpp carries its own RE2: loaded beside google-re2 (audit --rules) in one process, the next re2.compile
# aborts the interpreter. The policy is evaluated in a process of its own, as a CI step would run an engine.
_EVALUATE = """
import json, sys, regopy
policy, report = json.load(sys.stdin)
rego = regopy.Interpreter()
rego.add_module("skills", policy)
rego.set_input(report)
out = rego.query("x = data.main.deny")
if not out.ok():
    sys.exit(str(out))
print(out.binding("x").json())
"""


def denials(report: dict) -> list[str]:
    """What the documented policy denies, evaluated by rego-cpp (the Rego engine on PyPI)."""
    run = subprocess.run(
        [sys.executable, "-c", _EVALUATE],
        input=json.dumps([_documented_policy(), report]),
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    return sorted(json.loads(run.stdout))


def test_the_schema_names_itself_as_every_report_does():
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == JSON_SCHEMA_ID == "urn:skillscope:schema:audit-report:v1"
    assert schema["properties"]["$schema"] == {**schema["properties"]["$schema"], "const": JSON_SCHEMA_ID}


def test_the_demo_audit_follows_the_schema_and_the_policy_names_what_is_wrong(env):
    report = audit_json("demo", env=env)
    skills = {s["name"]: s for s in report["servers"][0]["skills"]}
    assert any(s["failure"] for s in skills.values()) and any(
        s["review"] and s["review"]["record"] for s in skills.values()
    )
    denied = denials(report)
    assert "skillscope/verification-failed: " in "\n".join(denied)
    drifted = [n for n, s in skills.items() if s["review"] and s["review"]["state"] == "changed-since-approval"]
    assert drifted and all(f"{name}: not approved" in denied for name in drifted)


def test_a_clean_server_whose_skills_are_approved_passes_the_policy(env):
    listed = run_cli("list", "--json", *stdio("samples"), env=env).json()
    names = [s["name"] for s in listed["skills"] if s["status"] == "available"]
    report = audit_json(*stdio("samples"), env=env)
    assert sorted(denials(report)) == sorted(f"{name}: not approved" for name in names)
    for name in names:
        assert run_cli("approve", name, "--yes", "--reviewer", "ana@example.com", *stdio("samples"), env=env).code == 0
    assert denials(audit_json(*stdio("samples"), env=env)) == []

    revoked = names[0]
    assert run_cli("revoke", revoked, "--reviewer", "ana@example.com", *stdio("samples"), env=env).code == 0
    assert denials(audit_json(*stdio("samples"), env=env)) == [f"{revoked}: not approved"]


def test_hostile_servers_follow_the_schema(env):
    with serve_http_in_thread(planted_server()) as url:
        planted = audit_json(url, "--thorough", env=env)
    assert any(f["severity"] == "error" for f in planted["servers"][0]["findings"])
    escapes = audit_json(*stdio("escapes"), env=env)
    assert any(s["status"] == "malformed" for s in escapes["servers"][0]["skills"])
    malformed = audit_json(*stdio("malformed-entries"), env=env)
    assert malformed["servers"][0]["skills"]


def test_a_server_that_failed_follows_the_schema_and_is_denied(env):
    report = audit_json("--label", "gone", *stdio("exit"), env=env)
    (server,) = report["servers"]
    assert server["error"] and server["server"] is None
    (denied,) = denials(report)
    assert denied.startswith("gone: not audited: ")


def test_the_surface_audit_follows_the_schema(env):
    report = audit_json("--surface", "all", "--label", "fx", *stdio("surface-hidden"), env=env)
    assert any(f["skill"] == "fx:tool/send_report" for f in report["servers"][0]["findings"])


def test_a_suppressed_finding_follows_the_schema_and_leaves_the_policy(env):
    with serve_http_in_thread(build_server([deploy_notes()])) as url:
        first = audit_json(url, env=env)
        (finding,) = [f for f in first["servers"][0]["findings"] if f["id"] == "skillscope/obfuscation/download-exec"]
        done = run_cli("suppress", finding["key"], "--reason", "our installer", "--expires", "2999-12-31", env=env)
        assert done.code == 0, done.err
        report = audit_json(url, env=env)
    (hidden,) = report["servers"][0]["suppressed"]
    assert hidden["key"] == finding["key"] and hidden["suppression"]["expires"] == "2999-12-31"
    assert not any(f["key"] == finding["key"] for f in report["servers"][0]["findings"])
    assert not any("download-exec" in d for d in denials(report))


def test_the_schema_and_the_policy_refuse_what_is_not_a_report(env):
    """Each refusal a consumer relies on: a forged field, a wrong enum, a changed $schema, a missing review."""
    report = audit_json(*stdio("samples"), env=env)

    def altered(change) -> dict:
        copied = copy.deepcopy(report)
        change(copied)
        return copied

    skill = lambda d: d["servers"][0]["skills"][0]  # noqa: E731
    extra = altered(lambda d: skill(d).update(approved=True))
    assert any("approved" in e for e in report_errors(extra))
    state = altered(lambda d: skill(d)["review"].update(state="approved-by-author"))
    assert any("review" in e for e in report_errors(state))
    fingerprint = altered(lambda d: skill(d).update(fingerprint="md5:abc"))
    assert any("fingerprint" in e for e in report_errors(fingerprint))
    extra_finding = altered(lambda d: d["servers"][0]["findings"].append({"id": "x", "ignored": True}))
    assert report_errors(extra_finding)
    assert report_errors(altered(lambda d: d.update({"$schema": "https://skillscope.dev/schemas/audit/v1"})))

    foreign = altered(lambda d: d.update({"$schema": "urn:example:other"}))
    assert "not a skillscope v1 audit report" in denials(foreign)
    unknown = altered(lambda d: skill(d).update(review=None))  # the ledger could not be read
    assert f"{skill(report)['name']}: not approved" in denials(unknown)
