"""What a skill can do now against what its approval pinned: the lines every drift view leads with."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skillscope.audit.capabilities import capability_delta, capability_keys
from skillscope.audit.run.scans import skill_capabilities
from skillscope.audit.values import Capability
from skillscope.core.textsafe import safe_line
from skillscope.service.review import CAPABILITY_KEYS

if TYPE_CHECKING:
    from skillscope.ledger.core.record import Record
    from skillscope.ledger.core.values import ReviewState
    from skillscope.verify.opener import SkillReport

__all__ = ["CapabilityChange", "capability_change", "pinned_keys", "report_change"]


def pinned_keys(record: Record | None) -> list[str] | None:
    """The capability keys an approval pinned, or None when it pinned none (a record from before approvals did)."""
    if record is None or record.action != "approve":
        return None
    keys = record.complete().extra.get(CAPABILITY_KEYS)
    if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
        return None
    return list(keys)


@dataclass(frozen=True)
class CapabilityChange:
    """The capability delta of a skill against its approval, in the words a reviewer reads first."""

    pinned: bool
    """False when the approval was recorded before approvals pinned capabilities (nothing to compare)."""
    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()
    """One sentence per change (``now sends to a new host collect.example``), or one saying there is none."""

    def as_json(self) -> dict[str, object]:
        """The change in ``diff --json``."""
        return {
            "pinned": self.pinned,
            "added": list(self.added),
            "removed": list(self.removed),
            "lines": list(self.lines),
        }


def capability_change(state: ReviewState | None, now: list[Capability]) -> CapabilityChange | None:
    """How what the skill can do (``now``) differs from what its approval pinned; None when nothing was approved."""
    record = state.record if state is not None else None
    if state is None or record is None or record.action != "approve" or state.state in ("rejected", "revoked"):
        return None
    approved = pinned_keys(record)
    if approved is None:
        tool = safe_line(record.complete().tool or "an older skillscope", limit=60)
        return CapabilityChange(
            False,
            lines=(
                f"capabilities not pinned (approved with {tool}, before approvals pinned them): nothing to compare",
            ),
        )
    delta = capability_delta(approved, capability_keys(now))
    lines = [safe_line(line, limit=300) for line in delta.sentences()]
    return CapabilityChange(
        True,
        delta.added,
        delta.removed,
        tuple(lines) if lines else ("no change in what the skill can do: the capabilities are those approved",),
    )


def report_change(state: ReviewState | None, report: SkillReport) -> CapabilityChange | None:
    """``capability_change`` for a skill opened and verified without an audit (``diff``): its files read as the audit reads them."""
    if state is None or state.record is None or state.record.action != "approve" or not report.verified:
        return None
    return capability_change(state, skill_capabilities(report))
