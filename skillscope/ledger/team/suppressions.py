"""Reviewed suppressions: signed, append-only JSON lines beside the ledger that leave accepted findings out."""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from skillscope.core.errors import LocalFileError, UsageError
from skillscope.ledger.core.signers import AllowedSigners
from skillscope.ledger.core.signing import Signer
from skillscope.ledger.core.sshsig import SignatureError, key_blob, verify_signature

__all__ = [
    "KEY_PATTERN",
    "LEGACY_KEY_PATTERN",
    "Suppression",
    "append_suppression",
    "new_suppression",
    "parse_expiry",
    "read_suppressions",
    "suppressions_path",
]

KEY_PATTERN = re.compile(r"^[0-9a-f]{64}$")
"""A finding's key as the audit's JSON gives it (``audit.keys.finding_keys``: SHA-256 of every fact it states)."""
LEGACY_KEY_PATTERN = re.compile(r"^[0-9a-f]{32}$")
"""A key of the scheme before: it bound a window of text around one line, so it names no finding now."""
SUFFIX = ".suppressions.jsonl"
DOMAIN = b"skillscope-suppression/v1\n"
"""Prefixed to the signed bytes, so a suppression's signature can never pass for a review's (same SSH namespace)."""
MAX_LINE = 8192
MAX_REASON = 1000
_FIELDS = ("v", "key", "reason", "reviewer", "expires", "time", "tool", "signer")


@dataclass(frozen=True)
class Suppression:
    """One line of the suppressions file, with what reading it established."""

    key: str
    reason: str
    reviewer: str
    expires: str | None
    """``YYYY-MM-DD``: the last day the suppression is in force (None: until removed)."""
    time: str
    line: int = 0
    distrust: str | None = None
    """Why it does not count (a bad signature, a key not allowed for its reviewer); None when it counts."""

    def expired(self, today: date) -> bool:
        """True once ``today`` is past the expiry date."""
        return self.expires is not None and today > date.fromisoformat(self.expires)

    @property
    def stale(self) -> bool:
        """True for a key of the old scheme: no finding has one, so it hides nothing (see ``STALE``)."""
        return LEGACY_KEY_PATTERN.match(self.key) is not None

    def in_force(self, today: date) -> bool:
        """True when it is trusted, not expired on ``today`` and keyed the current way."""
        return self.distrust is None and not self.expired(today) and not self.stale

    def as_json(self) -> dict[str, Any]:
        """The suppression as the audit's JSON and ``suppress --list --json`` show it."""
        return {
            "key": self.key,
            "reason": self.reason,
            "reviewer": self.reviewer,
            "expires": self.expires,
            "time": self.time,
        }


def suppressions_path(ledger: Path) -> Path:
    """The suppressions file beside ``ledger`` (``team.jsonl`` -> ``team.suppressions.jsonl``)."""
    return ledger.with_name(ledger.stem + SUFFIX)


def _signed_bytes(fields: dict[str, Any]) -> bytes:
    body = {name: fields.get(name) for name in _FIELDS}
    return DOMAIN + json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")


def parse_expiry(text: str) -> str:
    """``YYYY-MM-DD`` checked as a real date.

    Raises:
        UsageError: not a date in that form.
    """
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        raise UsageError(f"--expires {text!r}: expected a date as YYYY-MM-DD")
    try:
        date.fromisoformat(text)
    except ValueError:
        raise UsageError(f"--expires {text!r}: not a calendar date") from None
    return text


def new_suppression(
    key: str, reason: str, *, reviewer: str, expires: str | None, time: str, tool: str, signer: Signer
) -> dict[str, Any]:
    """The signed line recording that ``key`` is suppressed for ``reason`` (not yet appended).

    Raises:
        UsageError: the key or reason is malformed, or the key cannot sign.
    """
    if LEGACY_KEY_PATTERN.match(key):
        raise UsageError(
            f"{key!r} is a finding key of the old scheme (32 hex digits) and matches no finding now: "
            "audit again and use the finding's 'key' from audit --format json (64 hex digits)"
        )
    if not KEY_PATTERN.match(key):
        raise UsageError(
            f"{key[:80]!r} is not a finding key (64 hex digits, the 'key' of a finding in audit --format json)"
        )
    reason = " ".join(reason.split())
    if not reason:
        raise UsageError("--reason must say why the finding is accepted")
    if len(reason) > MAX_REASON:
        raise UsageError(f"--reason is longer than {MAX_REASON} characters")
    if not reason.isprintable() or not reviewer.strip() or not reviewer.isprintable() or len(reviewer) > 200:
        raise UsageError(
            "--reason and --reviewer must be printable text (no control characters; a reviewer of 1-200 characters)"
        )
    fields: dict[str, Any] = {
        "v": 1,
        "key": key,
        "reason": reason,
        "reviewer": reviewer,
        "expires": expires,
        "time": time,
        "tool": tool,
        "signer": signer.public_key,
    }
    fields["sig"] = signer.sign(_signed_bytes(fields))
    return fields


def append_suppression(path: Path, fields: dict[str, Any]) -> None:
    """Append one line (created if missing); a line is written whole with one write, so merges see whole lines.

    Raises:
        LocalFileError: the file cannot be written.
    """
    line = (json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=True) + "\n").encode("ascii")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW, 0o644)
        try:
            os.write(fd, line)
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as exc:
        raise LocalFileError(f"Cannot write {path}: {exc.strerror}") from None


def _text(value: object, limit: int) -> str | None:
    return value if isinstance(value, str) and 0 < len(value) <= limit and value.isprintable() else None


def _parse(raw: str, number: int, signers: AllowedSigners) -> Suppression | str:
    """One line as a ``Suppression`` (its trust judged), or why it is not one."""
    try:
        fields = json.loads(raw)
    except ValueError:
        return f"line {number}: not JSON"
    if not isinstance(fields, dict) or fields.get("v") != 1 or set(fields) != {*_FIELDS, "sig"}:
        return f"line {number}: not a suppression record"
    key, reason, reviewer, time = (
        _text(fields.get(name), limit)
        for name, limit in (("key", 64), ("reason", MAX_REASON), ("reviewer", 200), ("time", 40))
    )
    expires = fields.get("expires")
    if (
        key is None
        or not (KEY_PATTERN.match(key) or LEGACY_KEY_PATTERN.match(key))
        or reason is None
        or reviewer is None
        or time is None
    ):
        return f"line {number}: a field is missing or malformed"
    if expires is not None:
        try:
            expires = parse_expiry(expires) if isinstance(expires, str) else None
        except UsageError:
            expires = None
        if expires is None:
            return f"line {number}: expires is not a YYYY-MM-DD date"
    distrust = None
    signer, sig = fields.get("signer"), fields.get("sig")
    try:
        if not isinstance(signer, str) or not isinstance(sig, str):
            raise SignatureError("unsigned")
        blob = verify_signature(sig, _signed_bytes(fields))
        if blob != key_blob(signer):
            raise SignatureError("signed by another key than the one it names")
        if not signers.allows(reviewer, blob):
            distrust = "signed by a key not allowed for its reviewer"
    except SignatureError as exc:
        distrust = f"signature: {exc}"
    return Suppression(key, reason, reviewer, expires, time, number, distrust)


def read_suppressions(path: Path, signers: AllowedSigners) -> tuple[list[Suppression], list[str]]:
    """Every suppression in the file at ``path`` (a missing file has none) and the lines that are not one.

    Each line is judged alone (no chain): two branches' appends merge by keeping both.

    Raises:
        LocalFileError: the file exists but cannot be read.
    """
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return [], []
    except OSError as exc:
        raise LocalFileError(f"Cannot read {path}: {exc.strerror}") from None
    found: list[Suppression] = []
    problems: list[str] = []
    for number, raw in enumerate(data.split(b"\n"), start=1):
        if not raw.strip():
            continue
        if len(raw) > MAX_LINE:
            problems.append(f"line {number}: longer than {MAX_LINE} bytes")
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            problems.append(f"line {number}: not UTF-8")
            continue
        parsed = _parse(text, number, signers)
        if isinstance(parsed, str):
            problems.append(parsed)
        else:
            found.append(parsed)
    return found, problems
