"""Checking one ledger line: its strict parse and its signature, and what that established (``Checked``)."""

from __future__ import annotations

from dataclasses import dataclass

from skillscope.ledger.core.record import LineError, canonical_review, describe, review_id, strict_decode
from skillscope.ledger.core.sshsig import SignatureError, verify_signed_by

__all__ = ["Checked", "check_line", "verify_line_signature"]


@dataclass(frozen=True, slots=True)
class Checked:
    """What checking one line established: its review's id, the reviewer, and the key that signed it."""

    review_id: str
    reviewer: str
    key: str
    """The signer's public key line; empty for an unsigned (legacy) record."""
    what: str = ""
    """The review in one line (action, name, fingerprint, time), to name it when it goes missing."""


def check_line(line: bytes) -> Checked:
    """Parse a line strictly (which checks its hash too) and verify its signature, if it has one.

    The plain check every reader can rely on; ``skillscope.ledger.cache`` reaches the same answers
    faster for the lines the writer writes, and a test holds the two together.

    Raises:
        LineError: the line is not in the writer's exact form, or its signature does not verify.
    """
    record = strict_decode(line)
    if record.signed:
        try:
            message = canonical_review(record)
        except UnicodeEncodeError:
            raise LineError(
                "the review holds a string that is not text (a lone surrogate); no signature can cover it",
                kind="signature",
            ) from None
        verify_line_signature(record.sig, record.key, message)
        return Checked(review_id(record, message), record.reviewer, record.key, describe(record))
    return Checked(review_id(record), record.reviewer, record.key, describe(record))


def verify_line_signature(sig: str, key: str, message: bytes) -> None:
    """Verify a line's signature over ``message`` (its canonical review).

    Raises:
        LineError: the signature does not verify (kind ``signature``).
    """
    try:
        verify_signed_by(sig, message, key)
    except SignatureError as exc:
        raise LineError(f"the signature does not verify: {exc}", kind="signature") from exc
