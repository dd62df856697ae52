"""The TUI's settings for the demo: the in-process demo server and its own ledger."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from skillscope.demo.ledger import demo_ledger

if TYPE_CHECKING:
    from skillscope.tui.settings import TuiSettings

__all__ = ["demo_settings"]


def demo_settings(
    ledger: Path | None = None, *, reviewer: str | None = None, log_dir: Path | None = None
) -> TuiSettings:
    """Settings for the TUI on the in-process demo server, with the demo ledger (seeded when new)."""
    from skillscope.catalog.entry import Policy
    from skillscope.demo import demo_target
    from skillscope.service.targets import ServerSeed
    from skillscope.tui.settings import TuiSettings

    path = demo_ledger(ledger)
    return TuiSettings(
        servers=[ServerSeed(demo_target(), None, "demo", Policy())],
        ledger_path=path,
        reviewer=reviewer,
        log_dir=log_dir,
    )
