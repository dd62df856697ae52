"""Go programs (``.go``): what they run, send, read and write."""

from __future__ import annotations

from skillscope.audit.behavior import tokenflow
from skillscope.audit.behavior.base import Ctx

__all__ = ["scan_go"]


def scan_go(ctx: Ctx) -> None:
    """Analyse a Go region (until its grammar-based analyser lands: the token flow every unnamed language gets)."""
    tokenflow.scan_tokens(ctx)
