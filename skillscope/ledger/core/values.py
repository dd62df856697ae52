"""The ledger's plain values that the front ends hold: words, names, choices and a skill's review state; no
behaviour and no I/O.

The modules that act on them (record, verdicts, export, suppressions) import them from here, and so do the
CLI and the TUI, which may import nothing else of the ledger (the door contract in pyproject.toml).
"""

from __future__ import annotations

from collections.abc import Sized
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, Protocol

if TYPE_CHECKING:
    from skillscope.ledger.core.record import Record

__all__ = [
    "EXPORT_FORMATS",
    "STALE",
    "SUPERSEDED",
    "Action",
    "ExportFormat",
    "FileChange",
    "RecordFacts",
    "ReviewState",
    "StateName",
]

Action = Literal["approve", "reject", "revoke", "repair"]
"""What a ledger record does: the three verdicts, and ``repair`` (a record that re-chains a damaged ledger)."""


class RecordFacts(Protocol):
    """What a view reads of one review record to show it (``record.Record`` has these fields): the front ends
    type against this, so holding a record does not mean importing the module that parses and signs it."""

    @property
    def seq(self) -> int: ...
    @property
    def action(self) -> str: ...
    @property
    def time(self) -> str: ...
    @property
    def reviewer(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def note(self) -> str: ...
    @property
    def label(self) -> str: ...
    @property
    def server(self) -> str: ...
    @property
    def uri(self) -> str: ...
    @property
    def fingerprint(self) -> str | None: ...
    @property
    def files(self) -> Sized: ...
    @property
    def hash(self) -> str: ...


StateName = Literal[
    "approved", "approved-untrusted", "rejected", "not-reviewed", "changed-since-approval", "revoked", "unverifiable"
]
"""What the ledger says about a skill as served now."""

SUPERSEDED = "approved (superseded)"
"""How every view words an approval under a skill, still in force, of a version other than the one it last reviewed."""

STALE = (
    "keyed the old way (32 digits, a window of text around one line), it matches no finding: "
    "audit again and suppress the finding's new key if it is still acceptable"
)
"""Why a suppression keyed by the old scheme suppresses nothing (shown beside it)."""

ExportFormat = Literal["txt", "json", "yaml", "roomkit", "cedar"]
EXPORT_FORMATS: tuple[ExportFormat, ...] = ("txt", "json", "yaml", "roomkit")
"""The formats the TUI's export dialog offers; ``cedar`` is the command line's (``export --format cedar``)."""


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
    here: str = ""
    """The label the skill is attached under now: a verdict recorded under another one names its label."""
    untrusted: str = ""
    """For ``approved-untrusted``: why the approval's signature does not count."""

    def as_json(self) -> dict[str, object]:
        """The state in reports: its name, the record it rests on, and the file changes."""
        return {
            "state": self.state,
            "record": None if self.record is None else self.record.summary_json(),
            "changes": [
                {
                    "change": c.change,
                    "uri": c.uri,
                    "old_digest": c.old_digest,
                    "new_digest": c.new_digest,
                    "old_size": c.old_size,
                    "new_size": c.new_size,
                }
                for c in self.changes
            ],
            "untrusted": self.untrusted or None,
        }

    @property
    def elsewhere(self) -> str | None:
        """The label the verdict was recorded under, when it is not the current one."""
        if self.record is None or self.state in ("not-reviewed", "unverifiable"):
            return None
        label = self.record.complete().label
        return None if label == self.here else (label or "no label")

    @property
    def label(self) -> str:
        """The state in words, naming the label it was recorded under where that differs from the current one."""
        where = self.elsewhere
        under = "" if where is None else f" under {where}"
        return {
            "approved": f"approved{under}",
            "approved-untrusted": f"approved{under}, signature not trusted",
            "rejected": f"rejected{under}",
            "not-reviewed": "not reviewed",
            "changed-since-approval": f"changed since approval{under}",
            "revoked": f"approval revoked{under}",
            "unverifiable": "dynamic: cannot be reviewed",
        }[self.state]
