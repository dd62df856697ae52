"""The application: wiring only (screens, styles, the palette, graceful quit)."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Iterable
from pathlib import Path
from typing import Any, ClassVar

from textual import messages
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from skillscope.tui.keymap import LEDGER_COMMANDS, MAIN_COMMANDS
from skillscope.tui.screens.ledger import LedgerScreen
from skillscope.tui.screens.main import MainScreen
from skillscope.tui.servers import ConnectFn
from skillscope.tui.settings import TuiSettings

__all__ = ["SkillscopeApp", "make_app"]

STYLES = Path(__file__).parent / "styles"


class SkillscopeApp(App[None]):
    """skillscope's TUI. Build it with ``make_app``."""

    TITLE = "skillscope"
    SUB_TITLE = "Agent Skills over MCP"
    CSS_PATH = [STYLES / "app.tcss", STYLES / "main.tcss", STYLES / "dialogs.tcss", STYLES / "ledger.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True, id="quit-app", tooltip="Disconnect every server and quit"),
    ]

    def __init__(self, settings: TuiSettings, connect: ConnectFn) -> None:
        super().__init__()
        self.settings = settings
        self.main_screen = MainScreen(settings, connect)
        self._leaving = False

    def on_mount(self) -> None:
        self.push_screen(self.main_screen)
        # SIGTERM quits like q: every server is let go of, so stdio servers are reaped.
        try:
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, lambda: self.call_next(self.action_quit))
        except (NotImplementedError, RuntimeError, ValueError):
            pass

    def on_unmount(self) -> None:
        try:
            asyncio.get_running_loop().remove_signal_handler(signal.SIGTERM)
        except (NotImplementedError, RuntimeError, ValueError):
            pass

    async def action_quit(self) -> None:
        """Let go of every server (waiting for each), then exit."""
        if self._leaving:
            return
        self._leaving = True
        await self.main_screen.shutdown()
        self.exit()

    async def on_exit_app(self, message: messages.ExitApp) -> None:
        """However the app ends, servers are let go of first (runs before Textual's own handler)."""
        await self.main_screen.shutdown()

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The palette: every action of the screen in front, then Textual's own."""
        if isinstance(screen, MainScreen):
            commands = MAIN_COMMANDS
        elif isinstance(screen, LedgerScreen):
            commands = LEDGER_COMMANDS
        else:
            commands = ()
        for command in commands:
            key = command.key_display or command.key
            yield SystemCommand(f"{command.title}  ({key})", command.help, _runner(screen, command.action))
        for item in super().get_system_commands(screen):
            if item.title.lower() != "quit":
                yield item


def _runner(screen: Screen[Any], action: str) -> Any:
    async def run() -> None:
        await screen.run_action(action)

    return run


def make_app(settings: TuiSettings, *, connect: ConnectFn | None = None) -> SkillscopeApp:
    """Build the app for the CLI, the tests and the screenshots.

    Args:
        settings: servers, ledger path, era, timeout, config and paths.
        connect: ``connect(target, *, era, timeout, errlog)``; defaults to skillscope's own.
    """
    if connect is None:
        from skillscope.protocol import connect as default_connect

        connect = default_connect
    return SkillscopeApp(settings, connect)
