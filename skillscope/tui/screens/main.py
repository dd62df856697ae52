"""The reviewer's screen: servers and catalog on the left, the selected skill on the right."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import ClassVar, Literal, TypeVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.dom import DOMNode
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Header, Input
from textual.worker import Worker

from skillscope.catalog.surface import Surface, SurfaceItem
from skillscope.core.errors import ExtensionNotOffered, SkillscopeError
from skillscope.core.textsafe import safe_text
from skillscope.ledger.core.values import Action
from skillscope.service.launches import launch_of
from skillscope.service.review import AuditedSkill, LedgerPlace
from skillscope.service.review_state import LedgerSnapshot
from skillscope.service.session import GONE, ConnectFn, ServerSession
from skillscope.service.targets import ServerSeed
from skillscope.service.workspace import SkillView, Workspace, drift_words
from skillscope.tui import heap
from skillscope.tui.actions import copy_value, move_focused
from skillscope.tui.catalog.folding import Index, build_index
from skillscope.tui.controllers.declined import Declined
from skillscope.tui.controllers.review import VERB, Approval, ReviewController, cancelled_words, failure_words
from skillscope.tui.controllers.servers import Holder, ListingFailed, ServerController
from skillscope.tui.controllers.surface import SurfaceController
from skillscope.tui.dialogs.add_server import AddServerDialog
from skillscope.tui.dialogs.confirm import ConfirmDialog
from skillscope.tui.dialogs.facts import FactsDialog
from skillscope.tui.dialogs.help import HelpDialog
from skillscope.tui.dialogs.open_name import OpenNameDialog
from skillscope.tui.dialogs.review import ReviewAnswer, ReviewDialog, approval_summary
from skillscope.tui.dialogs.start_servers import StartServersDialog
from skillscope.tui.keymap import MAIN_COMMANDS, Command, bindings
from skillscope.tui.live_refresh import LiveRefresh
from skillscope.tui.notify import report_failed_worker, tell
from skillscope.tui.screens.ledger import LedgerScreen
from skillscope.tui.screens.pane_keys import AREAS, digest_facts, removal_question
from skillscope.tui.settings import TuiSettings
from skillscope.tui.view_model import STATE_TAGS, parse_filter
from skillscope.tui.widgets.catalog_status import CatalogStatus
from skillscope.tui.widgets.catalog_tree import CatalogTree
from skillscope.tui.widgets.connection_panel import ConnectionPanel
from skillscope.tui.widgets.detail_pane import DetailPane
from skillscope.tui.widgets.evidence import changes_view
from skillscope.tui.widgets.finding_list import FindingList
from skillscope.tui.widgets.key_footer import KeyFooter
from skillscope.tui.widgets.surface_branch import item_detail
from skillscope.verify.opener import SkillReport

__all__ = ["EMPTY", "MainScreen"]

_SETTLE = 0.06
"""Seconds the tree cursor rests before the detail pane follows it."""
_Answer = TypeVar("_Answer")

EMPTY = Text.assemble(
    ("No servers yet.\n\n", "bold"),
    (
        "Press n to attach to one (a URL with headers, or a command line), or start with the demo:\n"
        "    skillscope demo\n\nServers in the config file (skillscope.yaml) are attached at start.",
        "dim",
    ),
)


def _folded(views: dict[str, SkillView]) -> Index:
    """The catalog folded into folders for the tree, its root sorted (run in the listing's worker thread)."""
    index = build_index(views)
    index[0].children(views)  # sorted here rather than on the loop when the tree shows the root
    return index


class MainScreen(Screen[None]):
    """Connection panel, catalog tree and detail pane over three controllers; every slow step runs in a worker.

    The controllers (servers, review, surface) hold the state and do the work with no widget; this screen
    turns keys and the widgets' messages into their calls, and their results and refusals (``Declined``)
    into widget calls and notifications. Keys are listed in ``keymap.MAIN_COMMANDS``.
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
    KEY_COMMANDS: ClassVar[Sequence[Command]] = MAIN_COMMANDS
    """What the key footer lists, by the area holding focus."""

    def __init__(self, settings: TuiSettings, connect: ConnectFn) -> None:
        super().__init__()
        self.settings = settings
        self.workspace = Workspace(settings.ledger_path, settings.trust)
        """What the reviewer has open (servers, skills, the ledger as read): headless, in the service layer."""
        self.servers = ServerController(self.workspace, settings, connect)
        """Connections, listings and the selection."""
        self.review = ReviewController(self.workspace)
        """Opening, auditing and verdicts on skills; the ledger as read."""
        self.review.reviewer = settings.reviewer
        self.surface = SurfaceController(self.workspace)
        """Each server's tools, prompts, resources and templates, and verdicts on them."""
        self._filter_timer: Timer | None = None
        self._detail_timer: Timer | None = None
        self.live = LiveRefresh(self, settings.refresh_minutes)
        """Lists each server again on its cache hint or every few minutes, and tells of new drift."""

    # -- the widgets and the workspace, by the names the screen (and its tests) use ---------------

    @property
    def catalog_tree(self) -> CatalogTree:
        """The catalog tree (not `tree`: Textual's DOMNode.tree is the DOM's own)."""
        return self.query_one(CatalogTree)

    @property
    def panel(self) -> ConnectionPanel:
        """The connection panel."""
        return self.query_one(ConnectionPanel)

    @property
    def detail(self) -> DetailPane:
        """The detail pane."""
        return self.query_one(DetailPane)

    @property
    def sessions(self) -> dict[str, ServerSession]:
        """Each attached server's session, by label."""
        return self.workspace.sessions

    @property
    def views(self) -> dict[str, dict[str, SkillView]]:
        """Each server's skills as the reviewer has them, by label and name."""
        return self.workspace.views

    @property
    def ledger(self) -> LedgerSnapshot:
        """The ledger as last read."""
        return self.workspace.ledger

    @property
    def place(self) -> LedgerPlace:
        """The ledger verdicts are recorded into, with the signing key and trust the config chose (as the CLI's)."""
        return self.workspace.place

    @property
    def _server(self) -> str | None:
        return self.servers.server

    @_server.setter
    def _server(self, label: str | None) -> None:
        self.servers.server = label

    @property
    def _skill(self) -> tuple[str, str] | None:
        return self.servers.skill

    @_skill.setter
    def _skill(self, skill: tuple[str, str] | None) -> None:
        self.servers.skill = skill

    @property
    def _holders(self) -> dict[str, Holder]:
        """The worker owning each held server's connection."""
        return self.servers.holders

    def _surfaces(self) -> dict[str, Surface]:
        return self.surface.surfaces

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
        self._start()
        self.live.start()

    @work(name="startup", group="startup", exit_on_error=False)
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
        await self.review.know_reviewer()

    def _declined(self, declined: Declined) -> None:
        """Tell why a key did nothing, in the controller's words."""
        tell(self, declined.message, title=declined.title, severity=declined.severity, timeout=declined.timeout)

    def _ask_then(
        self,
        dialog: Screen[_Answer | None],
        then: Callable[[_Answer], Awaitable[object]],
        *,
        name: str,
        cancelled: str,
        group: str = "review",
    ) -> None:
        """Show ``dialog``; when it is answered, run ``then`` on the answer in an exclusive worker.

        When it is cancelled (Escape, or Enter on its Cancel button) the screen says so with ``cancelled``:
        a dialog that closes without a word would leave the reviewer guessing whether anything happened.
        """

        def chosen(answer: _Answer | None) -> None:
            if answer is None:
                tell(self, cancelled, title="Cancelled", timeout=6)
                return
            self.run_worker(then(answer), name=name, group=group, exclusive=True, exit_on_error=False)

        self.app.push_screen(dialog, chosen)

    # -- what the widgets report -------------------------------------------------------------------

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
        view = self.review.view(server, name)
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

    # -- servers: connect, hold, list, let go ------------------------------------------------------

    def _add_session(self, seed: ServerSeed) -> ServerSession:
        session = self.servers.add(seed)
        self.catalog_tree.show_server(session, None)
        return session

    def _connect(self, session: ServerSession) -> None:
        self.servers.holders[session.label] = self.run_worker(
            self.servers.hold(session, lambda: self._session_changed(session)),
            name=f"hold {session.label}",
            group=f"hold:{session.label}",
            exit_on_error=False,
        )

    def _connect_at_start(self, sessions: list[ServerSession]) -> None:
        """Connect these servers, except the local commands a config names: those wait for the user's answer."""
        held = self.servers.needing_confirmation(sessions)
        for session in sessions:
            if session not in held:
                self._connect(session)
        if held:
            self.app.push_screen(
                StartServersDialog([launch_of(session.seed) for session in held]),
                lambda start: self._start_confirmed(held, start=bool(start)),
            )

    def _start_confirmed(self, held: list[ServerSession], *, start: bool) -> None:
        """Start the servers the dialog listed, or leave them waiting (marked so) until c starts one."""
        shown = self.servers.still_waiting(held)
        if start:
            for session in shown:
                self._connect(session)
        elif shown:
            tell(
                self,
                f"Not started: {', '.join(s.label for s in shown)}. Select one in the servers list and press c "
                "to start it.",
                title="Waiting for confirmation",
                timeout=8,
            )

    def _session_changed(self, session: ServerSession) -> None:
        if not self.is_attached or self.sessions.get(session.label) is not session:
            return
        try:
            self._show_session_state(session)
        except NoMatches:
            pass  # the screen is being taken down

    def _show_session_state(self, session: ServerSession) -> None:
        # The last catalog stays on screen, marked stale, until the server is listed again.
        due = self.servers.follow_state(session)
        self.panel.update_server(session)
        self.catalog_tree.show_server(session, self.views.get(session.label))
        if due:
            self._start_listing(session)
        if session.state in GONE and session.error is not None:
            tell(
                self,
                f"{session.label}: {session.error.message}. The catalog shown is the last one listed; press c to reconnect.",
                title=f"Server {session.state}",
                severity="error",
                timeout=10,
            )
        self._show_current(session.label)

    def _show_current(self, label: str) -> None:
        """Make the detail pane show what the cursor is on, as it is now (after a redraw or a new listing)."""
        if self._server != label:
            return
        if self._skill is None:
            session = self.sessions.get(label)
            if session is not None:
                self.detail.show_server(session)
            return
        view = self.views.get(label, {}).get(self._skill[1])
        if view is None:
            # The skill is gone from the catalog: the pane must not keep showing it.
            self._skill = None
            self._show_current(label)
            return
        cursor = self.catalog_tree.cursor_node
        path = (
            cursor.data.path if cursor is not None and cursor.data is not None and cursor.data.kind == "file" else None
        )
        opened = path if path in view.opened else None
        self.detail.show_skill(label, view, file=opened)

    def _show_session(self, session: ServerSession) -> None:
        self.panel.update_server(session)
        self.catalog_tree.show_server(session, self.views.get(session.label))

    def _start_listing(self, session: ServerSession) -> None:
        self.run_worker(
            self._list(session),
            name=f"list {session.label}",
            group=f"list:{session.label}",
            exclusive=True,
            exit_on_error=False,
        )

    async def _list(self, session: ServerSession) -> None:
        """List a server's catalog (reads no file) and show it; then its tools, prompts and resources."""
        # A listing of 10,000 entries builds hundreds of thousands of objects that live until the next one:
        # no pass of the cycle collector walks them while they are made (each pass holds the interpreter
        # 5-20 ms, keys waiting), and once merged they are frozen out of its walks.
        with heap.paused():
            await self._list_and_show(session)
        skills_absent = isinstance(session.listing_error, ExtensionNotOffered)
        if (session.listing_state == "listed" or skills_absent) and session.conn is not None:
            await self._list_surface(session)

    async def _list_and_show(self, session: ServerSession) -> None:
        pending = self.servers.begin_listing(session)
        if pending is None:
            return
        if pending.unchanged:
            self.panel.update_server(session)  # the tree shows the same catalog until the new one is in hand
        else:
            self._show_session(session)
        try:
            listed = await self.servers.finish_listing(session, pending, _folded)
        except ListingFailed as failed:  # shown on the server, not as a crash
            self._show_session(session)
            if failed.again:
                tell(
                    self,
                    f"Listing {session.label} again failed: {failed.message}. The last catalog stays.",
                    title="Listing failed",
                    severity="error",
                    timeout=8,
                )
            return
        if listed is None:
            return
        self.panel.update_server(session)
        self.catalog_tree.show_server(session, listed.views, index=listed.prepared)
        if listed.first:
            self.catalog_tree.open_attention(session.label)
            self._warm()
        elif listed.drift or session.label not in self.live.timed:  # a timed listing that changed nothing stays quiet
            tell(
                self,
                drift_words(session.label, listed.drift),
                title="Listed again",
                severity="warning" if listed.drift.changed else "information",
                timeout=8 if listed.drift else 4,
            )
        self._show_current(session.label)
        heap.settle()  # the new catalog lives until the next listing: out of the collector's full walks

    @work(group="warm", exit_on_error=False)
    async def _warm(self) -> None:
        await self.servers.warm()

    async def shutdown(self) -> None:
        """Let go of every connection, waiting for each (stdio servers are stopped and reaped)."""
        await self.servers.shutdown()

    def _current_session(self) -> ServerSession | None:
        try:
            return self.servers.current(self.panel.current)
        except Declined as declined:
            self._declined(declined)
            return None

    def action_add_server(self) -> None:
        self.app.push_screen(
            AddServerDialog(set(self.sessions), allow_dynamic=self.settings.allow_dynamic), self._server_added
        )

    def _server_added(self, seed: ServerSeed | None) -> None:
        if seed is None:
            tell(self, "Add server cancelled: no server was added.", title="Cancelled", timeout=6)
            return
        session = self._add_session(seed)
        self.panel.set_servers(list(self.sessions.values()))
        self.panel.select(session.label)
        self._server = session.label
        self._connect(session)

    def _manage(self, session: ServerSession, change: Awaitable[None]) -> None:
        """Run one change of a server's connection or entry; a later one replaces it."""
        self.run_worker(change, group=f"manage:{session.label}", exclusive=True, exit_on_error=False)

    def action_reconnect(self) -> None:
        session = self._current_session()
        if session is not None:
            self._manage(session, self._reconnect(session))

    async def _reconnect(self, session: ServerSession) -> None:
        await self.servers.let_go(session)
        self._connect(session)

    def action_disconnect(self) -> None:
        session = self._current_session()
        if session is not None:
            self._manage(session, self.servers.let_go(session))

    def action_remove_server(self) -> None:
        session = self._current_session()
        if session is None:
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self._manage(session, self._remove(session))
            else:
                tell(self, f"Kept {session.label}: nothing was removed.", title="Cancelled", timeout=6)

        self.app.push_screen(ConfirmDialog(removal_question(session.label)), answered)

    async def _remove(self, session: ServerSession) -> None:
        await self.servers.let_go(session)
        selected = self.servers.remove(session)
        self.catalog_tree.remove_server(session.label)
        self.panel.set_servers(list(self.sessions.values()))
        if selected:
            self.detail.show_message(
                EMPTY if not self.sessions else Text("Select a skill in the catalog.", style="dim")
            )
        tell(self, f"Removed {session.label}.", timeout=3)

    def action_save_server(self) -> None:
        session = self._current_session()
        if session is None:
            return
        try:
            self.servers.saveable(session)
        except Declined as declined:
            self._declined(declined)
            return
        self._manage(session, self._save(session))

    async def _save(self, session: ServerSession) -> None:
        path = await self.servers.save(session)
        tell(self, f"Saved {session.label} to {path}", title="Saved")

    def action_refresh(self) -> None:
        session = self._current_session()
        if session is None:
            return
        try:
            self.servers.refreshable(session)
        except Declined as declined:
            self._declined(declined)
            return
        self._start_listing(session)

    # -- skills: open, audit, diff, open by name ---------------------------------------------------

    def _open(self, server: str, name: str, path: str | None) -> None:
        view = self.review.view(server, name)
        if view is None:
            return
        if not view.usable:
            self.detail.show_skill(server, view)
            tell(
                self,
                f"{name} cannot be opened: {view.entry.status} ({view.entry.rule}: {view.entry.reason})",
                severity="warning",
            )
            return
        if path is None and view.phase in ("verified", "unverified"):
            self.detail.show_skill(server, view, activate="skill-md")
            return
        if path is not None and path in view.opened:
            self.detail.show_skill(server, view, activate="file", file=path)
            return
        self._open_in_worker(server, view, path)

    @work(group="open", exclusive=True, exit_on_error=False)
    async def _open_in_worker(self, server: str, view: SkillView, path: str | None) -> None:
        await self._read(server, view, path)

    async def _read(self, server: str, view: SkillView, path: str | None, *, all_files: bool = False) -> SkillReport:
        """Read and verify SKILL.md, then ``path`` (or every file); show the outcome. Returns the report."""
        previous = self.review.begin_read(server, view)  # not connected: said before the skill is marked as opening
        self.catalog_tree.refresh_skill(server, view.name)
        self._progress(server, view, f"Reading and verifying SKILL.md of {view.name}")
        try:
            report = await self.review.read(
                server, view, path, previous, all_files=all_files, say=lambda words: self._progress(server, view, words)
            )
        finally:
            self.catalog_tree.refresh_skill(server, view.name)
            self._progress(server, view, None)
        self._report_kept(server, view)
        if self._skill == (server, view.name):
            tab = "failure" if report.failure is not None else ("file" if path else "skill-md")
            self.detail.show_skill(server, view, activate=tab, file=path if report.failure is None else None)
        if report.failure is not None:
            tell(self, failure_words(view.name, report.failure), title=report.failure.heading, severity="error")
        return report

    def _report_kept(self, server: str, view: SkillView, *, compare: bool = True) -> None:
        """Redraw the row of a skill whose open (or audit) was kept; compare a changed skill with its approval.

        Without ``compare`` the caller compares with the approved version itself (an approval awaits it).
        """
        self.catalog_tree.refresh_skill(server, view.name)
        if view.comparing and compare:  # the approved bytes are audited again in the audit's child process, not here
            self._progress(server, view, f"Comparing {view.name} with its approved version")
            self._compare_in_worker(server, view)

    @work(exit_on_error=False)
    async def _compare_in_worker(self, server: str, view: SkillView) -> None:
        await self._compare(server, view)

    async def _compare(self, server: str, view: SkillView) -> None:
        """Find what the change of an audited skill brought, then show it."""
        try:
            kept = await self.review.compare(view)
        finally:
            self._progress(server, view, None)
        if kept and self.detail.shown == (server, view.name):
            self.detail.show_skill(server, view)

    def _progress(self, server: str, view: SkillView, words: str | None) -> None:
        """Say what is being done to ``view`` (None blanks it) when the detail pane shows it, or nothing."""
        if self.detail.shown in (None, (server, view.name)):
            self.detail.set_progress(words)

    def _redraw_current(self) -> None:
        if self._skill is not None:
            view = self.review.view(*self._skill)
            if view is not None:
                self.detail.show_skill(self._skill[0], view)

    def action_audit(self) -> None:
        try:
            server, view = self.review.auditable(self._skill)
        except Declined as declined:
            self._declined(declined)
            return
        self._audit_in_worker(server, view)

    @work(group="open", exclusive=True, exit_on_error=False)
    async def _audit_in_worker(self, server: str, view: SkillView) -> None:
        await self._audit(server, view)

    async def _audit(
        self, server: str, view: SkillView, *, tab: Literal["findings", "failure"] = "findings", approval: bool = False
    ) -> AuditedSkill:
        """Audit one skill as ``skillscope audit`` does (with ``approval``, as ``skillscope approve`` does) and show
        its findings. With ``tab="failure"`` the detail pane moves only when something failed to verify."""
        self._progress(server, view, f"Auditing {view.name}: reading and verifying every file")
        try:
            audited = await self.review.audit(server, view, approval=approval)
        finally:
            self._progress(server, view, None)
        if audited.warning is not None:
            tell(self, audited.warning, severity="warning")
        report = audited.audit.report
        if report is not None and view.entry.status == "available":
            self._report_kept(server, view, compare=not approval)
        failure = report.failure if report is not None else None
        if self._skill == (server, view.name) and (tab == "findings" or failure is not None):
            self.detail.show_skill(server, view, activate=tab)
        if failure is not None and tab == "failure":
            tell(self, failure_words(view.name, failure), title=failure.heading, severity="error")
        return audited

    def action_diff(self) -> None:
        try:
            server, view = self.review.diffable(self._skill)
        except Declined as declined:
            self._declined(declined)
            return
        self._show_diff(server, view)

    @work(group="open", exclusive=True, exit_on_error=False)
    async def _show_diff(self, server: str, view: SkillView) -> None:
        report = await self._read(server, view, None, all_files=True)
        if report.verified and self._skill == (server, view.name):
            self.detail.show_skill(server, view, activate="changes")

    def action_open_name(self) -> None:
        connected = [label for label, s in self.sessions.items() if s.conn is not None]
        if not connected:
            tell(self, "No server is connected.", severity="warning")
            return
        self._ask_then(
            OpenNameDialog(connected, self._server),
            self._open_by_name,
            name="open by name",
            cancelled="Open by name cancelled: nothing was opened.",
            group="open",
        )

    async def _open_by_name(self, choice: tuple[str, str]) -> None:
        """Resolve a name (skills/get when the listing lacks it), show it in the tree and open it."""
        server, name = choice
        self.detail.set_progress(f"Resolving {name}")
        try:
            view, added = await self.review.resolve(server, name)
        finally:
            self.detail.set_progress(None)
        if added:
            self.catalog_tree.show_server(self.sessions[server], self.views[server])
        self._server, self._skill = server, (server, view.name)
        self.catalog_tree.reveal(server, view.name)
        self.detail.show_skill(server, view)
        if view.phase not in ("verified", "unverified"):
            await self._read(server, view, None)
        else:
            self.detail.show_skill(server, view, activate="skill-md")

    # -- verdicts: approve, reject, revoke (skills and surface items), suppress, the ledger ---------

    def action_approve(self) -> None:
        if not self.review_item("approve"):
            self._ask_review("approve")

    def action_reject(self) -> None:
        if not self.review_item("reject"):
            self._ask_review("reject")

    def action_revoke(self) -> None:
        if not self.review_item("revoke"):
            self._ask_review("revoke")

    def _ask_review(self, action: Literal["approve", "reject", "revoke"]) -> None:
        try:
            server, view = self.review.reviewable(self._skill, action)
        except Declined as declined:
            self._declined(declined)
            return
        if action == "approve":
            # The dialog comes after the audit: it shows what would be recorded, and records exactly that.
            self._prepare_approval(server, view)
            return
        self._ask_then(
            ReviewDialog(action, view.name, view.entry.fingerprint, self.review.reviewer or ""),
            lambda answer: self._verdict(action, server, view, answer),
            name=f"{action} {view.name}",
            cancelled=cancelled_words(action, view.name),
        )

    @work(group="review", exclusive=True, exit_on_error=False)
    async def _prepare_approval(self, server: str, view: SkillView) -> None:
        """Read, verify and audit every file (the one audit every front end approves from), then show the dialog."""
        audited = await self._audit(server, view, tab="failure", approval=True)
        plan = self.review.plan(audited)
        approval = self.review.approval(server, view, audited, plan)
        diff = changes_view(view.entry, approval.review, approval.diffs) if approval.changed else None
        if view.comparing and view.audit is audited.audit:
            # What the change brought: the approved bytes are audited again in the audit's child, not on this thread.
            self._progress(server, view, f"Comparing {view.name} with its approved version")
            await self._compare(server, view)
        summary = approval_summary(plan, approval.review, diff, found=approval.found, change=approval.capabilities)
        self._ask_then(
            ReviewDialog("approve", view.name, view.entry.fingerprint, self.review.reviewer or "", summary),
            lambda answer: self._approve(approval, answer),
            name=f"approve {view.name}",
            cancelled=cancelled_words("approve", view.name),
        )

    async def _approve(self, approval: Approval, answer: ReviewAnswer) -> None:
        recorded = await self.review.approve(approval, answer.reviewer, answer.note, answer.accept_findings)
        self._ledger_read()
        fingerprint = recorded.fingerprint or "no fingerprint"
        tell(self, f"Approved {approval.view.name} ({fingerprint}); record #{recorded.seq}", title="Approved")

    async def _verdict(self, action: Action, server: str, view: SkillView, answer: ReviewAnswer) -> None:
        recorded = await self.review.judge(action, server, view, answer.reviewer, answer.note)
        self._ledger_read()
        fingerprint = recorded.fingerprint or "no fingerprint"
        tell(self, f"{VERB[action]} {view.name} ({fingerprint}); record #{recorded.seq}", title=VERB[action])

    async def _read_ledger(self) -> None:
        await self.review.read_ledger()
        self._ledger_read()

    def _ledger_read(self) -> None:
        """Every skill's and item's row and the detail pane follow a new reading of the ledger."""
        for label, views in self.views.items():
            for name in views:
                self.catalog_tree.refresh_skill(label, name)
        self._redraw_current()
        for label in list(self.surface.surfaces):
            self._show_surface(label)

    def action_ledger(self) -> None:
        self.app.push_screen(LedgerScreen(self.ledger), self._reread_ledger)

    def _reread_ledger(self, _closed: object) -> None:
        """Read the ledger again once its screen closes: a repair or an import there may have changed it."""
        self._read_ledger_in_worker()

    @work(group="ledger", exit_on_error=False)
    async def _read_ledger_in_worker(self) -> None:
        await self._read_ledger()

    def action_suppress(self) -> None:
        """Suppress the highlighted finding of the Findings tab, with a note saying why."""
        target = self.detail.highlighted_finding()
        if target is None or target[2].key is None:
            tell(
                self,
                "Audit the skill (i), then highlight a finding in its Findings tab to suppress it.",
                severity="warning",
            )
            return
        server, view, finding = target
        what, key = f"{finding.id} in {view.name}", str(finding.key)
        self._ask_then(
            ReviewDialog(
                "suppress", what, key, self.review.reviewer or "", note_required="say why this finding is accepted"
            ),
            lambda answer: self._suppress(server, view, what, key, answer),
            name=f"suppress {key}",
            cancelled=cancelled_words("suppress", what),
        )

    async def _suppress(self, server: str, view: SkillView, what: str, key: str, answer: ReviewAnswer) -> None:
        try:
            path = await self.review.suppress(view, key, answer.note, answer.reviewer)
        except SkillscopeError as exc:
            tell(self, f"Not suppressed: {exc.message}", title="Suppress", severity="error")
            return
        if self.detail.shown == (server, view.name):
            self.detail.query_one("#findings-list", FindingList).shown_for = None  # the same audit, fewer findings
            self.detail.show_skill(server, view, activate="findings")
        tell(self, f"Suppressed {what}; recorded in {path}", title="Suppress")

    # -- the surface: tools, prompts, resources, templates ----------------------------------------

    async def _list_surface(self, session: ServerSession) -> None:
        """List the server's surface after its skills (a failure is told, never a crash; the skills stay)."""
        try:
            surface = await self.surface.list(session)
        except Declined as declined:
            self._declined(declined)
            return
        if surface is not None:
            self._show_surface(session.label)

    def _show_surface(self, label: str) -> None:
        surface = self.surface.surfaces.get(label)
        if surface is not None:
            self.catalog_tree.show_surface(label, surface, self.surface.reviews(label))

    def _item_at_cursor(self) -> tuple[str, str] | None:
        node = self.catalog_tree.cursor_node
        ref = node.data if node is not None else None
        if ref is None or ref.kind != "item" or self.surface.item(ref.server, ref.key) is None:
            return None
        return ref.server, ref.key

    def show_item(self, server: str, name: str) -> None:
        """The item in the detail pane: state, fingerprint, changed fields against its approval, definition."""
        shown = self.surface.shown(server, name)
        if shown is not None:
            self.detail.show_message(item_detail(shown.item, shown.review, shown.changes, shown.note, shown.findings))

    def review_item(self, action: Action) -> bool:
        """Approve, reject or revoke the item under the cursor (True when the cursor is on one)."""
        target = self._item_at_cursor()
        if target is None:
            return False
        server, name = target
        try:
            item = self.surface.reviewable(server, name, action)
        except Declined as declined:
            self._declined(declined)
            return True
        self._ask_then(
            ReviewDialog(action, item.name, item.fingerprint, self.review.reviewer or ""),
            lambda answer: self._record_item(action, server, item, answer),
            name=f"{action} {item.name}",
            cancelled=cancelled_words(action, item.name),
        )
        return True

    async def _record_item(self, action: Action, server: str, item: SurfaceItem, answer: ReviewAnswer) -> None:
        recorded = await self.surface.record(action, server, item, answer.reviewer, answer.note)
        await self._read_ledger()
        tell(self, f"{VERB[action]} {item.name} ({recorded.fingerprint}); record #{recorded.seq}", title=VERB[action])
        self.show_item(server, item.name)

    # -- areas, moving, copying, digests -----------------------------------------------------------

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

    def action_next_review(self) -> None:
        self._jump(1)

    def action_previous_review(self) -> None:
        self._jump(-1)

    def _jump(self, step: int) -> None:
        self.catalog_tree.focus()
        if not self.catalog_tree.next_needing_review(step):
            tell(self, "Nothing shown is waiting for a verdict.", timeout=4)

    def _highlighted_view(self) -> SkillView | None:
        view = self.review.view(*self._skill) if self._skill is not None else None
        if view is None:
            tell(self, "Highlight a skill in the catalog first.", severity="warning", timeout=4)
        return view

    def action_copy_fingerprint(self) -> None:
        view = self._highlighted_view()
        if view is None:
            return
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
        if view is not None:
            facts = digest_facts(view)
            self.app.push_screen(FactsDialog("Fingerprint and digests, in full", facts, copy=view.entry.fingerprint))

    def action_help(self) -> None:
        self.app.push_screen(HelpDialog())

    async def action_quit(self) -> None:
        await self.app.action_quit()
