"""The ledger as both front ends use it: signed appends, kept bytes, rollback memory and trusted reads."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from skillscope.core.errors import LedgerDamaged, LedgerError
from skillscope.ledger.core import seam
from skillscope.ledger.core.chain import VerifyResult, signing_order
from skillscope.ledger.core.linecheck import Checked
from skillscope.ledger.core.record import Record, describe, review_id
from skillscope.ledger.core.signers import AllowedSigners, TrustRule, distrust_of, resolve_trust
from skillscope.ledger.core.store import Ledger, damage_message
from skillscope.ledger.core.summary import LineSummary
from skillscope.ledger.core.verdicts import Verdicts, replay
from skillscope.ledger.team.export import Exportable, exportable_approvals
from skillscope.ledger.team.objects import ObjectStore, store_dir
from skillscope.ledger.team.rollback import FIRST, SeenMemory, git_place, reviews_at_revision

__all__ = ["LedgerCheck", "ReviewBook", "SignatureStatus", "read_verdicts"]

SignatureStatus = Literal["allowed", "not-allowed", "unsigned"]
"""How a record's signature counts: by an allowed key, by a key not allowed for its reviewer, or none."""


@dataclass
class LedgerCheck:
    """The whole check of a ledger: its chain and lines, rollback evidence and whose signatures count."""

    result: VerifyResult
    trust: AllowedSigners
    memory: SeenMemory | None = None
    missing: dict[str, str] = field(default_factory=dict)
    """Reviews this machine saw in the ledger (or the ledger held at ``--since``) that are gone."""
    current: dict[str, str] = field(default_factory=dict)
    verdicts: Verdicts = field(default_factory=Verdicts)
    """The ledger replayed as it was read (whether or not the check passed)."""
    lines: LineSummary | None = None
    """What every line established, when the check read it from a checkpoint (``result.reviews`` is then empty)."""

    @property
    def ok(self) -> bool:
        """True when nothing is damaged and nothing seen before is missing."""
        return self.result.ok and not self.missing

    def signature(self, checked: Checked) -> SignatureStatus:
        """How one line's signature counts under this check's allowed signers."""
        from skillscope.ledger.core.sshsig import key_blob

        if not checked.key:
            return "unsigned"
        return "allowed" if self.trust.allows(checked.reviewer, key_blob(checked.key)) else "not-allowed"

    def signers(self) -> tuple[int, list[tuple[int, str]], list[tuple[int, str]]]:
        """(trusted signed count, untrusted (line, reviewer), unsigned (line, reviewer))."""
        trusted = 0
        untrusted: list[tuple[int, str]] = []
        unsigned: list[tuple[int, str]] = []
        if self.lines is not None:
            for (reviewer, key), lines in self.lines.signed.items():
                if self.signature(Checked("", reviewer, key)) == "allowed":
                    trusted += len(lines)
                else:
                    untrusted.extend((line, reviewer) for line in lines)
            return trusted, sorted(untrusted), list(self.lines.unsigned)
        for line, _digest, c in self.result.reviews:
            status = self.signature(c)
            if status == "unsigned":
                unsigned.append((line, c.reviewer))
            elif status == "allowed":
                trusted += 1
            else:
                untrusted.append((line, c.reviewer))
        return trusted, untrusted, unsigned


class ReviewBook:
    """One ledger file with its signing key, trust, store of approved bytes and rollback memory."""

    def __init__(
        self,
        path: Path,
        *,
        signing_key: str | None = None,
        allowed_signers: str | None = None,
        config_dir: Path | None = None,
    ) -> None:
        self.path = Path(path)
        self.signing_key = signing_key
        self.allowed_signers = allowed_signers
        self.config_dir = config_dir
        self.accelerator = seam.accelerator()
        """The reader's accelerators (the cache of checked lines, checkpoints); None when switched off."""
        self.ledger = Ledger(self.path, cache=None if self.accelerator is None else self.accelerator.lines)
        self.objects = ObjectStore(store_dir(self.path))

    @classmethod
    def from_config(cls, path: Path, config: object) -> ReviewBook:
        """The book for ``path`` with the key and trust a loaded ``Config`` names."""
        config_path = getattr(config, "path", None)
        config_dir = config_path.parent if config_path else None
        key = getattr(config, "signing_key", None)
        if key and config_dir is not None and not Path(os.path.expandvars(key)).expanduser().is_absolute():
            key = str(config_dir / key)  # relative to the config file, like ``ledger:``
        return cls(
            path, signing_key=key, allowed_signers=getattr(config, "allowed_signers", None), config_dir=config_dir
        )

    # -- writing -------------------------------------------------------------------------------

    def record(self, record: Record, contents: dict[str, bytes] | None = None) -> Record:
        """Sign and append ``record``; keep ``contents`` (the verified bytes) first, so an
        approval never names bytes the store lacks; then remember the review.

        Raises:
            UsageError: the signing key cannot be used.
            LedgerDamaged, LedgerError: nothing was appended.
        """
        from skillscope.ledger.core.signing import load_signer

        signer = load_signer(self.signing_key)
        for data in (contents or {}).values():
            self.objects.put(data)
        saved = Ledger(self.path, signer=signer).append(record)
        try:  # appends are never blocked by the rollback check
            ids = {review_id(saved): describe(saved)}
            if saved.seq == 1:
                ids[FIRST + saved.hash] = _first_words(describe(saved))
            memory = SeenMemory.of(self.path, git_place(self.path))
            # Only after the append: a check reads the memory before the ledger, so all it remembers is there.
            with memory.locked(exclusive=True):
                memory.add(ids)
        except LedgerError:
            pass
        return saved

    def repair(self, *, reviewer: str, time: str, tool: str) -> tuple[int, Record]:
        """``Ledger.repair``, its record signed."""
        from skillscope.ledger.core.signing import load_signer

        return Ledger(self.path, signer=load_signer(self.signing_key)).repair(reviewer=reviewer, time=time, tool=tool)

    # -- reading -------------------------------------------------------------------------------

    def trust(self, option: str | None = None) -> AllowedSigners:
        """The allowed signers in force (see ``resolve_trust``)."""
        from skillscope.ledger.core.signing import local_public_key

        return resolve_trust(
            option, self.allowed_signers, self.config_dir, self.path, local_public_key(self.signing_key)
        )

    def check(
        self,
        *,
        allowed_signers: str | None = None,
        since: str | None = None,
        learn: bool = True,
        every_line: bool = False,
    ) -> LedgerCheck:
        """Check the chain, every line, the signatures, and that no review seen before is gone.

        With the accelerators, the lines of a start of the file checked before are not read again
        when the file still starts with exactly those bytes: their checkpoint holds what they
        established (every review's id, each line's signer) besides the verdicts.

        Args:
            allowed_signers: ``--allowed-signers``.
            since: a git revision whose reviews must all still be present.
            learn: when the check passes, remember the reviews now present.
            every_line: list what each line established in ``result.reviews`` (read from the file, all of it).
        """
        memory = SeenMemory.of(self.path, git_place(self.path))
        # The memory first, then the ledger: a review is remembered only once it was appended, so every
        # review remembered by then is in the ledger read after (concurrent appends never look like a loss).
        with memory.locked(exclusive=False):
            seen = memory.load()
        learned = seen
        trust = self.trust(allowed_signers)
        rule = TrustRule(trust)
        lines = None
        if not every_line:
            result, verdicts, lines = self._read_on(rule, summary=True)
        if lines is None:  # damage (named from every line), or no summary could be had: every line is read
            result = VerifyResult()
            # Replayed as read (a large ledger is never all in memory), under the one trust rule.
            verdicts = replay(self.ledger.stream(result), distrust_of(rule, result))
            signing_order(result)
        check = LedgerCheck(result, trust, memory=memory, verdicts=verdicts, lines=lines)
        if lines is not None:
            check.current = lines.current
            first = lines.first or "unreadable"
        else:
            check.current = {c.review_id: c.what for _line, _digest, c in result.reviews}
            first = result.reviews[0][2].what if result.reviews and result.reviews[0][0] == 1 else "unreadable"
        if result.first_hash is not None:
            check.current[FIRST + result.first_hash] = _first_words(first)
            if not seen:
                seen = memory.legacy(result.first_hash)
                learned = {}  # what an earlier version remembered is written to this memory in full
        check.missing = {r: what for r, what in seen.items() if r not in check.current}
        check.missing.update(memory.committed_missing(check.current))
        if since is not None:
            before, _ = self.ledger.scan_bytes(reviews_at_revision(self.path, since))
            for _line, _digest, c in before.reviews:
                if c.review_id not in check.current:
                    check.missing.setdefault(c.review_id, c.what + f" (present at {since})")
        new = {r: w for r, w in check.current.items() if r not in learned}
        if learn and check.ok and (new or (memory.in_git and check.current)):  # an empty ledger leaves no trace
            with memory.locked(exclusive=True):
                memory.add(new)
                memory.learn_committed(check.current)
        return check

    def accept(self, check: LedgerCheck, note: str, time: str) -> None:
        """Accept the ledger as it is now: forget the missing reviews (logged with ``note``)."""
        if check.memory is None:
            raise LedgerError(f"Ledger {self.path} is empty; there is nothing to accept")
        with check.memory.locked(exclusive=True):
            check.memory.accept(check.current, check.missing, note, time)

    def rule(self, allowed_signers: str | None = None, *, include_unsigned: bool = False) -> TrustRule:
        """The trust rule every reader applies: allowed signers as ``export`` finds them, unsigned only on request.

        Raises:
            UsageError: the allowed signers file cannot be read or parsed.
        """
        return TrustRule(self.trust(allowed_signers), include_unsigned)

    def read(
        self, *, allowed_signers: str | None = None, include_unsigned: bool = False, keep: list[Record] | None = None
    ) -> tuple[VerifyResult, Verdicts | None]:
        """Check the ledger and replay it under the trust rule as it is read: (the check, the verdicts or None when damaged).

        ``keep``, when given, receives every record read (a screen that lists the whole history);
        without it no record outlives the replay that needs it.

        Raises:
            UsageError: the allowed signers file cannot be read.
            LedgerError: the file cannot be read.
        """
        rule = self.rule(allowed_signers, include_unsigned=include_unsigned)
        if keep is None:
            result, verdicts, _lines = self._read_on(rule)
            return result, (verdicts if result.ok else None)
        result = VerifyResult()
        records = _kept(self.ledger.stream(result, reviews=False), keep)
        verdicts = replay(records, distrust_of(rule, result))  # replayed as read
        signing_order(result)
        return result, (verdicts if result.ok else None)

    def _read_on(self, rule: TrustRule, *, summary: bool = False) -> tuple[VerifyResult, Verdicts, LineSummary | None]:
        """The ledger checked and replayed under ``rule`` as it is read: (the check, the verdicts, and with
        ``summary`` what every line established, when an accelerator could say without reading every line).

        The accelerators start from a checkpoint when the file still starts with its bytes (see
        ``seam``); the plain reader reads every line. Both reach the same verdicts.
        """
        if self.accelerator is not None:
            return self.accelerator.read(self.ledger, rule, summary=summary)
        result = VerifyResult()
        verdicts = replay(self.ledger.stream(result, reviews=False), distrust_of(rule, result))
        signing_order(result)
        return result, verdicts, None

    def verdicts(self, *, allowed_signers: str | None = None, include_unsigned: bool = False) -> Verdicts:
        """Replay the ledger under the trust rule (chain, lines and signatures checked).

        Raises:
            LedgerDamaged: the chain is broken, a line is malformed, a signature fails, or an unsigned record follows a signed one.
            UsageError: the allowed signers file cannot be read.
        """
        result, verdicts = self.read(allowed_signers=allowed_signers, include_unsigned=include_unsigned)
        if verdicts is None:
            raise LedgerDamaged(damage_message(self.path, result), problems=result.problems)
        return verdicts

    def exportable(self, check: LedgerCheck, *, include_unsigned: bool = False, label: str | None = None) -> Exportable:
        """The approvals a host may be given, from a passing check, under the trust rule.

        The check replayed the ledger counting signed approvals only; with ``include_unsigned`` the
        ledger is read once more under that rule (an explicit, rare opt-in).
        """
        verdicts = check.verdicts
        if include_unsigned:
            result = VerifyResult()
            verdicts = replay(
                self.ledger.stream(result, reviews=False), distrust_of(TrustRule(check.trust, True), result)
            )
        return exportable_approvals(verdicts, label=label)


def read_verdicts(path: str | Path) -> Verdicts:
    """Check the ledger at ``path`` and replay it into verdicts (a missing file has none).

    Every line is parsed strictly and its signature checked (once, with the accelerators: see ``seam``).

    Raises:
        LedgerDamaged: the chain is broken, a line is malformed, a signature fails or the last line is torn.
    """
    return ReviewBook(Path(path)).verdicts()


def _kept(records: Iterator[Record], keep: list[Record]) -> Iterator[Record]:
    for record in records:
        keep.append(record)
        yield record


def _first_words(what: str) -> str:
    return f"the ledger's first record ({what}); a ledger whose first record changed was rewritten"
