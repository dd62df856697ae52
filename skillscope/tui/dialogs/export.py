"""The dialog that exports approved fingerprints to a file."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from skillscope.ledger.core.values import EXPORT_FORMATS, ExportFormat
from skillscope.tui.dialogs.shown import show_error

__all__ = ["ExportRequest", "ExportDialog"]

_DEFAULT_NAMES = {
    "txt": "reviewed.txt",
    "json": "approved.json",
    "yaml": "approved.yaml",
    "roomkit": "reviewed_skills.py",
}
_EXPLAIN = {
    "txt": "one sha256:… per line: a host's set of reviewed fingerprints",
    "json": "name, URI, label, server, reviewer, time and note of each approval",
    "yaml": "the same as json, in YAML",
    "roomkit": "a Python module whose approve_execution a RoomKit host passes on",
}

ExportRequest = tuple[ExportFormat, Path, str | None]
"""(format, file, label filter)."""


class ExportDialog(ModalScreen[ExportRequest | None]):
    """Format, file and an optional label; dismisses with the request.

    | Key | Action |
    | :- | :- |
    | enter | Export (in a field) |
    | escape | Cancel |
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", tooltip="Close without exporting", id="cancel"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="dialog"):
            yield Static(Text("Export approved fingerprints", style="bold"), classes="dialog-title")
            yield Static(Text("Only fingerprints approved and not since revoked or rejected are written.", style="dim"))
            yield Label("Format")
            yield Select(
                [(f"{fmt}  ({_EXPLAIN[fmt]})", fmt) for fmt in EXPORT_FORMATS],
                value="txt",
                allow_blank=False,
                id="format-select",
            )
            yield Label(f"File (a relative name is written in {Path.cwd()})")
            yield Input(_DEFAULT_NAMES["txt"], id="path-input")
            yield Label("Only this server label (optional)")
            yield Input(id="label-input")
            yield Static(id="dialog-error", classes="dialog-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Export", variant="primary", id="export")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#path-input", Input).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        path = self.query_one("#path-input", Input)
        if path.value in _DEFAULT_NAMES.values() and isinstance(event.value, str):
            path.value = _DEFAULT_NAMES[event.value]

    def action_cancel(self) -> None:
        self.dismiss(None)

    def _export(self) -> None:
        chosen = self.query_one("#format-select", Select).value
        path = self.query_one("#path-input", Input).value.strip()
        label = self.query_one("#label-input", Input).value.strip() or None
        fmt = next((known for known in EXPORT_FORMATS if known == chosen), None)
        if not path or fmt is None:
            show_error(self.query_one("#dialog-error", Static), Text("Name the file to write.", style="bold red"))
            return
        self.dismiss((fmt, Path(path).expanduser().absolute(), label))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._export()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "export":
            self._export()
        else:
            self.dismiss(None)
