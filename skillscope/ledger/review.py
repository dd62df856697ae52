"""Replay the ledger into verdicts, judge a served skill's review state, and diff its files."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from skillscope.ledger.record import FileEntry, Record

__all__ = ["Verdict", "Verdicts", "FileChange", "ReviewState", "replay", "review_state", "diff_files"]

StateName = Literal["approved", "rejected", "not-reviewed", "changed-since-approval", "revoked", "unverifiable"]


@dataclass
class Verdict:
    """The current verdict on one skill name, replayed from its records."""

    name: str
    action: str
    """The last approve, reject or revoke recorded for the name."""
    record: Record
    approved: dict[str, Record] = field(default_factory=dict)
    """Fingerprints currently approved for this name, with the approving record."""
    rejected: dict[str, Record] = field(default_factory=dict)
    """Fingerprints currently rejected for this name."""

    @property
    def word(self) -> str:
        """The verdict in one word: approved, rejected or revoked."""
        if self.approved:
            return "approved"
        if self.action == "reject":
            return "rejected"
        if self.action == "revoke":
            return "revoked"
        return self.action

    @property
    def last_approval(self) -> Record | None:
        """The most recent approval still in force, fully parsed."""
        return max(self.approved.values(), key=lambda r: r.seq).complete() if self.approved else None


@dataclass
class Verdicts:
    """All verdicts, by skill name."""

    by_name: dict[str, Verdict] = field(default_factory=dict)
    records: int = 0

    def rejected_content(self) -> dict[str, Record]:
        """Each fingerprint with a standing rejection under any name or label, with the rejecting record."""
        out: dict[str, Record] = {}
        for verdict in self.by_name.values():
            for fingerprint, record in verdict.rejected.items():
                if fingerprint:
                    out.setdefault(fingerprint, record)
        return out

    def rejection_of(self, fingerprint: str | None) -> Record | None:
        """The standing rejection of this content under any label (fully parsed), if there is one."""
        if not fingerprint:
            return None
        for verdict in self.by_name.values():
            if fingerprint in verdict.rejected:
                return verdict.rejected[fingerprint].complete()
        return None

    def approved_fingerprints(self, label: str | None = None, *, keep_rejected: bool = False) -> list[Record]:
        """Approvals in force (fully parsed), one per (name, fingerprint), oldest first; optionally for one label.

        Content rejected under any label or name is left out (verdicts are by content),
        unless ``keep_rejected``.
        """
        rejected = {} if keep_rejected else self.rejected_content()
        found = [r.complete() for v in self.by_name.values() for fp, r in v.approved.items() if fp not in rejected]
        return sorted((r for r in found if label is None or r.label == label), key=lambda r: r.seq)


def replay(records: Iterable[Record]) -> Verdicts:
    """Fold records in order: approve adds a fingerprint, reject blocks one, revoke clears the name."""
    from skillscope.ledger.store import cycle_collector_paused

    with cycle_collector_paused():
        return _replay(records)


def _replay(records: Iterable[Record]) -> Verdicts:
    verdicts = Verdicts()
    for record in records:
        verdicts.records += 1
        if record.action == "repair" or not record.name:
            continue
        if type(record.raw) is memoryview:
            # A kept record gets its own copy of its line: a view would keep the block of the file it
            # came from alive as long as the verdicts (the whole file, on a large ledger).
            object.__setattr__(record, "raw", bytes(record.raw))
        verdict = verdicts.by_name.get(record.name)
        if verdict is None:
            verdict = verdicts.by_name[record.name] = Verdict(record.name, record.action, record)
        verdict.action, verdict.record = record.action, record
        fingerprint = record.fingerprint or ""
        if record.action == "approve":
            verdict.approved[fingerprint] = record
            verdict.rejected.pop(fingerprint, None)
        elif record.action == "reject":
            verdict.rejected[fingerprint] = record
            verdict.approved.pop(fingerprint, None)
        elif record.action == "revoke":
            verdict.approved.clear()
    # Each verdict's last record is shown; parse those in full. Others are parsed when shown.
    for verdict in verdicts.by_name.values():
        verdict.record = verdict.record.complete()
    return verdicts


@dataclass(frozen=True)
class FileChange:
    """One difference between the approved file list and the current entry."""

    change: Literal["added", "removed", "changed"]
    uri: str
    old_digest: str | None
    new_digest: str | None
    old_size: int | None = None
    new_size: int | None = None


@dataclass
class ReviewState:
    """What the ledger says about a skill as it is served now."""

    state: StateName
    record: Record | None = None
    """The record the state rests on (the approval, rejection or revocation)."""
    changes: list[FileChange] = field(default_factory=list)

    def as_json(self) -> dict[str, object]:
        """The state in reports: its name, the record it rests on, and the file changes."""
        return {
            "state": self.state,
            "record": None if self.record is None else self.record.summary_json(),
            "changes": [
                {"change": c.change, "uri": c.uri, "old_digest": c.old_digest, "new_digest": c.new_digest,
                 "old_size": c.old_size, "new_size": c.new_size}
                for c in self.changes
            ],
        }

    @property
    def label(self) -> str:
        """The state in words."""
        if self.state == "rejected" and self.record is not None:
            return f"rejected under {self.record.label or 'no label'}"
        return {
            "approved": "approved",
            "rejected": "rejected",
            "not-reviewed": "not reviewed",
            "changed-since-approval": "changed since approval",
            "revoked": "approval revoked",
            "unverifiable": "dynamic: cannot be reviewed",
        }[self.state]


def diff_files(old: Iterable[FileEntry], new: Iterable[tuple[str, str, int]]) -> list[FileChange]:
    """Added, removed and digest-changed files between an approved list and a current entry."""
    before = {f.uri: f for f in old}
    after = {uri: (digest, size) for uri, digest, size in new}
    changes: list[FileChange] = []
    for uri in sorted(set(before) | set(after)):
        if uri not in after:
            changes.append(FileChange("removed", uri, before[uri].digest, None, before[uri].size, None))
        elif uri not in before:
            changes.append(FileChange("added", uri, None, after[uri][0], None, after[uri][1]))
        elif before[uri].digest != after[uri][0]:
            changes.append(FileChange("changed", uri, before[uri].digest, after[uri][0], before[uri].size, after[uri][1]))
    return changes


def review_state(verdicts: Verdicts, name: str, fingerprint: str | None, files: Iterable[tuple[str, str, int]] | None) -> ReviewState:
    """The review state of the skill ``name`` whose current entry has ``fingerprint`` and ``files``."""
    verdict = verdicts.by_name.get(name)
    if fingerprint is None:
        return ReviewState("unverifiable", verdict.record if verdict else None)
    if verdict is None:
        elsewhere = verdicts.rejection_of(fingerprint)
        return ReviewState("rejected", elsewhere) if elsewhere is not None else ReviewState("not-reviewed")
    if fingerprint in verdict.rejected:
        return ReviewState("rejected", verdict.rejected[fingerprint].complete())
    elsewhere = verdicts.rejection_of(fingerprint)
    if elsewhere is not None:
        return ReviewState("rejected", elsewhere)
    if fingerprint in verdict.approved:
        return ReviewState("approved", verdict.approved[fingerprint].complete())
    last = verdict.last_approval
    if last is not None:
        return ReviewState("changed-since-approval", last, diff_files(last.files, files or ()))
    if verdict.action == "revoke":
        return ReviewState("revoked", verdict.record)
    return ReviewState("not-reviewed", verdict.record)
