"""'skillscope audit' as a pipeline gate and as a readable terminal report: --require-approved, --min-severity, URL notes."""

from __future__ import annotations

import pytest

from skillscope.demo.publisher import PublishedSkill, SkillFile, build_server
from tests.cli.conftest import run_cli, stdio
from tests.fixtures.http import serve_http_in_thread

SAMPLES = ["hello-world", "pdf-processing", "acme/billing/invoice-review", "byte-exact"]


@pytest.fixture
def env(tmp_path):
    return {
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "HOME": str(tmp_path / "home"),
    }


def test_require_approved_names_every_skill_without_a_standing_approval(env):
    for name in SAMPLES[:3]:
        assert (
            run_cli("approve", name, "--label", "fx", "--reviewer", "r", "--yes", *stdio("samples"), env=env).code == 0
        )
    assert run_cli("reject", "byte-exact", "--label", "fx", "--reviewer", "r", *stdio("samples"), env=env).code == 0
    gate = run_cli("audit", "--require-approved", "--label", "fx", "--format", "json", *stdio("samples"), env=env)
    assert gate.code == 1
    assert "not approved at its current fingerprint: fx:byte-exact (rejected)" in gate.err
    assert "fx:hello-world" not in gate.err
    assert (
        run_cli("audit", "--label", "fx", "--format", "json", *stdio("samples"), env=env).code == 0
    )  # only with the flag

    assert (
        run_cli("approve", "byte-exact", "--label", "fx", "--reviewer", "r", "--yes", *stdio("samples"), env=env).code
        == 0
    )
    passed = run_cli("audit", "--require-approved", "--label", "fx", "--format", "json", *stdio("samples"), env=env)
    assert passed.code == 0, passed.err
    assert "not approved" not in passed.err


def test_require_approved_fails_on_a_changed_skill(env):
    from tests.fixtures.samples import pdf_processing

    with serve_http_in_thread(build_server([pdf_processing()])) as url:
        assert run_cli("approve", "pdf-processing", url, "--label", "h", "--yes", env=env).code == 0
        assert run_cli("audit", url, "--label", "h", "--require-approved", env=env).code == 0
    changed = pdf_processing()
    changed.files[1] = SkillFile("references/FORMS.md", b"# Forms, rewritten\n")
    with serve_http_in_thread(build_server([changed])) as url:
        gate = run_cli("audit", url, "--label", "h", "--require-approved", env=env)
    assert gate.code == 1 and "h:pdf-processing (changed-since-approval)" in gate.err


def linky_skill() -> PublishedSkill:
    urls = "".join(f"- https://docs.example.com/page{i}\n" for i in range(30)) + "- https://other.example.org/x\n"
    body = f"---\nname: linky\ndescription: Many links.\n---\n# Links\n\n{urls}\n`rm -rf /tmp/cache`\n".encode()
    return PublishedSkill("linky", [SkillFile("SKILL.md", body)])


def test_url_notes_collapse_per_host_and_min_severity_hides_notes(env):
    with serve_http_in_thread(build_server([linky_skill()])) as url:
        text = run_cli("audit", url, "--fail-on", "never", env=env)
        warnings_only = run_cli("audit", url, "--fail-on", "never", "--min-severity", "warning", env=env)
        as_json = run_cli("audit", url, "--fail-on", "never", "--format", "json", "--min-severity", "warning", env=env)
    assert text.code == 0
    # The notes are summarised: one line for the rule, counted by host, the detail one option away.
    url_rows = [line for line in text.out.splitlines() if "skillscope/url" in line]
    assert len(url_rows) == 1, text.out
    assert "31 links to 2 hosts (docs.example.com 30, other.example.org 1)" in url_rows[0]
    assert "--notes all" in text.out
    assert "page17" not in text.out
    assert "skillscope/risky-shell" in warnings_only.out and "skillscope/url" not in warnings_only.out
    counts = lambda out: [line for line in out.splitlines() if " notes" in line and "·" in line]  # noqa: E731
    assert counts(warnings_only.out) == counts(text.out) != []  # the counts still hold the hidden notes
    assert "32 notes not listed" in warnings_only.out  # and the report says how many it left out
    assert (
        sum(f["id"] == "skillscope/url" for f in as_json.json()["servers"][0]["findings"]) == 31
    )  # JSON keeps every one
