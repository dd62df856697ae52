"""The ledger screen: every review, a filter, export, and the chain check when it is damaged."""

from __future__ import annotations

import asyncio
from typing import ClassVar

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Static
from textual.worker import Worker

from skillscope.files import write_file
from skillscope.ledger import export_approved
from skillscope.service.review_state import LedgerSnapshot, read_ledger
from skillscope.tui.inert import inert_line
from skillscope.tui.keymap import LEDGER_COMMANDS, bindings
from skillscope.tui.notify import report_failed_worker, tell
from skillscope.tui.screens.export import ExportRequest, ExportScreen
from skillscope.tui.widgets.ledger_table import LedgerTable

__all__ = ["LedgerScreen", "damage_report"]


def damage_report(snapshot: LedgerSnapshot) -> Group:
    """What ``ledger verify`` says about a damaged ledger, and what to do."""
    parts: list[RenderableType] = [Text.assemble(("✗ Ledger damaged: ", "bold red"), inert_line(snapshot.error or "", limit=600))]
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
            parts.append(Text("The last line is unfinished (a write was interrupted). `skillscope ledger repair` cuts it and "
                              "records the repair.", style="yellow"))
        else:
            parts.append(Text("The ledger was altered. Restore it from a copy or version control; it is never repaired "
                              "silently. Review states stay unknown until then.", style="yellow"))
    return Group(*parts)


class LedgerScreen(Screen[None]):
    """Every reviewed skill with its verdict; export approvals to a file.

    | Key | Action |
    | :- | :- |
    | / | Filter |
    | e | Export |
    | r | Reload |
    | escape | Back |
    """

    BINDINGS: ClassVar[list[BindingType]] = bindings(LEDGER_COMMANDS)

    def __init__(self, snapshot: LedgerSnapshot, *, signing_key: str | None = None) -> None:
        super().__init__()
        self.snapshot = snapshot
        self.signing_key = signing_key
        """The config's signing key: whose key counts when no allowed_signers file says otherwise."""

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="ledger-body"):
            yield Static(id="ledger-summary")
            yield Input(placeholder="filter: skill, verdict, reviewer, note", id="ledger-filter")
            yield Static(id="ledger-damage")
            yield LedgerTable(id="ledger-table")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Ledger"
        self.query_one("#ledger-filter").display = False
        self.query_one(LedgerTable).focus()
        self.query_one("#ledger-damage").border_title = "ledger verify"
        self._show()

    def _show(self) -> None:
        snapshot = self.snapshot
        text = self.query_one("#ledger-filter", Input).value
        shown = self.query_one(LedgerTable).show(snapshot, text)
        summary = Text()
        summary.append("ledger ", style="bold")
        summary.append_text(inert_line(str(snapshot.path), limit=300))
        damage = self.query_one("#ledger-damage", Static)
        self.query_one(LedgerTable).display = snapshot.verdicts is not None
        if snapshot.verdicts is not None:
            total = len(snapshot.verdicts.by_name)
            summary.append(f"   {snapshot.verdicts.records:,} records, chain intact   ", style="green")
            summary.append(f"{shown:,} of {total:,} skills shown" if text.strip() else f"{total:,} skills reviewed", style="dim")
            damage.display = False
        else:
            summary.append("   cannot be read", style="bold red")
            damage.display = True
            damage.update(damage_report(snapshot))
        self.query_one("#ledger-summary", Static).update(summary)

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

    def action_reload(self) -> None:
        self.run_worker(self._reload(), group="ledger", exclusive=True, exit_on_error=False)

    async def _reload(self) -> None:
        self.snapshot = await asyncio.to_thread(read_ledger, self.snapshot.path, self.snapshot.trust)
        self._show()
        tell(self, "Ledger read again.", timeout=3)

    def action_export(self) -> None:
        if self.snapshot.verdicts is None:
            tell(self, "The ledger cannot be read, so nothing can be exported.", severity="error")
            return
        self.app.push_screen(ExportScreen(), self._export_chosen)

    def _export_chosen(self, request: ExportRequest | None) -> None:
        if request is not None:
            self.run_worker(self._export(request), group="export", exclusive=True, exit_on_error=False)

    async def _export(self, request: ExportRequest) -> None:
        fmt, path, label = request
        trust = self.snapshot.trust
        book = trust.book(self.snapshot.path)
        check = await asyncio.to_thread(lambda: book.check(allowed_signers=trust.allowed_signers))
        if not check.ok:
            what = check.result.problems[0].message if check.result.problems else f"{len(check.missing)} review(s) seen before are missing"
            tell(self, f"Nothing exported: {what} (run `skillscope ledger verify`)", title="Export refused", severity="error")
            return
        exportable = book.exportable(check, include_unsigned=trust.include_unsigned, label=label)
        text = export_approved(exportable, fmt)  # type: ignore[arg-type]
        await asyncio.to_thread(write_file, path, text)
        skipped = f"; {exportable.skipped_summary()}" if exportable.skipped else ""
        tell(self, f"Wrote {len(exportable.approvals)} approval(s) as {fmt} to {path}{skipped}", title="Exported")

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        report_failed_worker(self, event.worker)
