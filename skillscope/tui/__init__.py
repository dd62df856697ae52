"""The reviewer's terminal UI (Textual): browse, verify and review served skills."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from skillscope.service.session import ConnectFn
    from skillscope.tui.app import SkillscopeApp
    from skillscope.tui.settings import TuiSettings

__all__ = ["make_app"]


def make_app(settings: TuiSettings, *, connect: ConnectFn | None = None) -> SkillscopeApp:
    """Build the app (imports Textual and the MCP stack on first use); see ``skillscope.tui.app.make_app``."""
    from skillscope.tui.app import make_app as build

    return build(settings, connect=connect)
