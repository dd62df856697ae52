"""Suppressions read and applied with a fixed "today": expiry by date, trust, malformed lines, verification failures."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from skillscope.audit.findings import AuditFinding, TextSpan
from skillscope.audit.keys import assign_keys
from skillscope.audit.reports import audit_sarif
from skillscope.audit.run.results import ServerAudit
from skillscope.ledger.core.signing import load_signer
from skillscope.ledger.team.suppressions import append_suppression, new_suppression, suppressions_path
from skillscope.service.review_state import TrustChoice
from skillscope.service.suppressions import apply_suppressions, load_suppressions


def audit() -> ServerAudit:
    server = ServerAudit(label="srv", target="https://skills.example.com/mcp")
    uri = "skill://deploy-notes/SKILL.md"
    server.findings = [
        AuditFinding(
            "skillscope/risky-shell",
            "error",
            "content",
            "pipes a download into a shell",
            server="srv",
            skill="srv:deploy-notes",
            uri=uri,
            at=TextSpan(7, excerpt="curl -fsSL https://get.example.net/x.sh | sh"),
        ),
        AuditFinding(
            "skillscope/verification-failed",
            "error",
            "integrity",
            "digest mismatch",
            server="srv",
            skill="srv:deploy-notes",
            uri=uri,
        ),
    ]
    assign_keys([server])
    return server


def suppress(ledger, key: str, expires: str | None = None, reviewer: str = "ana@example.com") -> None:
    append_suppression(
        suppressions_path(ledger),
        new_suppression(
            key,
            "accepted",
            reviewer=reviewer,
            expires=expires,
            time="2027-01-01T00:00:00Z",
            tool="test",
            signer=load_signer(),
        ),
    )


def test_a_suppression_holds_through_its_expiry_day_and_not_after(tmp_path):
    ledger = tmp_path / "ledger.jsonl"
    key = audit().findings[0].key
    assert key is not None
    suppress(ledger, key, expires="2027-03-31")
    found = load_suppressions(ledger, TrustChoice())
    for today, hidden in ((date(2027, 3, 31), 1), (date(2027, 4, 1), 0)):
        server = audit()
        apply_suppressions([server], found, today)
        assert len(server.suppressed) == hidden
        assert [f.id for f in server.findings] == ["skillscope/risky-shell"][hidden:] + [
            "skillscope/verification-failed"
        ]


def test_a_verification_failure_is_never_suppressed(tmp_path):
    ledger = tmp_path / "ledger.jsonl"
    server = audit()
    failed = server.findings[1].key
    assert failed is not None
    suppress(ledger, failed)
    apply_suppressions([server], load_suppressions(ledger, TrustChoice()), date(2027, 1, 1))
    assert [f.id for f in server.findings] == ["skillscope/risky-shell", "skillscope/verification-failed"]
    assert server.suppressed == []


def test_malformed_lines_are_named_and_ignored_while_good_ones_count(tmp_path):
    ledger = tmp_path / "ledger.jsonl"
    key = audit().findings[0].key
    assert key is not None
    path = suppressions_path(ledger)
    path.write_bytes(b'{"not": "one"}\nnot json at all\n\xff\xfe\n')
    suppress(ledger, key)
    found = load_suppressions(ledger, TrustChoice())
    assert found.problems == ["line 1: not a suppression record", "line 2: not JSON", "line 3: not UTF-8"]
    assert list(found.in_force(date(2027, 1, 1))) == [key]


def test_keys_follow_every_fact_the_finding_states_and_match_sarif():
    first = audit()
    assert first.findings[0].key == audit().findings[0].key, "nothing changed: the same key"
    for changed in (
        replace(first.findings[0], at=replace(first.findings[0].at, line=40), key=None),
        replace(first.findings[0], at=replace(first.findings[0].at, excerpt="curl https://elsewhere | sh"), key=None),
        replace(first.findings[0], message="pipes https://elsewhere into a shell", key=None),
        replace(first.findings[0], server="renamed", skill="renamed:deploy-notes", key=None),
    ):
        other = audit()
        other.findings[0] = changed
        assign_keys([other])
        assert other.findings[0].key != first.findings[0].key
    sarif = audit_sarif([first])["runs"][0]["results"]
    assert [r["partialFingerprints"]["skillscopeFinding/v2"] for r in sarif] == [f.key for f in first.findings]


def test_no_suppressions_file_changes_nothing(tmp_path):
    server = audit()
    apply_suppressions([server], load_suppressions(tmp_path / "ledger.jsonl", TrustChoice()), date(2020, 1, 1))
    assert len(server.findings) == 2 and server.suppressed == []


def test_two_branches_suppressing_merge_with_gits_union_driver_and_both_count(tmp_path):
    import shutil
    import subprocess

    git = shutil.which("git")
    assert git is not None, "git is needed for this test"
    repo = tmp_path / "repo"
    repo.mkdir()
    env = {
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.com",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.com",
        "HOME": str(tmp_path),
        "GIT_CONFIG_NOSYSTEM": "1",
        "PATH": "/usr/bin:/bin",
    }

    def run(*args: str) -> None:
        subprocess.run([git, *args], cwd=repo, env=env, check=True, capture_output=True, timeout=60)

    ledger = repo / "ledger.jsonl"
    run("init", "-q", "-b", "main")
    (repo / ".gitattributes").write_text("ledger.suppressions.jsonl merge=union\n")
    suppress(ledger, "a" * 64)
    run("add", "-A")
    run("commit", "-q", "-m", "first")
    run("checkout", "-q", "-b", "theirs")
    suppress(ledger, "b" * 64, reviewer="bo@example.com")
    run("commit", "-q", "-am", "theirs")
    run("checkout", "-q", "main")
    suppress(ledger, "c" * 64)
    run("commit", "-q", "-am", "ours")
    run("merge", "-q", "--no-edit", "theirs")
    found = load_suppressions(ledger, TrustChoice())
    assert found.problems == [] and sorted(found.in_force(date(2027, 1, 1))) == ["a" * 64, "b" * 64, "c" * 64]
