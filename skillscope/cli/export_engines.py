"""``export --format cedar|claude-managed``: the approvals as the engines that enforce them read them."""

from __future__ import annotations

from typing import Any

import click

from skillscope.core.textsafe import safe_line

__all__ = ["ENGINE_FORMATS", "engine_export"]

ENGINE_FORMATS = ("cedar", "claude-managed")


def engine_export(fmt: str, exportable: Any, config: Any) -> str:
    """The export's text; what an engine cannot be told goes to stderr, one line per server held back."""
    if fmt == "claude-managed":
        from skillscope.service.allowlist import claude_allowlist

        allowlist = claude_allowlist(exportable.approvals, config)
        for line in allowlist.held_back:
            click.echo(f"skillscope: not in the allowlist: {line}", err=True)
        return allowlist.text()
    from skillscope.service.ledgers import approved_text

    labels = sorted({r.label for r in exportable.approvals if "surface" not in r.extra})
    if len(labels) > 1:
        # ToolHive loads one authorisation config per server it runs, and a Skill:: URI names no server.
        named = ", ".join(safe_line(label, limit=64) for label in labels)
        click.echo(
            f"skillscope: warning: these policies permit skills approved on {len(labels)} servers ({named}); "
            "ToolHive applies a policy to the one server it runs, so give each its own with --label",
            err=True,
        )
    return approved_text(exportable, "cedar")
