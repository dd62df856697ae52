"""The footer: hints for the focused area on the left, help, quit and the palette always on the right."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import HorizontalGroup
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from skillscope.tui.keymap import Command

__all__ = ["AreaScreen", "KeyFooter", "footer_hints"]


class AreaScreen(Protocol):
    """A screen that names its focused area and lists its commands."""

    KEY_COMMANDS: Sequence[Command]

    def focus_area(self) -> str:
        """The area holding focus ("servers", "catalog", "detail", "ledger")."""
        ...


def footer_hints(commands: Sequence[Command], area: str) -> tuple[list[Command], list[Command]]:
    """(hints for ``area``, pinned commands), each in table order."""
    return [c for c in commands if c.hinted_in(area)], [c for c in commands if c.pinned]


class KeyFooter(Footer):
    """Textual's footer, but drawn from the screen's command table for the focused area.

    Textual's own footer lists bindings in focus-chain order and cuts the end at narrow widths,
    which lost help and quit at 80 columns; here they sit in a group docked right, so the
    area's hints are what gets cut.
    """

    DEFAULT_CSS = """
    KeyFooter #footer-pinned {
        dock: right;
        width: auto;
        height: 1;
        background: $footer-background;
    }
    """

    def __init__(self, *, first_area: str = "") -> None:
        super().__init__()
        self._drawn: tuple[object, ...] | None = None
        """What the footer shows now (its plan); a change of focus or size that keeps it recomposes nothing."""
        self._first_area = first_area
        """The area the screen focuses first: the footer is composed before that focus lands."""

    def compose(self) -> ComposeResult:
        # Composed at once, not when the bindings are first announced as Textual's footer does: the hints
        # come from the screen's command table, and rebuilding a dozen keys then was work done twice.
        hints, pinned, palette = self._plan()
        self._drawn = (tuple(hints), tuple(pinned), palette)
        for command in hints:
            yield self._key(command)
        with HorizontalGroup(id="footer-pinned"):
            for command in pinned:
                yield self._key(command)
            if palette is not None:
                key, shown, description, action, tooltip = palette
                yield FooterKey(key, shown, description, action, tooltip=tooltip).data_bind(compact=Footer.compact)

    def _plan(self) -> tuple[list[Command], list[Command], tuple[str, str, str, str, str] | None]:
        """(hints that fit, pinned commands, the palette key's fields or None) for the focused area and width."""
        screen = self.screen
        commands: Sequence[Command] = getattr(screen, "KEY_COMMANDS", ())
        area_of = getattr(screen, "focus_area", None)
        area = area_of() if callable(area_of) else ""
        if not area and not self._bindings_ready:
            area = self._first_area
        hints, pinned = footer_hints(commands, area)
        # Only whole hints: a hint cut in the middle ("i Au") reads as a different key.
        # Before its first layout the footer has no size; it spans the screen, so the app's width is its own.
        width = self.size.width or self.app.size.width
        room = width - sum(self._cells(c) for c in pinned) - 12
        shown: list[Command] = []
        for command in hints:
            room -= self._cells(command)
            if room < 0 and width:
                break
            shown.append(command)
        palette = None
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            active = screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
            if active is not None:
                binding = active.binding
                palette = (
                    binding.key,
                    self.app.get_key_display(binding),
                    binding.description,
                    binding.action,
                    binding.tooltip or binding.description,
                )
        return shown, pinned, palette

    def bindings_changed(self, screen: Screen[Any]) -> None:
        # Textual's footer recomposes on every change of focus or bindings; this one shows the focused
        # area's hints only, so it is rebuilt when they differ (during start-up focus moves many times).
        self._bindings_ready = True
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self.call_after_refresh(self._redraw)

    def on_resize(self) -> None:
        self.call_after_refresh(self._redraw)

    async def _redraw(self) -> None:
        if not self.is_attached or not self._bindings_ready:
            return
        hints, pinned, palette = self._plan()
        if self._drawn != (tuple(hints), tuple(pinned), palette):
            await self.recompose()

    def _cells(self, command: Command) -> int:
        shown = command.key_display or self.app.get_key_display(Binding(command.key, command.action))
        return len(shown) + len(command.title) + 3

    def _key(self, command: Command) -> FooterKey:
        shown = command.key_display or self.app.get_key_display(Binding(command.key, command.action))
        return FooterKey(command.key, shown, command.title, command.action, tooltip=command.help).data_bind(
            compact=Footer.compact
        )
