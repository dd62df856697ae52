"""The dialog that shows what a verdict covers and asks who reviews and why before it is recorded."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Static

from skillscope.ledger.core.values import ReviewState
from skillscope.service.audit_change import AuditChange, lead_lines
from skillscope.service.capability_change import CapabilityChange
from skillscope.service.review import ApprovalPlan, note_needed
from skillscope.tui.dialogs.shown import show_error
from skillscope.tui.inert import inert_line

__all__ = ["ApprovalSummary", "ChangesDialog", "ReviewAnswer", "ReviewDialog", "approval_summary"]

_EXPLAIN = {
    "approve": "Every file was read, verified and audited; this fingerprint is recorded:",
    "reject": "No file is read; this fingerprint is recorded as rejected:",
    "revoke": "No file is read; every approval of this skill is withdrawn. It is served as:",
    "suppress": "Signed beside the ledger, this finding is left out of audits and the gate until the skill or anything the finding states changes. Its key:",
}
_VERB = {"approve": "Approve", "reject": "Reject", "revoke": "Revoke", "suppress": "Suppress"}
_SEVERITY = {"error": "bold red", "warning": "yellow"}
_CHANGE = {"added": "green", "removed": "red", "changed": "yellow"}
_SHOWN = 8
"""Findings, files and changes listed in the dialog; the rest are counted (the Findings tab has them all)."""


@dataclass(frozen=True)
class ReviewAnswer:
    """What the reviewer confirmed: who, why, and whether they accept the audit's findings."""

    reviewer: str
    note: str
    accept_findings: bool = False


@dataclass(frozen=True)
class ApprovalSummary:
    """What an approval would record, as the dialog shows it before anything is recorded."""

    counts: dict[str, int]
    findings: tuple[tuple[str, str], ...] = ()
    """(severity, message) of every error and warning about the skill itself."""
    unlisted: tuple[str, ...] = ()
    """Files served under the skill that its manifest omits (paths relative to the skill)."""
    refusal: str | None = None
    """Why the approval needs the findings accepted (errors, unlisted files), or None."""
    changes: tuple[tuple[str, str], ...] = ()
    """(added|removed|changed, path) since the last approval; empty when the skill did not change."""
    approved: str | None = None
    """The fingerprint last approved, for a changed skill."""
    diff: RenderableType | None = None
    """The change with each file's diff against the approved bytes (one key away in the dialog)."""
    needs_note: str | None = None
    """Why a note is required (``note_needed``: a changed skill, or findings to accept), or None."""
    lead: tuple[tuple[str, str], ...] = ()
    """For a changed skill, (style, line) of what the change brings, first: new errors and warnings since the
    approved version, then new capabilities (``lead_lines``), or "nothing new to judge"."""


def approval_summary(
    plan: ApprovalPlan,
    review: ReviewState | None,
    diff: RenderableType | None,
    *,
    found: AuditChange | None = None,
    change: CapabilityChange | None = None,
) -> ApprovalSummary:
    """The dialog's summary of an ``ApprovalPlan`` and the skill's review state (``diff`` from ``changes_view``).

    For a changed skill it leads with the audit delta (``found``: what ``Workspace.compare`` kept, computed off
    the screen's thread) and the capability delta ``change`` (``capability_change`` of the audit's capabilities);
    nothing is scanned here.
    """
    entry = plan.entry
    directory = entry.directory or ""

    def relative(uri: str) -> str:
        return uri[len(directory) + 1 :] if directory and uri.startswith(directory + "/") else uri

    # Unlisted files get their own "not covered" rows; every other error and warning is listed.
    findings = tuple(
        (f.severity, f.message)
        for f in plan.audit.findings
        if f.severity in ("error", "warning") and f.id != "skillscope/unlisted-file"
    )
    changes = tuple((c.change, relative(c.uri)) for c in (review.changes if review is not None else ()))
    record = review.record if review is not None else None
    approved = record.fingerprint if changes and record is not None else None
    refusal = plan.reason if plan.refused in ("findings", "unlisted") else None
    lead: tuple[tuple[str, str], ...] = ()
    if changes and plan.report is not None and plan.report.verified:
        lead = tuple(lead_lines(found, change))
    return ApprovalSummary(
        plan.audit.counts,
        findings,
        tuple(relative(u) for u in plan.unlisted),
        refusal,
        changes,
        approved,
        diff if changes else None,
        note_needed(plan, review),
        lead,
    )


def _short(fingerprint: str | None) -> str:
    """A fingerprint cut to a prefix a person compares (the Changes tab shows it whole)."""
    return "—" if not fingerprint else fingerprint if len(fingerprint) <= 26 else fingerprint[:26] + "…"


def _summary_view(name: str, summary: ApprovalSummary) -> RenderableType:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column(overflow="fold", ratio=1)
    counts = summary.counts
    audit = Text()
    audit.append(f"{counts.get('error', 0)} error(s)", style=_SEVERITY["error"] if counts.get("error") else "green")
    audit.append(", ")
    audit.append(
        f"{counts.get('warning', 0)} warning(s)", style=_SEVERITY["warning"] if counts.get("warning") else "green"
    )
    audit.append(f", {counts.get('note', 0)} note(s)")
    if summary.lead:
        styles = {"error": "bold red", "warning": "yellow", "added": "bold yellow", "plain": ""}
        for index, (style, line) in enumerate(summary.lead[:_SHOWN]):
            grid.add_row(
                Text("new" if index == 0 else "", style="bold yellow"),
                inert_line(line, limit=300, style=styles[style]),
            )
        if len(summary.lead) > _SHOWN:
            grid.add_row("", Text(f"… {len(summary.lead) - _SHOWN} more (the Changes tab has them all)", style="dim"))
    grid.add_row("audit", audit)
    for severity, message in summary.findings[:_SHOWN]:
        for prefix in (f"{name}: ", f"{name} "):
            message = message.removeprefix(prefix)
        grid.add_row("", Text.assemble((f"{severity} ", _SEVERITY[severity]), inert_line(message, limit=300)))
    if len(summary.findings) > _SHOWN:
        grid.add_row("", Text(f"… {len(summary.findings) - _SHOWN} more in the Findings tab", style="dim"))
    for path in summary.unlisted[:_SHOWN]:
        grid.add_row(
            Text("not covered", style="bold red"),
            Text.assemble(inert_line(path, limit=200), (" is served but not in the file list", "dim")),
        )
    if len(summary.unlisted) > _SHOWN:
        grid.add_row("", Text(f"… {len(summary.unlisted) - _SHOWN} more files not covered", style="dim"))
    if summary.changes:
        grid.add_row(
            Text("changed", style="bold yellow"),
            Text.assemble("since the approval of ", (_short(summary.approved), "dim")),
        )
        for change, path in summary.changes[:_SHOWN]:
            grid.add_row("", Text.assemble((f"{change:<8}", _CHANGE.get(change, "")), inert_line(path, limit=200)))
        if len(summary.changes) > _SHOWN:
            grid.add_row("", Text(f"… {len(summary.changes) - _SHOWN} more changes (ctrl+g)", style="dim"))
    return grid


class ReviewDialog(ModalScreen[ReviewAnswer | None]):
    """Reviewer and note for approve, reject or revoke, after what the verdict covers; dismisses with a ``ReviewAnswer``.

    A bare Enter never records: it moves from the reviewer to the note. The Record button
    takes no focus, so no Enter can press it either.

    | Key | Action |
    | :- | :- |
    | ctrl+s | Record |
    | ctrl+g | Show the diff (a changed skill) |
    | escape | Cancel |
    """

    DEFAULT_CSS = """
    ReviewDialog .review-dialog {
        width: 84; max-width: 95%; height: auto; max-height: 100%;
        border: round $accent; background: $surface; padding: 0 1;
        overflow-y: auto;
    }
    ReviewDialog .review-field { height: auto; }
    ReviewDialog #reviewer-row { margin-top: 1; }
    ReviewDialog #review-title { text-style: bold; dock: top; background: $surface; }
    ReviewDialog #dialog-error { display: none; margin-top: 1; }
    ReviewDialog #dialog-error.shown { display: block; }
    ReviewDialog #dialog-keys { margin-top: 1; }
    ReviewDialog #accept { margin-top: 1; }
    ReviewDialog .field-label { width: 10; color: $text-muted; }
    ReviewDialog .review-field Input { width: 1fr; }
    ReviewDialog #approval-summary { height: auto; max-height: 25vh; margin-top: 1; }
    ReviewDialog .review-buttons {
        height: auto; margin-top: 1; align-horizontal: right; dock: bottom; background: $surface;
    }
    ReviewDialog .review-buttons Button { margin-left: 2; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "record", "Record", priority=True, tooltip="Record the verdict", id="record"),
        Binding("ctrl+g", "show_diff", "Diff", priority=True, tooltip="Show each changed file's diff", id="show-diff"),
        Binding("escape", "cancel", "Cancel", tooltip="Close without recording", id="cancel"),
    ]

    def __init__(
        self,
        action: str,
        name: str,
        fingerprint: str | None,
        reviewer: str,
        summary: ApprovalSummary | None = None,
        *,
        note_required: str | None = None,
    ) -> None:
        super().__init__()
        self._note_required = note_required  # a suppression always needs its reason, though it has no summary
        self._action = action
        self._skill_name = name
        self._fingerprint = fingerprint
        self._reviewer = reviewer
        self._summary = summary

    def compose(self) -> ComposeResult:
        summary = self._summary
        with Vertical(id="dialog", classes="review-dialog"):
            title = Text(f"{_VERB[self._action]} ", style="bold")
            title.append_text(inert_line(self._skill_name, style="bold", limit=200))
            yield Static(title, id="review-title")
            yield Static(Text(_EXPLAIN[self._action], style="dim"))
            yield Static(Text(self._fingerprint or "no fingerprint"), id="review-fingerprint")
            if summary is not None:
                with VerticalScroll(id="approval-summary"):
                    yield Static(_summary_view(self._skill_name, summary))
                if summary.refusal is not None:
                    # The refusal's reason is the summary above; the box says what ticking it means.
                    yield Checkbox(
                        "Approve anyway: I accept the findings above (the note says why)", id="accept", compact=True
                    )
            with Horizontal(classes="review-field", id="reviewer-row"):
                yield Static("Reviewer", classes="field-label")
                yield Input(self._reviewer, id="reviewer-input", compact=True)
            needed = summary.needs_note if summary is not None else self._note_required
            with Horizontal(classes="review-field"):
                yield Static("Note", classes="field-label")
                yield Input(
                    id="note-input",
                    compact=True,
                    placeholder=f"required: {needed}" if needed else "what you checked, or why not",
                )
            yield Static(id="dialog-error")
            keys = "ctrl+s records · " + (
                "ctrl+g shows the diff · " if summary is not None and summary.diff is not None else ""
            )
            yield Static(Text(keys + "enter moves on · esc cancels", style="dim"), id="dialog-keys")
            with Horizontal(classes="review-buttons"):
                record = Button(
                    _VERB[self._action],
                    variant="error" if self._action != "approve" else "success",
                    id="record",
                    compact=True,
                )
                record.can_focus = False  # an Enter meant for a field must never press it
                yield record
                if summary is not None and summary.diff is not None:
                    yield Button("Diff", id="diff", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#note-input", Input).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "show_diff":
            return self._summary is not None and self._summary.diff is not None
        return True

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_show_diff(self) -> None:
        if self._summary is not None and self._summary.diff is not None:
            self.app.push_screen(ChangesDialog(self._skill_name, self._summary.diff))

    def _error(self, words: str, style: str = "bold red") -> None:
        box = self.query_one("#dialog-error", Static)
        box.add_class("shown")
        show_error(box, Text(words, style=style))

    def action_record(self) -> None:
        reviewer = self.query_one("#reviewer-input", Input).value.strip()
        note = self.query_one("#note-input", Input).value
        accept = bool(self.query("#accept")) and self.query_one("#accept", Checkbox).value
        summary = self._summary
        if not reviewer:
            self._error("Say who reviews.")
            return
        if summary is not None and summary.refusal is not None and not accept:
            self._error("Refused as it stands: tick 'Approve anyway' to accept the findings, or cancel.")
            return
        needed = summary.needs_note if summary is not None else self._note_required
        if needed and not note.strip():
            self._error(f"A note is required: {needed}. Say what you checked.")
            self.query_one("#note-input", Input).focus()
            return
        self.dismiss(ReviewAnswer(reviewer, note, accept))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        # Enter never records: it moves on, and from the note it says how to record.
        event.stop()
        if event.input.id == "reviewer-input":
            self.query_one("#note-input", Input).focus()
        else:
            self._error(f"Press ctrl+s (or the {_VERB[self._action]} button) to record.", "yellow")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "record":
            self.action_record()
        elif event.button.id == "diff":
            self.action_show_diff()
        else:
            self.dismiss(None)


class ChangesDialog(ModalScreen[None]):
    """What changed since the approval, each file's diff included, over the approve dialog.

    | Key | Action |
    | :- | :- |
    | escape | Back to the dialog |
    """

    DEFAULT_CSS = """
    ChangesDialog { align: center middle; background: $background 60%; }
    ChangesDialog #changes-dialog { width: 95%; height: 90%; max-width: 140; }
    ChangesDialog #changes-scroll { height: 1fr; }
    ChangesDialog #changes-keys { width: 1fr; margin-top: 0; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,ctrl+g,q", "close", "Back", tooltip="Back to the approve dialog", id="close"),
    ]

    def __init__(self, name: str, diff: RenderableType) -> None:
        super().__init__()
        self._skill_name = name
        self._diff = diff

    def compose(self) -> ComposeResult:
        with Vertical(id="changes-dialog", classes="dialog"):
            title = Text("Changes of ", style="bold")
            title.append_text(inert_line(self._skill_name, style="bold", limit=200))
            yield Static(title, classes="dialog-title")
            with VerticalScroll(id="changes-scroll"):
                yield Static(self._diff, id="changes-diff")
            with Horizontal(classes="dialog-buttons"):
                yield Static(Text("esc returns to the dialog", style="dim"), id="changes-keys")
                yield Button("Back", id="back", compact=True)

    def on_mount(self) -> None:
        self.query_one("#changes-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)
