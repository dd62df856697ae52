"""Suppressions for any front end: record one, read the local file under the trust rule, apply them to audits."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from skillscope.audit.keys import assign_keys, legacy_keys
from skillscope.audit.values import ServerAudit
from skillscope.ledger.core.defaults import default_reviewer
from skillscope.ledger.core.recording import tool_id, utc_now
from skillscope.ledger.core.signing import load_signer
from skillscope.ledger.core.values import STALE
from skillscope.ledger.team.suppressions import (
    Suppression,
    append_suppression,
    new_suppression,
    parse_expiry,
    read_suppressions,
    suppressions_path,
)
from skillscope.service.review_state import TrustChoice

__all__ = [
    "NEVER_SUPPRESSED",
    "SuppressionSet",
    "apply_suppressions",
    "load_suppressions",
    "record_suppression",
    "suppress_in_skill",
    "today_utc",
]

NEVER_SUPPRESSED = frozenset({"skillscope/verification-failed", "skillscope/read-failed"})
"""Checks no suppression hides: what failed verification, or could not be read, is never waved through (as with --policy)."""


def today_utc() -> date:
    """The date expiries are judged against."""
    return datetime.now(UTC).date()


@dataclass
class SuppressionSet:
    """The local suppressions file as read: every record, and the lines that were not one."""

    path: Path
    records: list[Suppression] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def in_force(self, today: date) -> dict[str, Suppression]:
        """The trusted, unexpired suppression for each key (the latest expiry wins; no expiry beats any)."""
        out: dict[str, Suppression] = {}
        for record in self.records:
            if not record.in_force(today):
                continue
            held = out.get(record.key)
            if held is None or held.expires is not None and (record.expires is None or record.expires > held.expires):
                out[record.key] = record
        return out

    def warnings(self) -> list[str]:
        """One line per record that is ignored: a malformed line, an untrusted signature, a key of the old scheme."""
        out = [f"{self.path}: {problem}: ignored" for problem in self.problems]
        out += [
            f"{self.path}: line {r.line}: suppression by {r.reviewer} ignored: {r.distrust}"
            for r in self.records
            if r.distrust
        ]
        out += [
            f"{self.path}: line {r.line}: suppression {r.key} by {r.reviewer} is stale: {STALE}"
            for r in self.records
            if r.stale and not r.distrust
        ]
        return out


def load_suppressions(ledger: str | Path, trust: TrustChoice | None = None) -> SuppressionSet:
    """The suppressions beside ``ledger``, each judged by the allowed signers approvals answer to.

    Only this local file counts: nothing a server or a skill ships is ever read as a suppression.

    Raises:
        UsageError: the allowed signers file cannot be read.
        LocalFileError: the suppressions file cannot be read.
    """
    choice = trust or TrustChoice()
    path = suppressions_path(Path(ledger))
    signers = choice.book(ledger).trust(choice.allowed_signers)
    records, problems = read_suppressions(path, signers)
    return SuppressionSet(path, records, problems)


def record_suppression(
    ledger: str | Path, trust: TrustChoice, key: str, reason: str, *, reviewer: str | None, expires: str | None
) -> tuple[Path, dict[str, Any]]:
    """Sign and append a suppression of ``key`` with this machine's signing key; returns (file, record).

    Raises:
        UsageError: a malformed key, reason or date, or a key that cannot sign.
        LocalFileError: the file cannot be written.
    """
    path = suppressions_path(Path(ledger))
    fields = new_suppression(
        key,
        reason,
        reviewer=reviewer or default_reviewer(),
        expires=parse_expiry(expires) if expires else None,
        time=utc_now(),
        tool=tool_id(),
        signer=load_signer(trust.signing_key),
    )
    append_suppression(path, fields)
    return path, fields


def apply_suppressions(audits: list[Any], suppressions: SuppressionSet, today: date) -> None:
    """Move every finding a suppression in force names out of its audit (report and gate) into ``suppressed``.

    Keys are assigned first, over every finding, so leaving one out never renames another.
    """
    assign_keys(audits)
    active = suppressions.in_force(today)
    if not active:
        return
    # A suppression recorded before keys bound capabilities names the key the finding had then (same content).
    legacy = legacy_keys(audits)
    for audit in audits:
        kept, removed = [], set()
        for finding in audit.findings:
            record = active.get(finding.key or "") or active.get(legacy.get(id(finding), ""))
            if record is None or finding.id in NEVER_SUPPRESSED:
                kept.append(finding)
                continue
            removed.add(finding.key)
            audit.suppressed.append({**finding.as_json(), "suppression": record.as_json()})
        audit.findings = kept
        for skill in audit.skills:
            skill.findings = [f for f in skill.findings if f.key not in removed]


def suppress_in_skill(skill: Any, label: str, suppressions: SuppressionSet, today: date) -> int:
    """One skill's audit (the TUI's) keyed and filtered as ``audit`` would; returns how many findings were left out."""
    audit = ServerAudit(label=label, target="", skills=[skill], findings=list(skill.findings))
    apply_suppressions([audit], suppressions, today)
    return len(audit.suppressed)
