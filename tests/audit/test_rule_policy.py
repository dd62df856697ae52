"""A policy file turns rules off or changes their severity; the most specific entry wins; verification failures stay."""

from __future__ import annotations

import pytest

from skillscope.audit.findings import AuditFinding
from skillscope.audit.rule_policy import apply_policy, load_policy
from skillscope.core.errors import UsageError


def policy(tmp_path, body):
    path = tmp_path / "policy.yaml"
    path.write_text(body, encoding="utf-8")
    return load_policy(path)


def found(rule_id, severity="warning", category="content"):
    return AuditFinding(
        rule_id, severity, category, f"{rule_id} here", "srv", "srv:skill", "skill://skill/SKILL.md", 3, 1
    )


def test_exact_ids_win_over_globs_and_longer_globs_over_shorter(tmp_path):
    rules = policy(
        tmp_path, "rules:\n  'skillscope/*': note\n  'skillscope/secrets/*': error\n  skillscope/secrets/aws-key: off\n"
    )
    out = apply_policy(
        [
            found("skillscope/url"),
            found("skillscope/secrets/slack-token"),
            found("skillscope/secrets/aws-key"),
            found("user/x"),
        ],
        rules,
    )
    assert [(f.id, f.severity) for f in out] == [
        ("skillscope/url", "note"),
        ("skillscope/secrets/slack-token", "error"),
        ("user/x", "warning"),
    ]


def test_a_bare_off_reads_as_off_not_as_false(tmp_path):
    rules = policy(tmp_path, "rules:\n  skillscope/url: off\n  skillscope/script: no\n")
    assert apply_policy([found("skillscope/url"), found("skillscope/script")], rules) == []


def test_nothing_changes_a_verification_failure(tmp_path):
    rules = policy(tmp_path, "rules:\n  '*': off\n")
    kept = apply_policy([found("skillscope/verification-failed", "error", "integrity"), found("skillscope/url")], rules)
    assert [(f.id, f.severity) for f in kept] == [("skillscope/verification-failed", "error")]


def test_findings_the_policy_does_not_name_are_unchanged(tmp_path):
    original = [found("skillscope/risky-shell"), found("SS-W6", "warning", "entry")]
    assert apply_policy(original, policy(tmp_path, "rules:\n  user/*: error\n")) == original


@pytest.mark.parametrize(
    ("body", "says"),
    [
        (
            "rules:\n  skillscope/url: loud\n",
            "policy.yaml:2: 'skillscope/url': the setting is one of off, error, warning, note",
        ),
        ("rules:\n  skillscope/url: [note]\n", "policy.yaml:2:"),
        ("severity:\n  skillscope/url: note\n", "policy.yaml:1: unknown top-level key 'severity'"),
        ("rules: [skillscope/url]\n", "policy.yaml:1: 'rules' maps rule ids or globs"),
        ("- skillscope/url\n", "policy.yaml:1: expected a mapping"),
        ("rules:\n  a: note\n b: [\n", "policy.yaml:3: not valid YAML"),
    ],
)
def test_a_bad_policy_names_the_file_and_line(tmp_path, body, says):
    with pytest.raises(UsageError) as caught:
        policy(tmp_path, body)
    assert says in caught.value.message
