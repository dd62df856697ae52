"""The ledger's plain values that the front ends hold: words, names and choices, no behaviour and no I/O.

The modules that act on them (record, verdicts, export, suppressions) import them from here, and so do the
CLI and the TUI, which may import nothing else of the ledger (the door contract in pyproject.toml).
"""

from __future__ import annotations

from typing import Literal

__all__ = ["EXPORT_FORMATS", "STALE", "SUPERSEDED", "Action", "ExportFormat", "StateName"]

Action = Literal["approve", "reject", "revoke", "repair"]
"""What a ledger record does: the three verdicts, and ``repair`` (a record that re-chains a damaged ledger)."""

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
