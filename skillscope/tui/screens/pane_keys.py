"""The main screen's keys for moving between areas, copying, full digests and asking before removal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.dom import DOMNode

from skillscope.core.textsafe import safe_text
from skillscope.service.workspace import SkillView
from skillscope.tui.actions import copy_value, move_focused
from skillscope.tui.dialogs.confirm import ConfirmDialog
from skillscope.tui.dialogs.facts import Fact, FactsDialog
from skillscope.tui.inert import inert_line
from skillscope.tui.keymap import MAIN_COMMANDS, Command
from skillscope.tui.notify import tell
from skillscope.tui.screens.main_state import MainState
from skillscope.tui.widgets.catalog_tree import CatalogTree
from skillscope.tui.widgets.connection_panel import ConnectionPanel
from skillscope.tui.widgets.detail_pane import DetailPane

__all__ = ["AREAS", "PaneKeys"]

AREAS = ("servers", "catalog", "detail")
"""Tab's stops, in order: each has a border that lights up when it holds focus."""


class PaneKeys(MainState):
    """Areas, copy, digests and a confirmed removal; ``MainScreen`` lists this first among its bases."""

    KEY_COMMANDS: ClassVar[Sequence[Command]] = MAIN_COMMANDS

    def focus_area(self) -> str:
        """The area holding focus: "servers", "catalog" or "detail" ("" for none)."""
        node: DOMNode | None = self.focused
        while node is not None:
            if isinstance(node, ConnectionPanel):
                return "servers"
            if isinstance(node, DetailPane):
                return "detail"
            if getattr(node, "id", None) == "catalog" or isinstance(node, CatalogTree):
                return "catalog"
            node = node.parent
        return ""

    def _focus_area(self, area: str) -> None:
        if area == "servers":
            self.query_one("#server-list").focus()
        elif area == "catalog":
            self.catalog_tree.focus()
        else:
            self.detail.focus_content()

    def _cycle_area(self, step: int) -> None:
        here = self.focus_area()
        if here == "detail" and self.detail.step_within(step):
            return  # the overview's file table and capability list are both stops
        start = AREAS.index(here) if here in AREAS else (-1 if step > 0 else 0)
        self._focus_area(AREAS[(start + step) % len(AREAS)])

    def action_focus_next_area(self) -> None:
        self._cycle_area(1)

    def action_focus_previous_area(self) -> None:
        self._cycle_area(-1)

    def action_move_down(self) -> None:
        move_focused(self.focused, 1)

    def action_move_up(self) -> None:
        move_focused(self.focused, -1)

    def action_open_selected(self) -> None:
        if self.focus_area() == "detail":
            self.detail.open_focused()
        else:
            self.catalog_tree.action_select_cursor()

    # -- copy and digests ----------------------------------------------------------------------

    def _highlighted_view(self) -> SkillView | None:
        if self._skill is None:
            tell(self, "Highlight a skill in the catalog first.", severity="warning", timeout=4)
            return None
        server, name = self._skill
        view = self.views.get(server, {}).get(name)
        if view is None:
            tell(self, "Highlight a skill in the catalog first.", severity="warning", timeout=4)
        return view

    def action_copy_fingerprint(self) -> None:
        view = self._highlighted_view()
        if view is not None:
            if view.entry.fingerprint is None and view.entry.dynamic:
                tell(
                    self,
                    f"{safe_text(view.name)} is dynamic: it has no fingerprint to copy.",
                    severity="warning",
                    timeout=5,
                )
                return
            copy_value(self, "fingerprint", view.entry.fingerprint)

    def action_copy_name(self) -> None:
        view = self._highlighted_view()
        if view is not None:
            copy_value(self, "name", view.name if view.entry.status != "malformed" else None)

    def action_copy_uri(self) -> None:
        view = self._highlighted_view()
        if view is not None:
            copy_value(self, "URI", view.entry.uri)

    def action_digests(self) -> None:
        view = self._highlighted_view()
        if view is None:
            return
        entry = view.entry
        facts: list[Fact] = [
            ("skill", inert_line(entry.name, limit=300)),
            (
                "fingerprint",
                Text(
                    entry.fingerprint or "none (dynamic skill)", no_wrap=True, style="" if entry.fingerprint else "dim"
                ),
            ),
        ]
        if entry.uri:
            facts.append(("uri", inert_line(entry.uri, limit=600)))
        for item in entry.files or ():
            facts.append((f"{safe_text(item.path)}  ({item.size:,} bytes)", Text(item.digest, no_wrap=True)))
        failure = getattr(view.report, "failure", None)
        if failure is not None and failure.check in ("size", "digest"):
            # The evidence pane folds these at 80 columns; here each is one unbroken line.
            expected, actual = inert_line(failure.expected, limit=200), inert_line(failure.actual, limit=200)
            expected.no_wrap = actual.no_wrap = True
            facts.append((f"failed {failure.check} check", inert_line(failure.uri, limit=300)))
            facts.append(("expected (the entry)", expected))
            facts.append(("actual (as served)", actual))
        self.app.push_screen(FactsDialog("Fingerprint and digests, in full", facts, copy=entry.fingerprint))

    # -- removal -------------------------------------------------------------------------------

    def action_remove_server(self) -> None:
        session = self._current_session()
        if session is None:
            return
        question = Text.assemble(
            "Remove ",
            inert_line(session.label, style="bold", limit=80),
            "? Its connection is closed and it leaves the screen (the config file is not changed).",
        )

        def answered(yes: bool | None) -> None:
            if yes:
                self._remove_session(session)
            else:
                tell(self, f"Kept {session.label}: nothing was removed.", title="Cancelled", timeout=6)

        self.app.push_screen(ConfirmDialog(question), answered)
