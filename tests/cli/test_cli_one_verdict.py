"""One verdict everywhere: whose approvals count, and one verdict per content under every label (issue 17, items 1 and 11)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from skillscope.demo.publisher import build_server
from skillscope.ledger.core.record import Record
from skillscope.ledger.core.store import Ledger
from tests.cli.conftest import run_cli
from tests.cli.test_cli_ledger import changed_pdf, isolated_env
from tests.fixtures.http import serve_http_in_thread
from tests.fixtures.samples import hello_world, pdf_processing


@pytest.fixture
def env(tmp_path):
    return isolated_env(tmp_path)


def keygen(path: Path) -> Path:
    """A fresh ed25519 key made by ssh-keygen, as a team member or an attacker would make one."""
    subprocess.run(
        [shutil.which("ssh-keygen") or "ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(path)], check=True
    )
    return path


def states_of(run) -> dict[str, dict]:
    return {s["name"]: s["review"] for s in run.json()["skills"]}


def unsigned_approval(name: str, fingerprint: str) -> Record:
    """An approval in the unsigned (pre-signing) format, as anyone with write access can add one."""
    label, path = name.split(":", 1)
    return Record(
        action="approve",
        time="2026-12-01T00:00:00Z",
        reviewer="rita@example.com",
        name=name,
        label=label,
        uri=f"skill://{path}/SKILL.md",
        fingerprint=fingerprint,
        tool="hand-written",
    )


def serve_samples():
    return serve_http_in_thread(build_server([hello_world(), pdf_processing()]))


# -- item 1: one trust rule for every reader ---------------------------------------------------------------------


def test_an_approval_signed_by_a_key_not_allowed_is_not_approved_anywhere(env, tmp_path):
    team, attacker = keygen(tmp_path / "team_key"), keygen(tmp_path / "attacker_key")
    (tmp_path / "allowed_signers").write_text(
        f"rita@example.com {team.with_suffix('.pub').read_text()}"
    )  # beside the ledger
    as_attacker = {**env, "SKILLSCOPE_SIGNING_KEY": str(attacker)}
    with serve_samples() as url:
        srv = [url, "--label", "fx"]
        for name in ("hello-world", "pdf-processing"):  # signed, valid, but by a key the team never allowed for rita
            assert run_cli("approve", "--yes", name, *srv, env=as_attacker).code == 0
        hello = states_of(run_cli("list", "--json", *srv, env=env))["fx:hello-world"]
        assert hello["state"] == "approved-untrusted"
        assert hello["untrusted"] == "signed by a key not allowed for its reviewer"
        shown = run_cli("show", "hello-world", *srv, env=env)
        assert shown.code == 0 and "approved, signature not trusted" in shown.out
        assert run_cli("diff", "hello-world", *srv, "--json", env=env).json()["state"] == "approved-untrusted"
        gate = run_cli("audit", "--require-approved", *srv, "--format", "json", env=env)
        assert gate.code == 1
        assert "fx:hello-world (approved-untrusted: signed by a key not allowed for its reviewer)" in gate.err
        assert "skillscope/approval-untrusted" in {f["id"] for f in gate.json()["servers"][0]["findings"]}
        listed = run_cli("ledger", "list", "--json", env=env).json()
        assert {s["name"]: s["verdict"] for s in listed["skills"]} == {
            "fx:hello-world": "approved, signature not trusted",
            "fx:pdf-processing": "approved, signature not trusted",
        }
        assert all(s["approved"] == [] for s in listed["skills"])
        # A team member's approval counts: the gate now names only the other skill.
        assert (
            run_cli("approve", "--yes", "hello-world", *srv, env={**env, "SKILLSCOPE_SIGNING_KEY": str(team)}).code == 0
        )
        gate = run_cli("audit", "--require-approved", *srv, env=env)
        assert gate.code == 1 and "fx:hello-world" not in gate.err
        assert "fx:pdf-processing (approved-untrusted" in gate.err
        # --allowed-signers is found and means what it means for export.
        (tmp_path / "theirs").write_text(f"rita@example.com {attacker.with_suffix('.pub').read_text()}")
        assert (
            run_cli("audit", "--require-approved", *srv, "--allowed-signers", str(tmp_path / "theirs"), env=env).code
            == 0
        )
        assert run_cli("export", "--allowed-signers", str(tmp_path / "theirs"), env=env).out.count("sha256:") == 2


def test_unsigned_approvals_count_only_with_include_unsigned(env):
    with serve_samples() as url:
        srv = [url, "--label", "fx"]
        fingerprint = states_of_fp(run_cli("list", "--json", *srv, env=env))["fx:hello-world"]
        Ledger(env["SKILLSCOPE_LEDGER"]).append(unsigned_approval("fx:hello-world", fingerprint))
        hello = states_of(run_cli("list", "--json", *srv, env=env))["fx:hello-world"]
        assert hello["state"] == "approved-untrusted" and hello["untrusted"] == "unsigned (use --include-unsigned)"
        assert (
            states_of(run_cli("list", "--json", "--include-unsigned", *srv, env=env))["fx:hello-world"]["state"]
            == "approved"
        )
        gate = run_cli("audit", "--require-approved", *srv, env=env)
        assert gate.code == 1 and "fx:hello-world (approved-untrusted: unsigned" in gate.err
        opted = run_cli("audit", "--require-approved", "--include-unsigned", *srv, env=env)
        assert opted.code == 1 and "fx:hello-world" not in opted.err and "fx:pdf-processing (not-reviewed)" in opted.err
        assert (
            run_cli("ledger", "list", "--json", env=env).json()["skills"][0]["verdict"]
            == "approved, signature not trusted"
        )
        assert (
            run_cli("ledger", "list", "--json", "--include-unsigned", env=env).json()["skills"][0]["verdict"]
            == "approved"
        )


def states_of_fp(run) -> dict[str, str]:
    return {s["name"]: s["fingerprint"] for s in run.json()["skills"]}


def test_an_unsigned_record_after_a_signed_one_is_damage(env):
    with serve_samples() as url:
        srv = [url, "--label", "fx"]
        assert run_cli("approve", "--yes", "hello-world", *srv, env=env).code == 0
        fingerprint = states_of_fp(run_cli("list", "--json", *srv, env=env))["fx:pdf-processing"]
        Ledger(env["SKILLSCOPE_LEDGER"]).append(unsigned_approval("fx:pdf-processing", fingerprint))
        verify = run_cli("ledger", "verify", env=env)
        assert verify.code == 5
        assert "unsigned: line 2: an unsigned record after the signed one on line 1" in verify.err
        export = run_cli("export", "--include-unsigned", env=env)
        assert export.code == 5 and export.out == ""
        gate = run_cli("audit", "--require-approved", *srv, "--include-unsigned", env=env)
        assert gate.code == 1 and "review states unknown" in gate.err
        assert "fx:hello-world (review state unknown)" in gate.err  # nothing passes on a damaged ledger
        assert run_cli("ledger", "list", env=env).code == 5


# -- item 11: one verdict per content under every label ---------------------------------------------------------


def test_a_verdict_holds_for_the_same_content_under_every_label(env, tmp_path):
    with serve_samples() as url:
        config = tmp_path / "skillscope.yaml"
        config.write_text(f"servers:\n  docs:\n    url: {url}\n")
        by_key = ["docs", "--config", str(config)]  # the same server, by its config key and by its URL
        by_url = [url, "--label", "direct"]
        assert run_cli("approve", "--yes", "hello-world", *by_key, env=env).code == 0
        hello = states_of(run_cli("list", "--json", *by_url, env=env))["direct:hello-world"]
        assert hello["state"] == "approved" and hello["record"]["label"] == "docs"
        assert "approved under docs" in run_cli("list", *by_url, env=env).out
        assert "approved under docs" in run_cli("show", "hello-world", *by_url, env=env).out
        gate = run_cli("audit", "--require-approved", *by_url, env=env)
        assert "direct:hello-world" not in gate.err and "direct:pdf-processing (not-reviewed)" in gate.err
        # A revocation under the other label withdraws it under both: the latest review of the content wins.
        assert run_cli("revoke", "hello-world", *by_url, "--note", "leaks tokens", env=env).code == 0
        assert states_of(run_cli("list", "--json", *by_key, env=env))["docs:hello-world"]["state"] == "revoked"
        assert "approval revoked under direct" in run_cli("show", "hello-world", *by_key, env=env).out
        assert run_cli("export", env=env).out == ""
        gate = run_cli("audit", "--require-approved", *by_key, env=env)
        assert "docs:hello-world (revoked)" in gate.err
        assert (
            run_cli("ledger", "list", "--json", env=env).json()["skills"][0]["verdict"]
            == "approval revoked under direct"
        )
        # Approved again under the first label: approved under both again.
        assert run_cli("approve", "--yes", "hello-world", *by_key, env=env).code == 0
        assert states_of(run_cli("list", "--json", *by_url, env=env))["direct:hello-world"]["state"] == "approved"
        assert len(run_cli("export", env=env).out.split()) == 1
        # A later rejection anywhere holds everywhere, and says where it was recorded.
        assert run_cli("reject", "hello-world", *by_url, env=env).code == 0
        assert "rejected under direct" in run_cli("list", *by_key, env=env).out
        assert run_cli("export", env=env).out == ""


def test_changed_since_approval_follows_the_skill_to_another_label(env):
    with serve_http_in_thread(build_server([pdf_processing()])) as url:
        assert run_cli("approve", "--yes", "pdf-processing", url, "--label", "h1", env=env).code == 0
    with serve_http_in_thread(build_server([changed_pdf()])) as url:
        state = states_of(run_cli("list", "--json", url, "--label", "h2", env=env))["h2:pdf-processing"]
        assert state["state"] == "changed-since-approval" and state["record"]["label"] == "h1"
        assert sorted(c["change"] for c in state["changes"]) == ["added", "changed"]
        diff = run_cli("diff", "pdf-processing", url, "--label", "h2", "--exit-code", env=env)
        assert diff.code == 1 and "changed since approval under h1" in diff.out
        assert "+" in diff.out and "FORMS.md" in diff.out
        gate = run_cli("audit", "--require-approved", url, "--label", "h2", env=env)
        assert gate.code == 1 and "h2:pdf-processing (changed-since-approval)" in gate.err


def test_a_teams_allowed_signers_do_not_disown_the_demos_own_reviews(env, tmp_path):
    team = keygen(tmp_path / "team_key")
    (tmp_path / "team_signers").write_text(f"rita@example.com {team.with_suffix('.pub').read_text()}")
    config = tmp_path / "team.yaml"
    config.write_text("allowed_signers: team_signers\n")
    listing = run_cli("list", "demo", "--json", "--config", str(config), env=env)
    assert listing.code == 0, listing.err
    assert states_of(listing)["demo:hello-world"]["state"] == "approved"
    # The team's rule still holds for the team's ledger: the demo's key signs nothing there.
    assert (
        run_cli(
            "approve",
            "--yes",
            "hello-world",
            "demo",
            "--config",
            str(config),
            "--ledger",
            env["SKILLSCOPE_LEDGER"],
            env=env,
        ).code
        == 0
    )
    mine = run_cli("list", "demo", "--json", "--config", str(config), "--ledger", env["SKILLSCOPE_LEDGER"], env=env)
    assert states_of(mine)["demo:hello-world"]["state"] == "approved-untrusted"
