"""Approve, reject and revoke for any front end: what may be recorded, and the record itself."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from skillscope.audit.approval import ApprovalAudit, approval_audit
from skillscope.audit.capabilities import capability_keys
from skillscope.audit.run.server import audit_skill
from skillscope.catalog.entry import CatalogEntry
from skillscope.catalog.names import relative_path
from skillscope.core.errors import ApprovalRefused, UsageError
from skillscope.core.offload import Offload, in_thread
from skillscope.core.textsafe import safe_line
from skillscope.ledger.core.defaults import default_reviewer
from skillscope.ledger.core.record import Action, Record
from skillscope.ledger.core.recording import review_record, tool_id, utc_now
from skillscope.ledger.intoto import POLICY_DIGESTS

if TYPE_CHECKING:
    from skillscope.audit.run.results import SkillAudit
    from skillscope.ledger.core.verdicts import Verdicts
    from skillscope.protocol.connection import Connection
    from skillscope.protocol.info import ServerInfo
    from skillscope.verify.opener import SkillReport

__all__ = [
    "CAPABILITY_KEYS",
    "ApprovalPlan",
    "Refusal",
    "approval_plan",
    "audit_for_approval",
    "offline_revocation",
    "review_refusal",
    "verdict_record",
]

CAPABILITY_KEYS = "capability_keys"
"""The approval record's field holding the sorted capability keys it pinned (absent in records made before it)."""

_NAMED = 20
"""Unlisted files named in a refusal; past it the rest are counted."""

Refusal = Literal["unverified", "fingerprint", "findings", "unlisted"]
"""Why an approval was refused: content that did not verify, a fingerprint other than the one reviewed, audit
errors, or files the server serves under the skill that its manifest omits (the approval would not cover them)."""


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
