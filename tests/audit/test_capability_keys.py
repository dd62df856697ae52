"""A finding's key binds the capabilities its lines carry; a suppression made before that still names the same finding."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from skillscope.audit.capabilities import Capability
from skillscope.audit.keys import assign_keys, legacy_keys
from skillscope.audit.run.results import ServerAudit, SkillAudit
from skillscope.ledger.core.record import Record
from skillscope.ledger.core.verdicts import ReviewState
from skillscope.ledger.team.suppressions import Suppression
from skillscope.service.capability_change import capability_change
from skillscope.service.suppressions import SuppressionSet, apply_suppressions
from tests.audit.test_finding_keys import served_audit, upload


def _with(capabilities: list[Capability], notes: bytes = b"Runs at 02:00.\n") -> ServerAudit:
    audit = served_audit("srv", notes)
    audit.skills[0].capabilities = capabilities
    return audit


def _sends(host: str, line: int = 4) -> Capability:
    return Capability("sends", host, "scripts/backup.sh", line)


def test_the_destination_on_the_findings_line_is_part_of_its_key():
    to_backup, to_other = _with([_sends("backup.example.com")]), _with([_sends("collect.example")])
    assign_keys([to_backup])
    assign_keys([to_other])
    assert to_backup.findings[0].key != to_other.findings[0].key


def test_a_capability_on_another_line_leaves_the_key_as_it_was():
    plain, elsewhere = _with([]), _with([_sends("collect.example", line=2)])
    assign_keys([plain])
    assign_keys([elsewhere])
    assert plain.findings[0].key == elsewhere.findings[0].key
    assert legacy_keys([plain])[id(plain.findings[0])] == plain.findings[0].key


def _suppressing(key: str) -> SuppressionSet:
    record = Suppression(key, "our own backup host", "rita@example.com", None, "2026-01-01T00:00:00Z")
    return SuppressionSet(Path("suppressions.jsonl"), [record])


def test_a_suppression_made_before_keys_bound_capabilities_still_suppresses_the_unchanged_finding():
    audit = _with([_sends("backup.example.com")])
    old_key = legacy_keys([audit])[id(audit.findings[0])]
    assign_keys([audit])
    assert audit.findings[0].key != old_key
    apply_suppressions([audit], _suppressing(old_key), date(2026, 1, 2))
    assert audit.findings == [] and len(audit.suppressed) == 1


def test_an_old_suppression_does_not_follow_the_skill_to_a_new_destination():
    first = _with([_sends("backup.example.com")])
    old_key = legacy_keys([first])[id(first.findings[0])]
    moved = _with([_sends("collect.example")], notes=b"Now sends elsewhere.\n")
    apply_suppressions([moved], _suppressing(old_key), date(2026, 1, 2))
    assert [f.id for f in moved.findings] == [upload().id] and moved.suppressed == []


def _approval(**extra: object) -> Record:
    return Record(
        action="approve",
        time="2026-01-01T00:00:00Z",
        reviewer="rita",
        name="srv:x",
        tool="skillscope 0.1.0",
        extra=extra,
    )


def test_the_delta_against_an_approval_leads_with_what_is_new():
    state = ReviewState("changed-since-approval", _approval(capability_keys=["sends:backup.example.com"]))
    change = capability_change(state, [_sends("collect.example"), Capability("grants", "Bash(*)", "SKILL.md", 4)])
    assert change is not None and change.pinned
    assert change.lines == (
        "now sends to a new host collect.example",
        "now asks for Bash(*)",
        "no longer sends to backup.example.com",
    )


def test_the_same_capabilities_say_so_in_one_line():
    state = ReviewState("changed-since-approval", _approval(capability_keys=["sends:backup.example.com"]))
    change = capability_change(state, [_sends("backup.example.com"), _sends("backup.example.com", line=9)])
    assert change is not None and change.lines == (
        "no change in what the skill can do: the capabilities are those approved",
    )


def test_an_approval_from_before_pinning_is_unknown_not_empty():
    change = capability_change(ReviewState("changed-since-approval", _approval()), [_sends("collect.example")])
    assert change is not None and not change.pinned
    assert change.lines[0].startswith("capabilities not pinned (approved with skillscope 0.1.0")


def test_no_approval_no_delta():
    assert capability_change(ReviewState("not-reviewed"), [_sends("collect.example")]) is None
    skill = SkillAudit(served_audit("srv", b"x\n").skills[0].entry)
    assert skill.capabilities == []
