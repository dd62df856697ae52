"""The behaviour rules keep the id contract the corpus benchmark counts by."""

from __future__ import annotations

from skillscope.audit.behavior.rules import BEHAVIOR_RULES, FAMILIES, family_of
from skillscope.audit.findings import CHECKS, AuditFinding


def test_every_rule_is_family_slash_rule_and_registered():
    for rule, severity, _, help_text in BEHAVIOR_RULES:
        assert family_of(rule) in FAMILIES and rule.count("/") == 2, rule
        assert CHECKS[rule].severity == severity and help_text


def test_the_json_of_a_finding_carries_its_family():
    flow = AuditFinding("skillscope/exfiltration/data-flow", "error", "content", "m")
    assert flow.as_json()["family"] == "exfiltration"
    assert AuditFinding("skillscope/url", "note", "content", "m").as_json()["family"] is None
    assert AuditFinding("sep-2640-entry-uri-required", "error", "conformance", "m").as_json()["family"] is None
