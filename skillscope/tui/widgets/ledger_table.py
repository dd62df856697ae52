"""Every ledger record, skill by skill (each skill's history oldest first), with its signature."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import DataTable
from textual.widgets.data_table import CellDoesNotExist

from skillscope.ledger.verdicts import SUPERSEDED
from skillscope.service.review_state import LedgerSnapshot
from skillscope.service.signatures import Signature, SignatureReport
from skillscope.tui.inert import inert_line

__all__ = ["SIGNATURE_LOOK", "LedgerTable", "signature_text"]

_STYLE = {"approve": "green", "reject": "red", "revoke": "yellow"}
_VERDICT_STYLE = {
    "approved": "bold green",
    "approved-untrusted": "bold yellow",
    "rejected": "red",
    "revoked": "yellow",
    "changed-since-approval": "bold yellow",
}

SIGNATURE_LOOK = {
    # status: (short words for the table, style)
    "allowed": ("✓ allowed key", "green"),
    "not-allowed": ("✗ key not allowed", "bold red"),
    "unsigned": ("· unsigned", "yellow"),
}


def signature_text(signature: Signature | None, *, checking: bool = False) -> Text:
    """The short status for a table cell ("checking…" until the check is done)."""
    if signature is None:
        return Text("… checking" if checking else "? not checked", style="dim")
    words, style = SIGNATURE_LOOK[signature.status]
    return Text(words, style=style)


class LedgerTable(DataTable[Text]):
    """One row per record: skill, #, action, signature, reviewer, time, note (the fingerprint shows below).

    | Key | Action |
    | :- | :- |
    | enter | The record in full |
    | j / k | Down / up |
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("j", "cursor_down", "Down", show=False, id="ledger-down", tooltip="Next record"),
        Binding("k", "cursor_up", "Up", show=False, id="ledger-up", tooltip="Previous record"),
    ]

    class RecordHighlighted(Message):
        """The cursor rests on a record (None: the table is empty)."""

        def __init__(self, record: Any) -> None:
            super().__init__()
            self.record = record

    def __init__(self, *, id: str | None = None) -> None:  # Textual's name
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)
        for column in ("skill", "#", "action", "signature", "by", "when", "verdict now", "note"):
            self.add_column(Text(column), key=column)
        self.records: dict[str, Any] = {}
        """The shown records by row key (the record's hash)."""

    def show(self, snapshot: LedgerSnapshot, text: str = "", signatures: SignatureReport | None = None) -> int:
        """Fill the table with the records matching ``text``; returns how many skills have a row."""
        keep = self._current_key()
        self.clear()
        self.records = {}
        if snapshot.verdicts is None:
            return 0
        needle = text.strip().casefold()
        skills = 0
        for name, history in snapshot.history.items():
            # The verdict as list, show and the gate state it (the one trust rule), by its state word.
            state = snapshot.verdicts.name_state(name) if name in snapshot.verdicts.by_name else None
            word, state_id = (state.label, state.state) if state is not None else ("", "")
            # An earlier version's approval still in force says so on its own row, as `ledger list` does.
            earlier = {r.seq for r in snapshot.verdicts.superseded(name)} if state is not None else set()
            first = True
            for item in history:
                record = item.complete()
                signature = signatures.by_hash.get(record.hash) if signatures is not None else None
                said = signature.words if signature is not None else ""
                haystack = f"{name}\n{SUPERSEDED if record.seq in earlier else record.action}\n{word}\n{record.reviewer}\n{record.note}\n{record.fingerprint or ''}\n{said}".casefold()
                if needle and needle not in haystack:
                    continue
                if first:
                    skills += 1
                self.add_row(
                    inert_line(name, limit=200) if first else Text("  ″", style="dim"),
                    Text(str(record.seq), justify="right"),
                    Text(SUPERSEDED if record.seq in earlier else record.action, style=_STYLE.get(record.action, "")),
                    signature_text(signature, checking=signatures is None),
                    inert_line(record.reviewer, limit=60),
                    Text(record.time),
                    Text(word, style=_VERDICT_STYLE.get(state_id, "")) if first else Text(""),
                    inert_line(record.note, limit=60),
                    key=record.hash,
                )
                self.records[record.hash] = record
                first = False
        if keep in self.records:
            self.move_cursor(row=self.get_row_index(keep))
        self._announce()
        return skills

    def highlighted_record(self) -> Any:
        """The record under the cursor, or None."""
        key = self._current_key()
        return self.records.get(key) if key is not None else None

    def _current_key(self) -> str | None:
        if not self.row_count or self.cursor_row < 0:
            return None
        try:
            value = self.coordinate_to_cell_key(self.cursor_coordinate).row_key.value
        except CellDoesNotExist:
            return None
        return str(value) if value is not None else None

    def _announce(self) -> None:
        self.post_message(self.RecordHighlighted(self.highlighted_record()))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        self._announce()
