"""Replay the ledger into verdicts, judge a served skill's review state, and diff its files."""

from __future__ import annotations

from collections.abc import Callable, Iterable, MutableMapping
from dataclasses import dataclass, field

from skillscope.ledger.core.record import FileEntry, Record
from skillscope.ledger.core.values import FileChange as FileChange
from skillscope.ledger.core.values import ReviewState as ReviewState

__all__ = [
    "Content",
    "Distrust",
    "Verdict",
    "Verdicts",
    "replay",
    "review_state",
    "diff_files",
]

Distrust = Callable[[Record], "str | None"]
"""Why an approval does not count (its signature is not trusted); None when it counts. See ``TrustRule``."""


@dataclass
class Content:
    """What the ledger says of one fingerprint, whatever the name or label it was reviewed under."""

    latest: Record | None = None
    """The latest review of this content that counts: a trusted approval, a rejection or a revocation."""
    untrusted: tuple[Record, str] | None = None
    """An approval recorded after ``latest`` whose signature is not trusted, and why."""


@dataclass
class Verdict:
    """The reviews recorded under one skill name, replayed."""

    name: str
    action: str
    """The last approve, reject or revoke recorded for the name."""
    record: Record
    """The last record for the name (whether or not its signature is trusted)."""
    approved: MutableMapping[str, Record] = field(default_factory=dict)
    """Trusted approvals under this name since its last revocation, by fingerprint (whether the content
    is still approved is ``Verdicts.in_force``'s question: a later review under any label may withdraw it)."""
    untrusted: MutableMapping[str, tuple[Record, str]] = field(default_factory=dict)
    """Approvals under this name since its last revocation whose signature is not trusted, and why."""
    rejected: MutableMapping[str, Record] = field(default_factory=dict)
    """Fingerprints rejected under this name."""
    source: Record | None = field(default=None, compare=False, repr=False)
    """``record`` as the replay read it (where its line is in the file), for a checkpoint of the verdicts."""


@dataclass
class Verdicts:
    """All verdicts: by content (fingerprint), which decides, and by name, which remembers what each name approved."""

    by_name: dict[str, Verdict] = field(default_factory=dict)
    content: MutableMapping[str, Content] = field(default_factory=dict)
    records: int = 0
    _by_path: dict[str, list[str]] | None = field(default=None, repr=False)

    def standing(self, fingerprint: str | None) -> Record | None:
        """The latest review of this content that counts, under any label (fully parsed)."""
        found = self.content.get(fingerprint or "")
        return found.latest.complete() if found is not None and found.latest is not None else None

    def _approved(self, fingerprint: str) -> bool:
        found = self.content.get(fingerprint)
        return found is not None and found.latest is not None and found.latest.action == "approve"

    def in_force(self, name: str) -> dict[str, Record]:
        """The trusted approvals under ``name`` whose content no later review (under any label) withdrew."""
        verdict = self.by_name.get(name)
        return {} if verdict is None else {fp: r for fp, r in verdict.approved.items() if fp and self._approved(fp)}

    def last_approval(self, name: str) -> Record | None:
        """The most recent approval under ``name`` still in force, fully parsed."""
        approvals = self.in_force(name)
        return max(approvals.values(), key=lambda r: r.seq).complete() if approvals else None

    def rejected_content(self) -> dict[str, Record]:
        """Each fingerprint whose latest counting review is a rejection, with that record."""
        return {fp: c.latest for fp, c in self.content.items() if c.latest is not None and c.latest.action == "reject"}

    def approved_fingerprints(self, label: str | None = None) -> list[Record]:
        """Approvals in force, one per (name, fingerprint), oldest first, fully parsed; optionally for one label."""
        found = [r.complete() for name in self.by_name for r in self.in_force(name).values()]
        return sorted((r for r in found if label is None or r.label == label), key=lambda r: r.seq)

    def same_skill(self, name: str) -> list[str]:
        """Other names of the skill at the same path (the same server attached under another label)."""
        if self._by_path is None:
            self._by_path = {}
            for other in self.by_name:
                self._by_path.setdefault(_path_of(other), []).append(other)
        return [other for other in self._by_path.get(_path_of(name), []) if other != name]

    def name_state(self, name: str) -> ReviewState:
        """What the ledger says of the skill ``name`` now: the one rule applied to the content it last reviewed.

        The last record under the name says which content was reviewed last (a changed skill is
        reviewed under the same name); the verdict on that content, under any label, is the
        skill's. An earlier version's approval still in force is ``superseded``'s, never the
        skill's state (``ledger list`` and the ledger screen show both).
        """
        record = self.by_name[name].record.complete()
        if record.fingerprint:
            return review_state(self, name, record.fingerprint, [(f.uri, f.digest, f.size) for f in record.files])
        # A revocation recorded from the ledger alone names no content: it withdrew every approval under the name.
        return ReviewState("revoked" if record.action == "revoke" else "not-reviewed", record, here=_label_of(name))

    def superseded(self, name: str) -> list[Record]:
        """Approvals under ``name`` still in force for content other than the one it last reviewed, oldest first.

        Each still approves its own fingerprint (an export carries it, a host running that version
        may run it); none is the skill's verdict now.
        """
        current = self.by_name[name].record.fingerprint if name in self.by_name else None
        found = [r for fp, r in self.in_force(name).items() if fp != current]
        return sorted((r.complete() for r in found), key=lambda r: r.seq)

    def nothing_to_record(self, action: str, name: str, fingerprint: str | None) -> str | None:
        """Why recording ``action`` on ``name`` (served with ``fingerprint``) would change no verdict, or None.

        The replay's rule read forwards: an approval or rejection of content whose standing review
        is already that very verdict under this name changes nothing; a revocation changes
        something only when it withdraws an approval (trusted or not) of this content or under
        this name. The sentence names the skill (made safe to print) and its state.
        """
        from skillscope.core.textsafe import safe_line

        shown = safe_line(name, limit=200)
        if action in ("approve", "reject") and fingerprint:
            found = self.content.get(fingerprint)
            latest = found.latest if found is not None else None
            if latest is not None and latest.action == action and latest.name == name:
                done = latest.complete()
                word = "approved" if action == "approve" else "rejected"
                return (
                    f"{shown} is already {word} at {fingerprint} (record #{done.seq} by "
                    f"{safe_line(done.reviewer, limit=80)} at {safe_line(done.time, limit=40)}): nothing to {action}"
                )
            return None
        if action != "revoke":
            return None
        verdict = self.by_name.get(name)
        withdrawn = {fingerprint or ""}
        if verdict is not None:
            withdrawn |= set(verdict.approved) | set(verdict.untrusted)
        for fp in withdrawn - {""}:
            found = self.content.get(fp)
            if found is not None and (
                found.untrusted is not None or (found.latest is not None and found.latest.action == "approve")
            ):
                return None
        if verdict is not None and any(not fp for fp in (*verdict.approved, *verdict.untrusted)):
            return None  # an approval that names no content (an old record): withdrawing it is a change
        if fingerprint:
            state = review_state(self, name, fingerprint, None)
        elif verdict is not None:
            state = self.name_state(name)
        else:
            state = ReviewState("not-reviewed", here=_label_of(name))
        where = state.elsewhere
        under = "" if where is None else f" under {safe_line(where, limit=80)}"
        if state.state == "revoked":
            return f"{shown}'s approval is already revoked{under}: nothing to revoke"
        if state.state == "changed-since-approval":
            # Approved under another label at the same path: that label's approval is withdrawn there.
            return (
                f"{shown} has no approval under its own label (the approval of an earlier version was recorded"
                f"{under}): nothing to revoke here"
            )
        if state.state == "rejected":
            return f"{shown} is rejected{under}, not approved: nothing to revoke"
        return f"{shown} is {state.label}, not approved: nothing to revoke"


def _label_of(name: str) -> str:
    return name.split(":", 1)[0] if ":" in name else ""


def _path_of(name: str) -> str:
    return name.split(":", 1)[1] if ":" in name else name


def replay(records: Iterable[Record], distrust: Distrust | None = None, start: Verdicts | None = None) -> Verdicts:
    """Fold records in order into verdicts by content and by name.

    ``distrust`` says which approvals do not count (see ``TrustRule``); every reader of a
    ledger file passes one. Without it every record counts (records built in memory).
    ``start`` is the verdicts of the records before these (a checkpoint's), folded into.
    """
    return _replay(records, distrust, Verdicts() if start is None else start)


def _replay(records: Iterable[Record], distrust: Distrust | None, verdicts: Verdicts) -> Verdicts:
    """The rule, by content: the latest review of a fingerprint that counts decides, whatever its name or label.

    A trusted approval approves the content; a rejection rejects it; a revocation under a name
    withdraws the approvals that name made (and its own fingerprint), unless a rejection already
    stands. Rejections and revocations count whoever signed them (withdrawing never lets anything
    run); an approval counts only when ``distrust`` finds nothing against it.
    """
    content = verdicts.content
    for record in records:
        verdicts.records += 1
        if record.action == "repair" or not record.name:
            continue
        if type(record.raw) is memoryview:
            # A kept record gets its own copy of its line: a view would keep the block of the file it
            # came from alive as long as the verdicts (the whole file, on a large ledger).
            object.__setattr__(record, "raw", bytes(record.raw))
        verdict = verdicts.by_name.get(record.name)
        if verdict is None:
            verdict = verdicts.by_name[record.name] = Verdict(record.name, record.action, record)
        verdict.action, verdict.record = record.action, record
        fingerprint = record.fingerprint or ""
        if record.action == "approve":
            why = distrust(record) if distrust is not None else None
            if why is None:
                verdict.approved[fingerprint] = record
                verdict.untrusted.pop(fingerprint, None)
                if fingerprint:
                    content[fingerprint] = Content(record)
            else:
                verdict.untrusted[fingerprint] = (record, why)
                if fingerprint:
                    content.setdefault(fingerprint, Content()).untrusted = (record, why)
        elif record.action == "reject":
            verdict.rejected[fingerprint] = record
            if fingerprint:
                content[fingerprint] = Content(record)
        elif record.action == "revoke":
            withdrawn = set(verdict.approved) | set(verdict.untrusted) | {fingerprint}
            verdict.approved.clear()
            verdict.untrusted.clear()
            for fp in withdrawn - {""}:
                found = content.setdefault(fp, Content())
                if found.latest is None or found.latest.action != "reject":
                    found.latest, found.untrusted = record, None
    # Each verdict's last record is shown; parse those in full. Others are parsed when shown.
    for verdict in verdicts.by_name.values():
        if verdict.record.raw is not None:
            verdict.source = verdict.record
        verdict.record = verdict.record.complete()
    return verdicts


def diff_files(old: Iterable[FileEntry], new: Iterable[tuple[str, str, int]]) -> list[FileChange]:
    """Added, removed and digest-changed files between an approved list and a current entry."""
    before = {f.uri: f for f in old}
    after = {uri: (digest, size) for uri, digest, size in new}
    changes: list[FileChange] = []
    for uri in sorted(set(before) | set(after)):
        if uri not in after:
            changes.append(FileChange("removed", uri, before[uri].digest, None, before[uri].size, None))
        elif uri not in before:
            changes.append(FileChange("added", uri, None, after[uri][0], None, after[uri][1]))
        elif before[uri].digest != after[uri][0]:
            changes.append(
                FileChange("changed", uri, before[uri].digest, after[uri][0], before[uri].size, after[uri][1])
            )
    return changes


def review_state(
    verdicts: Verdicts, name: str, fingerprint: str | None, files: Iterable[tuple[str, str, int]] | None
) -> ReviewState:
    """The review state of the skill ``name`` whose current entry has ``fingerprint`` and ``files``.

    The content decides, under every label: its latest counting review (approved, rejected,
    revoked), else an untrusted approval of it. Only then does the name matter: an approval of
    other content under this name, or under another label at the same path, makes it changed
    since approval.
    """
    here = _label_of(name)
    verdict = verdicts.by_name.get(name)
    if fingerprint is None:
        return ReviewState("unverifiable", verdict.record if verdict else None, here=here)
    found = verdicts.content.get(fingerprint)
    latest = found.latest if found is not None else None
    if latest is not None and latest.action in ("approve", "reject"):
        return ReviewState("approved" if latest.action == "approve" else "rejected", latest.complete(), here=here)
    if found is not None and found.untrusted is not None:
        record, why = found.untrusted
        return ReviewState("approved-untrusted", record.complete(), here=here, untrusted=why)
    if latest is not None:
        return ReviewState("revoked", latest.complete(), here=here)
    last = verdicts.last_approval(name)
    if last is None:
        others = [r for other in verdicts.same_skill(name) if (r := verdicts.last_approval(other)) is not None]
        last = max(others, key=lambda r: r.seq) if others else None
    if last is not None:
        return ReviewState("changed-since-approval", last, diff_files(last.files, files or ()), here=here)
    if verdict is not None and verdict.action == "revoke":
        return ReviewState("revoked", verdict.record, here=here)
    return ReviewState("not-reviewed", verdict.record if verdict else None, here=here)
