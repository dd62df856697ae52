"""What a team does with a ledger, for any front end: merge two branches' ledgers, export the approvals in a
host's format, and compare a skill's files with the approved bytes kept beside the ledger."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from skillscope.ledger.team.export import export_approved
from skillscope.ledger.team.merge import MergeResult, merge_ledgers
from skillscope.ledger.team.objects import FileDiff, ObjectStore, skill_diffs

if TYPE_CHECKING:
    from skillscope.ledger.core.values import ExportFormat
    from skillscope.ledger.core.verdicts import Verdicts
    from skillscope.ledger.team.export import Exportable

__all__ = ["approved_text", "changed_files", "merge_branches"]


def merge_branches(ours: Path, theirs: Path) -> MergeResult:
    """Write into ``ours`` every review of both ledgers once, re-chained (a git merge driver's work).

    Raises:
        SkillscopeError: either side is damaged (nothing is written), or ``ours`` cannot be written.
    """
    return merge_ledgers(ours, theirs)


def approved_text(source: Verdicts | Exportable, fmt: ExportFormat, *, label: str | None = None) -> str:
    """The approvals ``source`` holds in an export format (``txt``, ``json``, ``yaml``, ``roomkit``, ``cedar``)."""
    return export_approved(source, fmt, label=label)


def changed_files(
    store: ObjectStore, entry: object, changes: Iterable[object], current: Mapping[str, bytes]
) -> list[FileDiff]:
    """Each changed file of a skill against the approved bytes the store keeps (a unified diff for text)."""
    return skill_diffs(store, entry, changes, current)
