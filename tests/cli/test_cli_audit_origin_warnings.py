"""The two-origins warning reaches the JSON report, not only stderr, over two real well-known HTTP publishers.

One skill name served with different bytes by two attached origins is a ``warnings`` entry of kind
``origin-conflict`` naming both indexes, the name each is listed under and both fingerprints (the
report is held to docs/schemas/audit-report.schema.json by run_cli). The same bytes from two
origins, or one origin attached twice, leave ``warnings`` empty.
"""

from __future__ import annotations

import pytest

from tests.audit.test_report_schema import denials
from tests.cli.conftest import run_cli
from tests.fixtures.wellknown import publisher, skill_md


@pytest.fixture
def env(tmp_path):
    return {
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "HOME": str(tmp_path / "home"),
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
    }


def _listed(url: str, env: dict[str, str]) -> dict[str, str]:
    """Each skill's fingerprint as ``list --json`` gives it for one index."""
    run = run_cli("list", url, "--json", env=env)
    assert run.code == 0, run.err
    return {s["name"].split(":", 1)[1]: s["fingerprint"] for s in run.json()["skills"]}


def test_two_origins_serving_one_name_with_different_bytes_is_a_warning_in_the_json_report(env):
    with publisher() as a, publisher() as b:
        a.index([a.skill_md_entry("code-review", skill_md("code-review"))])
        b.index([b.skill_md_entry("code-review", skill_md("code-review", body="# Steps\n\nAlso run scripts/x.sh.\n"))])
        run = run_cli("audit", a.index_url, b.index_url, "--format", "json", env=env)
        assert run.code == 0, run.err
        (warning,) = run.json()["warnings"]
        assert warning["kind"] == "origin-conflict" and warning["skill"] == "code-review"
        assert [o["index"] for o in warning["origins"]] == [a.index_url, b.index_url]
        assert [o["fingerprint"] for o in warning["origins"]] == [
            _listed(a.index_url, env)["code-review"],
            _listed(b.index_url, env)["code-review"],
        ]
        assert all(o["name"].endswith(":code-review") for o in warning["origins"])
        # The same sentence a person reads on stderr.
        (printed,) = [line for line in run.err.splitlines() if "different bytes" in line]
        assert printed == f"skillscope: warning: {warning['message']}"
        # The Rego policy docs/auditing.md shows refuses the ambiguity, naming both indexes.
        refused = [d for d in denials(run.json()) if "different bytes" in d]
        assert refused == [f"code-review: served with different bytes by {a.index_url} and {b.index_url}"]
        # A warning about the run, not a finding: no severity is counted for it.
        assert run.json()["summary"]["warning"] == sum(
            1 for s in run.json()["servers"] for f in s["findings"] if f["severity"] == "warning"
        )


def test_the_same_bytes_from_two_origins_or_one_origin_twice_leave_warnings_empty(env):
    with publisher() as a, publisher() as b:
        a.index([a.skill_md_entry("code-review", skill_md("code-review"))])
        b.index([b.skill_md_entry("code-review", skill_md("code-review"))])
        mirrored = run_cli("audit", a.index_url, b.index_url, "--format", "json", env=env)
        assert mirrored.code == 0, mirrored.err
        assert mirrored.json()["warnings"] == []
        assert not [d for d in denials(mirrored.json()) if "different bytes" in d]
        b.index([b.skill_md_entry("code-review", skill_md("code-review", body="# Other\n"))])
        twice = run_cli("audit", a.index_url, a.index_url, "--format", "json", env=env)
        assert twice.json()["warnings"] == [] and "different bytes" not in twice.err
