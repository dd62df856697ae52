"""A skill at a glance: frontmatter, URI, fingerprint, files with their states, review and history."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, Self

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Region, Size
from textual.message import Message
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.data_table import RowKey
from textual.widgets.option_list import Option

from skillscope.audit.values import KIND_TITLES, Capability
from skillscope.core.offload import shared_child
from skillscope.core.sizes import human_size
from skillscope.core.textsafe import safe_line
from skillscope.service.audit_change import lead_lines
from skillscope.service.audits import capabilities_by_kind, capabilities_of
from skillscope.service.capability_change import capability_change, pinned_keys
from skillscope.service.workspace import SkillView
from skillscope.tui.inert import STATE_LOOK, compact, inert_line, state_words
from skillscope.tui.view_model import REVIEW_LOOK, skill_states
from skillscope.tui.widgets.digest import Digest
from skillscope.tui.widgets.refill import refill
from skillscope.verify.opener import SkillReport

__all__ = [
    "CapabilityList",
    "FileTable",
    "SkillOverview",
    "capability_head",
    "capability_lead",
    "capability_rows",
    "capability_summary",
    "change_lead",
    "frontmatter_rows",
    "pinned_line",
    "review_summary",
]

FILE_ROWS = 50
"""Files the table draws at first; a "more" row draws the next ones."""
_MORE = "\0more"
"""The "more" row's key (a file's path never holds NUL)."""
_FILE_STYLE = {
    "verified": ("✓ verified", "green"),
    "failed": ("✗ failed", "bold red"),
    "not-read": ("· not read", "dim"),
    "refused": ("✗ refused", "red"),
    "unverified": ("≈ unverified", "magenta"),
    "unreadable": ("✗ could not be read", "bold red"),
}


def _grid() -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", min_width=12, max_width=24, overflow="fold")
    grid.add_column(overflow="fold")
    return grid


def frontmatter_rows(frontmatter: dict[str, Any]) -> list[tuple[Text, Text]]:
    """Frontmatter keys and values as inert rows; a map (``metadata``) gives one row per key."""
    rows: list[tuple[Text, Text]] = []
    for key, value in frontmatter.items():
        if isinstance(value, dict) and value:
            for sub, inner in value.items():
                rows.append((inert_line(f"{key}.{sub}", limit=80), inert_line(compact(inner), limit=1000)))
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            rows.append((inert_line(key, limit=80), inert_line(" ".join(value), limit=1000)))
        else:
            rows.append((inert_line(key, limit=80), inert_line(compact(value), limit=1000)))
    return rows


def review_summary(view: SkillView) -> RenderableType:
    """The ledger's word on the skill and every record about it."""
    parts: list[RenderableType] = [Text(""), Text("Review", style="bold underline")]
    review = view.review
    if review is None:
        if view.entry.status == "malformed":
            parts.append(Text("A malformed entry cannot be reviewed.", style="dim"))
        else:
            parts.append(Text("Review state unknown (the ledger could not be read; press l).", style="yellow"))
        return Group(*parts)
    grid = _grid()
    look = REVIEW_LOOK.get(review.state)
    if look:
        glyph, _words, style = STATE_LOOK[look]
        grid.add_row("state", Text(f"{glyph} {review.label}", style=style))  # names the label when it is another one
        if review.untrusted:
            grid.add_row("not counted", Text(review.untrusted, style="yellow"))
    else:
        grid.add_row("state", Text(review.label, style="dim"))
    record = review.record
    if record is not None:
        record = record.complete()
        grid.add_row("by", inert_line(f"{record.reviewer} at {record.time}"))
        grid.add_row("fingerprint", Digest(record.fingerprint, "dim"))
        if record.note:
            grid.add_row("note", inert_line(record.note, limit=1000))
    if review.changes:
        grid.add_row(
            "changes", Text(f"{len(review.changes)} file(s) differ from the approval (Changes tab)", style="yellow")
        )
    parts.append(grid)
    if view.history:
        table = Table(show_edge=False, pad_edge=False, box=None, header_style="bold dim", padding=(0, 2, 0, 0))
        for column in ("#", "when", "action", "by", "note"):
            table.add_column(column, overflow="fold", no_wrap=column in ("#", "when", "action"))
        for item in view.history[-20:]:
            record = item.complete()
            style = {"approve": "green", "reject": "red", "revoke": "yellow"}.get(record.action, "")
            table.add_row(
                str(record.seq),
                Text(record.time),
                Text(record.action, style=style),
                inert_line(record.reviewer, limit=60),
                inert_line(record.note, limit=200),
            )
        parts.append(Text(f"History ({len(view.history)} record{'s' if len(view.history) != 1 else ''})", style="bold"))
        parts.append(table)
    return Group(*parts)


Known = tuple[str, list[Capability]] | None
"""("audit" or "files", the capabilities) when what the skill can do has been read; None when not yet."""


def capability_rows(capabilities: list[Capability]) -> list[tuple[str, str, str, Capability]]:
    """The capabilities as the overview lists them: (kind's words on a group's first row, target, where, evidence).

    The same grouping and words as every report (``capability_groups``): each target once, with its first evidence.
    """
    out: list[tuple[str, str, str, Capability]] = []
    for kind, caps in capabilities_by_kind(capabilities).items():
        for index, cap in enumerate(caps):
            where = safe_line(cap.path, limit=120) + (f":{cap.line}" if cap.line else "")
            out.append((KIND_TITLES[kind] if index == 0 else "", safe_line(cap.target, limit=160), where, cap))
    return out


def capability_head(known: Known, *, pending: bool = False) -> RenderableType:
    """The heading of the overview's capability list, and a line when there is no list to show."""
    parts: list[RenderableType] = [Text(""), Text("What it can do", style="bold underline")]
    if pending:
        parts.append(Text("Reading what the verified files can do…", style="dim italic"))
    elif known is None:
        parts.append(Text("Not read yet: press i to audit the skill and list what its files can do.", style="dim"))
    elif not known[1]:
        parts.append(Text("Nothing the audit recognises (no command, host, write, grant or install).", style="dim"))
    else:
        parts.append(Text("enter on a line opens its evidence", style="dim"))
    return Group(*parts)


def pinned_line(view: SkillView) -> Text:
    """Beside an approved skill's list: how many capabilities its approval pinned (or that it pinned none)."""
    review = view.review
    record = review.record if review is not None else None
    if record is None or record.action != "approve" or review is None or review.state != "approved":
        return Text("")
    keys = pinned_keys(record)
    if keys is None:
        return Text("Capabilities not pinned (approved before approvals pinned them).", style="yellow")
    return Text(f"The approval pinned {len(keys)} capabilit{'y' if len(keys) == 1 else 'ies'}.", style="dim")


def capability_summary(view: SkillView) -> RenderableType:
    """What the skill can do as one renderable (heading, grouped rows with their file:line, the pinned line).

    Read by the last audit (``i``), or, before one, from the files already read and verified when every
    listed file was (the same analysers read them); otherwise a line saying to press i. The overview shows
    the same rows as a list whose lines open their evidence (``CapabilityList``); this is the printable form.
    """
    known = _known_capabilities(view)
    parts: list[RenderableType] = [capability_head(known)]
    if known is not None and known[1]:
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold", min_width=12, max_width=24, overflow="fold")
        grid.add_column(overflow="fold")
        grid.add_column(style="dim", overflow="fold")
        for title, target, where, _ in capability_rows(known[1]):
            grid.add_row(title, inert_line(target, limit=160), inert_line(where, limit=160))
        parts.append(grid)
    parts.append(pinned_line(view))
    return Group(*parts)


def _audited(view: SkillView) -> list[Capability] | None:
    """The capabilities the last audit read, when it read a verified skill."""
    if view.audit is not None and view.audit.report is not None and view.audit.report.verified:
        return view.audit.capabilities
    return None


def _all_files_verified(view: SkillView) -> SkillReport | None:
    """The last open's report when it verified every listed file (what they can do is then known); else None."""
    report, files = view.report, view.entry.files
    if report is None or not report.verified or files is None:
        return None
    if {f.path for f in files} - {r.path for r in report.files if r.served is not None}:
        return None  # some file was not read: what it does is unknown, so nothing is claimed
    return report


def _known_capabilities(view: SkillView) -> Known:
    """The capabilities the last audit read, else those of a report whose every listed file verified; else None.

    Blocking (the analysers run here): the overview reads them in a worker instead (``SkillOverview``).
    """
    audited = _audited(view)
    if audited is not None:
        return ("audit", audited)
    report = _all_files_verified(view)
    return None if report is None else ("files", capabilities_of(report))


def capability_lead(view: SkillView) -> RenderableType:
    """The lines a changed skill's view leads with: what it can do now that its approval did not pin, and
    what it no longer does; one line when nothing changed; before an audit, how to get them."""
    head = Text("What it can do, against its approval", style="bold")
    if view.audit is None or view.audit.report is None or not view.audit.report.verified:
        return Group(
            head,
            Text("  Audit the skill (i) to compare what it can do with what the approval pinned.", style="dim"),
            Text(""),
        )
    change = capability_change(view.review, view.audit.capabilities)
    if change is None:
        return Text("")
    style = "bold yellow" if change.added else ("" if change.pinned else "yellow")
    return Group(head, *(inert_line(f"  {line}", limit=400, style=style) for line in change.lines), Text(""))


_LEAD_STYLE = {"error": "bold red", "warning": "yellow", "added": "bold yellow", "plain": ""}


def change_lead(view: SkillView) -> RenderableType:
    """What a changed skill's Changes tab leads with, before the file changes: the new errors and warnings
    since the approved version, then what it can do that its approval did not pin ("nothing new to judge"
    when neither has anything); before an audit, how to get them."""
    head = Text("What changed, first (against its approval)", style="bold")
    audit = view.audit
    if audit is None or audit.report is None or not audit.report.verified:
        return Group(
            head,
            Text("  Audit the skill (i) to see its new findings and what it can do against the approval.", style="dim"),
            Text(""),
        )
    if view.comparing:
        return Group(
            head,
            Text("  Comparing with the approved version (its files audited again)…", style="dim italic"),
            Text(""),
        )
    change = capability_change(view.review, audit.capabilities)
    if view.audit_change is None and change is None:
        return Text("")
    lines = lead_lines(view.audit_change, change)
    return Group(
        head, *(inert_line(f"  {line}", limit=400, style=_LEAD_STYLE[style]) for style, line in lines), Text("")
    )


def _skill_header(view: SkillView, *, verified_frontmatter: bool) -> RenderableType:
    """Name, states, URI, fingerprint, reason and frontmatter of a skill."""
    entry = view.entry
    title = Text()
    if entry.status == "malformed":
        title.append(f"entry #{entry.index}", style="bold")
        title.append("  (malformed: no trustworthy name)", style="dim")
    else:
        title.append_text(inert_line(entry.skill_name or entry.path, style="bold"))
        title.append("  ")
        title.append_text(inert_line(entry.name, style="dim"))
    grid = _grid()
    grid.add_row("state", state_words(skill_states(view)))
    if entry.status != "available" and entry.rule:
        grid.add_row(
            "reason",
            Text.assemble(
                (f"{entry.rule}: ", "bold yellow" if entry.status == "unavailable" else "bold red"),
                inert_line(entry.reason, limit=1000),
            ),
        )
    grid.add_row("uri", inert_line(entry.uri if entry.uri is not None else "(none)", limit=600))
    grid.add_row("fingerprint", Digest(entry.fingerprint, missing="none: dynamic skill" if entry.dynamic else "—"))
    if entry.files is not None:
        grid.add_row("files", Text(f"{len(entry.files)} listed, {human_size(entry.total_bytes)}"))
    elif entry.dynamic:
        grid.add_row("files", Text("generated by the server (no manifest)", style="magenta"))
    parts: list[RenderableType] = [title, grid, Text("")]
    if entry.frontmatter and isinstance(entry.frontmatter, dict):
        heading = (
            "Frontmatter (verified against SKILL.md)" if verified_frontmatter else "Frontmatter (as the entry lists it)"
        )
        parts.append(Text(heading, style="bold underline"))
        front = _grid()
        for key, value in frontmatter_rows(entry.frontmatter):
            front.add_row(key, value)
        parts.append(front)
    if entry.status == "malformed":
        parts.append(Text(""))
        parts.append(Text("Raw entry (as the server sent it)", style="bold underline"))
        parts.append(inert_line(compact(entry.raw), limit=2000, style="dim"))
    return Group(*parts)


class FileTable(DataTable[Text]):
    """The files a skill lists: full relative path, size, state and digest; enter opens one."""

    class FileOpenRequested(Message):
        """The reviewer chose a file to read and verify."""

        def __init__(self, path: str) -> None:
            super().__init__()
            self.path = path

    def __init__(self, *, id: str | None = None) -> None:  # Textual's name
        super().__init__(id=id, cursor_type="row", zebra_stripes=False, show_cursor=True)
        self.add_column(Text("path"), key="path")
        self.add_column(Text("size", justify="right"), key="size")
        self.add_column(Text("state"), key="state")
        self.add_column(Text("digest"), key="digest")
        self._listed: tuple[tuple[str, int, str], ...] | None = None
        self._states: list[tuple[str, str]] = []
        self._view: SkillView | None = None
        self.shown = FILE_ROWS
        """How many files the table draws (the "more" row adds ``FILE_ROWS``)."""
        self._measured: Size | None = None
        """While the table measures its rows: the extent it had before (see ``refresh``)."""
        self._resized_to: Size | None = None
        """The size of the last Resize (see ``_on_resize``)."""

    def clear(self, columns: bool = False) -> Self:
        # DataTable keeps each column as wide as the widest cell it ever held: another skill's short paths
        # would sit in the column the last skill's long ones widened, its digests pushed off the pane.
        super().clear(columns)
        for column in self.columns.values():
            column.content_width = column.label.cell_len
        return self

    def _on_resize(self, event: events.Resize) -> None:
        # DataTable forgets every rendered cell on each Resize, and one comes whenever the table is shown
        # again: at the size it had, its cells are still right, so DataTable's handler is skipped.
        if event.size == self._resized_to:
            event.prevent_default()
        self._resized_to = event.size

    def _update_dimensions(self, new_rows: Iterable[RowKey]) -> None:
        self._measured = self.virtual_size
        try:
            super()._update_dimensions(new_rows)
        finally:
            self._measured = None

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        # A new extent asks for a layout of the whole screen (slow beside a 10,000-skill tree) even when
        # the table's box stays: another skill's two files in place of two. Then the rows are only repainted.
        if layout and self._measured is not None and self._same_box(self._measured, self.virtual_size):
            layout = False
            self._scroll_update(self.virtual_size)  # the scrollbars' thumbs follow the new extent
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _same_box(self, before: Size, after: Size) -> bool:
        """Whether the table keeps its height and its scrollbars with content of extent ``after`` instead of ``before``."""
        size = self.scrollable_content_region.size
        if not self.display or not size.width or not size.height:
            return False
        cap = self.styles.max_height
        limit = int(cap.value) if cap is not None and cap.is_cells else None
        heights = (
            (before.height, after.height) if limit is None else (min(before.height, limit), min(after.height, limit))
        )
        return (
            heights[0] == heights[1]
            and (before.width > size.width) == (after.width > size.width)
            and (before.height > size.height) == (after.height > size.height)
        )

    def show(self, view: SkillView) -> None:
        """Fill the table from the entry and the last open's per-file results.

        The same files shown again (a skill re-shown as its reads progress) only have their state
        cells rewritten, and at most ``shown`` rows are drawn (a "more" row adds the next
        ``FILE_ROWS``): adding and measuring 512 rows each time the cursor passes a skill stalls the screen.
        """
        self._view = view
        files = list(view.entry.files or ())
        listed = tuple((item.path, item.size, item.digest) for item in files)
        if listed != self._listed:
            self.shown = FILE_ROWS
        drawn = files[: self.shown]
        read: dict[str, str] = {}
        for result in view.report.files if view.report is not None else ():
            read.setdefault(result.path, str(result.status))  # the first result of a path, as file_status says
        states = []
        for item in drawn:
            status = view.file_status(item.path) if item.path in view.opened else read.get(item.path, "not-read")
            states.append(_FILE_STYLE.get(status, (status, "")))
        rest = len(files) - len(drawn)
        if listed == self._listed and len(states) == len(self._states) and self.row_count == len(drawn) + bool(rest):
            for item, state, before in zip(drawn, states, self._states, strict=True):
                if state != before:
                    self.update_cell(item.path, "state", Text(state[0], style=state[1]))
            self._states = states
            self.display = bool(files)  # hidden while a folder's or server's summary was shown
            return
        self.clear()
        self._listed, self._states = listed, states
        for item, (words, style) in zip(drawn, states, strict=True):
            self.add_row(
                inert_line(item.path, limit=300),
                Text(human_size(item.size), justify="right"),
                Text(words, style=style),
                Text(item.digest, style="dim"),
                key=item.path,
            )
        if rest:
            # Short cells: the row must not widen the path column and push the others off the pane.
            more = Text(f"… {rest:,} more files", style="dim italic")
            self.add_row(
                more, Text(""), Text(""), Text(f"enter shows {min(rest, FILE_ROWS):,} more", style="dim"), key=_MORE
            )
        self.display = bool(files)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if event.row_key.value == _MORE:
            if self._view is not None:
                self.shown += FILE_ROWS
                self._states = []  # drawn again, longer
                self.show(self._view)
            return
        if event.row_key.value is not None:
            self.post_message(self.FileOpenRequested(event.row_key.value))


class CapabilityList(OptionList):
    """What the skill can do, one option per target; enter (or a click) opens the file at its evidence.

    | Key | Action |
    | :- | :- |
    | enter | Open the file at the line that gives the skill this capability |
    | j / k | Down / up |
    """

    DEFAULT_CSS = """
    CapabilityList, CapabilityList:focus {
        height: auto;
        max-height: 100%;
        border: none;
        padding: 0;
        background: transparent;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("j", "cursor_down", "Down", show=False, id="capability-down", tooltip="Next capability"),
        Binding("k", "cursor_up", "Up", show=False, id="capability-up", tooltip="Previous capability"),
    ]

    class EvidenceRequested(Message):
        """The reviewer chose a capability: show the file at its evidence."""

        def __init__(self, capability: Capability) -> None:
            super().__init__()
            self.capability = capability

    def __init__(self, *, id: str | None = None) -> None:  # Textual's name
        super().__init__(id=id)
        self.capabilities: list[Capability] = []
        """The capability of each option, in order."""
        self._rows: tuple[tuple[str, str, str], ...] | None = None

    def show(self, capabilities: list[Capability]) -> None:
        """List ``capabilities`` grouped by kind (the same rows again keep the highlight)."""
        rows = capability_rows(capabilities)
        drawn = tuple((title, target, where) for title, target, where, _ in rows)
        if drawn == self._rows:
            self.capabilities = [cap for *_, cap in rows]
            return
        self._rows = drawn
        self.capabilities = [cap for *_, cap in rows]
        width = max((len(title) for title, *_ in drawn), default=0)
        self.clear_options()
        options = []
        for n, (title, target, where) in enumerate(drawn):
            prompt = Text.assemble((f"{title:<{width}}  ", "bold"))
            prompt.append_text(inert_line(target, limit=160))
            prompt.append("  ")
            prompt.append_text(inert_line(where, limit=160, style="dim"))
            options.append(Option(prompt, id=str(n)))
        self.add_options(options)
        if options:
            self.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list is not self:
            return
        event.stop()
        if 0 <= event.option_index < len(self.capabilities):
            self.post_message(self.EvidenceRequested(self.capabilities[event.option_index]))


class SkillOverview(VerticalScroll):
    """The overview tab: header, file table, what the skill can do, review and history; or a folder's or
    server's summary instead.

    The summary has a Static of its own and the skill's parts stay as they were while it shows:
    the cursor back on the same skill shows them again without writing, measuring or rendering
    them anew (the header's grids and the table's cells were most of what such a key cost).

    What a skill can do comes from its last audit, or, when every listed file was read and verified,
    from the analysers run over them in the child process that audits (never on the screen's thread),
    kept per skill and fingerprint: showing the skill again reads nothing again.
    """

    DEFAULT_CSS = """
    SkillOverview #overview-capabilities {
        height: auto;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:  # Textual's name
        super().__init__(id=id)
        self._header_of: tuple[object, str, tuple[str, ...]] | None = None
        """(entry, phase, states) the header was written for."""
        self._read: dict[tuple[str, str | None], tuple[object, list[Capability]]] = {}
        """By (skill name, fingerprint): the report whose files were read for what the skill can do, and that."""
        self._reading: set[tuple[str, str | None]] = set()
        self._view: SkillView | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="overview-message")
        with Vertical(id="overview-skill"):
            yield Static(id="overview-header")
            yield FileTable(id="file-table")
            with Vertical(id="overview-capabilities"):
                yield Static(id="capabilities-head")
                yield CapabilityList(id="capability-list")
                yield Static(id="capabilities-pinned")
            yield Static(id="overview-review")

    @property
    def showing_skill(self) -> bool:
        """Whether a skill is on show (not a summary)."""
        return bool(self.query_one("#overview-skill").display)

    @property
    def capability_list(self) -> CapabilityList:
        """The list of what the shown skill can do."""
        return self.query_one(CapabilityList)

    def known_capabilities(self, view: SkillView) -> tuple[Known, bool]:
        """What ``view`` can do as far as it is known, and whether it is being read now (a worker is started
        for a skill whose every file verified, once per fingerprint and report)."""
        audited = _audited(view)
        if audited is not None:
            return ("audit", audited), False
        report = _all_files_verified(view)
        if report is None:
            return None, False
        key = (view.name, view.entry.fingerprint)
        kept = self._read.get(key)
        if kept is not None and kept[0] is report:
            return ("files", kept[1]), False
        if key not in self._reading:
            self._reading.add(key)
            self.run_worker(self._read_capabilities(key, report), group="capabilities", exit_on_error=False)
        return None, True

    @property
    def reading(self) -> bool:
        """Whether a skill's capabilities are being read from its verified files (the list appears when done)."""
        return bool(self._reading)

    async def _read_capabilities(self, key: tuple[str, str | None], report: SkillReport) -> None:
        try:
            capabilities = await shared_child()(capabilities_of, report)
        finally:
            self._reading.discard(key)
        for kept in [k for k in self._read if k[0] == key[0] and k != key]:
            del self._read[kept]  # another version of the skill: its reading says nothing about this one
        self._read[key] = (report, capabilities)
        view = self._view
        if view is not None and (view.name, view.entry.fingerprint) == key and self.showing_skill:
            self._show_capabilities(view)

    def show(self, view: SkillView) -> None:
        """Show one skill."""
        self._view = view
        self.query_one("#overview-message").display = False
        self.query_one("#overview-skill").display = True
        states = tuple(skill_states(view))
        before = self._header_of
        if before is None or before[0] is not view.entry or before[1:] != (view.phase, states):
            self._header_of = (view.entry, view.phase, states)
            refill(
                self.query_one("#overview-header", Static),
                _skill_header(view, verified_frontmatter=view.phase == "verified"),
            )
        self.query_one(FileTable).show(view)
        self._show_capabilities(view)
        refill(self.query_one("#overview-review", Static), review_summary(view))

    def _show_capabilities(self, view: SkillView) -> None:
        known, pending = self.known_capabilities(view)
        box = self.query_one("#overview-capabilities")
        box.display = known is not None or pending or view.audit is not None  # nothing is claimed before a read
        if not box.display:
            return
        refill(self.query_one("#capabilities-head", Static), capability_head(known, pending=pending))
        listing = self.capability_list
        listing.show(known[1] if known is not None else [])
        listing.display = bool(listing.capabilities)
        pinned, line = self.query_one("#capabilities-pinned", Static), pinned_line(view)
        pinned.display = bool(line.plain)
        refill(pinned, line)

    def show_message(self, renderable: RenderableType) -> None:
        """Show a server summary or a placeholder instead of a skill."""
        self._view = None
        message = self.query_one("#overview-message", Static)
        refill(message, renderable)
        message.display = True
        self.query_one("#overview-skill").display = False
