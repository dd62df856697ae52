"""Review state for any front end: the ledger read once, and what it says of each entry as served now."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from skillscope.catalog.entry import CatalogEntry
from skillscope.catalog.surface import SurfaceItem
from skillscope.core.errors import LedgerError, SkillscopeError
from skillscope.ledger.book import ReviewBook
from skillscope.ledger.core.chain import VerifyResult
from skillscope.ledger.core.record import Record
from skillscope.ledger.core.values import ReviewState
from skillscope.ledger.core.verdicts import Verdicts, review_state
from skillscope.ledger.team.objects import ObjectStore, store_dir

__all__ = [
    "LedgerSnapshot",
    "TrustChoice",
    "entry_review",
    "item_review",
    "load_verdicts",
    "read_ledger",
    "review_states",
]


@dataclass(frozen=True)
class TrustChoice:
    """Whose approvals count for a reader, chosen as ``export`` chooses: the same rule for every command and the TUI.

    ``allowed_signers`` is ``--allowed-signers`` (else the config's ``allowed_signers:``, else an
    ``allowed_signers`` file beside the ledger, else this machine's key); unsigned approvals
    count only with ``include_unsigned``.
    """

    signing_key: str | None = None
    """The config's ``signing_key`` (absolute, or relative to ``config_dir``)."""
    config_allowed_signers: str | None = None
    config_dir: Path | None = None
    allowed_signers: str | None = None
    include_unsigned: bool = False

    @classmethod
    def from_config(
        cls, config: object, *, allowed_signers: str | None = None, include_unsigned: bool = False
    ) -> TrustChoice:
        """The choice a loaded ``Config`` and the command's options make."""
        book = ReviewBook.from_config(Path("ledger.jsonl"), config)  # resolves the key relative to the config file
        return cls(book.signing_key, book.allowed_signers, book.config_dir, allowed_signers, include_unsigned)

    def book(self, ledger: str | Path) -> ReviewBook:
        """The ledger at ``ledger`` with this choice's key and allowed signers."""
        return ReviewBook(
            Path(ledger),
            signing_key=self.signing_key,
            allowed_signers=self.config_allowed_signers,
            config_dir=self.config_dir,
        )

    def verdicts(self, ledger: str | Path) -> Verdicts:
        """The ledger at ``ledger`` replayed under this choice (see ``ReviewBook.verdicts``)."""
        return self.book(ledger).verdicts(allowed_signers=self.allowed_signers, include_unsigned=self.include_unsigned)


def entry_review(verdicts: Verdicts | None, entry: CatalogEntry) -> ReviewState | None:
    """The review state of ``entry`` as served now; None for a malformed entry or an unknown ledger.

    This is the one place an entry meets the ledger: its name, fingerprint and listed files.
    """
    if verdicts is None or entry.status == "malformed":
        return None
    files = [(f.uri, f.digest, f.size) for f in entry.files or ()]
    return review_state(verdicts, entry.name, entry.fingerprint, files)


def item_review(verdicts: Verdicts, item: SurfaceItem) -> ReviewState:
    """The review state of a tool, prompt or resource as served now: its definition is its content, so the
    state lists no file changes."""
    return review_state(verdicts, item.name, item.fingerprint, ())


def review_states(verdicts: Verdicts | None, entries: Iterable[CatalogEntry]) -> dict[str, ReviewState]:
    """The review state of each entry that is not malformed, keyed by name (empty when the ledger is unknown)."""
    out: dict[str, ReviewState] = {}
    for entry in entries:
        state = entry_review(verdicts, entry)
        if state is not None:
            out[entry.name] = state
    return out


def load_verdicts(path: str | Path, trust: TrustChoice | None = None) -> tuple[Verdicts | None, str | None]:
    """Replay the ledger at ``path`` under the trust rule; a damaged ledger gives (None, why) instead of failing.

    Raises:
        UsageError: the allowed signers file cannot be read (a usage error, not ledger damage).
    """
    try:
        return (trust or TrustChoice()).verdicts(path), None
    except LedgerError as exc:
        return None, f"review states unknown: {exc.message}"


@dataclass
class LedgerSnapshot:
    """One reading of the ledger file, with each skill's history and the damage when there is any."""

    path: Path
    verdicts: Verdicts | None = None
    """None when the ledger could not be read (see ``damage`` and ``error``)."""
    history: dict[str, list[Record]] = field(default_factory=dict)
    damage: VerifyResult | None = None
    """The chain check, when the ledger is damaged."""
    error: str | None = None
    objects: ObjectStore | None = None
    """The approved bytes kept beside the ledger (for diffs)."""
    trust: TrustChoice = field(default_factory=TrustChoice)
    """Whose approvals counted in ``verdicts``: reading again or exporting uses the same."""

    @property
    def ok(self) -> bool:
        """True when the verdicts are known."""
        return self.verdicts is not None

    def review(self, entry: CatalogEntry) -> ReviewState | None:
        """The ``ReviewState`` of an entry as served now; None for malformed entries or an unreadable ledger."""
        return entry_review(self.verdicts, entry)


def read_ledger(path: str | Path, trust: TrustChoice | None = None) -> LedgerSnapshot:
    """Check and replay the ledger at ``path`` under the trust rule (a missing file is an empty ledger); never raises."""
    choice = trust or TrustChoice()
    snapshot = LedgerSnapshot(Path(path), objects=ObjectStore(store_dir(Path(path))), trust=choice)
    try:
        records: list[Record] = []
        result, verdicts = choice.book(path).read(
            allowed_signers=choice.allowed_signers, include_unsigned=choice.include_unsigned, keep=records
        )
    except SkillscopeError as exc:
        snapshot.error = exc.message
        return snapshot
    if verdicts is None:
        from skillscope.ledger.core.store import damage_message

        snapshot.error, snapshot.damage = damage_message(Path(path), result), result
        return snapshot
    snapshot.verdicts = verdicts
    for record in records:
        if record.name and record.action != "repair":
            snapshot.history.setdefault(record.name, []).append(record)
    return snapshot
