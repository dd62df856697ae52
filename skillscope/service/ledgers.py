"""What a team does with a ledger, for any front end: open it with the configured key, accept or repair it after a
check, merge two branches' ledgers, export the approvals in a host's format, and compare a skill's files with the
approved bytes kept beside the ledger."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from skillscope.ledger.book import LedgerCheck, ReviewBook
from skillscope.ledger.core.defaults import default_reviewer
from skillscope.ledger.core.recording import tool_id, utc_now
from skillscope.ledger.team.export import export_approved
from skillscope.ledger.team.merge import MergeResult, merge_ledgers
from skillscope.ledger.team.objects import FileDiff, ObjectStore, skill_diffs

if TYPE_CHECKING:
    from skillscope.ledger.core.record import Record
    from skillscope.ledger.core.values import ExportFormat
    from skillscope.ledger.core.verdicts import Verdicts
    from skillscope.ledger.team.export import Exportable

__all__ = ["accept_ledger", "approved_text", "changed_files", "merge_branches", "open_book", "repair_ledger"]


def open_book(path: Path, config: object) -> ReviewBook:
    """The ledger at ``path`` with the signing key and allowed signers a loaded ``Config`` names (or none)."""
    return ReviewBook.from_config(path, config)


def accept_ledger(book: ReviewBook, check: LedgerCheck, note: str) -> None:
    """Accept the ledger as ``check`` found it although reviews seen before are gone: they are forgotten, and
    ``note`` (why) is logged with the time.

    Raises:
        LedgerError: the ledger is empty, so there is nothing to accept.
    """
    book.accept(check, note, utc_now())


def repair_ledger(book: ReviewBook, reviewer: str | None) -> tuple[int, Record]:
    """Cut an unfinished last line (only that) and record the repair, signed: (bytes cut, the repair's record).

    ``reviewer`` None is the default reviewer (git's ``user.email``, else ``user.name``, else the login name).

    Raises:
        SkillscopeError: the ledger holds damage a repair may not touch, or the key cannot sign.
    """
    return book.repair(reviewer=reviewer or default_reviewer(), time=utc_now(), tool=tool_id())


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
