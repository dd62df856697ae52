"""A digest or fingerprint drawn whole when it fits, else with its middle elided: never folded mid-hash."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

__all__ = ["Digest"]


class Digest:
    """``sha256:…`` on one line. Too narrow a column gets both ends and a ``…`` between them, so
    nobody mistakes a cut hash for a whole one; ``f`` shows it whole, ``y`` copies it.
    """

    def __init__(self, value: str | None, style: str = "", *, missing: str = "—") -> None:
        self.value = value or missing
        self.style = style if value else "dim"

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        room = options.max_width
        value = self.value
        if len(value) > room and room >= 12:
            keep = room - 1
            head = keep // 2 + keep % 2
            value = value[:head] + "…" + value[len(value) - keep // 2 :]
        yield Text(value, style=self.style, no_wrap=True, overflow="ellipsis", end="")

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(min(len(self.value), 16), len(self.value))
