"""The selected skill in tabs: overview, SKILL.md, a file, the failure, the changes, the findings."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import OptionList, Static, TabbedContent, TabPane

from skillscope.service.session import ServerSession
from skillscope.service.workspace import SkillView
from skillscope.tui.widgets.connection_panel import server_details
from skillscope.tui.widgets.evidence import changes_view, entry_warnings_view, failure_view, findings_head
from skillscope.tui.widgets.file_viewer import FileViewer, skill_md_view
from skillscope.tui.widgets.finding_list import FindingList, finding_place
from skillscope.tui.widgets.progress_row import ProgressRow
from skillscope.tui.widgets.refill import refill
from skillscope.tui.widgets.skill_overview import CapabilityList, FileTable, SkillOverview, change_lead
from skillscope.verify.opener import SkillReport
from skillscope.views import SourceView

__all__ = ["TABS", "DetailPane"]

TABS = ("overview", "skill-md", "file", "failure", "changes", "findings")
_ALL_TABS_WIDTH = 58
"""Cells the tab row needs to show all six labels (each label and its padding, and the borders)."""
_PLACEHOLDER = Text(
    "Select a skill in the catalog. Enter opens it: SKILL.md is read and verified before anything is shown.",
    style="dim",
)


class DetailPane(Vertical):
    """Everything about the highlighted skill; content appears only once it verified."""

    class FileOpenRequested(Message):
        """The reviewer chose a file of the shown skill in the file table."""

        def __init__(self, server: str, name: str, path: str) -> None:
            super().__init__()
            self.server = server
            self.name = name
            self.path = path

    def __init__(self, *, id: str | None = None) -> None:  # Textual's name
        super().__init__(id=id)
        self.shown: tuple[str, str] | None = None
        """(server, skill name) on show, or None."""
        self._markdown_of: tuple[int, bool] | None = None
        self.rendered = False
        """True when the SKILL.md tab shows the rendered view instead of the source (key v)."""
        self._report: SkillReport | None = None
        """The verified report whose SKILL.md the tab shows (None when the tab does not apply)."""
        self._file_path: str | None = None
        self._view: SkillView | None = None
        self._skill_md_source: SourceView | None = None
        self._skill_md_shown: RenderableType = ""
        self._visible_tabs: set[str] = set(TABS)
        self._jump: tuple[str, int | None, int | None, int | None] | None = None
        """(path, line, column, end column) of the finding to show once its file is open."""

    def compose(self) -> ComposeResult:
        yield ProgressRow(id="progress")
        with TabbedContent(id="tabs", initial="overview"):
            with TabPane("Overview", id="overview"):
                yield SkillOverview(id="overview-scroll")
            with TabPane("SKILL.md", id="skill-md"):
                with VerticalScroll(id="skill-md-scroll", classes="tab-scroll"):
                    yield Static(id="skill-md-body")
            with TabPane("File", id="file"):
                yield FileViewer(id="file-viewer")
            with TabPane("Failure", id="failure"):
                with VerticalScroll(id="failure-scroll", classes="tab-scroll"):
                    yield Static(id="failure-body")
            with TabPane("Changes", id="changes"):
                with VerticalScroll(id="changes-scroll", classes="tab-scroll"):
                    yield Static(id="changes-body")
            with TabPane("Findings", id="findings"):
                with VerticalScroll(id="findings-scroll", classes="tab-scroll"):
                    yield Static(id="findings-head")
                    yield FindingList(id="findings-list")
                    yield Static(id="findings-body")

    def on_mount(self) -> None:
        self.show_message(_PLACEHOLDER)

    # -- calls from the screen -----------------------------------------------------------------

    def set_progress(self, text: str | None) -> None:
        """Show what is being read (None blanks the row)."""
        self.query_one(ProgressRow).say(text)

    @property
    def busy(self) -> bool:
        """Whether something is being read: a file or audit (the progress row), or the overview's capabilities."""
        return self.query_one(ProgressRow).busy or self.query_one(SkillOverview).reading

    def show_message(self, renderable: RenderableType) -> None:
        """A placeholder or a note instead of a skill."""
        self.shown = None
        self._file_path = None
        self._report = None
        self._view = None
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
        self._view = view
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
            viewer = self.query_one(FileViewer)
            if viewer.result is not view.opened[self._file_path]:
                viewer.show(self._file_path, view.opened[self._file_path])
            if self._jump is not None and self._jump[0] == self._file_path:
                _, line, column, end = self._jump
                self._jump = None
                if line:
                    viewer.point_at(line, column, end)
                activate = "file"
                self._focus_when_shown(viewer)  # the file a finding asked for has been read
        if view.phase == "failed" and report is not None and report.failure is not None:
            visible.add("failure")
            refill(self.query_one("#failure-body", Static), failure_view(report))
        if view.review is not None and view.review.state == "changed-since-approval":
            visible.add("changes")
            refill(  # new findings, then what the skill can do against its approval, lead before the file changes
                self.query_one("#changes-body", Static),
                Group(change_lead(view), changes_view(view.entry, view.review, view.diffs)),
            )
        self._show_findings(view)
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
        shown = skill_md_view(body, rendered=self.rendered)
        last = shown.renderables[-1] if isinstance(shown, Group) else None
        self._skill_md_source = last if isinstance(last, SourceView) else None
        self._skill_md_shown = shown
        refill(self.query_one("#skill-md-body", Static), shown)

    def _show_findings(self, view: SkillView) -> None:
        refill(self.query_one("#findings-head", Static), findings_head(view.audit))
        findings = list(view.audit.findings) if view.audit is not None else []
        listing = self.query_one(FindingList)
        # Keyed by what is listed, not only by the audit: a recorded verdict re-judges the same audit in place.
        shown_for = (view.name, id(view.audit), tuple((f.id, f.message, f.uri, f.at.line) for f in findings))
        if listing.shown_for != shown_for:
            listing.shown_for = shown_for
            listing.show(view.entry, findings)
        listing.display = bool(findings)
        refill(self.query_one("#findings-body", Static), entry_warnings_view(view.entry))

    def focus_content(self) -> None:
        """Focus what the active tab holds: its list when it has one, else its scrolling text."""
        self.focus_target().focus()

    def focus_target(self) -> Widget:
        """The widget Tab stops at in this pane, for the active tab."""
        active = self.query_one(TabbedContent).active
        if active == "overview":
            stops = self._overview_stops()
            return stops[0] if stops else self.query_one(SkillOverview)
        if active == "findings":
            listing = self.query_one(FindingList)
            return listing if listing.display else self.query_one("#findings-scroll")
        if active == "file":
            return self.query_one(FileViewer)
        return self.query_one(f"#{active}-scroll")

    def _overview_stops(self) -> list[Widget]:
        """The overview's widgets Tab stops at, in order: the file table, then the list of what the skill can do."""
        overview = self.query_one(SkillOverview)
        if not overview.showing_skill:
            return []
        table, capabilities = self.query_one(FileTable), overview.capability_list
        shown = capabilities.display and capabilities.parent is not None and capabilities.parent.display
        return [w for w, on in ((table, table.display), (capabilities, shown)) if on]

    def step_within(self, step: int) -> bool:
        """Tab (``step`` 1) or shift+Tab (-1) inside the pane: to the overview's next stop when there is one.

        Returns False when the focus should leave the pane instead (no further stop that way).
        """
        if self.query_one(TabbedContent).active != "overview":
            return False
        stops = self._overview_stops()
        focused = self.screen.focused
        if focused not in stops:
            return False
        index = stops.index(focused) + step
        if not 0 <= index < len(stops):
            return False
        stops[index].focus()
        overview = self.query_one(SkillOverview)
        self.call_after_refresh(lambda: overview.scroll_to_widget(stops[index], animate=False))
        return True

    def highlighted_finding(self) -> tuple[str, SkillView, Any] | None:
        """(server, skill, finding) highlighted in the Findings tab when that tab is shown; None otherwise."""
        view = self._view
        if (
            view is None
            or view.audit is None
            or self.shown is None
            or self.query_one(TabbedContent).active != "findings"
        ):
            return None
        index = self.query_one(FindingList).highlighted
        if index is None or index >= len(view.audit.findings):
            return None
        return self.shown[0], view, view.audit.findings[index]

    def open_focused(self) -> None:
        """Enter from the palette: open the highlighted file or finding."""
        focused = self.screen.focused
        if isinstance(focused, FileTable):
            focused.action_select_cursor()
        elif isinstance(focused, (FindingList, CapabilityList)):
            focused.action_select()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if not isinstance(event.option_list, FindingList):
            return
        event.stop()
        view = self._view
        if view is None or view.audit is None or self.shown is None:
            return
        finding = view.audit.findings[event.option_index]
        self.show_finding(view, finding)

    def show_finding(self, view: SkillView, finding: Any) -> None:
        """Open the finding's file at its line and column (SKILL.md in its tab, a file in the file tab)."""
        path = finding_place(view.entry, finding)
        if path is None:
            self.app.notify(
                "This finding is about the entry itself, not a line of a file.",
                title="Finding",
                severity="information",
                markup=False,
                timeout=5,
            )
            return
        line, column, end = finding.at.line, finding.at.column, finding.at.end_column
        if finding.at.end_line and finding.at.end_line != line:
            end = None
        self.show_place(view, path, line, column, end)

    def show_place(
        self, view: SkillView, path: str, line: int | None, column: int | None = None, end: int | None = None
    ) -> None:
        """Open ``path`` of the skill at ``line`` (SKILL.md in its tab, another file in the file tab, read first
        when it has not been): where a finding or a capability's evidence is."""
        if path == "SKILL.md" and self._report is not None and self._report.body is not None:
            if self.rendered:
                self.rendered = False
            self._markdown_of = None
            self._show_skill_md()
            self.activate("skill-md")
            source = self._skill_md_source
            if source is not None and line:
                source.mark(line, column, end)
                body = self.query_one("#skill-md-body", Static)
                body.update(self._skill_md_shown)
                scroll = self.query_one("#skill-md-scroll", VerticalScroll)
                self.call_after_refresh(lambda: self._scroll_skill_md(scroll, body, source, line))
            self._focus_when_shown(self.query_one("#skill-md-scroll"))
            return
        self._jump = (path, line, column, end)
        if path in view.opened:
            self._file_path = path
            # show_skill takes the jump, points the viewer at the line and gives it the focus.
            self.show_skill(self.shown[0] if self.shown else "", view, file=path, activate="file")
        elif self.shown is not None:
            self.post_message(self.FileOpenRequested(self.shown[0], self.shown[1], path))

    def on_capability_list_evidence_requested(self, event: CapabilityList.EvidenceRequested) -> None:
        event.stop()
        view = self._view
        if view is None or self.shown is None:
            return
        capability = event.capability
        if capability.path not in {item.path for item in view.entry.files or ()} and capability.path != "SKILL.md":
            self.app.notify(
                "This capability's evidence is in no file the skill lists.",
                title="What it can do",
                severity="information",
                markup=False,
                timeout=5,
            )
            return
        self.show_place(view, capability.path, capability.line)

    def _focus_when_shown(self, widget: Widget) -> None:
        """Focus ``widget`` once its tab is shown, unless the reviewer has put the focus outside this pane meanwhile.

        A hidden widget cannot take focus, and the finding list that had it is hidden by the switch.
        """

        def give() -> None:
            focused = self.screen.focused
            if focused is None or self in focused.ancestors_with_self:
                widget.focus()

        self.call_after_refresh(give)

    def _scroll_skill_md(self, scroll: VerticalScroll, body: Static, source: SourceView, line: int) -> None:
        # The source follows two lines of heading inside the same Static.
        width = body.content_size.width or scroll.content_size.width
        scroll.scroll_to(y=max(0, body.virtual_region.y + 2 + source.row_of(line, width) - 3), animate=False)

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
        if visible == self._visible_tabs:
            # The same tabs apply (the same skill re-shown as its reads progress, or the next one alike):
            # each enable, disable and fit below is a query of the tab row, a few ms a show for nothing.
            if tabs.active != active:
                tabs.active = active
            return
        # Each pane is enabled or disabled here with its tab. The tab row would do it too, but through a
        # message handled a refresh or more later. Until then a widget in a pane just shown cannot take
        # focus: Enter on a finding focuses the file's viewer after a refresh.
        for tab in TABS:
            if tab in visible:
                tabs.enable_tab(tab)
                tabs.get_pane(tab).disabled = False
        if tabs.active != active:
            tabs.active = active
        for tab in TABS:
            if tab not in visible:
                tabs.disable_tab(tab)
                tabs.get_pane(tab).disabled = True
        self._visible_tabs = visible
        self._fit_tabs()

    def _fit_tabs(self) -> None:
        # A pane too narrow for all six labels (80 columns) scrolled the row and cut the first and
        # last: there, tabs that do not apply leave the row instead of standing disabled in it.
        narrow = 0 < self.size.width < _ALL_TABS_WIDTH
        tabs = self.query_one(TabbedContent)
        for tab in TABS:
            tabs.get_tab(tab).display = tab in self._visible_tabs or not narrow

    def on_resize(self) -> None:
        self._fit_tabs()

    def on_file_table_file_open_requested(self, event: FileTable.FileOpenRequested) -> None:
        event.stop()
        if self.shown is not None:
            self.post_message(self.FileOpenRequested(self.shown[0], self.shown[1], event.path))
