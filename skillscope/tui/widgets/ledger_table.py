"""Every ledger record, skill by skill (each skill's history oldest first), with its signature."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import DataTable
from textual.widgets.data_table import CellDoesNotExist

from skillscope.ledger.core.values import SUPERSEDED
from skillscope.service.review_state import LedgerSnapshot
from skillscope.service.signatures import Signature, SignatureReport
from skillscope.tui.inert import inert_line

__all__ = ["NARROW", "SIGNATURE_LOOK", "WIDE", "LedgerTable", "elide_middle", "signature_text"]

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


WIDE = ("skill", "#", "action", "signature", "by", "when", "verdict now", "note")
"""Every column, when the table is wide enough to show each up to the verdict."""
NARROW = ("skill", "#", "action", "verdict now", "signature", "note")
"""At 80 columns: the verdict beside the action; reviewer and time are in the record (enter)."""
_SKILL_LIMIT = 200


def _needed(rows: list[tuple[str, dict[str, Text]]], columns: tuple[str, ...]) -> int:
    """Cells the columns take with their widest content (a DataTable pads each cell by one on both sides)."""
    total = 0
    for column in columns:
        widest = max([len(column)] + [cells[column].cell_len for _, cells in rows])
        total += widest + 2
    return total


def elide_middle(value: str, limit: int) -> str:
    """``value`` cut to ``limit`` characters by a … in its middle (both ends of a skill's name tell it apart)."""
    if len(value) <= limit:
        return value
    head = (limit - 1) // 2
    return value[:head] + "…" + value[len(value) - (limit - 1 - head) :]


def _skill_cell(cell: Text, limit: int | None) -> Text:
    """The skill column's cell: the name inert (and elided to ``limit``), or the ditto mark as it is."""
    if cell.style:
        return cell  # the ″ of a skill's later records
    name = cell.plain
    return inert_line(elide_middle(name, limit) if limit is not None else name, limit=_SKILL_LIMIT)


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
        self.columns_shown: tuple[str, ...] = ()
        """The columns as laid out now: ``WIDE``, or ``NARROW`` when the verdict would not fit beside the rest."""
        self.records: dict[str, Any] = {}
        """The shown records by row key (the record's hash)."""
        self._rows: list[tuple[str, dict[str, Text]]] = []
        self._laid_for = -1

    def show(self, snapshot: LedgerSnapshot, text: str = "", signatures: SignatureReport | None = None) -> int:
        """Fill the table with the records matching ``text``; returns how many skills have a row."""
        keep = self._current_key()
        self.records = {}
        rows: list[tuple[str, dict[str, Text]]] = []
        if snapshot.verdicts is None:
            self._rows = []
            self._lay_out(keep)
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
                cells = {
                    "skill": Text(name) if first else Text("  ″", style="dim"),
                    "#": Text(str(record.seq), justify="right"),
                    "action": Text(
                        SUPERSEDED if record.seq in earlier else record.action, style=_STYLE.get(record.action, "")
                    ),
                    "signature": signature_text(signature, checking=signatures is None),
                    "by": inert_line(record.reviewer, limit=60),
                    "when": Text(record.time),
                    "verdict now": Text(word, style=_VERDICT_STYLE.get(state_id, "")) if first else Text(""),
                    "note": inert_line(record.note, limit=60),
                }
                rows.append((record.hash, cells))
                self.records[record.hash] = record
                first = False
        self._rows = rows
        self._lay_out(keep)
        return skills

    def on_resize(self) -> None:
        if self._rows and self.size.width != self._laid_for:
            self._lay_out(self._current_key())

    def _lay_out(self, keep: str | None) -> None:
        """Fill the columns that fit the table's width: the verdict never falls off the right edge.

        When the wide layout's columns up to the verdict do not fit, the reviewer and the time go
        (enter shows a record in full), the verdict moves next to the action, and a long skill name
        is elided in its middle, where a ``server:`` prefix and the last path segment both stay.
        """
        width = self.size.width
        self._laid_for = width
        wide = not width or _needed(self._rows, WIDE[: WIDE.index("verdict now") + 1]) <= width
        columns = WIDE if wide else NARROW
        limit = None
        if not wide:
            others = _needed(self._rows, ("#", "action", "verdict now", "signature")) + 2
            limit = max(16, min(_SKILL_LIMIT, width - others - 2))
        self.clear(columns=columns != self.columns_shown)
        if columns != self.columns_shown:
            for column in columns:
                self.add_column(Text(column), key=column)
            self.columns_shown = columns
        for key, cells in self._rows:
            shown = dict(cells)
            shown["skill"] = _skill_cell(cells["skill"], limit)
            self.add_row(*(shown[column] for column in columns), key=key)
        if keep in self.records:
            self.move_cursor(row=self.get_row_index(keep))
        self._announce()

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
