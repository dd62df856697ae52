"""Drive the real app in tests: build it on fixture servers, wait for states, read the screen."""

from __future__ import annotations

import asyncio
import html
import io
import re
import time
import weakref
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.segment import Segment

from skillscope.catalog.entry import Policy
from skillscope.demo.publisher import SkillsPublisher
from skillscope.protocol.target import Target
from skillscope.service.targets import ServerSeed, TargetOptions
from skillscope.tui.app import SkillscopeApp, make_app
from skillscope.tui.demo_ledger import demo_settings
from skillscope.tui.settings import TuiSettings
from tests.fixtures.http import REPO_ROOT, stdio_command

__all__ = [
    "add_server_dialog",
    "at_rest",
    "audited",
    "findings_focused",
    "SIZE",
    "counting_connect",
    "demo_app",
    "drifting_demo_app",
    "listed",
    "notifications",
    "open_skill",
    "running",
    "screen_text",
    "select",
    "settings_for",
    "stdio_seed",
    "toasts_kept",
    "wait_until",
]

SIZE = (120, 36)
"""Every test and snapshot runs at this terminal size."""


def demo_app(
    tmp_path: Path,
    *,
    seed: bool = True,
    ledger: Path | None = None,
    extra: list[ServerSeed] | None = None,
    connect: Any = None,
    quiet: bool = True,
    server: Any = None,
) -> SkillscopeApp:
    """The app on the in-process demo server (``server`` when given, as the demo), with a demo ledger in ``tmp_path``."""
    path = ledger if ledger is not None else tmp_path / "ledger.jsonl"
    if not seed and not path.exists():
        path.touch()
    settings = demo_settings(path, reviewer="Rita Reviewer <rita@example.org>", log_dir=tmp_path / "logs")
    if server is not None:
        demo = settings.servers[0]
        settings.servers[0] = replace(demo, target=replace(demo.target, server=server))
    settings.servers.extend(extra or [])
    settings.save_path = tmp_path / "skillscope.yaml"
    app = make_app(settings, connect=connect)
    if quiet:
        app.animation_level = "none"
    return app


class _Upstream(SkillsPublisher):
    """The demo's publisher, listing a skill's entry from ``upstream`` (by URI) once a test puts one there."""

    def __init__(self, skills: Any, *, upstream: dict[str, Any], **options: Any) -> None:
        super().__init__(skills, **options)
        self.upstream = upstream

    def listed_entries(self) -> list[Any]:
        return [self.upstream.get(entry["uri"], entry) for entry in super().listed_entries()]


def drifting_demo_app(
    tmp_path: Path, *, ledger: Path | None = None
) -> tuple[SkillscopeApp, Callable[[str, bytes], None]]:
    """``demo_app`` on a demo server whose skills can change upstream; returns the app and ``change(skill, skill_md)``.

    ``change`` makes the next ``skills/list`` list ``skill`` with ``skill_md`` as its SKILL.md: another
    fingerprint, as a publisher's new version lists it.
    """
    from skillscope.demo import demo_server
    from skillscope.demo.publisher import PublishedSkill, SkillFile, entry_for, skill_uri

    upstream: dict[str, Any] = {}
    app = demo_app(tmp_path, ledger=ledger, server=demo_server(publisher_class=_Upstream, upstream=upstream))

    def change(skill: str, skill_md: bytes) -> None:
        version = PublishedSkill(skill, [SkillFile("SKILL.md", skill_md)])
        upstream[skill_uri(version)] = entry_for(version)

    return app, change


def stdio_seed(scenario: str, *, label: str | None = None, python: str | None = None) -> ServerSeed:
    """A fixture scenario served over stdio by a real child process."""
    command = stdio_command(scenario)
    if python is not None:
        command[0] = python
    target = Target(label=label or scenario, kind="stdio", command=tuple(command), cwd=str(REPO_ROOT))
    return ServerSeed(target, None, "command-line", Policy())


def settings_for(seeds: list[ServerSeed], tmp_path: Path) -> TuiSettings:
    """Settings with these servers and a ledger, config and logs under ``tmp_path``."""
    return TuiSettings(
        servers=seeds,
        ledger_path=tmp_path / "ledger.jsonl",
        reviewer="Rita Reviewer <rita@example.org>",
        log_dir=tmp_path / "logs",
        save_path=tmp_path / "skillscope.yaml",
        options=TargetOptions(timeout=120),
    )


async def wait_until(pilot: Any, condition: Callable[[], Any], *, timeout: float = 300.0, what: str = "") -> Any:
    """Let the app run until ``condition()`` is true; fail the test after ``timeout`` seconds.

    The bound only turns a hang into a failure: a loaded CI runner may take many times longer than a
    quiet one to start a server and answer, and no test's outcome may depend on that.
    """
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or condition}")
        # The app goes on with its own messages and refreshes while this sleeps. pilot.pause would also make
        # every widget on screen answer a callback and force a refresh on each poll: about a fourteenth of
        # the TUI tests' CPU, for nothing the condition needs.
        await asyncio.sleep(0.05)


def _drawn(app: Any) -> bool:
    """Nothing is waiting: no message for the app or a widget on screen, and no layout, scroll, repaint or
    after-refresh callback for the screen's next refresh."""
    screen = app.screen
    return not (
        screen._layout_required
        or screen._scroll_required
        or screen._repaint_required
        or screen._dirty_widgets
        or screen._callbacks
        or not app._message_queue.empty()
        or any(not node._message_queue.empty() for node in screen.walk_children(with_self=True))
    )


async def at_rest(pilot: Any) -> None:
    """Let everything already asked of the screen be laid out and drawn.

    One ``pilot.pause()`` runs the refresh due now, but a change often asks for another (a scrollbar
    that appears, a tab's underline): on a loaded machine the next one may come after the test looks.
    """
    await pilot.pause()
    await wait_until(pilot, lambda: _drawn(pilot.app), what="the screen laid out and drawn")


async def audited(pilot: Any, view: Any) -> Any:
    """Press ``i`` on the shown skill and wait until its audit is in and nothing is being read; returns the audit."""
    await pilot.press("i")
    await wait_until(
        pilot, lambda: view.audit is not None and not pilot.app.main_screen.detail.busy, what="the skill audited"
    )
    return view.audit


async def findings_focused(pilot: Any) -> Any:
    """Show the Findings tab of the skill in the detail pane and focus its list, as Tab would; returns the list."""
    detail = pilot.app.main_screen.detail
    detail.activate("findings")
    await at_rest(pilot)  # a hidden list cannot take the focus
    detail.focus_content()
    listing = detail.query_one("FindingList")
    await wait_until(pilot, lambda: pilot.app.focused is listing, what="the finding list focused")
    return listing


def add_server_ready(app: Any) -> bool:
    """The add-server dialog is open with its URL field focused (its tabs have started)."""
    fields = app.screen.query("#url-input")
    return bool(fields) and fields.first().has_focus


async def add_server_dialog(pilot: Any) -> Any:
    """Open the add-server dialog with ``n`` once the demo is listed; returns the dialog (on its URL tab)."""
    await listed(pilot)
    await pilot.press("n")
    await wait_until(pilot, lambda: add_server_ready(pilot.app), what="the add-server dialog, ready for typing")
    return pilot.app.screen


async def listed(pilot: Any, server: str = "demo") -> dict[str, Any]:
    """Wait until a server's catalog is listed; returns its views by name."""
    screen = pilot.app.main_screen
    await wait_until(
        pilot,
        lambda: (
            screen.sessions[server].listing_state in ("listed", "failed") or screen.sessions[server].state == "failed"
        ),
        what=f"{server} listed",
    )
    # The listing's worker goes on to list the server's tools, prompts and resources; their counts add a line under
    # the tree, which then scrolls to keep its cursor in view. Moving the cursor before that would race it.
    await wait_until(
        pilot,
        lambda: not any(w.name == f"list {server}" and w.is_running for w in pilot.app.workers),
        what=f"{server}'s surface listed",
    )
    return screen.views.get(server, {})


async def select(pilot: Any, name: str, *, server: str = "demo", path: str | None = None) -> Any:
    """Put the tree's cursor on a skill (or one of its files); returns its view."""
    screen = pilot.app.main_screen
    await listed(pilot, server)
    # The listing's counts reach the status line under the tree by a message, and the tree is laid out shorter or
    # taller after it: a cursor moved while the tree is briefly shorter scrolls it, and a tree that then grows keeps
    # that scroll. Move the cursor once the tree has its height.
    await at_rest(pilot)
    full = name if ":" in name else f"{server}:{name}"
    screen.catalog_tree.focus()
    screen.catalog_tree.reveal(server, full, path)
    await wait_until(
        pilot, lambda: screen._skill == (server, full) and screen.detail.shown == (server, full), what=f"{full} shown"
    )
    await pilot.pause()
    return screen.views[server][full]


async def open_skill(pilot: Any, name: str, *, server: str = "demo", path: str | None = None) -> Any:
    """Select a skill (or file) and press enter; wait until reading is over."""
    view = await select(pilot, name, server=server, path=path)
    await pilot.press("enter")
    await wait_until(
        pilot,
        lambda: (
            view.phase in ("verified", "unverified", "failed")
            and (path is None or path in view.opened or view.phase == "failed")
        ),
        what=f"{name} opened",
    )
    await wait_until(pilot, lambda: not pilot.app.main_screen.detail.busy, what="progress hidden")
    await wait_until(pilot, lambda: not laying_out(pilot.app), what="file laid out")
    await pilot.pause()
    return view


def laying_out(app: SkillscopeApp) -> bool:
    """True while the file tab lays out a file's content (in a thread, shown when done)."""
    return bool(app.main_screen.detail.query_one("FileViewer").laying_out)


def screen_text(app: SkillscopeApp) -> str:
    """The screen as plain text, cell by cell, as the exported SVG shows it (what a terminal shows).

    Built from the same segments ``export_screenshot`` turns into SVG, placed the way the SVG places
    them (each run of text from its cell, rows of nothing but spaces left out), without writing and
    parsing the SVG: tests poll this many times, and the SVG was most of its cost.
    """
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    # What App.export_screenshot prints before it exports the recording as SVG.
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    segments = list(Segment.filter_control(console._record_buffer))
    lines = []
    for line in Segment.split_and_crop_lines(segments, length=width):
        row: dict[int, str] = {}
        x = 0
        for text, _style, _control in line:
            if text != " " * len(text):
                for offset, char in enumerate(text.replace("\xa0", " ")):
                    row[x + offset] = char
            x += cell_len(text)
        if row:
            lines.append("".join(row.get(col, " ") for col in range(max(row) + 1)).rstrip())
    return "\n".join(lines)


def svg_screen_text(app: SkillscopeApp) -> str:
    """``screen_text`` rebuilt from the exported SVG itself (tests/tui/test_screen_text.py holds the two equal)."""
    svg = app.export_screenshot()
    spans = re.findall(r'<text[^>]*? x="([\d.]+)" y="([\d.]+)" textLength="([\d.]+)"[^>]*>(.*?)</text>', svg, re.DOTALL)
    cell = next((float(length) / len(html.unescape(body)) for _, _, length, body in spans if html.unescape(body)), 1.0)
    rows: dict[float, dict[int, str]] = {}
    for x, y, _, body in spans:
        row = rows.setdefault(float(y), {})
        start = round(float(x) / cell)
        for offset, char in enumerate(html.unescape(body).replace("\xa0", " ")):
            row[start + offset] = char
    lines = []
    for y in sorted(rows):
        row = rows[y]
        lines.append("".join(row.get(col, " ") for col in range(max(row) + 1)).rstrip())
    return "\n".join(lines)


def raw_svg(app: SkillscopeApp) -> str:
    """The exported SVG itself."""
    return app.export_screenshot()


def counting_connect(reads: list[str]) -> Any:
    """skillscope's connect, recording every ``resources/read`` URI (to prove what was read)."""
    from contextlib import asynccontextmanager

    from skillscope.protocol.connection import connect

    @asynccontextmanager
    async def wrapped(target: Any, **options: Any) -> Any:
        async with connect(target, **options) as conn:
            original = conn.read_resource

            async def read(uri: str) -> Any:
                reads.append(uri)
                return await original(uri)

            conn.read_resource = read  # type: ignore[method-assign]
            yield conn

    return wrapped


@asynccontextmanager
async def running(app: SkillscopeApp, size: tuple[int, int] = SIZE, *, toasts: bool = False) -> AsyncIterator[Any]:
    """``app.run_test`` at the fixed size; servers are let go of before the test's loop ends.

    ``toasts`` shows notifications on screen as the real app does (``run_test`` leaves them out by default;
    ``notifications`` records them either way).

    (``run_test`` tears the app down without the quit path, which would leave a stdio
    server's cleanup to a loop that is about to close.)
    """
    _record_notifications(app)
    async with app.run_test(size=size, notifications=toasts) as pilot:
        try:
            yield pilot
        finally:
            await app.main_screen.shutdown()


_NOTIFIED: weakref.WeakKeyDictionary[SkillscopeApp, list[str]] = weakref.WeakKeyDictionary()


def _record_notifications(app: SkillscopeApp) -> None:
    """Keep every notification the app posts: Textual drops one when its timeout passes, and on a busy
    machine that can happen before the test looks, so reading the live ones would make a test timing-bound."""
    seen = _NOTIFIED.setdefault(app, [])
    post = app.notify

    def recording(message: str, *, title: str = "", **options: Any) -> None:
        seen.append(f"{title}: {message}" if title else message)
        post(message, title=title, **options)

    app.notify = recording  # type: ignore[method-assign]


def toasts_kept(app: SkillscopeApp) -> None:
    """Keep every toast posted from now on until the test clears it: a toast goes when its timeout passes, and on a
    loaded machine that can be before the test looks at the screen (or takes its picture)."""
    post = app.notify

    def kept(message: str, *, title: str = "", **options: Any) -> None:
        options["timeout"] = 24 * 3600.0
        post(message, title=title, **options)

    app.notify = kept  # type: ignore[method-assign]


def notifications(app: SkillscopeApp) -> list[str]:
    """Every notification posted since ``running`` started, as a reader sees it: its title, then its message."""
    if app not in _NOTIFIED:
        raise AssertionError("notifications are recorded only for an app started with running()")
    return list(_NOTIFIED[app])
