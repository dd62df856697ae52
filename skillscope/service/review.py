"""Recording a verdict, for every front end: the one place approving, rejecting and revoking happen.

The audit an approval rests on, every rule that refuses a record (content that did not verify, a fingerprint
other than the one reviewed, findings not accepted, files served but not listed, a record that changes nothing),
and the signed record appended to the ledger.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from skillscope.audit.approval import ApprovalAudit, approval_audit
from skillscope.audit.capabilities import capability_keys
from skillscope.audit.findings import AuditFinding
from skillscope.audit.run.server import audit_skill
from skillscope.audit.surface_audit import item_findings
from skillscope.audit.values import SkillAudit
from skillscope.catalog.entry import CatalogEntry, Policy
from skillscope.catalog.names import relative_path
from skillscope.catalog.surface import SurfaceItem
from skillscope.core.errors import ApprovalRefused, LedgerError, SkillscopeError, UsageError
from skillscope.core.offload import Offload, in_thread
from skillscope.core.textsafe import safe_line
from skillscope.ledger.book import ReviewBook
from skillscope.ledger.core.defaults import default_reviewer
from skillscope.ledger.core.record import Record
from skillscope.ledger.core.recording import review_record, tool_id, utc_now
from skillscope.ledger.core.values import Action, ReviewState
from skillscope.ledger.intoto import POLICY_DIGESTS
from skillscope.service.attestations import approval_policy
from skillscope.service.review_state import TrustChoice
from skillscope.service.suppressions import load_suppressions, suppress_in_skill, today_utc
from skillscope.service.surface import item_contents, item_record

if TYPE_CHECKING:
    from skillscope.ledger.core.verdicts import Verdicts
    from skillscope.protocol.connection import Connection
    from skillscope.protocol.info import ServerInfo
    from skillscope.verify.opener import SkillReport

__all__ = [
    "CAPABILITY_KEYS",
    "ApprovalPlan",
    "AuditedSkill",
    "LedgerPlace",
    "Refusal",
    "Verdict",
    "approval_plan",
    "approval_to_record",
    "audit_for_approval",
    "audit_for_review",
    "note_needed",
    "nothing_to_record",
    "offline_revocation",
    "record_item_review",
    "record_review",
    "review_refusal",
    "reviewer_by_default",
    "verdict_record",
]

CAPABILITY_KEYS = "capability_keys"
"""The approval record's field holding the sorted capability keys it pinned (absent in records made before it)."""

_NAMED = 20
"""Unlisted files named in a refusal; past it the rest are counted."""

Refusal = Literal["unverified", "fingerprint", "findings", "unlisted"]
"""Why an approval was refused: content that did not verify, a fingerprint other than the one reviewed, audit
errors, or files the server serves under the skill that its manifest omits (the approval would not cover them)."""


def reviewer_by_default() -> str:
    """Who a verdict names when no reviewer is given: ``git config user.email``, else user.name, else the login
    name (runs git: a screen calls it off its event loop)."""
    return default_reviewer()


def review_refusal(entry: CatalogEntry, action: Action | Literal["diff"]) -> str | None:
    """Why no verdict of ``action`` (or a diff against the approval) can be had for ``entry`` before anything is read."""
    if entry.status != "available":
        return f"{entry.name} is {entry.status}: it cannot be reviewed ({entry.rule})"
    if action == "approve" and entry.dynamic:
        return f"{entry.name} is a dynamic skill: no fingerprint binds its content, so it cannot be approved"
    return None


@dataclass(frozen=True)
class ApprovalPlan:
    """An approval checked against every rule: what it would record, or why it is refused."""

    entry: CatalogEntry
    report: SkillReport | None
    audit: ApprovalAudit
    """The skill's own findings (not the server's conformance, not the ledger's state)."""
    refused: Refusal | None = None
    reason: str | None = None
    """Why it is refused, in words for a person (the front end adds how to proceed)."""
    accepted: bool = False
    """The audit found errors or unlisted files and the reviewer accepts them (their note says why)."""
    capabilities: tuple[str, ...] = ()
    """The capability keys (``kind:target``) of what verified: what the approval pins, signed with the rest."""

    @property
    def unlisted(self) -> list[str]:
        """Files the server serves under the skill that its manifest omits (URIs, sorted): no approval covers them."""
        return sorted({f.uri for f in self.audit.findings if f.id == "skillscope/unlisted-file" and f.uri})

    @property
    def allowed(self) -> bool:
        """True when the approval may be recorded."""
        return self.refused is None

    def contents(self) -> dict[str, bytes]:
        """The verified bytes of every file, by path: kept beside the ledger for diffs."""
        files = self.report.files if self.report is not None else []
        return {r.path: r.served.data for r in files if r.served is not None}

    def record(
        self, info: ServerInfo, *, reviewer: str | None, note: str, policy: Mapping[str, str] | None = None
    ) -> Record:
        """The approval record (not yet appended), carrying the audit's counts and finding ids.

        ``policy`` is the digests of the rules and suppressions in force (``approval_policy``), kept
        signed in the record so an attestation can say what the approval was made under.

        Raises:
            ApprovalRefused: the plan is refused.
            UsageError: findings are accepted without a note saying why.
        """
        if self.refused is not None:
            raise ApprovalRefused(self.reason or self.refused)
        if self.accepted and not note.strip():
            raise UsageError("Accepting the audit's findings needs a note saying why they are acceptable")
        extra: dict[str, Any] = {"audit": self.audit.record(), CAPABILITY_KEYS: list(self.capabilities)}
        if policy:
            extra[POLICY_DIGESTS] = dict(policy)
        if self.accepted:
            extra["accepted_findings"] = True
            if self.unlisted:
                extra["unlisted_files"] = self.unlisted
        return review_record("approve", info, self.entry, reviewer=reviewer, note=note, extra=extra)


async def audit_for_approval(
    conn: Connection,
    entry: CatalogEntry,
    policy: Any,
    verdicts: Verdicts | None = None,
    *,
    scan_in: Offload = in_thread,
) -> SkillAudit:
    """Read, verify and audit every file of ``entry`` (each file read once), as an approval requires.

    The one audit every front end approves from: besides the listed files it looks at what the
    server serves under the skill (resources/list, and a walk of the skill's directory when the
    server declares directoryRead), so that files the manifest omits are named before anything
    is recorded. ``verdicts`` adds the review state (the TUI shows it beside the findings).
    ``scan_in`` is where the content scans run (see ``audit_skill``).

    Raises:
        UsageError: the entry cannot be approved at all (see ``review_refusal``).
    """
    refusal = review_refusal(entry, "approve")
    if refusal is not None:
        raise UsageError(refusal)
    return await audit_skill(conn, entry, policy, verdicts, scan_in=scan_in)


def approval_plan(skill: SkillAudit, *, pinned: str | None = None, accept_findings: bool = False) -> ApprovalPlan:
    """Apply the approval rules to an audited skill.

    Refused when anything failed verification, when ``pinned`` (the fingerprint the reviewer
    saw) differs from the one that verified, or when the audit found an error in the skill
    itself or a file the server serves under it that the manifest omits, and the reviewer did
    not accept the findings.
    """
    entry, report = skill.entry, skill.report
    own = approval_audit(skill.findings)
    if report is None or not report.verified:
        check = report.failure.check if report is not None and report.failure else "read"
        return ApprovalPlan(entry, report, own, "unverified", f"{entry.name} did not verify ({check} check)")
    if pinned and pinned != entry.fingerprint:
        return ApprovalPlan(
            entry,
            report,
            own,
            "fingerprint",
            f"{entry.name} now has fingerprint {entry.fingerprint}, not {safe_line(pinned)} "
            "(the content changed since you saw it); nothing was recorded",
        )
    unlisted = ApprovalPlan(entry, report, own).unlisted
    if (own.errors or unlisted) and not accept_findings:
        reasons = [f"the audit found {own.errors} error(s) in {entry.name}"] if own.errors else []
        if unlisted:
            names = ", ".join(
                safe_line(relative_path(entry.directory or "", uri), limit=120) for uri in unlisted[:_NAMED]
            )
            more = f" and {len(unlisted) - _NAMED} more" if len(unlisted) > _NAMED else ""
            reasons.append(
                f"the server serves {len(unlisted)} file(s) under {entry.name} that its file list omits, "
                f"so no approval would cover them: {names}{more}"
            )
        return ApprovalPlan(entry, report, own, "findings" if own.errors else "unlisted", "; ".join(reasons))
    return ApprovalPlan(
        entry,
        report,
        own,
        accepted=bool(own.errors or unlisted),
        capabilities=tuple(capability_keys(skill.capabilities)),
    )


def verdict_record(action: Action, info: ServerInfo, entry: CatalogEntry, *, reviewer: str | None, note: str) -> Record:
    """A rejection or revocation of the entry as served now (reads no file).

    Raises:
        UsageError: the entry cannot be reviewed, or ``action`` is an approval (see ``approval_plan``).
    """
    if action == "approve":
        raise UsageError("An approval is recorded from an ApprovalPlan: every file is read, verified and audited first")
    refusal = review_refusal(entry, action)
    if refusal is not None:
        raise UsageError(refusal)
    return review_record(action, info, entry, reviewer=reviewer, note=note)


def offline_revocation(verdicts: Verdicts, name: str, *, reviewer: str | None, note: str) -> Record:
    """A revocation of ``name`` (LABEL:PATH exactly as reviewed) from the ledger alone, with no server.

    Raises:
        UsageError: the ledger has no review of ``name``, or nothing under it is approved (nothing to withdraw).
    """
    verdict = verdicts.by_name.get(name)
    if verdict is None:
        raise UsageError(f"The ledger has no review of {name!r}; give LABEL:PATH exactly as listed, or a TARGET")
    pointless = verdicts.nothing_to_record("revoke", name, None)
    if pointless is not None:
        raise UsageError(f"{pointless}; nothing was recorded")
    last = verdict.record
    return Record(
        action="revoke",
        time=utc_now(),
        reviewer=reviewer or default_reviewer(),
        note=note,
        label=last.label,
        server=last.server,
        protocol=last.protocol,
        name=name,
        uri=last.uri,
        fingerprint=None,
        tool=tool_id(),
    )


@dataclass(frozen=True)
class LedgerPlace:
    """The ledger a front end records into, and whose signatures count there (the config's choice)."""

    path: Path
    trust: TrustChoice

    def book(self) -> ReviewBook:
        """The ledger with the configured signing key and allowed signers."""
        return self.trust.book(self.path)


@dataclass(frozen=True)
class Verdict:
    """What the reviewer decided: who, why, whether they accept the audit's findings, and what they saw."""

    reviewer: str | None
    note: str = ""
    accept_findings: bool = False
    pinned: str | None = None
    """The fingerprint the reviewer saw; an approval of anything else is refused (None: what verifies now)."""


@dataclass(frozen=True)
class AuditedSkill:
    """A skill audited as an approval needs it, with the trusted suppressions left out."""

    audit: SkillAudit
    suppressed: int = 0
    """How many findings trusted suppressions left out."""
    warning: str | None = None
    """Why the suppressions could not be applied (every finding then counts), or None."""


async def audit_for_review(
    conn: Connection,
    label: str,
    entry: CatalogEntry,
    policy: Policy,
    place: LedgerPlace,
    verdicts: Verdicts | None = None,
    *,
    approval: bool = True,
    scan_in: Offload = in_thread,
) -> AuditedSkill:
    """Audit one skill as ``skillscope audit`` does and leave out what trusted suppressions beside the ledger accept.

    With ``approval`` it is the audit an approval rests on (``audit_for_approval``: every file read
    once, files served but not listed named); the CLI and the TUI approve from it alike. ``scan_in``
    is where the content scans run: a thread for the CLI, a child process for the TUI.

    Raises:
        UsageError: ``approval`` and the entry cannot be approved at all (see ``review_refusal``).
    """
    run = audit_for_approval if approval else audit_skill
    audit = await run(conn, entry, policy, verdicts, scan_in=scan_in)
    try:
        found = load_suppressions(place.path, place.trust)
    except SkillscopeError as exc:
        return AuditedSkill(audit, warning=f"Suppressions not applied: {exc.message}")
    return AuditedSkill(audit, suppress_in_skill(audit, label, found, today_utc()))


def note_needed(plan: ApprovalPlan, review: ReviewState | None) -> str | None:
    """Why approving ``plan`` needs a note saying what was checked, or None.

    A skill that changed since its approval needs one (the note says the change was read), and so
    does one whose audit has findings: accepted errors or unlisted files, or warnings (which never
    stop an approval, but the record should say why the reviewer found them acceptable).
    """
    if review is not None and review.changes:
        return "the skill changed since its approval"
    if plan.refused in ("findings", "unlisted") or plan.accepted:
        return "the audit has findings"
    warnings = plan.audit.counts.get("warning", 0)
    if warnings:
        return f"the audit has {warnings} warning{'s' if warnings != 1 else ''}; say why {'they are' if warnings != 1 else 'it is'} acceptable"
    return None


def approval_to_record(
    audit: SkillAudit, review: ReviewState | None, verdict: Verdict
) -> tuple[ApprovalPlan, str | None]:
    """The plan for approving ``audit`` as ``verdict`` says, and why it cannot be recorded (None when it can)."""
    plan = approval_plan(audit, pinned=verdict.pinned, accept_findings=verdict.accept_findings)
    if plan.refused is not None:
        return plan, plan.reason or plan.refused
    needed = note_needed(plan, review)
    if needed is not None and not verdict.note.strip():
        return plan, f"a note is required: {needed}"
    return plan, None


def nothing_to_record(verdicts: Verdicts | None, action: Action, entry: CatalogEntry) -> str | None:
    """Why recording ``action`` on ``entry`` as served now would change no verdict, or None.

    Every front end refuses such a record (a no-op) with this sentence, before reading anything
    when it can. Unknown verdicts (a damaged ledger) refuse nothing here: whatever else reads
    the ledger says it is damaged.
    """
    if verdicts is None or entry.status != "available":
        return None
    return verdicts.nothing_to_record(action, entry.name, entry.fingerprint)


def _verdicts_now(book: ReviewBook) -> Verdicts | None:
    try:
        return book.verdicts()
    except LedgerError:
        return None


def record_review(
    book: ReviewBook,
    action: Action,
    info: ServerInfo,
    skill: SkillAudit | CatalogEntry,
    verdict: Verdict,
    review: ReviewState | None = None,
) -> Record:
    """Approve, reject or revoke a skill, applying every rule, and append the signed record (the one way to).

    An approval needs ``skill`` audited (``audit_for_review``) and is refused when anything failed
    verification, the fingerprint is not the one the reviewer saw, the audit found errors or files
    served but not listed that were not accepted, or a note is missing where one is needed
    (``note_needed``; ``review`` is the skill's state before this verdict). A rejection or a
    revocation records the entry as served (reads no file). A record that would change no verdict
    (``nothing_to_record``: approving what is approved, rejecting what is rejected, revoking what
    nothing approves) is refused. Returns the record as appended.

    Raises:
        ApprovalRefused: the approval breaks a rule about the content (nothing was recorded).
        UsageError: the skill cannot be reviewed, the record would change nothing, or a note is
            missing (nothing was recorded).
    """
    entry = skill.entry if isinstance(skill, SkillAudit) else skill
    pointless = nothing_to_record(_verdicts_now(book), action, entry)
    if pointless is not None:
        raise UsageError(f"{pointless}; nothing was recorded")
    if action != "approve":
        return book.record(verdict_record(action, info, entry, reviewer=verdict.reviewer, note=verdict.note))
    if not isinstance(skill, SkillAudit):
        raise UsageError("An approval is recorded from an audit: every file is read, verified and audited first")
    plan, refusal = approval_to_record(skill, review, verdict)
    if plan.refused is not None:
        raise ApprovalRefused(refusal or plan.refused)
    if refusal is not None:
        raise UsageError(f"Approving {skill.entry.name}: {refusal}")
    # The rules and suppressions in force now are signed into the approval (what an attestation of it cites).
    policy = approval_policy(book.path, TrustChoice(book.signing_key, book.allowed_signers, book.config_dir))
    return book.record(plan.record(info, reviewer=verdict.reviewer, note=verdict.note, policy=policy), plan.contents())


def record_item_review(
    book: ReviewBook,
    action: Action,
    info: ServerInfo,
    item: SurfaceItem,
    verdict: Verdict,
    findings: list[AuditFinding] | None = None,
) -> Record:
    """Approve, reject or revoke a tool, prompt, resource or template, applying every rule (the one way to).

    An approval is refused when the item's fingerprint is not the one the reviewer saw, or when the
    audit of its texts (``findings``, else ``item_findings``) has an error and the reviewer did not
    accept it with a note. It carries the audit's counts and ids and keeps the canonical definition.

    Raises:
        ApprovalRefused: the approval breaks a rule about the content (nothing was recorded).
        UsageError: the item cannot be reviewed, or accepted findings lack a note (nothing was recorded).
    """
    if action != "approve":
        return book.record(item_record(action, info, item, reviewer=verdict.reviewer, note=verdict.note))
    if verdict.pinned and verdict.pinned != item.fingerprint:
        raise ApprovalRefused(
            f"{safe_line(item.name)} now has fingerprint {item.fingerprint}, not {safe_line(verdict.pinned)} "
            "(the definition changed since you saw it); nothing was recorded"
        )
    found = item_findings(item) if findings is None else findings
    errors = sum(1 for f in found if f.severity == "error")
    if errors and not verdict.accept_findings:
        raise ApprovalRefused(f"the audit found {errors} error(s) in {safe_line(item.name)}")
    record = item_record(
        "approve", info, item, reviewer=verdict.reviewer, note=verdict.note, findings=found, accepted=bool(errors)
    )
    return book.record(record, item_contents(item))
