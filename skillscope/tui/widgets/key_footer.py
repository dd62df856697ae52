"""The footer: hints for the focused area on the left, help, quit and the palette always on the right."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import HorizontalGroup
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

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        screen = self.screen
        commands: Sequence[Command] = getattr(screen, "KEY_COMMANDS", ())
        area_of = getattr(screen, "focus_area", None)
        area = area_of() if callable(area_of) else ""
        hints, pinned = footer_hints(commands, area)
        # Only whole hints: a hint cut in the middle ("i Au") reads as a different key.
        room = self.size.width - sum(self._cells(c) for c in pinned) - 12
        for command in hints:
            room -= self._cells(command)
            if room < 0 and self.size.width:
                break
            yield self._key(command)
        with HorizontalGroup(id="footer-pinned"):
            for command in pinned:
                yield self._key(command)
            if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
                active = screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
                if active is not None:
                    binding = active.binding
                    yield FooterKey(
                        binding.key,
                        self.app.get_key_display(binding),
                        binding.description,
                        binding.action,
                        tooltip=binding.tooltip or binding.description,
                    ).data_bind(compact=Footer.compact)

    def on_resize(self) -> None:
        self.call_after_refresh(self.recompose)

    def _cells(self, command: Command) -> int:
        shown = command.key_display or self.app.get_key_display(Binding(command.key, command.action))
        return len(shown) + len(command.title) + 3

    def _key(self, command: Command) -> FooterKey:
        shown = command.key_display or self.app.get_key_display(Binding(command.key, command.action))
        return FooterKey(command.key, shown, command.title, command.action, tooltip=command.help).data_bind(
            compact=Footer.compact
        )
