"""The selected skill in tabs: overview, SKILL.md, a file, the failure, the changes, the findings."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import LoadingIndicator, Static, TabbedContent, TabPane

from skillscope.tui.inert import inert_line
from skillscope.tui.model import SkillView
from skillscope.tui.servers import ServerSession
from skillscope.tui.widgets.connection_panel import server_details
from skillscope.tui.widgets.evidence import changes_view, failure_view, findings_view
from skillscope.tui.widgets.file_viewer import FileViewer, skill_md_view
from skillscope.tui.widgets.skill_overview import FileTable, SkillOverview
from skillscope.verify.opener import SkillReport

__all__ = ["TABS", "DetailPane"]

TABS = ("overview", "skill-md", "file", "failure", "changes", "findings")
_PLACEHOLDER = Text("Select a skill in the catalog. Enter opens it: SKILL.md is read and verified before anything is shown.", style="dim")


class DetailPane(Vertical):
    """Everything about the highlighted skill; content appears only once it verified."""

    class FileOpenRequested(Message):
        """The reviewer chose a file of the shown skill in the file table."""

        def __init__(self, server: str, name: str, path: str) -> None:
            super().__init__()
            self.server = server
            self.name = name
            self.path = path

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self.shown: tuple[str, str] | None = None
        """(server, skill name) on show, or None."""
        self._markdown_of: tuple[int, bool] | None = None
        self.rendered = False
        """True when the SKILL.md tab shows the rendered view instead of the source (key v)."""
        self._report: SkillReport | None = None
        """The verified report whose SKILL.md the tab shows (None when the tab does not apply)."""
        self._file_path: str | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(id="progress"):
            yield LoadingIndicator(id="progress-spinner")
            yield Static(id="progress-text")
        with TabbedContent(id="tabs", initial="overview"):
            with TabPane("Overview", id="overview"):
                yield SkillOverview(id="overview-scroll")
            with TabPane("SKILL.md", id="skill-md"):
                with VerticalScroll(id="skill-md-scroll"):
                    yield Static(id="skill-md-body")
            with TabPane("File", id="file"):
                yield FileViewer(id="file-viewer")
            with TabPane("Failure", id="failure"):
                with VerticalScroll():
                    yield Static(id="failure-body")
            with TabPane("Changes", id="changes"):
                with VerticalScroll():
                    yield Static(id="changes-body")
            with TabPane("Findings", id="findings"):
                with VerticalScroll():
                    yield Static(id="findings-body")

    def on_mount(self) -> None:
        self.query_one("#progress").display = False
        self.show_message(_PLACEHOLDER)

    # -- calls from the screen -----------------------------------------------------------------

    def set_progress(self, text: str | None) -> None:
        """Show what is being read (None hides the indicator)."""
        bar = self.query_one("#progress")
        bar.display = text is not None
        if text is not None:
            self.query_one("#progress-text", Static).update(inert_line(text, limit=300))

    def show_message(self, renderable: RenderableType) -> None:
        """A placeholder or a note instead of a skill."""
        self.shown = None
        self._file_path = None
        self._report = None
        self.query_one(SkillOverview).show_message(renderable)
        self._tabs_visible({"overview"}, active="overview")

    def show_server(self, session: ServerSession) -> None:
        """A server's summary: identity, era, counts, warnings, failure."""
        title = Text.assemble(("Server ", "bold"), (session.label, "bold"))
        keys = Text("r refresh · c reconnect · d disconnect · del remove · s save to the config file", style="dim")
        self.show_message(Group(title, Text(""), server_details(session), Text(""), keys))

    def show_skill(self, server: str, view: SkillView, *, activate: str | None = None, file: str | None = None) -> None:
        """Show a skill; ``activate`` picks a tab, ``file`` the file for the file tab."""
        key = (server, view.name)
        if self.shown != key:
            self._file_path = None
        self.shown = key
        if file is not None:
            self._file_path = file
        self.query_one(SkillOverview).show(view)
        report = view.report
        visible = {"overview", "findings"}
        self._report = None
        if view.phase in ("verified", "unverified") and report is not None and report.instructions is not None:
            visible.add("skill-md")
            self._report = report
            self._show_skill_md()
        if self._file_path is not None and self._file_path in view.opened:
            visible.add("file")
            self.query_one(FileViewer).show(self._file_path, view.opened[self._file_path])
        if view.phase == "failed" and report is not None and report.failure is not None:
            visible.add("failure")
            self.query_one("#failure-body", Static).update(failure_view(report))
        if view.review is not None and view.review.state == "changed-since-approval":
            visible.add("changes")
            self.query_one("#changes-body", Static).update(changes_view(view.entry, view.review, view.diffs))
        self.query_one("#findings-body", Static).update(findings_view(view.entry, view.audit))
        tabs = self.query_one(TabbedContent)
        if activate in visible:
            self._tabs_visible(visible, active=activate)
        else:
            self._tabs_visible(visible, active=tabs.active if tabs.active in visible else "overview")

    def toggle_render(self) -> None:
        """Switch the SKILL.md tab between the exact source and the rendered view."""
        self.rendered = not self.rendered
        if self._report is not None and self._report.body is not None:
            self._show_skill_md()
            self.activate("skill-md")

    def _show_skill_md(self) -> None:
        report = self._report
        body = report.body if report is not None else None
        marker = (id(report), self.rendered)
        if body is None or self._markdown_of == marker:
            return
        self._markdown_of = marker
        self.query_one("#skill-md-body", Static).update(skill_md_view(body, rendered=self.rendered))

    def activate(self, tab: str) -> None:
        """Switch to a visible tab."""
        self.query_one(TabbedContent).active = tab

    def cycle_tab(self, step: int) -> None:
        """Show the next (``step`` 1) or previous (-1) visible tab."""
        tabs = self.query_one(TabbedContent)
        visible = [tab for tab in TABS if not tabs.get_tab(tab).disabled]
        if tabs.active in visible and len(visible) > 1:
            tabs.active = visible[(visible.index(tabs.active) + step) % len(visible)]

    # -- internals -----------------------------------------------------------------------------

    def _tabs_visible(self, visible: set[str], *, active: str) -> None:
        # Tabs that do not apply are disabled, not hidden: the row keeps its layout, so the
        # underline always lands under the active tab, and nothing jumps as the reviewer moves.
        tabs = self.query_one(TabbedContent)
        for tab in TABS:
            if tab in visible:
                tabs.enable_tab(tab)
        if tabs.active != active:
            tabs.active = active
        for tab in TABS:
            if tab not in visible:
                tabs.disable_tab(tab)

    def on_file_table_file_open_requested(self, event: FileTable.FileOpenRequested) -> None:
        event.stop()
        if self.shown is not None:
            self.post_message(self.FileOpenRequested(self.shown[0], self.shown[1], event.path))
