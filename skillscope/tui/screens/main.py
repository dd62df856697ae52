"""The reviewer's screen: servers and catalog on the left, the selected skill on the right."""

from __future__ import annotations

import asyncio
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.timer import Timer
from textual.widgets import Header, Input
from textual.worker import Worker

from skillscope.core.errors import ExtensionNotOffered
from skillscope.ledger.core.defaults import default_reviewer
from skillscope.service.session import GONE, ConnectFn, ServerSession
from skillscope.service.workspace import Workspace
from skillscope.tui.dialogs.help import HelpDialog
from skillscope.tui.keymap import MAIN_COMMANDS, bindings
from skillscope.tui.live_refresh import LiveRefresh
from skillscope.tui.notify import report_failed_worker, tell
from skillscope.tui.screens.pane_keys import PaneKeys
from skillscope.tui.screens.review_work import ReviewWork
from skillscope.tui.screens.server_work import EMPTY, ServerWork
from skillscope.tui.screens.surface_work import SurfaceWork
from skillscope.tui.settings import TuiSettings
from skillscope.tui.view_model import STATE_TAGS, parse_filter
from skillscope.tui.widgets.catalog_status import CatalogStatus
from skillscope.tui.widgets.catalog_tree import CatalogTree
from skillscope.tui.widgets.connection_panel import ConnectionPanel
from skillscope.tui.widgets.detail_pane import DetailPane
from skillscope.tui.widgets.key_footer import KeyFooter

__all__ = ["MainScreen"]

_SETTLE = 0.06
"""Seconds the tree cursor rests before the detail pane follows it."""


class MainScreen(PaneKeys, ServerWork, ReviewWork, SurfaceWork):
    """Connection panel, catalog tree and detail pane; runs every slow step in a worker.

    Widgets report what happened in messages; this screen does the work and calls
    down into them with the results. Keys are listed in ``keymap.MAIN_COMMANDS``.
    """

    AUTO_FOCUS = "#tree"
    """The catalog holds focus from the start (Textual's default focuses the first focusable widget, the
    server list, and every move of focus during start-up redraws the footer for the new area)."""
    BINDINGS: ClassVar[list[BindingType]] = [
        *bindings(MAIN_COMMANDS),
        Binding("f1", "help", "Help", show=False, id="help-f1", tooltip="Show every key"),
        Binding(
            "escape",
            "leave_filter",
            "Leave filter",
            show=False,
            id="leave-filter",
            tooltip="Clear and close the filter",
        ),
    ]

    def __init__(self, settings: TuiSettings, connect: ConnectFn) -> None:
        super().__init__()
        self.settings = settings
        self._connect_fn = connect
        self.workspace = Workspace(settings.ledger_path, settings.trust)
        self._holders: dict[str, Worker[None]] = {}
        self._server: str | None = None
        self._skill: tuple[str, str] | None = None
        self._reviewer = settings.reviewer
        self._filter_timer: Timer | None = None
        self._detail_timer: Timer | None = None
        self.live = LiveRefresh(self, settings.refresh_minutes)
        """Lists each server again on its cache hint or every few minutes, and tells of new drift."""

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="body"):
            with Vertical(id="left"):
                yield ConnectionPanel(id="servers")
                with Vertical(id="catalog"):
                    yield Input(
                        placeholder="filter: name, description, state:changed … (enter keeps, esc clears)", id="filter"
                    )
                    yield CatalogTree(id="tree")
                    yield CatalogStatus(id="catalog-status")
            yield DetailPane(id="detail")
        yield KeyFooter(first_area="catalog")

    def on_mount(self) -> None:
        self.query_one("#filter").display = False
        self.query_one("#catalog-status").display = False
        self.query_one("#catalog").border_title = "Catalog"
        self.query_one("#detail").border_title = "Skill"
        for seed in self.settings.servers:
            self._add_session(seed)
        self.panel.set_servers(list(self.sessions.values()))
        if not self.sessions:
            self.detail.show_message(EMPTY)
        self.catalog_tree.focus()
        self.run_worker(self._start(), name="startup", group="startup", exit_on_error=False)
        self.live.start()

    async def _start(self) -> None:
        await self._read_ledger()
        if self.ledger.error:
            tell(
                self,
                f"Review states unknown: {self.ledger.error} (press l for details)",
                title="Ledger",
                severity="warning",
                timeout=10,
            )
        self._connect_at_start([session for session in self.sessions.values() if session.seed.autoconnect])
        if self._reviewer is None:
            self._reviewer = await asyncio.to_thread(default_reviewer)

    # -- what the widgets report ---------------------------------------------------------------

    def on_connection_panel_server_highlighted(self, event: ConnectionPanel.ServerHighlighted) -> None:
        self._server = event.label

    def on_catalog_tree_server_highlighted(self, event: CatalogTree.ServerHighlighted) -> None:
        self._server, self._skill = event.server, None
        self.panel.select(event.server)
        self._show_later(event.server, None, None)

    def on_catalog_tree_skill_highlighted(self, event: CatalogTree.SkillHighlighted) -> None:
        self._server, self._skill = event.server, (event.server, event.name)
        self.panel.select(event.server)
        self._show_later(event.server, event.name, event.path)

    def on_catalog_tree_item_highlighted(self, event: CatalogTree.ItemHighlighted) -> None:
        self._server, self._skill = event.server, None
        self.panel.select(event.server)
        if self._detail_timer is not None:
            self._detail_timer.stop()
        self._detail_timer = self.set_timer(_SETTLE, lambda: self.show_item(event.server, event.name))

    # The surface (tools, prompts, resources, templates) is listed after the skills, and its items are
    # reviewed with the same keys; SurfaceWork does the work.
    async def _list(self, session: ServerSession) -> None:
        await super()._list(session)
        skills_absent = isinstance(session.listing_error, ExtensionNotOffered)
        if (session.listing_state == "listed" or skills_absent) and session.conn is not None:
            await self._list_surface(session, session.conn, session.listing)

    async def _read_ledger(self) -> None:
        await super()._read_ledger()
        self._surface_ledger_changed()

    def action_approve(self) -> None:
        if not self.review_item("approve"):
            super().action_approve()

    def action_reject(self) -> None:
        if not self.review_item("reject"):
            super().action_reject()

    def action_revoke(self) -> None:
        if not self.review_item("revoke"):
            super().action_revoke()

    def _show_later(self, server: str, name: str | None, path: str | None) -> None:
        """Show the highlighted node once the cursor rests: holding ↓ moves the cursor, not the layout."""
        if self._detail_timer is not None:
            self._detail_timer.stop()
        self._detail_timer = self.set_timer(_SETTLE, lambda: self._show_highlighted(server, name, path))

    def _show_highlighted(self, server: str, name: str | None, path: str | None) -> None:
        if name is None:
            session = self.sessions.get(server)
            if session is not None:
                self.detail.show_server(session)
            return
        view = self._view(server, name)
        if view is not None:
            opened = path if path in view.opened else None
            self.detail.show_skill(server, view, file=opened, activate="file" if opened else None)

    def on_catalog_tree_open_requested(self, event: CatalogTree.OpenRequested) -> None:
        # Show the skill at once (not after the highlight settles): the progress line belongs to it.
        if self._detail_timer is not None:
            self._detail_timer.stop()
        self._show_highlighted(event.server, event.name, None)
        self._open(event.server, event.name, event.path)

    def on_detail_pane_file_open_requested(self, event: DetailPane.FileOpenRequested) -> None:
        self._open(event.server, event.name, event.path)

    def on_catalog_tree_counted(self, event: CatalogTree.Counted) -> None:
        status = self.query_one(CatalogStatus)
        status.display = bool(event.counts or event.items)
        status.show(event.counts, event.items, stale=event.stale)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id != "filter":
            return
        event.stop()
        if self._filter_timer is not None:
            self._filter_timer.stop()
        value = event.value
        self._filter_timer = self.set_timer(0.15, lambda: self.catalog_tree.set_filter(value))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "filter":
            event.stop()
            if self._filter_timer is not None:
                self._filter_timer.stop()
            self.catalog_tree.set_filter(event.value)
            self.catalog_tree.focus()
            unknown = [word for word in parse_filter(event.value)[1] if word not in STATE_TAGS]
            if unknown:
                tell(
                    self,
                    f"No skill state is called {', '.join(unknown)}; state: takes {', '.join(STATE_TAGS)}.",
                    title="Filter",
                    severity="warning",
                )

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        report_failed_worker(self, event.worker)

    # -- actions -------------------------------------------------------------------------------

    def action_next_tab(self) -> None:
        self.detail.cycle_tab(1)

    def action_previous_tab(self) -> None:
        self.detail.cycle_tab(-1)

    def action_toggle_render(self) -> None:
        self.detail.toggle_render()

    def action_filter(self) -> None:
        box = self.query_one("#filter", Input)
        box.display = True
        box.focus()

    def action_leave_filter(self) -> None:
        box = self.query_one("#filter", Input)
        if box.has_focus:
            box.value = ""
            box.display = False
            self.catalog_tree.set_filter("")
            self.catalog_tree.focus()

    def action_refresh(self) -> None:
        session = self._current_session()
        if session is None:
            return
        if session.conn is None:
            gone = f"{session.label} {session.state}" if session.state in GONE else f"{session.label} is not connected"
            tell(self, f"{gone}; the catalog shown is the last one listed (press c to reconnect).", severity="warning")
            return
        self._start_listing(session)

    def action_next_review(self) -> None:
        self._jump(1)

    def action_previous_review(self) -> None:
        self._jump(-1)

    def _jump(self, step: int) -> None:
        self.catalog_tree.focus()
        if not self.catalog_tree.next_needing_review(step):
            tell(self, "Nothing shown is waiting for a verdict.", timeout=4)

    def action_help(self) -> None:
        self.app.push_screen(HelpDialog())

    async def action_quit(self) -> None:
        await self.app.action_quit()
