"""Reading a skill only when asked, auditing it, and recording verdicts and suppressions; the ledger as read."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from skillscope.core.errors import ApprovalRefused
from skillscope.core.offload import Offload, shared_child
from skillscope.ledger.core.values import Action, ReviewState
from skillscope.service.audit_change import AuditChange
from skillscope.service.capability_change import CapabilityChange, capability_change
from skillscope.service.ledgers import changed_files
from skillscope.service.review import (
    ApprovalPlan,
    AuditedSkill,
    Verdict,
    approval_plan,
    nothing_to_record,
    review_refusal,
    reviewer_by_default,
)
from skillscope.service.review_state import read_ledger
from skillscope.service.suppressions import record_suppression
from skillscope.service.workspace import Phase, SkillView, Workspace
from skillscope.tui import heap
from skillscope.tui.controllers.declined import Declined
from skillscope.verify.opener import Failure, SkillReport

__all__ = ["VERB", "Approval", "Recorded", "ReviewController", "cancelled_words", "failure_words"]

VERB = {"approve": "Approved", "reject": "Rejected", "revoke": "Revoked"}
"""The title of the notification a recorded verdict brings."""
_NOUN = {"approve": "Approval", "reject": "Rejection", "revoke": "Revocation", "suppress": "Suppression"}

ReviewKey = Literal["approve", "reject", "revoke"]


def cancelled_words(action: str, name: str) -> str:
    """What a cancelled review dialog says: which verdict was not recorded, for what."""
    return f"{_NOUN[action]} of {name} cancelled: nothing was recorded."


def failure_words(name: str, failure: Failure) -> str:
    """The notification for a skill that did not open: bytes that differed, or a read that brought none."""
    if failure.unreadable:
        return f"{name}: a file could not be read ({failure.actual}): nothing of it is shown"
    return f"{name} did not verify ({failure.check} check): nothing of it is shown"


@dataclass(frozen=True)
class Recorded:
    """A verdict as appended to the ledger: what the notification names."""

    seq: int
    fingerprint: str | None


@dataclass(frozen=True)
class Approval:
    """An approval ready to be asked about: exactly what was audited, and what the dialog shows of it."""

    server: str
    view: SkillView
    audited: AuditedSkill
    """The audit the approval records (``approve`` pins it, whatever is audited after)."""
    plan: ApprovalPlan
    review: ReviewState | None
    """The review state this approval follows (a changed skill needs a note)."""
    diffs: list[object] | None
    """For a changed skill whose approved bytes the store keeps: each changed file's diff; else None."""
    capabilities: CapabilityChange | None
    """How what the skill can do differs from what its approval pinned."""

    @property
    def changed(self) -> bool:
        """True when the skill changed since an approval."""
        return self.review is not None and bool(self.review.changes)

    @property
    def found(self) -> AuditChange | None:
        """What the change brought to the audit, once ``ReviewController.compare`` kept it for this audit."""
        return self.view.audit_change if self.view.audit is self.audited.audit else None


class ReviewController:
    """Each skill as the reviewer opened, audited and judged it (``Workspace``), and the verdicts recorded on it.

    Audits scan in ``scan_in`` (by default the app's shared child process: a scanning thread would hold
    the interpreter lock for as long as a pattern runs over a large file, and keys would wait for it).
    """

    def __init__(self, workspace: Workspace, *, scan_in: Offload | None = None) -> None:
        self.workspace = workspace
        self._scan_in = scan_in
        self.reviewer: str | None = None
        """The reviewer's name the dialogs offer (the config's, else this machine's default once read)."""

    async def know_reviewer(self) -> str:
        """The reviewer the dialogs offer: the one given, else this machine's (read once, in a thread: it runs git)."""
        if self.reviewer is None:
            self.reviewer = await asyncio.to_thread(reviewer_by_default)
        return self.reviewer

    def _offload(self) -> Offload:
        return self._scan_in if self._scan_in is not None else shared_child()

    def view(self, server: str, name: str) -> SkillView | None:
        """The skill ``name`` of ``server`` as the reviewer has it."""
        return self.workspace.view(server, name)

    def selected(self, skill: tuple[str, str] | None) -> SkillView:
        """The view of the selected skill.

        Raises:
            Declined: no skill is selected (or it left the catalog).
        """
        view = self.view(*skill) if skill is not None else None
        if view is None:
            raise Declined("Select a skill in the catalog first.")
        return view

    # -- reading ----------------------------------------------------------------------------------

    def begin_read(self, server: str, view: SkillView) -> Phase:
        """Mark the skill as being opened (unless its content is at hand); returns the phase to go back to.

        Raises:
            ConnectionFailed: the server is not connected (nothing is marked).
        """
        self.workspace.sessions[server].connection()
        previous = view.phase
        if view.phase not in ("verified", "unverified"):
            view.phase = "opening"
        return previous

    async def read(
        self,
        server: str,
        view: SkillView,
        path: str | None,
        previous: Phase,
        *,
        all_files: bool = False,
        say: Callable[[str], None] = lambda _words: None,
    ) -> SkillReport:
        """Read and verify SKILL.md, then ``path`` (or every file); keep what verified (``begin_read`` first).

        A read that raises leaves the skill in ``previous``; one that completes sets its phase from the report.
        """
        try:
            paths = [view.request_path(path)] if path else []
            report = await self.workspace.sessions[server].read(view.entry, paths, all_files=all_files, say=say)
        except BaseException:
            view.phase = previous
            raise
        self.workspace.apply_report(view, report)
        return report

    async def compare(self, view: SkillView) -> bool:
        """Find what the change of an audited skill brought (``Workspace.compare``); True when it was kept."""
        return await self.workspace.compare(view, self._offload())

    async def resolve(self, server: str, name: str) -> tuple[SkillView, bool]:
        """The skill called ``name`` (skills/get when the listing lacks it); True when it was new to the server's
        views (kept as opened by name: a new listing keeps it)."""
        entry = await self.workspace.sessions[server].resolve(name)
        views = self.workspace.views.setdefault(server, {})
        view = views.get(entry.name)
        if view is not None:
            return view, False
        view = views[entry.name] = self.workspace.view_of(entry)
        view.by_name = True
        return view, True

    def diffable(self, skill: tuple[str, str] | None) -> tuple[str, SkillView]:
        """The selected skill, when it changed since an approval.

        Raises:
            Declined: nothing selected, or nothing to diff.
        """
        server, view = self.target(skill, "diff")
        if view.review is None or not view.review.changes:
            raise Declined(f"{view.name} has not changed since an approval: there is nothing to diff.")
        return server, view

    # -- auditing ---------------------------------------------------------------------------------

    def auditable(self, skill: tuple[str, str] | None) -> tuple[str, SkillView]:
        """The selected skill, when there is something to read.

        Raises:
            Declined: nothing selected, or a malformed entry.
        """
        view = self.selected(skill)
        assert skill is not None
        if view.entry.status == "malformed":
            raise Declined(f"{view.name} is malformed: there is nothing to read ({view.entry.rule}).")
        return skill[0], view

    async def audit(self, server: str, view: SkillView, *, approval: bool = False) -> AuditedSkill:
        """Audit one skill as ``skillscope audit`` does (with ``approval``, as ``skillscope approve`` does).

        Reads and verifies every file; findings the trusted suppressions name are left out. Keeps the
        audit in ``view.audit`` and, for an available skill, its report as an open's (``apply_report``).
        """
        session = self.workspace.sessions[server]
        audited = await session.audit(
            view.entry, self.workspace.place, self.workspace.ledger.verdicts, approval=approval, scan_in=self._offload()
        )
        view.audit = audited.audit
        report = audited.audit.report
        if report is not None and view.entry.status == "available":
            self.workspace.apply_report(view, report)
        return audited

    # -- verdicts ---------------------------------------------------------------------------------

    def target(self, skill: tuple[str, str] | None, action: Action | Literal["diff"]) -> tuple[str, SkillView]:
        """The selected skill, when ``action`` can be had for it before anything is read.

        Raises:
            Declined: nothing selected, or the service's rule refuses it (``review_refusal``).
        """
        view = self.selected(skill)
        assert skill is not None
        refusal = review_refusal(view.entry, action)
        if refusal is not None:
            raise Declined(f"{refusal}.", severity="error" if view.usable else "warning")
        return skill[0], view

    def reviewable(self, skill: tuple[str, str] | None, action: ReviewKey) -> tuple[str, SkillView]:
        """``target``, and the rule every front end applies (``record_review`` enforces it again): a record
        that changes no verdict is refused before anything is read or asked.

        Raises:
            Declined: as ``target``, or nothing to record.
        """
        server, view = self.target(skill, action)
        pointless = nothing_to_record(self.workspace.ledger.verdicts, action, view.entry)
        if pointless is not None:
            raise Declined(f"{pointless}.", title="Nothing to record")
        return server, view

    def plan(self, audited: AuditedSkill) -> ApprovalPlan:
        """The approval rules applied to ``audited``; one the dialog may still show (findings to accept) is returned.

        Raises:
            ApprovalRefused: something did not verify, or the fingerprint is not the one listed.
        """
        plan = approval_plan(audited.audit)
        if plan.refused in ("unverified", "fingerprint"):
            raise ApprovalRefused(plan.reason or plan.refused)
        return plan

    def approval(self, server: str, view: SkillView, audited: AuditedSkill, plan: ApprovalPlan) -> Approval:
        """What approving the skill as ``audited`` would record, for the dialog to show (``plan`` first; then
        ``compare`` when the view is ``comparing``, so that the dialog leads with what the change brought)."""
        audit = audited.audit
        review = view.review
        objects = self.workspace.ledger.objects
        diffs: list[object] | None = None
        if review is not None and review.changes and objects is not None and plan.report is not None:
            current = {r.uri: r.served.data for r in plan.report.files if r.served is not None}
            diffs = list(changed_files(objects, view.entry, review.changes, current))
        return Approval(server, view, audited, plan, review, diffs, capability_change(review, audit.capabilities))

    async def approve(self, approval: Approval, reviewer: str, note: str, accept_findings: bool) -> Recorded:
        """Record the approval of exactly what was audited and shown (every rule: ``record_review``), then read
        the ledger again."""
        verdict = Verdict(reviewer, note, accept_findings, pinned=approval.view.entry.fingerprint)
        saved = await asyncio.to_thread(
            self.workspace.record, approval.server, "approve", approval.audited.audit, verdict, approval.review
        )
        await self.read_ledger()
        return Recorded(saved.seq, saved.fingerprint)

    async def judge(self, action: Action, server: str, view: SkillView, reviewer: str, note: str) -> Recorded:
        """Record a rejection or revocation of the entry as shown (reads no file), then read the ledger again."""
        saved = await asyncio.to_thread(self.workspace.record, server, action, view.entry, Verdict(reviewer, note))
        await self.read_ledger()
        return Recorded(saved.seq, saved.fingerprint)

    async def read_ledger(self) -> None:
        """Read the ledger again (in a thread) and judge every skill by it."""
        place = self.workspace.place
        self.workspace.use_ledger(await asyncio.to_thread(read_ledger, place.path, place.trust))
        heap.settle()  # the ledger's verdicts live until it is read again

    async def suppress(self, view: SkillView, key: str, note: str, reviewer: str) -> Path:
        """Record a suppression of the finding ``key`` (signed, in the ledger's suppressions file); the audit
        shown loses that finding. Returns the file written.

        Raises:
            SkillscopeError: the key cannot sign, or the file cannot be written.
        """
        place = self.workspace.place
        path, _ = await asyncio.to_thread(
            record_suppression, place.path, place.trust, key, note, reviewer=reviewer, expires=None
        )
        if view.audit is not None:
            view.audit.findings = [f for f in view.audit.findings if f.key != key]
        return path
