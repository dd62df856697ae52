"""The main screen's review work: open and verify, open by name, approve, reject, revoke, the ledger."""

from __future__ import annotations

import asyncio
from typing import Literal

from skillscope.audit.findings import AuditFinding
from skillscope.audit.run.results import SkillAudit
from skillscope.catalog.entry import CatalogEntry
from skillscope.core.errors import ApprovalRefused, SkillscopeError
from skillscope.core.offload import shared_child
from skillscope.ledger.core.values import Action
from skillscope.ledger.core.verdicts import ReviewState
from skillscope.service.capability_change import capability_change
from skillscope.service.ledgers import changed_files
from skillscope.service.review import Verdict, approval_plan, nothing_to_record, review_refusal
from skillscope.service.review_state import read_ledger
from skillscope.service.suppressions import record_suppression
from skillscope.service.workspace import SkillView
from skillscope.tui import heap
from skillscope.tui.dialogs.open_name import OpenNameDialog
from skillscope.tui.dialogs.review import ReviewAnswer, ReviewDialog, approval_summary
from skillscope.tui.notify import tell
from skillscope.tui.screens.ledger import LedgerScreen
from skillscope.tui.screens.main_state import MainState, cancelled_words
from skillscope.tui.widgets.evidence import changes_view
from skillscope.tui.widgets.finding_list import FindingList
from skillscope.verify.opener import Failure, SkillReport

__all__ = ["ReviewWork"]

_VERB = {"approve": "Approved", "reject": "Rejected", "revoke": "Revoked"}


class ReviewWork(MainState):
    """Reading only what is asked for, showing content only once it verified, and recording verdicts."""

    def _view(self, server: str, name: str) -> SkillView | None:
        return self.workspace.view(server, name)

    def _open(self, server: str, name: str, path: str | None) -> None:
        view = self._view(server, name)
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
        self.run_worker(
            self._read(server, view, path), name=f"open {name}", group="open", exclusive=True, exit_on_error=False
        )

    async def _read(self, server: str, view: SkillView, path: str | None, *, all_files: bool = False) -> SkillReport:
        """Read and verify SKILL.md, then ``path`` (or every file); show the outcome. Returns the report."""
        session = self.sessions[server]
        session.connection()  # not connected: said before the skill is marked as opening
        previous = view.phase
        if view.phase not in ("verified", "unverified"):
            view.phase = "opening"
        self.catalog_tree.refresh_skill(server, view.name)
        self._progress(server, view, f"Reading and verifying SKILL.md of {view.name}")
        try:
            paths = [view.request_path(path)] if path else []
            report = await session.read(
                view.entry, paths, all_files=all_files, say=lambda words: self._progress(server, view, words)
            )
        except BaseException:
            view.phase = previous
            raise
        finally:
            self.catalog_tree.refresh_skill(server, view.name)
            if self.detail.shown in (None, (server, view.name)):
                self.detail.set_progress(None)
        self._apply_report(server, view, report)
        if self._skill == (server, view.name):
            tab = "failure" if report.failure is not None else ("file" if path else "skill-md")
            self.detail.show_skill(server, view, activate=tab, file=path if report.failure is None else None)
        if report.failure is not None:
            tell(self, _failure_words(view.name, report.failure), title=report.failure.heading, severity="error")
        return report

    def _apply_report(self, server: str, view: SkillView, report: SkillReport, *, compare: bool = True) -> None:
        """Keep what an open (or an audit) found (the workspace's rule: content only when it verified); redraw its row.

        Without ``compare`` the caller compares with the approved version itself (an approval awaits it).
        """
        self.workspace.apply_report(view, report)
        self.catalog_tree.refresh_skill(server, view.name)
        if view.comparing and compare:  # the approved bytes are audited again in the audit's child process, not here
            self._progress(server, view, f"Comparing {view.name} with its approved version")
            self.run_worker(self._compare(server, view), name=f"compare {view.name}", exit_on_error=False)

    async def _compare(self, server: str, view: SkillView) -> None:
        """Find what the change of an audited skill brought, then show it (``Workspace.compare``)."""
        try:
            kept = await self.workspace.compare(view, shared_child())
        finally:
            if self.detail.shown in (None, (server, view.name)):
                self.detail.set_progress(None)
        if kept and self.detail.shown == (server, view.name):
            self.detail.show_skill(server, view)

    def action_diff(self) -> None:
        target = self._review_target("diff")
        if target is None:
            return
        server, view = target
        if view.review is None or not view.review.changes:
            tell(self, f"{view.name} has not changed since an approval: there is nothing to diff.", severity="warning")
            return
        self.run_worker(
            self._show_diff(server, view), name=f"diff {view.name}", group="open", exclusive=True, exit_on_error=False
        )

    async def _show_diff(self, server: str, view: SkillView) -> None:
        report = await self._read(server, view, None, all_files=True)
        if report.verified and self._skill == (server, view.name):
            self.detail.show_skill(server, view, activate="changes")

    def _progress(self, server: str, view: SkillView, words: str) -> None:
        if self.detail.shown in (None, (server, view.name)):
            self.detail.set_progress(words)

    def _redraw_current(self) -> None:
        if self._skill is not None:
            view = self._view(*self._skill)
            if view is not None:
                self.detail.show_skill(self._skill[0], view)

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
        session = self.sessions[server]
        self.detail.set_progress(f"Resolving {name}")
        try:
            entry = await session.resolve(name)
        finally:
            self.detail.set_progress(None)
        views = self.views.setdefault(server, {})
        view = views.get(entry.name)
        if view is None:
            view = views[entry.name] = self.workspace.view_of(entry)
            view.by_name = True
            self.catalog_tree.show_server(session, views)
        self._server, self._skill = server, (server, entry.name)
        self.catalog_tree.reveal(server, entry.name)
        self.detail.show_skill(server, view)
        if view.phase not in ("verified", "unverified"):
            await self._read(server, view, None)
        else:
            self.detail.show_skill(server, view, activate="skill-md")

    def _review_target(self, action: Action | Literal["diff"]) -> tuple[str, SkillView] | None:
        if self._skill is None or self._view(*self._skill) is None:
            tell(self, "Select a skill in the catalog first.", severity="warning")
            return None
        view = self._view(*self._skill)
        assert view is not None
        refusal = review_refusal(view.entry, action)
        if refusal is not None:
            tell(self, f"{refusal}.", severity="error" if view.usable else "warning")
            return None
        return self._skill[0], view

    def _ask_review(self, action: Literal["approve", "reject", "revoke"]) -> None:
        target = self._review_target(action)
        if target is None:
            return
        server, view = target
        # The rule every front end applies (``record_review`` enforces it again): a record that changes no verdict is
        # refused before anything is read or asked.
        pointless = nothing_to_record(self.ledger.verdicts, action, view.entry)
        if pointless is not None:
            tell(self, f"{pointless}.", title="Nothing to record", severity="warning")
            return
        if action == "approve":
            # The dialog comes after the audit: it shows what would be recorded, and records exactly that.
            self.run_worker(
                self._prepare_approval(server, view),
                name=f"approve {view.name}",
                group="review",
                exclusive=True,
                exit_on_error=False,
            )
            return
        self._ask_then(
            ReviewDialog(action, view.name, view.entry.fingerprint, self._reviewer or ""),
            lambda answer: self._verdict(action, server, view, answer),
            name=f"{action} {view.name}",
            cancelled=cancelled_words(action, view.name),
        )

    def action_approve(self) -> None:
        self._ask_review("approve")

    def action_reject(self) -> None:
        self._ask_review("reject")

    def action_revoke(self) -> None:
        self._ask_review("revoke")

    async def _prepare_approval(self, server: str, view: SkillView) -> None:
        """Read, verify and audit every file (the one audit every front end approves from), then show the dialog."""
        audit = await self._audit(server, view, tab="failure", approval=True)
        plan = approval_plan(audit)
        if plan.refused in ("unverified", "fingerprint"):
            raise ApprovalRefused(plan.reason or plan.refused)
        review = view.review  # the state this approval follows: a changed skill needs a note
        changed = review if review is not None and review.changes else None
        diff = None
        if changed is not None and self.ledger.objects is not None and plan.report is not None:
            current = {r.uri: r.served.data for r in plan.report.files if r.served is not None}
            diff = changes_view(
                view.entry, changed, changed_files(self.ledger.objects, view.entry, changed.changes, current)
            )
        elif changed is not None:
            diff = changes_view(view.entry, changed)
        if view.comparing and view.audit is audit:
            # What the change brought: the approved bytes are audited again in the audit's child, not on this thread.
            self._progress(server, view, f"Comparing {view.name} with its approved version")
            await self._compare(server, view)
        found = view.audit_change if view.audit is audit else None
        summary = approval_summary(
            plan, review, diff, found=found, change=capability_change(review, audit.capabilities)
        )
        self._ask_then(
            ReviewDialog("approve", view.name, view.entry.fingerprint, self._reviewer or "", summary),
            lambda answer: self._approve(server, view, audit, review, answer),
            name=f"approve {view.name}",
            cancelled=cancelled_words("approve", view.name),
        )

    async def _approve(
        self, server: str, view: SkillView, audit: SkillAudit, review: ReviewState | None, answer: ReviewAnswer
    ) -> None:
        """Record the approval of exactly what was audited and shown (every rule: ``record_review``)."""
        verdict = Verdict(answer.reviewer, answer.note, answer.accept_findings, pinned=view.entry.fingerprint)
        await self._keep(server, view, "approve", audit, verdict, review)

    async def _verdict(self, action: Action, server: str, view: SkillView, answer: ReviewAnswer) -> None:
        """Record a rejection or revocation of the entry as shown (reads no file)."""
        await self._keep(server, view, action, view.entry, Verdict(answer.reviewer, answer.note))

    async def _keep(
        self,
        server: str,
        view: SkillView,
        action: Action,
        skill: SkillAudit | CatalogEntry,
        verdict: Verdict,
        review: ReviewState | None = None,
    ) -> None:
        """Record the verdict through the service (the rules the CLI applies), then read the ledger again."""
        saved = await asyncio.to_thread(self.workspace.record, server, action, skill, verdict, review)
        await self._read_ledger()
        fingerprint = saved.fingerprint or "no fingerprint"
        tell(self, f"{_VERB[action]} {view.name} ({fingerprint}); record #{saved.seq}", title=_VERB[action])

    async def _read_ledger(self) -> None:
        place = self.workspace.place
        self.workspace.use_ledger(await asyncio.to_thread(read_ledger, place.path, place.trust))
        for label, views in self.views.items():
            for name in views:
                self.catalog_tree.refresh_skill(label, name)
        self._redraw_current()
        heap.settle()  # the ledger's verdicts live until it is read again

    def action_audit(self) -> None:
        if self._skill is None or self._view(*self._skill) is None:
            tell(self, "Select a skill in the catalog first.", severity="warning")
            return
        server, name = self._skill
        view = self._view(server, name)
        assert view is not None
        if view.entry.status == "malformed":
            tell(self, f"{name} is malformed: there is nothing to read ({view.entry.rule}).", severity="warning")
            return
        self.run_worker(
            self._audit(server, view), name=f"audit {name}", group="open", exclusive=True, exit_on_error=False
        )

    async def _audit(
        self, server: str, view: SkillView, *, tab: Literal["findings", "failure"] = "findings", approval: bool = False
    ) -> SkillAudit:
        """Audit one skill as ``skillscope audit`` does (reads and verifies every file) and show its findings.

        With ``approval``, the audit ``skillscope approve`` runs (the same service function). Findings
        the trusted suppressions name are left out, as ``skillscope audit`` does. With
        ``tab="failure"`` the detail pane moves only when something failed to verify.
        """
        session = self.sessions[server]
        self._progress(server, view, f"Auditing {view.name}: reading and verifying every file")
        try:
            # The scans run in a child process: a scanning thread would hold the interpreter lock for as long
            # as each pattern runs over a large file, and keys would wait for it.
            audited = await session.audit(
                view.entry, self.place, self.ledger.verdicts, approval=approval, scan_in=shared_child()
            )
        finally:
            if self.detail.shown in (None, (server, view.name)):
                self.detail.set_progress(None)
        audit = view.audit = audited.audit
        if audited.warning is not None:
            tell(self, audited.warning, severity="warning")
        report = audit.report
        if report is not None and view.entry.status == "available":
            self._apply_report(server, view, report, compare=not approval)
        failure = report.failure if report is not None else None
        if self._skill == (server, view.name) and (tab == "findings" or failure is not None):
            self.detail.show_skill(server, view, activate=tab)
        if failure is not None and tab == "failure":
            tell(self, _failure_words(view.name, failure), title=failure.heading, severity="error")
        return audit

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
        self._ask_then(
            ReviewDialog(
                "suppress",
                f"{finding.id} in {view.name}",
                finding.key,
                self._reviewer or "",
                note_required="say why this finding is accepted",
            ),
            lambda answer: self._suppress(server, view, finding, answer),
            name=f"suppress {finding.key}",
            cancelled=cancelled_words("suppress", f"{finding.id} in {view.name}"),
        )

    async def _suppress(self, server: str, view: SkillView, finding: AuditFinding, answer: ReviewAnswer) -> None:
        assert finding.key is not None  # action_suppress offers only keyed findings
        try:
            path, _ = await asyncio.to_thread(
                record_suppression,
                self.settings.ledger_path,
                self.settings.trust,
                finding.key,
                answer.note,
                reviewer=answer.reviewer,
                expires=None,
            )
        except SkillscopeError as exc:
            tell(self, f"Not suppressed: {exc.message}", title="Suppress", severity="error")
            return
        if view.audit is not None:
            view.audit.findings = [f for f in view.audit.findings if f.key != finding.key]
        if self.detail.shown == (server, view.name):
            self.detail.query_one("#findings-list", FindingList).shown_for = None  # the same audit, fewer findings
            self.detail.show_skill(server, view, activate="findings")
        tell(self, f"Suppressed {finding.id} in {view.name}; recorded in {path}", title="Suppress")

    def action_ledger(self) -> None:
        self.app.push_screen(LedgerScreen(self.ledger), self._reread_ledger)

    def _reread_ledger(self, _closed: object) -> None:
        """Read the ledger again once its screen closes: a repair or an import there may have changed it."""
        self.run_worker(self._read_ledger(), group="ledger", exit_on_error=False)


def _failure_words(name: str, failure: Failure) -> str:
    """The notification for a skill that did not open: bytes that differed, or a read that brought none."""
    if failure.unreadable:
        return f"{name}: a file could not be read ({failure.actual}): nothing of it is shown"
    return f"{name} did not verify ({failure.check} check): nothing of it is shown"
