"""Each ledger record's signature as ``ledger verify`` judges it, for a screen that lists records."""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass, field

from skillscope.core.errors import SkillscopeError
from skillscope.core.textsafe import safe_line
from skillscope.ledger.book import ReviewBook, SignatureStatus
from skillscope.ledger.core.sshsig import SignatureError, key_blob

__all__ = ["Signature", "SignatureReport", "check_signatures", "key_fingerprint"]


_WORDS: dict[SignatureStatus, str] = {
    "allowed": "signed by an allowed key",
    "not-allowed": "signed by a key not allowed for that reviewer",
    "unsigned": "unsigned",
}


@dataclass(frozen=True)
class Signature:
    """One record's signature: whether it counts, and the key that made it."""

    status: SignatureStatus
    key: str = ""
    """The signer's public key line ("" when unsigned)."""

    @property
    def words(self) -> str:
        """The status as ``ledger verify`` words it."""
        return _WORDS[self.status]


@dataclass
class SignatureReport:
    """Signatures by record hash, the counts ``ledger verify`` prints, and whose keys count."""

    by_hash: dict[str, Signature] = field(default_factory=dict)
    trust: str = ""
    """Where the allowed signers came from (a file, or this machine's key only)."""
    problem: str | None = None
    """Why signatures could not be judged (damage, a missing review, an unreadable allowed_signers)."""

    def count(self, status: SignatureStatus) -> int:
        """How many records have this status."""
        return sum(1 for s in self.by_hash.values() if s.status == status)


def check_signatures(book: ReviewBook, *, allowed_signers: str | None = None) -> SignatureReport:
    """Check ``book``'s ledger as ``skillscope ledger verify`` does (``allowed_signers`` as its option),
    learning nothing; never raises for what the check finds.

    The book comes from the reader's trust choice (``TrustChoice.book``), so the screen that lists
    signatures and the verdicts beside it judge keys by one rule.
    """
    report = SignatureReport()
    try:
        check = book.check(allowed_signers=allowed_signers, learn=False, every_line=True)
    except SkillscopeError as exc:
        report.problem = exc.message
        return report
    report.trust = check.trust.source
    if not check.ok:
        first = (
            check.result.problems[0].message
            if check.result.problems
            else f"{len(check.missing)} review(s) seen before are missing"
        )
        report.problem = first
    for _line, digest, checked in check.result.reviews:
        report.by_hash[digest] = Signature(check.signature(checked), checked.key or "")
    return report


def key_fingerprint(key: str) -> str:
    """A public key line as ``ssh-keygen -l`` names it: its type and ``SHA256:`` of its blob (the line itself,
    made safe, when it is no key)."""
    kind = key.split()[0] if key.split() else "key"
    try:
        blob = key_blob(key)
    except SignatureError:
        return safe_line(key, limit=120)
    return f"{kind} SHA256:{base64.b64encode(hashlib.sha256(blob).digest()).decode().rstrip('=')}"
