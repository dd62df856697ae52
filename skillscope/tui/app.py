"""The application: wiring only (screens, styles, the palette, graceful quit)."""

from __future__ import annotations

import asyncio
import signal
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any, ClassVar

from textual import events, messages
from textual.app import App, SystemCommand
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.command import CommandPalette
from textual.screen import Screen

from skillscope.service.session import ConnectFn
from skillscope.tui import heap
from skillscope.tui.keymap import LEDGER_COMMANDS, MAIN_COMMANDS
from skillscope.tui.notify import tell
from skillscope.tui.screens.ledger import LedgerScreen
from skillscope.tui.screens.main import MainScreen
from skillscope.tui.settings import TuiSettings

__all__ = ["SkillscopeApp", "make_app"]

STYLES = Path(__file__).parent / "styles"


class SkillscopeApp(App[None]):
    """skillscope's TUI. Build it with ``make_app``."""

    TITLE = "skillscope"
    SUB_TITLE = "Agent Skills over MCP"
    CSS_PATH = [STYLES / "app.tcss", STYLES / "main.tcss", STYLES / "dialogs.tcss", STYLES / "ledger.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "ctrl+q",
            "quit",
            "Quit",
            show=False,
            priority=True,
            id="quit-app",
            tooltip="Disconnect every server and quit",
        ),
    ]

    def __init__(self, settings: TuiSettings, connect: ConnectFn) -> None:
        super().__init__()
        self.settings = settings
        self.main_screen = MainScreen(settings, connect)
        self._leaving = False
        self._settling: asyncio.Future[None] | None = None
        self._picker_closing = False
        """True from the moment a picker closes over the main screen until that screen has been drawn again."""
        self._last_input = time.monotonic()
        self._last_pass = time.monotonic()
        """When the app's own full pass of the cycle collector last ran (Python's never does while the app runs)."""
        self._walked = heap.frozen()
        """How many objects were frozen after the last pass that walked frozen objects too."""
        self._counted = heap.settled()
        """``heap.settled()`` when frozen objects were last counted (no freeze since: no count to take)."""
        self._thresholds: tuple[int, int, int] | None = None
        """The collector's thresholds before the app postponed its full passes (restored on unmount); None: not held."""

    def on_mount(self) -> None:
        self.push_screen(self.main_screen)
        for note in self.settings.notes:  # names and URLs from indexes: one inert line each, markup off
            tell(self, note, title="Two origins", severity="warning", timeout=30)
        self._thresholds = heap.hold()  # None: SKILLSCOPE_TUI_HEAP=off, the collector runs as Python sets it
        if self._thresholds is not None:
            self._idle_timer = self.set_interval(1.0, self._collect_when_idle)
        # SIGTERM quits like q: every server is let go of, so stdio servers are reaped.
        try:
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, lambda: self.call_next(self.action_quit))
        except (NotImplementedError, RuntimeError, ValueError):
            pass

    def pop_screen(self) -> AwaitComplete:
        """Close the screen in front; keys typed into a closing picker are kept from the main screen."""
        closing = self.screen
        done = super().pop_screen()
        if isinstance(closing, CommandPalette) and self.screen is self.main_screen:
            # The reviewer typed those keys for the picker: until the catalog is on screen again,
            # a key there would act on a skill they cannot see (a then enter once approved one).
            self._picker_closing = True
            self._settling = asyncio.ensure_future(self._picker_gone(done))
        return done

    async def _picker_gone(self, done: AwaitComplete) -> None:
        """Let keys through once the picker is removed and the main screen has been drawn after it."""
        # Not awaited: awaiting a dismissal from the picker's own task is refused by Textual.
        while not done.is_done:
            await asyncio.sleep(0)
        self.call_after_refresh(self._picker_closed)

    def _picker_closed(self) -> None:
        self._picker_closing = False

    def _collect_when_idle(self) -> None:
        # A full pass of the cycle collector stalls the screen for as long as it walks the heap: it runs
        # once the reviewer has left the keys alone a while (a shorter while once one is overdue).
        # Frozen catalogs are walked again only once enough new ones were frozen (a full walk of 10,000
        # skills takes a few hundred milliseconds).
        now = time.monotonic()
        rested = now - self._last_input
        overdue = now - self._last_pass >= heap.OVERDUE_SECONDS and rested >= heap.OVERDUE_REST
        if rested < heap.IDLE_SECONDS and not overdue:
            return
        everything = False
        if heap.settled() != self._counted:
            self._counted = heap.settled()
            everything = heap.frozen() > self._walked * heap.REGROWN
        if everything or heap.walked_since():
            heap.collect(everything=everything)
            self._last_pass = now
            if everything:
                self._walked = heap.frozen()

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.InputEvent):
            self._last_input = time.monotonic()
        if self._picker_closing and isinstance(event, events.Key) and self.screen is self.main_screen:
            return  # typed into the picker that just closed: dropped, never sent to the catalog
        await super().on_event(event)

    def on_unmount(self) -> None:
        if self._thresholds is not None:
            heap.release(self._thresholds)
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
        from skillscope.service.connect import attach_target as default_connect

        connect = default_connect
    return SkillscopeApp(settings, connect)
