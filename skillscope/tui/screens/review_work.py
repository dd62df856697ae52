"""The main screen's review work: open and verify, open by name, approve, reject, revoke, the ledger."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Literal

from skillscope.core.errors import ApprovalRefused, ConnectionFailed
from skillscope.service.review_state import read_ledger
from skillscope.tui.dialogs.open_name import OpenNameDialog
from skillscope.tui.dialogs.review import ReviewAnswer, ReviewDialog, approval_summary
from skillscope.tui.notify import tell
from skillscope.tui.screens.ledger import LedgerScreen
from skillscope.tui.screens.main_state import MainState
from skillscope.tui.servers import ProgressReader
from skillscope.tui.view_model import SkillView

if TYPE_CHECKING:
    from skillscope.audit.run import SkillAudit
    from skillscope.protocol.connection import Connection

__all__ = ["ReviewWork"]

_VERB = {"approve": "Approved", "reject": "Rejected", "revoke": "Revoked"}


class ReviewWork(MainState):
    """Reading only what is asked for, showing content only once it verified, and recording verdicts."""

    def _view(self, server: str, name: str) -> SkillView | None:
        return self.views.get(server, {}).get(name)

    def _conn(self, server: str) -> Connection:
        session = self.sessions.get(server)
        if session is None or session.conn is None:
            raise ConnectionFailed(f"{server} is not connected (press c to connect again)")
        return session.conn

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

    async def _read(self, server: str, view: SkillView, path: str | None, *, all_files: bool = False) -> object:
        """Read and verify SKILL.md, then ``path`` (or every file); show the outcome. Returns the report."""
        from skillscope.verify.opener import open_skill

        conn = self._conn(server)
        session = self.sessions[server]
        previous = view.phase
        if view.phase not in ("verified", "unverified"):
            view.phase = "opening"
        self.catalog_tree.refresh_skill(server, view.name)
        total = len(view.entry.files or ()) if all_files else (2 if path else 1)
        reader = ProgressReader(conn, view.entry, lambda words: self._progress(server, view, words), total=total)
        self._progress(server, view, f"Reading and verifying SKILL.md of {view.name}")
        try:
            paths = [view.request_path(path)] if path else []
            report = await open_skill(reader, view.entry, paths=paths, all_files=all_files, policy=session.policy)
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
            tell(
                self,
                f"{view.name} did not verify ({report.failure.check} check): nothing of it is shown",
                title="Verification failed",
                severity="error",
            )
        return report

    def _apply_report(self, server: str, view: SkillView, report: Any) -> None:
        """Keep what an open (or an audit) found: content only when everything read verified."""
        view.report = report
        if report.failure is not None:
            view.phase = "failed"
            view.forget_content()
        else:
            view.phase = "unverified" if view.entry.dynamic else "verified"
            for result in report.files:
                if result.served is not None:
                    view.opened[result.path] = result
            self._diff_view(view)
        self.catalog_tree.refresh_skill(server, view.name)

    def _diff_view(self, view: SkillView) -> None:
        """Diff the changed files that were read and verified against the approved bytes."""
        from skillscope.ledger import skill_diffs

        review, objects = view.review, self.ledger.objects
        if review is None or not review.changes or objects is None or len(view.opened) <= 1:
            return
        current = {result.uri: result.served.data for result in view.opened.values() if result.served is not None}
        view.diffs = skill_diffs(objects, view.entry, review.changes, current)

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
        if report.verified and self._skill == (server, view.name):  # type: ignore[attr-defined]
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
        self.app.push_screen(OpenNameDialog(connected, self._server), self._name_chosen)

    def _name_chosen(self, choice: tuple[str, str] | None) -> None:
        if choice is not None:
            self.run_worker(
                self._open_by_name(*choice), name="open by name", group="open", exclusive=True, exit_on_error=False
            )

    async def _open_by_name(self, server: str, name: str) -> None:
        """Resolve a name (skills/get when the listing lacks it), show it in the tree and open it."""
        from skillscope.catalog.listing import Listing
        from skillscope.service.catalog import resolve_name

        session = self.sessions[server]
        conn = self._conn(server)
        self.detail.set_progress(f"Resolving {name}")
        try:
            entry = await resolve_name(conn, session.listing or Listing(), name, session.policy)
        finally:
            self.detail.set_progress(None)
        views = self.views.setdefault(server, {})
        view = views.get(entry.name)
        if view is None:
            view = views[entry.name] = self._view_of(entry)
            view.by_name = True
            self.catalog_tree.show_server(session, views)
        self._server, self._skill = server, (server, entry.name)
        self.catalog_tree.reveal(server, entry.name)
        self.detail.show_skill(server, view)
        if view.phase not in ("verified", "unverified"):
            await self._read(server, view, None)
        else:
            self.detail.show_skill(server, view, activate="skill-md")

    def _review_target(self, action: str) -> tuple[str, SkillView] | None:
        from skillscope.service.approvals import review_refusal

        if self._skill is None or self._view(*self._skill) is None:
            tell(self, "Select a skill in the catalog first.", severity="warning")
            return None
        view = self._view(*self._skill)
        assert view is not None
        refusal = review_refusal(view.entry, action)  # type: ignore[arg-type]
        if refusal is not None:
            tell(self, f"{refusal}.", severity="error" if view.usable else "warning")
            return None
        return self._skill[0], view

    def _ask_review(self, action: str) -> None:
        target = self._review_target(action)
        if target is None:
            return
        server, view = target
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

        def chosen(answer: ReviewAnswer | None) -> None:
            if answer is not None:
                self.run_worker(
                    self._verdict(action, server, view, answer),
                    name=f"{action} {view.name}",
                    group="review",
                    exclusive=True,
                    exit_on_error=False,
                )

        self.app.push_screen(ReviewDialog(action, view.name, view.entry.fingerprint, self._reviewer or ""), chosen)

    def action_approve(self) -> None:
        self._ask_review("approve")

    def action_reject(self) -> None:
        self._ask_review("reject")

    def action_revoke(self) -> None:
        self._ask_review("revoke")

    async def _prepare_approval(self, server: str, view: SkillView) -> None:
        """Read, verify and audit every file (the one audit every front end approves from), then show the dialog."""
        from skillscope.service.approvals import approval_plan
        from skillscope.tui.widgets.evidence import changes_view

        audit = await self._audit(server, view, tab="failure", approval=True)
        plan = approval_plan(audit)
        if plan.refused in ("unverified", "fingerprint"):
            raise ApprovalRefused(plan.reason or plan.refused)
        review = view.review if view.review is not None and view.review.changes else None
        diff = None
        if review is not None and self.ledger.objects is not None and plan.report is not None:
            from skillscope.ledger import skill_diffs

            current = {r.uri: r.served.data for r in plan.report.files if r.served is not None}
            diff = changes_view(
                view.entry, review, skill_diffs(self.ledger.objects, view.entry, review.changes, current)
            )
        elif review is not None:
            diff = changes_view(view.entry, review)
        summary = approval_summary(plan, review, diff)

        def chosen(answer: ReviewAnswer | None) -> None:
            if answer is not None:
                self.run_worker(
                    self._approve(server, view, audit, answer),
                    name=f"approve {view.name}",
                    group="review",
                    exclusive=True,
                    exit_on_error=False,
                )

        self.app.push_screen(
            ReviewDialog("approve", view.name, view.entry.fingerprint, self._reviewer or "", summary), chosen
        )

    async def _approve(self, server: str, view: SkillView, audit: SkillAudit, answer: ReviewAnswer) -> None:
        """Record the approval of exactly what was audited and shown, signed, and keep its bytes."""
        from skillscope.service.approvals import approval_plan

        plan = approval_plan(audit, accept_findings=answer.accept_findings)
        if plan.refused is not None:
            raise ApprovalRefused(plan.reason or plan.refused)
        info = self._info(server)
        await self._keep(
            view, "approve", plan.record(info, reviewer=answer.reviewer, note=answer.note), plan.contents()
        )

    async def _verdict(self, action: str, server: str, view: SkillView, answer: ReviewAnswer) -> None:
        """Record a rejection or revocation of the entry as shown (reads no file)."""
        from skillscope.service.approvals import verdict_record

        record = verdict_record(action, self._info(server), view.entry, reviewer=answer.reviewer, note=answer.note)  # type: ignore[arg-type]
        await self._keep(view, action, record, {})

    def _info(self, server: str) -> Any:
        info = self.sessions[server].info
        if info is None:
            raise ConnectionFailed(f"{server} has not connected yet")
        return info

    async def _keep(self, view: SkillView, action: str, record: Any, contents: dict[str, bytes]) -> None:
        from skillscope.ledger import ReviewBook

        book = ReviewBook(self.settings.ledger_path, signing_key=self.settings.signing_key)
        saved = await asyncio.to_thread(book.record, record, contents)
        await self._read_ledger()
        fingerprint = saved.fingerprint or "no fingerprint"
        tell(self, f"{_VERB[action]} {view.name} ({fingerprint}); record #{saved.seq}", title=_VERB[action])

    async def _read_ledger(self) -> None:
        from skillscope.audit.run.integrity import judge_review_again

        self.ledger = await asyncio.to_thread(read_ledger, self.settings.ledger_path, self.settings.trust)
        for label, views in self.views.items():
            for name, view in views.items():
                view.review = self.ledger.review(view.entry)
                view.history = self.ledger.history.get(name, [])
                if view.audit is not None and self.ledger.verdicts is not None:
                    # The Findings tab must not keep saying "not reviewed" after a verdict was recorded.
                    judge_review_again(view.audit, self.ledger.verdicts, label)
                self.catalog_tree.refresh_skill(label, name)
        self._redraw_current()

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

        With ``approval``, the audit ``skillscope approve`` runs (the same service function). With
        ``tab="failure"`` the detail pane moves only when something failed to verify.
        """
        from skillscope.audit.run import audit_skill
        from skillscope.service.approvals import audit_for_approval

        conn = self._conn(server)
        session = self.sessions[server]
        self._progress(server, view, f"Auditing {view.name}: reading and verifying every file")
        run = audit_for_approval if approval else audit_skill
        try:
            audit = view.audit = await run(conn, view.entry, session.policy, self.ledger.verdicts)
        finally:
            if self.detail.shown in (None, (server, view.name)):
                self.detail.set_progress(None)
        await self._leave_out_suppressed(server, audit)
        report = audit.report
        if report is not None and view.entry.status == "available":
            self._apply_report(server, view, report)
        failure = report.failure if report is not None else None
        if self._skill == (server, view.name) and (tab == "findings" or failure is not None):
            self.detail.show_skill(server, view, activate=tab)
        if failure is not None and tab == "failure":
            tell(
                self,
                f"{view.name} did not verify ({failure.check} check): nothing of it is shown",
                title="Verification failed",
                severity="error",
            )
        return audit

    async def _leave_out_suppressed(self, server: str, audit: SkillAudit) -> None:
        """Leave out the findings the trusted suppressions beside the ledger name, as ``skillscope audit`` does."""
        from skillscope.core.errors import SkillscopeError
        from skillscope.service.suppressions import load_suppressions, suppress_in_skill, today_utc

        try:
            found = await asyncio.to_thread(load_suppressions, self.settings.ledger_path, self.settings.trust)
        except SkillscopeError as exc:
            tell(self, f"Suppressions not applied: {exc.message}", severity="warning")
            return
        suppress_in_skill(audit, server, found, today_utc())

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

        def chosen(answer: ReviewAnswer | None) -> None:
            if answer is not None:
                self.run_worker(
                    self._suppress(server, view, finding, answer),
                    name=f"suppress {finding.key}",
                    group="review",
                    exclusive=True,
                    exit_on_error=False,
                )

        self.app.push_screen(
            ReviewDialog(
                "suppress",
                f"{finding.id} in {view.name}",
                finding.key,
                self._reviewer or "",
                note_required="say why this finding is accepted",
            ),
            chosen,
        )

    async def _suppress(self, server: str, view: SkillView, finding: Any, answer: ReviewAnswer) -> None:
        from skillscope.core.errors import SkillscopeError
        from skillscope.service.suppressions import record_suppression

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
            self.detail.query_one("#findings-list").shown_for = None  # type: ignore[attr-defined]  # the same audit, fewer findings
            self.detail.show_skill(server, view, activate="findings")
        tell(self, f"Suppressed {finding.id} in {view.name}; recorded in {path}", title="Suppress")

    def action_ledger(self) -> None:
        self.app.push_screen(LedgerScreen(self.ledger), self._reread_ledger)

    def _reread_ledger(self, _closed: object) -> None:
        """Read the ledger again once its screen closes: a repair or an import there may have changed it."""
        self.run_worker(self._read_ledger(), group="ledger", exit_on_error=False)
