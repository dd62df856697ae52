"""Makefiles: each recipe line is a shell command the build runs."""

from __future__ import annotations

from skillscope.audit.behavior import shell
from skillscope.audit.behavior.base import Ctx

__all__ = ["scan_makefile"]


def scan_makefile(ctx: Ctx) -> None:
    """Analyse a Makefile (until its grammar-based analyser lands: the whole text read as shell)."""
    shell.scan_shell(ctx)
