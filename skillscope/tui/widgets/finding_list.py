"""The audit's findings as a list: Enter (or a double click) opens the file at the finding's line."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from skillscope.tui.inert import inert_line

__all__ = ["FindingList", "finding_place", "finding_prompt"]

_SEVERITY = {"error": "bold red", "warning": "yellow", "note": "cyan"}


def finding_place(entry: Any, finding: Any) -> str | None:
    """The finding's file as a path in the skill ("SKILL.md", "scripts/x.py"); None for the entry itself."""
    uri = finding.uri or ""
    directory = entry.directory or ""
    if not uri:
        return None
    if directory and uri.startswith(directory + "/"):
        return uri[len(directory) + 1 :]
    for item in entry.files or ():
        if item.uri == uri:
            return str(item.path)
    return None


def finding_prompt(entry: Any, finding: Any) -> Text:
    """Severity, id and place on the first line; the message; the excerpt dimmed."""
    text = Text.assemble((f"{finding.severity:<8}", _SEVERITY.get(finding.severity, "")), (finding.id, "bold"))
    where = finding_place(entry, finding) or finding.uri or ""
    if where:
        text.append("  ")
        at = finding.at
        place = where + (f":{at.line}" if at.line else "") + (f":{at.column}" if at.column else "")
        text.append_text(inert_line(place, style="dim", limit=200))
    text.append("\n")
    message = finding.message
    for prefix in (f"{entry.name}: ", f"{entry.name} "):
        if message.startswith(prefix):
            message = message[len(prefix) :]
            break
    text.append_text(inert_line(message, limit=600))
    if finding.at.excerpt:
        text.append("\n")
        text.append_text(inert_line(finding.at.excerpt, style="dim", limit=300))
    return text


class FindingList(OptionList):
    """One option per finding; selecting one asks for its file at its line.

    | Key | Action |
    | :- | :- |
    | enter | Open the file at the finding |
    | j / k | Down / up |
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("j", "cursor_down", "Down", show=False, id="finding-down", tooltip="Next finding"),
        Binding("k", "cursor_up", "Up", show=False, id="finding-up", tooltip="Previous finding"),
    ]

    shown_for: tuple[Any, ...] | None = None
    """(skill name, id of the audit, the findings) listed, so a redraw keeps the highlight."""

    def show(self, entry: Any, findings: list[Any]) -> None:
        """List ``findings`` of ``entry``."""
        self.clear_options()
        self.add_options([Option(finding_prompt(entry, f), id=str(n)) for n, f in enumerate(findings)])
        if findings:
            self.highlighted = 0

    async def _on_click(self, event: events.Click) -> None:
        # A single click only highlights: opening reads content, so it takes Enter or a double click.
        event.prevent_default()  # OptionList's own handler would select on every click
        clicked = event.style.meta.get("option")
        if clicked is None:
            return
        self.highlighted = clicked
        if event.chain >= 2:
            self.action_select()
