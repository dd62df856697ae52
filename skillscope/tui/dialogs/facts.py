"""A dialog of labelled facts, long values (digests, fingerprints, notes) each on lines of their own."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from skillscope.tui.actions import copy_value

__all__ = ["Fact", "FactsDialog", "facts_view", "facts_title"]

Fact = tuple[str, Text]
"""(label, value). A value that is ``no_wrap`` (a digest, a fingerprint) or spans lines (a note)
is drawn on lines of its own under its label; a short one beside it."""


def _whole(value: Text) -> bool:
    return bool(value.no_wrap) or "\n" in value.plain or value.cell_len > 40


def facts_title(title: str, footer: str = "esc closes · y copies the fingerprint") -> Text:
    """The title line: what the facts are, and the keys."""
    return Text.assemble((title, "bold"), "   ", (footer, "dim"))


def facts_view(
    title: str, facts: list[Fact], *, footer: str = "esc closes · y copies the fingerprint", head: bool = True
) -> RenderableType:
    """The title and keys (unless ``head`` is False), then each fact: short ones in a grid, long ones under their label."""
    parts: list[RenderableType] = [facts_title(title, footer), Text("")] if head else []
    grid: Table | None = None
    for label, value in facts:
        if not _whole(value):
            if grid is None:
                grid = Table.grid(padding=(0, 2))
                grid.add_column(style="bold dim", no_wrap=True, min_width=12)
                grid.add_column(overflow="fold")
                parts.append(grid)
            grid.add_row(label, value)
            continue
        grid = None
        parts.append(Text(label, style="bold dim"))
        line = value.copy()
        line.pad_left(2)
        parts.append(line)
    return Group(*parts)


class FactsDialog(ModalScreen[None]):
    """Full values a pane has no room for: a digest is one unbroken line here.

    | Key | Action |
    | :- | :- |
    | escape, enter, q | Close |
    | y | Copy the fingerprint |
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,q", "close", "Close", tooltip="Close", id="close"),
        Binding("y", "copy", "Copy", tooltip="Copy the fingerprint to the clipboard", id="copy"),
    ]

    def __init__(self, title: str, facts: list[Fact], *, copy: str | None = None) -> None:
        super().__init__()
        self._title = title
        self._facts = facts
        self._copy = copy

    def compose(self) -> ComposeResult:
        footer = "esc closes · y copies the fingerprint" if self._copy else "esc closes"
        with VerticalScroll(id="facts", classes="dialog"):
            yield Static(facts_title(self._title, footer), classes="dialog-title")
            yield Static(facts_view(self._title, self._facts, head=False), id="facts-body")
            with Horizontal(classes="dialog-buttons"):
                if self._copy:
                    yield Button("Copy fingerprint", id="copy", compact=True)
                yield Button("Close", id="close", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "copy":
            self.action_copy()
        else:
            self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_copy(self) -> None:
        copy_value(self, "fingerprint", self._copy)
