"""What checking a ledger's lines established, in brief: each review's id and description, and who signed which line."""

from __future__ import annotations

from skillscope.ledger.core.linecheck import Checked

__all__ = ["LineSummary"]


class LineSummary:
    """What ``ledger verify`` and ``export`` need of every line, kept with a checkpoint so they need not read them.

    The rollback check needs every review's id (and what it was, to name a new one in the
    memory); the signature report needs each line's signer. Signers are kept by (reviewer, key)
    with their lines, since a ledger has few: which of them the trust rule allows is decided when
    the summary is used, never stored.
    """

    def __init__(self) -> None:
        self.current: dict[str, str] = {}
        """Review id -> the review in one line, for every well-formed record."""
        self.first: str | None = None
        """The first record's description, when line 1 is well-formed."""
        self.signed: dict[tuple[str, str], list[int]] = {}
        """(reviewer, signing key line) -> the lines signed so."""
        self.unsigned: list[tuple[int, str]] = []
        """(line, reviewer) of each unsigned record."""

    def add(self, line: int, checked: Checked) -> None:
        """Note one well-formed line (lines come in file order)."""
        self.current[checked.review_id] = checked.what
        if line == 1:
            self.first = checked.what
        if checked.key:
            lines = self.signed.get((checked.reviewer, checked.key))
            if lines is None:
                self.signed[(checked.reviewer, checked.key)] = [line]
            else:
                lines.append(line)
        else:
            self.unsigned.append((line, checked.reviewer))

    def extend(self, later: LineSummary) -> LineSummary:
        """This summary followed by ``later`` (the lines read after it); returns self."""
        self.current.update(later.current)
        if self.first is None:
            self.first = later.first
        for pair, lines in later.signed.items():
            self.signed.setdefault(pair, []).extend(lines)
        self.unsigned.extend(later.unsigned)
        return self
