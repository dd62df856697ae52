"""What a reviewer has open, for any front end: the servers, each skill as opened and verified, the ledger as read."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from skillscope.audit.run.integrity import judge_review_again
from skillscope.audit.values import SkillAudit
from skillscope.catalog.entry import CatalogEntry
from skillscope.core.offload import Offload, in_thread
from skillscope.ledger.core.record import Record
from skillscope.ledger.core.values import Action, ReviewState
from skillscope.ledger.team.objects import FileDiff, skill_diffs
from skillscope.service.audit_change import AuditChange, audit_change, audit_change_of, change_due
from skillscope.service.review import LedgerPlace, Verdict
from skillscope.service.review_state import LedgerSnapshot, TrustChoice, read_ledger
from skillscope.service.session import ServerSession
from skillscope.service.targets import ServerSeed
from skillscope.verify.opener import FileResult, SkillReport

__all__ = ["Drift", "Phase", "SkillView", "Workspace", "drift_words", "merge_listing", "same_entry"]

Phase = Literal["idle", "opening", "verified", "unverified", "failed"]
"""``unverified``: a dynamic skill was read; nothing binds its content."""


@dataclass(eq=False)
class SkillView:
    """One catalog entry as the reviewer sees it: what was opened, what the ledger says."""

    entry: CatalogEntry
    review: ReviewState | None = None
    """The ``ReviewState`` from the ledger (None when unknown or not applicable)."""
    history: list[Record] = field(default_factory=list)
    """Every ledger record about this skill, oldest first (possibly partial; call ``complete()``)."""
    phase: Phase = "idle"
    report: SkillReport | None = None
    """The ``SkillReport`` of the last open (content only where it verified)."""
    opened: dict[str, FileResult] = field(default_factory=dict)
    """Verified files with their bytes, by relative path (SKILL.md included once opened)."""
    audit: SkillAudit | None = None
    """The ``SkillAudit`` of the last audit (findings), when one ran."""
    diffs: list[FileDiff] | None = None
    """The Changes tab's diffs against the approved bytes, once the skill's files were read and verified."""
    audit_change: AuditChange | None = None
    """The new errors and warnings since the approved version, once a changed skill was audited (``audit_change``)."""
    comparing: bool = False
    """True from an audit of a changed skill until ``Workspace.compare`` has found what the change brought."""
    by_name: bool = False
    """True for a skill the listing lacks, fetched with skills/get; kept when the catalog is listed again."""
    stale: bool = False
    """True while the server is not connected: this is the last listing, not the server's current one."""

    @property
    def name(self) -> str:
        """The registry name (``label:path`` or ``label:#index``)."""
        return self.entry.name

    @property
    def usable(self) -> bool:
        """True when the entry can be opened (available)."""
        return self.entry.status == "available"

    def request_path(self, path: str) -> str:
        """The path to ask ``open_skill`` for: the listed URI's own (still percent-encoded) form.

        Paths are shown decoded; joining a decoded path to the directory would not give back
        the listed URI of a name like ``[x].md``.
        """
        directory = self.entry.directory or ""
        for item in self.entry.files or ():
            if item.path == path and item.uri.startswith(directory + "/"):
                return item.uri[len(directory) + 1 :]
        return path

    def file_status(self, path: str) -> str:
        """A listed file's state: verified (or unverified) once read, else what the last open said."""
        if path in self.opened:
            return "unverified" if self.entry.dynamic else "verified"
        if self.report is not None:
            for result in self.report.files:
                if result.path == path:
                    return str(result.status)
        return "not-read"

    def forget_content(self) -> None:
        """Drop every byte read: after a failure nothing of the skill may be shown."""
        self.opened.clear()


def same_entry(old: CatalogEntry, new: CatalogEntry) -> bool:
    """True when a listing sent exactly the entry seen before (what was opened from it still holds)."""
    return old.status == new.status and old.fingerprint == new.fingerprint and old.raw == new.raw


@dataclass
class Drift:
    """How a new listing differs from the one shown before it."""

    changed: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    """Of ``changed``, those whose old entry had been opened or audited: what was read of them is let go."""

    def __bool__(self) -> bool:
        return bool(self.changed or self.added or self.removed)


def merge_listing(
    previous: dict[str, SkillView], entries: Iterable[CatalogEntry], make: Callable[[CatalogEntry], SkillView]
) -> tuple[dict[str, SkillView], Drift]:
    """The views of a new listing, keeping each unchanged skill's view (what was opened, verified, audited).

    A skill whose entry changed starts again as not opened: what was read from the old entry no
    longer says anything about the new one. Skills opened by name (``skills/get``) are kept.
    """
    views: dict[str, SkillView] = {}
    drift = Drift()
    for entry in entries:
        old = previous.get(entry.name)
        if old is not None and same_entry(old.entry, entry):
            fresh = make(entry)
            old.entry, old.review, old.history, old.stale = entry, fresh.review, fresh.history, False
            views[entry.name] = old
            continue
        views[entry.name] = make(entry)
        if old is None:
            drift.added.append(entry.name)
        else:
            drift.changed.append(entry.name)
            if old.report is not None or old.opened or old.audit is not None:
                drift.dropped.append(entry.name)
    for name, view in previous.items():
        if name in views:
            continue
        if view.by_name:
            fresh = make(view.entry)
            view.review, view.history, view.stale = fresh.review, fresh.history, False
            views[name] = view
        else:
            drift.removed.append(name)
    return views, drift


def _names(names: list[str], limit: int = 3) -> str:
    shown = ", ".join(names[:limit])
    return shown + (f" and {len(names) - limit} more" if len(names) > limit else "")


def drift_words(label: str, drift: Drift) -> str:
    """One notification about what a new listing changed."""
    if not drift:
        return f"{label}: nothing changed since the last listing."
    parts = []
    if drift.changed:
        changed = f"{len(drift.changed)} changed ({_names(drift.changed)})"
        if drift.dropped:
            changed += f"; what was opened of {_names(drift.dropped)} is dropped"
        parts.append(changed)
    if drift.added:
        parts.append(f"{len(drift.added)} new ({_names(drift.added)})")
    if drift.removed:
        parts.append(f"{len(drift.removed)} gone ({_names(drift.removed)})")
    return f"{label}: " + "; ".join(parts) + "."


class Workspace:
    """Everything a reviewer has open, with no screen: each attached server's session, its skills as
    opened and verified (``SkillView``), and the ledger as last read. A front end presents it and
    runs its slow steps (``ServerSession``'s reads, audits and verdicts, ``read_ledger``) in workers.
    """

    def __init__(self, ledger_path: Path, trust: TrustChoice | None = None) -> None:
        self.place = LedgerPlace(ledger_path, trust or TrustChoice())
        self.sessions: dict[str, ServerSession] = {}
        self.views: dict[str, dict[str, SkillView]] = {}
        """Each server's skills by name: its last listing (kept, stale, while it is gone) and those opened by name."""
        self.ledger = LedgerSnapshot(ledger_path)

    def add(self, seed: ServerSeed) -> ServerSession:
        """Attach a server (not yet connected: its ``hold`` connects)."""
        session = self.sessions[seed.label] = ServerSession(seed)
        return session

    def remove(self, label: str) -> None:
        """Forget a server and its skills (let go of its connection first)."""
        self.sessions.pop(label, None)
        self.views.pop(label, None)

    def view(self, server: str, name: str) -> SkillView | None:
        """The skill ``name`` of ``server`` as the reviewer has it, or None."""
        return self.views.get(server, {}).get(name)

    def view_of(self, entry: CatalogEntry) -> SkillView:
        """A fresh view of a listed entry with its review state."""
        return SkillView(entry, review=self.ledger.review(entry), history=self.ledger.history.get(entry.name, []))

    def merged(self, label: str, entries: Iterable[CatalogEntry]) -> tuple[dict[str, SkillView], Drift]:
        """A new listing of ``label`` merged with what the reviewer has of it (not kept: see ``merge_listing``)."""
        return merge_listing(self.views.get(label, {}), entries, self.view_of)

    def apply_report(self, view: SkillView, report: SkillReport) -> None:
        """Keep what an open (or an audit) found: content only when everything read verified."""
        view.report = report
        if report.failure is not None:
            view.phase = "failed"
            view.forget_content()
            return
        view.phase = "unverified" if view.entry.dynamic else "verified"
        for result in report.files:
            if result.served is not None:
                view.opened[result.path] = result
        review, objects = view.review, self.ledger.objects
        if view.audit is not None and view.audit.report is report:
            # What the change brought is computed apart (``compare``): the approved bytes are audited again.
            view.audit_change = None
            view.comparing = change_due(review, report)
        if review is None or not review.changes or objects is None or len(view.opened) <= 1:
            return
        # The changed files that were read and verified, diffed against the approved bytes.
        current = {r.uri: r.served.data for r in view.opened.values() if r.served is not None}
        view.diffs = skill_diffs(objects, view.entry, review.changes, current)

    async def compare(self, view: SkillView, offload: Offload = in_thread) -> bool:
        """Find what the change of an audited skill brought (``audit_change``: the approved bytes audited alike when
        the store keeps them) where ``offload`` runs it, and keep it in ``view.audit_change``.

        Returns True when it was kept: False when there was nothing to compare, or the view was audited
        again (or listed anew) meanwhile, when the answer is about an audit no longer shown.
        """
        audit = view.audit
        if not view.comparing or audit is None or audit.report is None:
            return False
        change = await offload(audit_change_of, view.review, audit.report, self.ledger.objects, audit.findings)
        if view.audit is not audit:
            return False
        view.audit_change, view.comparing = change, False
        return True

    def compare_now(self, view: SkillView) -> None:
        """``compare`` on the caller's thread (a front end without an event loop)."""
        audit = view.audit
        if view.comparing and audit is not None and audit.report is not None:
            view.audit_change = audit_change(view.review, audit.report, self.ledger.objects, now=audit.findings)
            view.comparing = False

    def read_ledger(self) -> None:
        """Read the ledger again and judge every skill by it (blocking: a front end reads in a thread, then ``use_ledger``)."""
        self.use_ledger(read_ledger(self.place.path, self.place.trust))

    def use_ledger(self, snapshot: LedgerSnapshot) -> None:
        """Judge every skill by a new reading of the ledger (its state, history and audit's review findings)."""
        self.ledger = snapshot
        for label, views in self.views.items():
            for name, view in views.items():
                view.review = snapshot.review(view.entry)
                view.history = snapshot.history.get(name, [])
                if view.audit is not None and snapshot.verdicts is not None:
                    # The findings must not keep saying "not reviewed" after a verdict was recorded.
                    judge_review_again(view.audit, snapshot.verdicts, label)

    def record(
        self,
        server: str,
        action: Action,
        skill: SkillAudit | CatalogEntry,
        verdict: Verdict,
        review: ReviewState | None = None,
    ) -> Record:
        """Record a verdict on a skill of ``server`` (``record_review``; blocking: run it in a thread)."""
        return self.sessions[server].record(self.place, action, skill, verdict, review)
