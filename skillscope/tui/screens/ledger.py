"""The ledger screen: every record skill by skill with its signature, a filter, export, and the chain check when it is damaged."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Header, Input, Static
from textual.worker import Worker

from skillscope.core.files import write_file
from skillscope.ledger.core.values import RecordFacts
from skillscope.service.ledgers import approved_text
from skillscope.service.review_state import LedgerSnapshot, read_ledger
from skillscope.service.signatures import SignatureReport, check_signatures, key_fingerprint
from skillscope.tui.actions import copy_value, move_focused
from skillscope.tui.dialogs.export import ExportDialog, ExportRequest
from skillscope.tui.dialogs.facts import Fact, FactsDialog
from skillscope.tui.inert import inert, inert_line
from skillscope.tui.keymap import LEDGER_COMMANDS, Command, bindings
from skillscope.tui.notify import report_failed_worker, tell
from skillscope.tui.widgets.key_footer import KeyFooter
from skillscope.tui.widgets.ledger_table import LedgerTable, signature_text

__all__ = ["LedgerScreen", "damage_report", "record_facts"]


def damage_report(snapshot: LedgerSnapshot) -> Group:
    """What ``ledger verify`` says about a damaged ledger, and what to do."""
    parts: list[RenderableType] = [
        Text.assemble(("✗ Ledger damaged: ", "bold red"), inert_line(snapshot.error or "", limit=600))
    ]
    damage = snapshot.damage
    if damage is not None:
        table = Table(show_edge=False, pad_edge=False, header_style="bold dim", box=box.SIMPLE_HEAD)
        table.add_column("line", justify="right", no_wrap=True)
        table.add_column("problem", no_wrap=True)
        table.add_column("what", overflow="fold")
        for problem in damage.problems:
            table.add_row(str(problem.line), Text(problem.kind, style="red"), inert_line(problem.message, limit=400))
        parts.append(Text(""))
        parts.append(table)
        if damage.only_torn_tail:
            parts.append(
                Text(
                    "The last line is unfinished (a write was interrupted). `skillscope ledger repair` cuts it and "
                    "records the repair.",
                    style="yellow",
                )
            )
        else:
            parts.append(
                Text(
                    "The ledger was altered. Restore it from a copy or version control; it is never repaired "
                    "silently. Review states stay unknown until then.",
                    style="yellow",
                )
            )
    return Group(*parts)


def record_facts(record: RecordFacts, signatures: SignatureReport | None) -> list[Fact]:
    """Everything one record holds, for its detail dialog: the note whole, the fingerprint unbroken."""
    signature = signatures.by_hash.get(record.hash) if signatures is not None else None
    said = signature_text(signature)
    if signature is not None:
        said = Text(signature.words, style=said.style)
    facts: list[Fact] = [
        ("skill", inert_line(record.name, limit=300)),
        ("record", Text(f"#{record.seq} {record.action} at {record.time}")),
        ("reviewer", inert_line(record.reviewer, limit=200)),
        ("signature", said),
    ]
    if signature is not None and signature.key:
        facts.append(("signer key", Text(key_fingerprint(signature.key), no_wrap=True)))
    if signatures is not None and signatures.trust:
        facts.append(("whose keys count", inert_line(signatures.trust, limit=300)))
    facts.append(("fingerprint", Text(record.fingerprint or "—", no_wrap=True)))
    if record.label or record.server:
        facts.append(("label, server", inert_line(f"{record.label or '—'} · {record.server or '—'}", limit=300)))
    if record.uri:
        facts.append(("uri", inert_line(record.uri, limit=600)))
    if record.files:
        facts.append(("files", Text(f"{len(record.files)} listed at the time")))
    facts.append(("note", inert(record.note) if record.note else Text("(none)", style="dim")))
    return facts


class LedgerScreen(Screen[None]):
    """Every review record with its signature; the highlighted one's fingerprint below; export approvals.

    | Key | Action |
    | :- | :- |
    | enter | The record in full |
    | / | Filter |
    | e | Export |
    | y | Copy the fingerprint |
    | r | Reload |
    | escape | Back |
    """

    BINDINGS: ClassVar[list[BindingType]] = bindings(LEDGER_COMMANDS)
    KEY_COMMANDS: ClassVar[Sequence[Command]] = LEDGER_COMMANDS

    def __init__(self, snapshot: LedgerSnapshot) -> None:
        super().__init__()
        self.snapshot = snapshot
        self.signatures: SignatureReport | None = None
        """Each record's signature, once checked (in a worker: it reads every line)."""
        self.written: Path | None = None
        """The absolute path of the last export."""

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="ledger-body"):
            yield Static(id="ledger-summary")
            yield Input(
                placeholder="filter: skill, action, reviewer, signature, note (enter keeps it, esc clears)",
                id="ledger-filter",
            )
            yield Static(id="ledger-damage")
            yield LedgerTable(id="ledger-table")
            yield Static(id="ledger-record")
        yield KeyFooter()

    def focus_area(self) -> str:
        """The footer's area: always the ledger."""
        return "ledger"

    def on_mount(self) -> None:
        self.sub_title = "Ledger"
        self.query_one("#ledger-filter").display = False
        self.query_one(LedgerTable).focus()
        self.query_one("#ledger-damage").border_title = "ledger verify"
        self.query_one("#ledger-record").border_title = "fingerprint"
        self._show()
        self._check()

    def _check(self) -> None:
        if self.snapshot.verdicts is not None:
            self.run_worker(self._signatures(), group="signatures", exclusive=True, exit_on_error=False)

    async def _signatures(self) -> None:
        trust = self.snapshot.trust
        self.signatures = await asyncio.to_thread(
            check_signatures, trust.book(self.snapshot.path), allowed_signers=trust.allowed_signers
        )
        self._show()

    def _show(self) -> None:
        snapshot = self.snapshot
        text = self.query_one("#ledger-filter", Input).value
        table = self.query_one(LedgerTable)
        shown = table.show(snapshot, text, self.signatures)
        summary = Text()
        summary.append("ledger ", style="bold")
        summary.append_text(inert_line(str(snapshot.path), limit=300))
        damage = self.query_one("#ledger-damage", Static)
        table.display = snapshot.verdicts is not None
        self.query_one("#ledger-record").display = snapshot.verdicts is not None
        if snapshot.verdicts is not None:
            total = len(snapshot.history)
            summary.append(f"\n{snapshot.verdicts.records:,} records, chain intact; ", style="green")
            summary.append_text(self._signature_summary())
            summary.append("\n")
            summary.append(
                f"{shown:,} of {total:,} skills shown" if text.strip() else f"{total:,} skills reviewed", style="dim"
            )
            damage.display = False
        else:
            summary.append("   cannot be read", style="bold red")
            damage.display = True
            damage.update(damage_report(snapshot))
        if self.written is not None:
            summary.append("   last export: ", style="dim")
            summary.append_text(inert_line(str(self.written), limit=300))
        self.query_one("#ledger-summary", Static).update(summary)

    def _signature_summary(self) -> Text:
        report = self.signatures
        if report is None:
            return Text("checking signatures…", style="dim")
        if report.problem and not report.by_hash:
            return Text.assemble(("signatures not checked: ", "yellow"), inert_line(report.problem, limit=300))
        text = Text()
        text.append(f"{report.count('allowed')} signed by allowed keys", style="green")
        text.append(", ")
        bad = report.count("not-allowed")
        text.append(f"{bad} by keys not allowed", style="bold red" if bad else "")
        text.append(", ")
        unsigned = report.count("unsigned")
        text.append(f"{unsigned} unsigned", style="yellow" if unsigned else "")
        text.append(" (trust: ", style="dim")
        text.append_text(inert_line(report.trust, style="dim", limit=200))
        text.append(")", style="dim")
        return text

    def on_ledger_table_record_highlighted(self, event: LedgerTable.RecordHighlighted) -> None:
        record = event.record
        panel = self.query_one("#ledger-record", Static)
        if record is None:
            panel.update(Text("No record matches.", style="dim"))
            return
        # The fingerprint has a line of its own: 71 cells fit an 80-column terminal whole.
        line = Text(record.fingerprint or "— (no fingerprint)", no_wrap=True, overflow="ellipsis")
        signature = self.signatures.by_hash.get(record.hash) if self.signatures is not None else None
        more = Text.assemble(
            (f"#{record.seq} {record.action}  ", "bold"),
            signature_text(signature, checking=self.signatures is None),
            ("  · enter: in full · y copies", "dim"),
        )
        more.no_wrap = True
        more.overflow = "ellipsis"
        panel.update(Group(more, line))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_show_record()

    def action_show_record(self) -> None:
        record = self.query_one(LedgerTable).highlighted_record()
        if record is not None:
            self.app.push_screen(
                FactsDialog("Ledger record", record_facts(record, self.signatures), copy=record.fingerprint)
            )

    def action_copy_fingerprint(self) -> None:
        record = self.query_one(LedgerTable).highlighted_record()
        copy_value(self, "fingerprint", record.fingerprint if record is not None else None)

    def action_move_down(self) -> None:
        move_focused(self.focused, 1)

    def action_move_up(self) -> None:
        move_focused(self.focused, -1)

    def action_filter(self) -> None:
        box = self.query_one("#ledger-filter", Input)
        box.display = True
        box.focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._show()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.query_one(LedgerTable).focus()

    def action_close(self) -> None:
        box = self.query_one("#ledger-filter", Input)
        if box.has_focus and box.value:
            box.value = ""
            return
        self.dismiss(None)

    def action_help(self) -> None:
        from skillscope.tui.dialogs.help import HelpDialog

        self.app.push_screen(HelpDialog())

    async def action_quit(self) -> None:
        await self.app.action_quit()

    def action_reload(self) -> None:
        self.run_worker(self._reload(), group="ledger", exclusive=True, exit_on_error=False)

    async def _reload(self) -> None:
        self.snapshot = await asyncio.to_thread(read_ledger, self.snapshot.path, self.snapshot.trust)
        self.signatures = None
        self._show()
        self._check()
        tell(self, "Ledger read again.", timeout=3)

    def action_export(self) -> None:
        if self.snapshot.verdicts is None:
            tell(self, "The ledger cannot be read, so nothing can be exported.", severity="error")
            return
        self.app.push_screen(ExportDialog(), self._export_chosen)

    def _export_chosen(self, request: ExportRequest | None) -> None:
        if request is None:
            tell(self, "Export cancelled: nothing was written.", title="Cancelled", timeout=6)
            return
        self.run_worker(self._export(request), group="export", exclusive=True, exit_on_error=False)

    async def _export(self, request: ExportRequest) -> None:
        fmt, path, label = request
        path = path.expanduser().absolute()  # the notification names the file wherever the TUI was started
        # The same rule as `skillscope export` and every view: the reader's trust choice decides whose approvals go out.
        trust = self.snapshot.trust
        book = trust.book(self.snapshot.path)
        check = await asyncio.to_thread(lambda: book.check(allowed_signers=trust.allowed_signers))
        if not check.ok:
            what = (
                check.result.problems[0].message
                if check.result.problems
                else f"{len(check.missing)} review(s) seen before are missing"
            )
            tell(
                self,
                f"Nothing exported: {what} (run `skillscope ledger verify`)",
                title="Export refused",
                severity="error",
            )
            return
        exportable = book.exportable(check, include_unsigned=trust.include_unsigned, label=label)
        text = approved_text(exportable, fmt)
        await asyncio.to_thread(write_file, path, text)
        self.written = path
        self._show()
        skipped = f"; {exportable.skipped_summary()}" if exportable.skipped else ""
        tell(self, f"Wrote {len(exportable.approvals)} approval(s) as {fmt} to {path}{skipped}", title="Exported")

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        report_failed_worker(self, event.worker)
