"""One verdict, again (issue 34, item 9): every reader answers from the one rule, and a record that changes nothing is refused."""

from __future__ import annotations

import pytest

from skillscope.demo.publisher import build_server
from tests.cli.conftest import run_cli
from tests.cli.test_cli_ledger import changed_pdf, isolated_env, ledger_of
from tests.fixtures.http import serve_http_in_thread
from tests.fixtures.samples import hello_world, pdf_processing


@pytest.fixture
def env(tmp_path):
    return isolated_env(tmp_path)


def review_of(run, name: str) -> dict:
    return next(s["review"] for s in run.json()["skills"] if s["name"] == name)


def fingerprint_of(run, name: str) -> str:
    return next(s["fingerprint"] for s in run.json()["skills"] if s["name"] == name)


def line_of(text: str, start: str) -> str:
    """The one line of a table that starts with ``start`` (a skill's row)."""
    (line,) = [line for line in text.splitlines() if line.startswith(start)]
    return line


def test_a_rejected_new_version_is_the_skills_verdict_in_ledger_list_as_in_list_show_and_the_gate(env):
    with serve_http_in_thread(build_server([pdf_processing()])) as url:
        srv = [url, "--label", "fx"]
        assert run_cli("approve", "--yes", "pdf-processing", *srv, "--note", "read every file", env=env).code == 0
        old = fingerprint_of(run_cli("list", "--json", *srv, env=env), "fx:pdf-processing")
        # The honest twin: approved once, the approval is the skill's verdict.
        (approved,) = run_cli("ledger", "list", "--json", env=env).json()["skills"]
        assert (approved["verdict"], approved["approved"]) == ("approved", [old])
    with serve_http_in_thread(build_server([changed_pdf()])) as url:
        srv = [url, "--label", "fx"]
        rejected = run_cli("reject", "pdf-processing", *srv, "--note", "adds NEW.md, which fetches a script", env=env)
        assert rejected.code == 0, rejected.err
        listing = run_cli("list", "--json", *srv, env=env)
        new = fingerprint_of(listing, "fx:pdf-processing")
        assert new != old and review_of(listing, "fx:pdf-processing")["state"] == "rejected"
        assert "rejected" in line_of(run_cli("show", "pdf-processing", *srv, env=env).out, "review")
        assert run_cli("diff", "pdf-processing", *srv, "--json", env=env).json()["state"] == "rejected"
        gate = run_cli("audit", "--require-approved", *srv, env=env)
        assert gate.code == 1 and "fx:pdf-processing (rejected)" in gate.err

    (skill,) = run_cli("ledger", "list", "--json", env=env).json()["skills"]
    assert (skill["verdict"], skill["state"]) == ("rejected", "rejected")
    assert skill["fingerprint"] == new and skill["last"]["note"] == "adds NEW.md, which fetches a script"
    # The old approval still approves the old content (an export carries it), shown as that, never as the skill's state.
    (earlier,) = skill["superseded"]
    assert earlier["fingerprint"] == old and earlier["verdict"] == "approved (superseded)"
    assert earlier["record"]["note"] == "read every file"
    assert run_cli("export", env=env).out.split() == [old]

    text = run_cli("ledger", "list", env=env).out
    row = line_of(text, "fx:pdf-processing")
    assert "rejected" in row and new in row and "adds NEW.md" in row and "approved" not in row
    superseded = line_of(text, "  ″ earlier version")
    assert "approved (superseded)" in superseded and old in superseded and "read every file" in superseded


def test_revoking_what_nothing_approves_is_refused_and_writes_nothing(env):
    with serve_http_in_thread(build_server([hello_world(), pdf_processing()])) as url:
        srv = [url, "--label", "fx"]
        assert run_cli("reject", "hello-world", *srv, "--note", "phones home", env=env).code == 0
        written = len(ledger_of(env).records())
        revoked = run_cli("revoke", "hello-world", *srv, env=env)
        assert revoked.code == 2
        assert "fx:hello-world is rejected, not approved: nothing to revoke; nothing was recorded" in revoked.err
        offline = run_cli("revoke", "fx:hello-world", env=env)  # from the ledger alone, no server
        assert offline.code == 2 and "fx:hello-world is rejected, not approved: nothing to revoke" in offline.err
        never = run_cli("revoke", "pdf-processing", *srv, env=env)
        assert never.code == 2 and "fx:pdf-processing is not reviewed, not approved: nothing to revoke" in never.err
        assert len(ledger_of(env).records()) == written
        # Twin: an approval is withdrawn once; the second revocation has nothing left to withdraw.
        assert run_cli("approve", "--yes", "pdf-processing", *srv, env=env).code == 0
        assert run_cli("revoke", "pdf-processing", *srv, "--note", "withdrawn", env=env).code == 0
        again = run_cli("revoke", "pdf-processing", *srv, env=env)
        assert again.code == 2 and "fx:pdf-processing's approval is already revoked: nothing to revoke" in again.err
        assert [r.action for r in ledger_of(env).records()] == ["reject", "approve", "revoke"]


def test_approving_the_approved_or_rejecting_the_rejected_is_refused_before_anything_is_read(env):
    asked: list[str] = []

    def count(method: str, status: int, headers: object, body: bytes) -> None:
        asked.append(method)  # every request the server answered, by method (nothing is changed)

    with serve_http_in_thread(build_server([hello_world()]), rewrite=count) as url:
        srv = [url, "--label", "fx"]
        assert run_cli("approve", "--yes", "hello-world", *srv, "--note", "first look", env=env).code == 0
        first = ledger_of(env).records()[0]
        asked.clear()
        again = run_cli("approve", "--yes", "hello-world", *srv, "--note", "second look", env=env)
        assert again.code == 2
        assert (
            f"fx:hello-world is already approved at {first.fingerprint} (record #1 by rita@example.com at "
            f"{first.time}): nothing to approve; nothing was recorded" in again.err
        )
        assert "skills/list" in asked and "resources/read" not in asked  # refused before any file was read
        assert run_cli("reject", "hello-world", *srv, env=env).code == 0  # a change of verdict is recorded
        twice = run_cli("reject", "hello-world", *srv, env=env)
        assert twice.code == 2 and "fx:hello-world is already rejected at" in twice.err
        assert [r.action for r in ledger_of(env).records()] == ["approve", "reject"]
        # Approving it again after the rejection changes the verdict: recorded.
        assert run_cli("approve", "--yes", "hello-world", *srv, "--note", "fixed upstream", env=env).code == 0


def test_a_revocation_after_a_rejected_new_version_withdraws_the_old_approval(env):
    with serve_http_in_thread(build_server([pdf_processing()])) as url:
        assert run_cli("approve", "--yes", "pdf-processing", url, "--label", "fx", env=env).code == 0
    with serve_http_in_thread(build_server([changed_pdf()])) as url:
        srv = [url, "--label", "fx"]
        assert run_cli("reject", "pdf-processing", *srv, env=env).code == 0
        # The served version is rejected, but the old one is still approved: withdrawing that is a change.
        revoked = run_cli("revoke", "pdf-processing", *srv, "--note", "the old one too", env=env)
        assert revoked.code == 0, revoked.err
        assert review_of(run_cli("list", "--json", *srv, env=env), "fx:pdf-processing")["state"] == "rejected"
    (skill,) = run_cli("ledger", "list", "--json", env=env).json()["skills"]
    assert skill["verdict"] == "rejected" and skill["superseded"] == [] and skill["approved"] == []
    assert run_cli("export", env=env).out == ""
