"""The ledger's current verdict on every reviewed skill, one row each."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable

from skillscope.service.review_state import LedgerSnapshot
from skillscope.tui.inert import inert_line

__all__ = ["LedgerTable"]

_STYLE = {"approved": "bold green", "approved-untrusted": "bold yellow", "rejected": "red", "revoked": "yellow",
          "changed-since-approval": "bold yellow"}


class LedgerTable(DataTable):
    """Skill, verdict, reviewer, time, note and fingerprint; filtered by a substring."""

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)
        for column in ("skill", "verdict", "by", "when", "note", "fingerprint"):
            self.add_column(Text(column), key=column)

    def show(self, snapshot: LedgerSnapshot, text: str = "") -> int:
        """Fill the table with the verdicts matching ``text``; returns how many rows are shown."""
        self.clear()
        if snapshot.verdicts is None:
            return 0
        needle = text.strip().casefold()
        shown = 0
        for verdict in snapshot.verdicts.by_name.values():
            state = snapshot.verdicts.name_state(verdict.name)  # the rule list, show and the gate use
            word = state.label
            record = (state.record or verdict.record).complete()
            haystack = f"{verdict.name}\n{word}\n{record.reviewer}\n{record.note}\n{record.fingerprint or ''}".casefold()
            if needle and needle not in haystack:
                continue
            self.add_row(
                inert_line(verdict.name, limit=200),
                Text(word, style=_STYLE.get(state.state, "")),
                inert_line(record.reviewer, limit=80),
                Text(record.time),
                inert_line(record.note, limit=80),
                Text(record.fingerprint or "—", style="dim"),
                key=verdict.name,
            )
            shown += 1
        return shown
