"""Reviews from the command line: approve, reject, revoke, drift, export and ledger checks."""

from __future__ import annotations

import json

import pytest
import yaml

from skillscope.demo.publisher import SkillFile, build_server
from skillscope.ledger.core.store import Ledger
from tests.cli.conftest import run_cli, stdio
from tests.fixtures.http import serve_http_in_thread
from tests.fixtures.samples import pdf_processing


@pytest.fixture
def env(tmp_path):
    """An isolated ledger, config dir and git identity."""
    return isolated_env(tmp_path)


def isolated_env(tmp_path):
    """The environment of ``env``: a ledger, config dir and git identity of one test."""
    gitconfig = tmp_path / "gitconfig"
    gitconfig.write_text("[user]\n\tname = Rita Reviewer\n\temail = rita@example.com\n")
    return {
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "GIT_CONFIG_GLOBAL": str(gitconfig),
        "GIT_CONFIG_NOSYSTEM": "1",
    }


def ledger_of(env):
    return Ledger(env["SKILLSCOPE_LEDGER"])


def test_approve_verifies_everything_then_records_it(env):
    run = run_cli(
        "approve", "--yes", "pdf-processing", "--label", "fx", "--note", "read every file", *stdio("samples"), env=env
    )
    assert run.code == 0, run.err
    assert "Approved fx:pdf-processing (sha256:" in run.out
    (rec,) = ledger_of(env).records()
    assert (rec.action, rec.name, rec.note, rec.label, rec.protocol) == (
        "approve",
        "fx:pdf-processing",
        "read every file",
        "fx",
        "2026-07-28",
    )
    assert rec.reviewer == "rita@example.com"
    assert rec.server.endswith("tests.fixtures.run_server samples")
    assert rec.uri == "skill://pdf-processing/SKILL.md" and rec.fingerprint.startswith("sha256:")
    assert [f.uri.rsplit("/", 1)[1] for f in rec.files] == ["SKILL.md", "FORMS.md", "logo.bin"]
    assert rec.tool.startswith("skillscope ") and rec.time.endswith("Z")


@pytest.mark.parametrize("scenario", ["tampered-file", "frontmatter-mismatch"])
def test_approve_refuses_what_does_not_verify(env, scenario):
    run = run_cli("approve", "--yes", "pdf-processing", *stdio(scenario), env=env)
    assert run.code == 1
    assert "approval refused" in run.err
    assert ledger_of(env).records() == []


def test_dynamic_skill_cannot_be_approved(env):
    listing = run_cli("list", "--json", *stdio("dynamic"), env=env).json()
    name = next(s["name"] for s in listing["skills"] if s["dynamic"])
    run = run_cli("approve", "--yes", name, "--allow-dynamic", *stdio("dynamic"), env=env)
    assert run.code == 2 and "cannot be approved" in run.err
    assert ledger_of(env).records() == []


def test_headers_never_reach_the_ledger(env):
    with serve_http_in_thread(build_server([pdf_processing()]), bearer_token="s3cret-token") as url:
        run = run_cli(
            "approve", "--yes", "pdf-processing", url, "--header", "Authorization: Bearer s3cret-token", env=env
        )
    assert run.code == 0, run.err
    text = open(env["SKILLSCOPE_LEDGER"]).read()
    assert "s3cret" not in text and url in text


def changed_pdf():
    skill = pdf_processing()
    skill.files.append(SkillFile("references/NEW.md", b"# Added after review\n"))
    skill.files[1] = SkillFile("references/FORMS.md", b"# Forms, rewritten\n")
    return skill


def test_drift_is_shown_in_list_diff_and_show(env):
    assert run_cli("approve", "--yes", "pdf-processing", "--label", "srv", *stdio("samples"), env=env).code == 0
    with serve_http_in_thread(build_server([changed_pdf()])) as url:
        listing = run_cli("list", url, "--label", "srv", "--json", env=env)
        diff = run_cli("diff", "pdf-processing", url, "--label", "srv", env=env)
        diff_json = run_cli("diff", "pdf-processing", url, "--label", "srv", "--json", env=env)
        show = run_cli("show", "pdf-processing", url, "--label", "srv", "--json", env=env)
    review = next(s for s in listing.json()["skills"] if s["name"] == "srv:pdf-processing")["review"]
    assert review["state"] == "changed-since-approval"
    assert {(c["change"], c["uri"].rsplit("/", 1)[1]) for c in review["changes"]} == {
        ("added", "NEW.md"),
        ("changed", "FORMS.md"),
    }
    assert diff.code == 0 and "changed since approval" in diff.out and "NEW.md" in diff.out and "FORMS.md" in diff.out
    assert diff_json.json()["state"] == "changed-since-approval"
    assert show.json()["review"]["state"] == "changed-since-approval"


def test_reject_revoke_and_export(env, tmp_path):
    assert run_cli("approve", "--yes", "pdf-processing", "--label", "fx", *stdio("samples"), env=env).code == 0
    assert run_cli("approve", "--yes", "hello-world", "--label", "fx", *stdio("samples"), env=env).code == 0
    approved = run_cli("export", env=env)
    assert approved.code == 0 and len(approved.out.split()) == 2
    assert all(line.startswith("sha256:") for line in approved.out.split())

    reject = run_cli("reject", "hello-world", "--label", "fx", "--note", "says too little", *stdio("samples"), env=env)
    assert reject.code == 0 and "Rejected fx:hello-world" in reject.out
    listing = run_cli("list", "--json", "--label", "fx", *stdio("samples"), env=env).json()
    states = {s["name"]: s["review"]["state"] for s in listing["skills"]}
    assert states["fx:hello-world"] == "rejected" and states["fx:pdf-processing"] == "approved"
    assert states["fx:acme/billing/invoice-review"] == "not-reviewed"
    assert len(run_cli("export", env=env).out.split()) == 1

    revoke = run_cli("revoke", "fx:pdf-processing", env=env)  # offline: from the ledger alone
    assert revoke.code == 0 and "Revoked fx:pdf-processing" in revoke.out
    assert run_cli("export", env=env).out == ""

    assert run_cli("approve", "--yes", "pdf-processing", "--label", "fx", *stdio("samples"), env=env).code == 0
    out = tmp_path / "out" / "approved.json"
    run = run_cli("export", "--format", "json", "-o", str(out), env=env)
    assert run.code == 0
    rows = json.loads(out.read_text())["approved"]
    assert [r["name"] for r in rows] == ["fx:pdf-processing"] and rows[0]["reviewer"] == "rita@example.com"
    as_yaml = yaml.safe_load(run_cli("export", "--format", "yaml", env=env).out)
    assert as_yaml == json.loads(out.read_text())
    assert run_cli("export", "--label", "nope", env=env).out == ""


def test_ledger_verify_list_and_repair(env):
    assert run_cli("approve", "--yes", "hello-world", "--label", "fx", *stdio("samples"), env=env).code == 0
    assert run_cli("reject", "pdf-processing", "--label", "fx", *stdio("samples"), env=env).code == 0
    ok = run_cli("ledger", "verify", env=env)
    assert ok.code == 0 and "2 records, chain intact" in ok.out
    listed = run_cli("ledger", "list", "--json", env=env).json()
    assert {s["name"]: s["verdict"] for s in listed["skills"]} == {
        "fx:hello-world": "approved",
        "fx:pdf-processing": "rejected",
    }

    path = env["SKILLSCOPE_LEDGER"]
    with open(path, "a") as handle:
        handle.write('{"hash":"sha256:')
    torn = run_cli("ledger", "verify", env=env)
    assert torn.code == 5 and "line 3 is unfinished" in torn.err and "ledger repair" in torn.err
    refused = run_cli("reject", "hello-world", "--label", "fx", *stdio("samples"), env=env)
    assert refused.code == 5 and "unfinished line" in refused.err
    repaired = run_cli("ledger", "repair", env=env)
    assert repaired.code == 0 and "cut 16 bytes" in repaired.out
    assert run_cli("ledger", "verify", env=env).code == 0


def test_tampered_ledger_is_named_and_list_still_works(env):
    assert run_cli("approve", "--yes", "hello-world", "--label", "fx", *stdio("samples"), env=env).code == 0
    path = env["SKILLSCOPE_LEDGER"]
    text = open(path).read().replace('"approve"', '"reject"', 1)
    open(path, "w").write(text)
    verify = run_cli("ledger", "verify", env=env)
    assert verify.code == 5 and "line 1" in verify.err and "edited" in verify.err
    listing = run_cli("list", "--json", "--label", "fx", *stdio("samples"), env=env)
    assert listing.code == 0
    data = listing.json()
    assert any(w["rule"] == "ledger" and "damaged" in w["message"] for w in data["warnings"])
    assert all(s["review"] is None for s in data["skills"])
    export = run_cli("export", env=env)
    assert export.code == 5 and "damaged" in export.err


def test_ledger_location_from_config_relative_to_it(env, tmp_path):
    config = tmp_path / "proj" / "skillscope.yaml"
    config.parent.mkdir()
    config.write_text("ledger: reviews/ledger.jsonl\n")
    env = {k: v for k, v in env.items() if k != "SKILLSCOPE_LEDGER"}
    run = run_cli("approve", "--yes", "hello-world", "--config", str(config), *stdio("samples"), env=env)
    assert run.code == 0, run.err
    assert Ledger(tmp_path / "proj" / "reviews" / "ledger.jsonl").verify().records == 1


def test_reviewer_falls_back_to_login_name(env, tmp_path):
    env = {**env, "GIT_CONFIG_GLOBAL": str(tmp_path / "empty"), "HOME": str(tmp_path)}
    assert run_cli("approve", "--yes", "hello-world", *stdio("samples"), env=env).code == 0
    import getpass

    assert ledger_of(env).records()[0].reviewer == getpass.getuser()
