"""Which keys may sign for which reviewers: the ``allowed_signers`` file of ssh-keygen and git."""

from __future__ import annotations

import fnmatch
import hashlib
import json
import os
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from skillscope.core.errors import UsageError
from skillscope.ledger.core.chain import VerifyResult
from skillscope.ledger.core.linecheck import Checked
from skillscope.ledger.core.record import Record
from skillscope.ledger.core.sshsig import NAMESPACE, SignatureError, key_blob

__all__ = ["AllowedSigners", "TrustRule", "distrust_of", "resolve_trust"]

ALLOWED_SIGNERS_NAME = "allowed_signers"


@dataclass(frozen=True)
class _Entry:
    principals: tuple[str, ...]
    key: bytes
    namespaces: tuple[str, ...] | None


@dataclass
class AllowedSigners:
    """Keys allowed per principal (reviewer); ``any_principal`` keys sign for anyone (the local key)."""

    source: str
    entries: list[_Entry] = field(default_factory=list)
    any_principal: set[bytes] = field(default_factory=set)

    @classmethod
    def parse(cls, text: str, source: str) -> AllowedSigners:
        """Read the ssh-keygen ALLOWED SIGNERS format: ``principals [options] keytype key [comment]``.

        ``namespaces="…"`` is honoured; ``cert-authority`` lines are skipped (certificates
        are not supported), as are ``valid-after``/``valid-before`` lines, conservatively.

        Raises:
            UsageError: a line cannot be read (its number is named).
        """
        signers = cls(source)
        for number, line in enumerate(text.splitlines(), start=1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            try:
                words = shlex.split(line, comments=False)
            except ValueError:
                raise UsageError(f"{source}:{number}: cannot be parsed (unbalanced quotes)") from None
            if len(words) < 3:
                raise UsageError(f"{source}:{number}: expected 'principals [options] keytype key'")
            principals, rest = words[0], words[1:]
            options: dict[str, str] = {}
            if not rest[0].startswith(("ssh-", "ecdsa-", "sk-")):
                for option in rest[0].split(","):
                    name, _, value = option.partition("=")
                    options[name.lower()] = value.strip('"')
                rest = rest[1:]
            if len(rest) < 2:
                raise UsageError(f"{source}:{number}: no key after the options")
            if {"cert-authority", "valid-after", "valid-before"} & set(options):
                continue
            try:
                blob = key_blob(f"{rest[0]} {rest[1]}")
            except SignatureError as exc:
                raise UsageError(f"{source}:{number}: {exc}") from None
            namespaces = tuple(n.strip() for n in options["namespaces"].split(",")) if "namespaces" in options else None
            signers.entries.append(_Entry(tuple(principals.split(",")), blob, namespaces))
        return signers

    def allows(self, principal: str, key: bytes, namespace: str = NAMESPACE) -> bool:
        """True when ``key`` may sign as ``principal`` in ``namespace``."""
        if key in self.any_principal:
            return True
        for entry in self.entries:
            if entry.key != key:
                continue
            if entry.namespaces is not None and not any(fnmatch.fnmatchcase(namespace, n) for n in entry.namespaces):
                continue
            if _principal_matches(principal, entry.principals):
                return True
        return False


UNSIGNED = "unsigned (use --include-unsigned)"
NOT_ALLOWED = "signed by a key not allowed for its reviewer"
NOT_CHECKED = "not checked"


@dataclass
class TrustRule:
    """Whose approvals count: every reader (list, show, diff, audit, the TUI, export) asks this one rule.

    An approval counts when its signature verified under a key ``signers`` allows for its
    reviewer; an unsigned (legacy) one only with ``include_unsigned``.
    """

    signers: AllowedSigners
    include_unsigned: bool = False
    _blobs: dict[str, bytes] = field(default_factory=dict, repr=False)

    def distrust(self, checked: Checked | None) -> str | None:
        """Why a record that checking established as ``checked`` does not count; None when it does."""
        if checked is None:
            return NOT_CHECKED
        if not checked.key:
            return None if self.include_unsigned else UNSIGNED
        blob = self._blobs.get(checked.key)
        if blob is None:
            blob = self._blobs[checked.key] = key_blob(checked.key)
        return None if self.signers.allows(checked.reviewer, blob) else NOT_ALLOWED

    def digest(self) -> bytes:
        """A digest of everything this rule's answers depend on: two rules with one digest judge alike."""
        return _rule_digest(self)


def _rule_digest(rule: TrustRule) -> bytes:
    """What the rule's answers depend on, hashed: each entry, the keys allowed for anyone, the opt-in."""
    signers = rule.signers
    parts = {
        "entries": [
            [list(e.principals), e.key.hex(), None if e.namespaces is None else list(e.namespaces)]
            for e in signers.entries
        ],
        "anyone": sorted(key.hex() for key in signers.any_principal),
        "unsigned": rule.include_unsigned,
    }
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode("utf-8", "surrogatepass")).digest()


def _principal_matches(principal: str, patterns: tuple[str, ...]) -> bool:
    """ssh's pattern lists: ``*`` and ``?`` wildcards, a ``!`` pattern that matches vetoes."""
    matched = False
    for pattern in patterns:
        if pattern.startswith("!"):
            if fnmatch.fnmatchcase(principal, pattern[1:]):
                return False
        elif fnmatch.fnmatchcase(principal, pattern):
            matched = True
    return matched


def resolve_trust(
    option: str | None, config_value: str | None, config_dir: Path | None, ledger: Path, local_key: str | None
) -> AllowedSigners:
    """The allowed signers in force: ``--allowed-signers``, else the config's, else one beside the ledger,
    else only this machine's key (for any reviewer).

    Raises:
        UsageError: a named file cannot be read or parsed.
    """
    path: Path | None = None
    if option:
        path = Path(option).expanduser()
    elif config_value:
        path = Path(os.path.expandvars(config_value)).expanduser()
        if not path.is_absolute() and config_dir is not None:
            path = config_dir / path
    elif (ledger.parent / ALLOWED_SIGNERS_NAME).is_file():
        path = ledger.parent / ALLOWED_SIGNERS_NAME
    if path is not None:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise UsageError(f"Cannot read allowed signers {path}: {getattr(exc, 'strerror', None) or exc}") from None
        return AllowedSigners.parse(text, str(path))
    signers = AllowedSigners("this machine's signing key only (no allowed_signers file)")
    if local_key:
        signers.any_principal.add(key_blob(local_key))
    return signers


def distrust_of(rule: TrustRule, result: VerifyResult) -> Callable[[Record], str | None]:
    """The trust rule applied to the records of one scan: what checking each line established decides.

    Works for a stream replayed as it is read (the stream notes each line's check in
    ``result.current`` just before it yields the record), and for a scan read first and replayed
    after: what is new in ``result.reviews`` is indexed at each call, once.
    """
    checked: dict[str, Checked] = {}
    done = 0

    def distrust(record: Record) -> str | None:
        nonlocal done
        current = result.current
        if current is not None and current[0] == record.hash:
            return rule.distrust(current[1])
        reviews = result.reviews
        if done < len(reviews):
            for index in range(done, len(reviews)):
                _line, digest, established = reviews[index]
                checked[digest] = established
            done = len(reviews)
        return rule.distrust(checked.get(record.hash))

    return distrust
