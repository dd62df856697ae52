"""Build the review record every front end appends: the same fields from the CLI and the TUI."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from skillscope.ledger.core.record import FileEntry, Record
from skillscope.ledger.core.values import Action

__all__ = ["review_record", "tool_id", "utc_now"]


def utc_now() -> str:
    """The current UTC time as the ledger writes it (``2026-01-31T12:00:00Z``)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def tool_id() -> str:
    """``skillscope <version>``, kept in each record."""
    from skillscope import __version__

    return f"skillscope {__version__}"


def review_record(
    action: Action,
    info: Any,
    entry: Any,
    *,
    reviewer: str | None,
    note: str,
    time: str | None = None,
    extra: dict[str, Any] | None = None,
) -> Record:
    """A record binding ``action`` to the entry as served now (not yet appended).

    Args:
        action: ``approve``, ``reject`` or ``revoke``.
        info: the server's ``ServerInfo`` (label, identity, protocol; never a header).
        entry: the available ``CatalogEntry``.
        reviewer: who reviewed; ``None`` uses ``default_reviewer()``.
        note: why, kept with the record.
        time: the record's time (default: now).
        extra: further review fields (``audit``: finding counts and ids), signed with the rest.
    """
    from skillscope.ledger.core.defaults import default_reviewer

    return Record(
        action=action,
        time=time or utc_now(),
        reviewer=reviewer or default_reviewer(),
        note=note,
        label=info.label,
        server=info.target,
        protocol=info.protocol,
        name=entry.name,
        uri=entry.uri or "",
        fingerprint=entry.fingerprint,
        files=tuple(FileEntry(f.uri, f.digest, f.size) for f in entry.files or ()),
        tool=tool_id(),
        extra=dict(extra or {}),
    )
