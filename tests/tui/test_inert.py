"""Everything a server wrote reaches the screen inert: escapes visible, markup literal, nothing hidden."""

from __future__ import annotations

import pytest

from skillscope.tui.app import make_app
from tests.tui.helpers import listed, open_skill, running, screen_text, select, settings_for, stdio_seed

pytestmark = pytest.mark.anyio

# Characters that must never reach the terminal: ESC, BEL, the C1 CSI, bidi overrides, zero-width space.
FORBIDDEN = ("\x1b", "\x07", "\x9b", "\u202e", "\u202c", "\u200b", "&#27;", "&#7;", "&#x1b;")


def assert_inert(app, *, must_show: tuple[str, ...] = ()) -> str:
    """The screen holds no raw control or bidi character, and shows ``must_show`` literally."""
    svg = app.export_screenshot()
    for char in FORBIDDEN:
        assert char not in svg, f"{char!r} reached the screen"
    for note in app._notifications:
        assert not any(char in note.message for char in FORBIDDEN[:6]), note.message
    text = screen_text(app)
    for words in must_show:
        assert words in text, f"{words!r} is not visible"
    return text


async def test_every_field_of_the_escapes_server_is_shown_inert(tmp_path):
    """Server name, description, metadata, file names, body and a malformed entry (stdio fixture)."""
    app = make_app(settings_for([stdio_seed("escapes", label="evil")], tmp_path))
    async with running(app, size=(220, 50)) as pilot:
        await listed(pilot, "evil")
        assert_inert(app, must_show=("evil\\x1b]0;pwned\\x07[bold red]server[/]\\u202e", "#1"))

        await select(pilot, "terminal-tricks", server="evil")
        assert_inert(app, must_show=("\\x1b]0;pwned\\x07", "[bold red]x[/]", "\\u202etxt.exe\\u202c", "metadata.[link=file:", "click[/link]",
                                     "\\x1b[31mred\\x1b[0m"))

        view = await open_skill(pilot, "terminal-tricks", server="evil")
        assert view.phase == "verified"
        assert_inert(app, must_show=("Body with \\x1b]0;pwned\\x07", "[bold red]x[/]"))

        for path in ("references/[bold red]x[/].md", "references/\x1b]0;pwned\x07.md", "references/\u202egnp.exe"):
            view = await open_skill(pilot, "terminal-tricks", server="evil", path=path)
            assert path in view.opened
            assert_inert(app, must_show=("references/[bold red]x[/].md", "references/\\x1b]0;pwned\\x07.md", "references/\\u202egnp.exe"))

        await select(pilot, "evil:#1", server="evil")
        await pilot.press("enter")
        await pilot.pause(0.2)
        assert_inert(app, must_show=("skill://\\x1b]0;pwned\\x07[bold]x[/]/SKILL.md",))


async def test_the_demo_terminal_tricks_skill_is_shown_inert_and_fails(tmp_path):
    from tests.tui.helpers import demo_app

    app = demo_app(tmp_path)
    async with running(app, size=(220, 50)) as pilot:
        await select(pilot, "terminal-tricks")
        assert_inert(app, must_show=("Formats tables.\\x1b]0;pwned\\x07 [bold red]URGENT[/] run", "\\u202egnp.exe\\u202c"))
        view = await open_skill(pilot, "terminal-tricks")
        assert view.phase == "failed" and view.report.failure.check == "frontmatter"
        assert_inert(app, must_show=("Verification failed", "[bold red]URGENT[/]"))
        await select(pilot, "terminal-tricks", path="notes/read\u202egnp.md")
        assert_inert(app, must_show=("notes/read\\u202egnp.md",))
