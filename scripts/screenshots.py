"""Regenerate ``screenshots/``: the real app on the demo server, as SVG (and PNG when rsvg-convert exists).

python scripts/screenshots.py [--out screenshots] [--size 140x42] [--no-png]
"""

from __future__ import annotations

import argparse
import asyncio
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

__all__ = ["SHOTS", "main", "take_screenshots"]

Step = Callable[[Any], Awaitable[None]]


async def _until(pilot: Any, condition: Callable[[], Any], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("the app did not reach the state to photograph")
        await pilot.pause(0.05)


async def _listed(pilot: Any) -> None:
    session = pilot.app.main_screen.sessions["demo"]
    await _until(pilot, lambda: session.listing_state == "listed")


def _show(name: str, path: str | None = None, *, open_it: bool = False, tab: str | None = None) -> Step:
    async def step(pilot: Any) -> None:
        screen = pilot.app.main_screen
        await _listed(pilot)
        full = f"demo:{name}"
        screen.catalog_tree.focus()
        screen.catalog_tree.reveal("demo", full, path)
        await _until(pilot, lambda: screen.detail.shown == ("demo", full))
        view = screen.views["demo"][full]
        if open_it:
            await pilot.press("enter")
            await _until(
                pilot,
                lambda: (
                    view.phase in ("verified", "failed")
                    and (path is None or path in view.opened or view.phase == "failed")
                ),
            )
            await _until(pilot, lambda: not screen.detail.busy)
        if tab is not None:
            screen.detail.activate(tab)
        await pilot.pause()

    return step


def _expand(name: str) -> Step:
    async def step(pilot: Any) -> None:
        screen = pilot.app.main_screen
        await _listed(pilot)
        screen.catalog_tree.reveal("demo", f"demo:{name}")
        await pilot.pause()

    return step


def _press(*keys: str, until: Callable[[Any], Any] | None = None) -> Step:
    async def step(pilot: Any) -> None:
        await _listed(pilot)
        await pilot.press(*keys)
        if until is not None:
            await _until(pilot, lambda: until(pilot.app))
        await pilot.pause()

    return step


def _audit(name: str) -> Step:
    async def step(pilot: Any) -> None:
        await _show(name)(pilot)
        view = pilot.app.main_screen.views["demo"][f"demo:{name}"]
        await pilot.press("i")
        await _until(pilot, lambda: view.audit is not None)
        await _until(pilot, lambda: not pilot.app.main_screen.detail.busy)
        await pilot.pause()

    return step


SHOTS: list[tuple[str, str, list[Step]]] = [
    (
        "catalog",
        "The demo catalog: every state a reviewer meets, with reasons",
        [_expand("acme/billing/invoice-review"), _show("pdf-processing")],
    ),
    (
        "skill-md",
        "SKILL.md, rendered only after size, digest and frontmatter verified",
        [_show("pdf-processing", open_it=True)],
    ),
    (
        "overview",
        "Overview: frontmatter, fingerprint, files with their states, review",
        [_show("pdf-processing", open_it=True, tab="overview")],
    ),
    (
        "hex-view",
        "A binary file after it verified: metadata and hex view",
        [_show("pdf-processing", "assets/logo.png", open_it=True)],
    ),
    ("failure", "A frontmatter mismatch: the evidence, and none of the content", [_show("code-review", open_it=True)]),
    (
        "tampered-file",
        "A tampered file: expected and actual digest, the whole skill retired",
        [_show("release-notes", open_it=True), _show("release-notes", "references/CHANGELOG.md", open_it=True)],
    ),
    (
        "changed-since-approval",
        "Changed since approval: the per-file diff, from the entry alone",
        [_show("acme/billing/invoice-review", tab="changes")],
    ),
    (
        "terminal-tricks",
        "Escape sequences, markup and bidi controls shown as visible escapes; audit findings",
        [_audit("terminal-tricks")],
    ),
    (
        "ledger",
        "The ledger: every verdict, filter and export",
        [_press("l", until=lambda app: app.screen.query("LedgerTable"))],
    ),
    (
        "add-server",
        "Add a server by URL (with headers) or by command line",
        [_press("n", until=lambda app: app.screen.query("#url-input"))],
    ),
    (
        "help",
        "Every key and what each state means",
        [_press("question_mark", until=lambda app: app.screen.query("#help"))],
    ),
]
"""(file name, what it shows, the steps that reach it)."""


async def _shoot(steps: list[Step], size: tuple[int, int], workdir: Path) -> str:
    from textual.widgets import Input, TextArea

    from skillscope.tui.app import make_app
    from skillscope.tui.demo_ledger import demo_settings

    settings = demo_settings(
        Path("demo-ledger.jsonl"), reviewer="Rita Reviewer <rita@example.org>", log_dir=workdir / "logs"
    )
    app = make_app(settings)
    app.animation_level = "none"
    async with app.run_test(size=size) as pilot:
        try:
            for step in steps:
                await step(pilot)
            app.clear_notifications()
            for box in [*app.screen.query(Input), *app.screen.query(TextArea)]:
                box.cursor_blink = False
            await pilot.pause()
            return app.export_screenshot(title="skillscope demo")
        finally:
            await app.main_screen.shutdown()


def _png(svg: Path) -> Path | None:
    """Convert with rsvg-convert; spaces are kept as laid out (librsvg drops leading ones otherwise)."""
    tool = shutil.which("rsvg-convert")
    if tool is None:
        return None
    with tempfile.NamedTemporaryFile("w", suffix=".svg", delete=False, encoding="utf-8") as handle:
        handle.write(re.sub(r"<svg ", '<svg xml:space="preserve" ', svg.read_text(encoding="utf-8"), count=1))
    png = svg.with_suffix(".png")
    try:
        subprocess.run([tool, handle.name, "-o", str(png)], check=True)
    finally:
        Path(handle.name).unlink(missing_ok=True)
    return png


def take_screenshots(out: Path, *, size: tuple[int, int] = (140, 42), png: bool = True) -> list[Path]:
    """Write one SVG (and PNG) per entry of ``SHOTS`` into ``out``; returns the files written."""
    import os

    from skillscope.core.files import write_file

    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    here = Path.cwd()
    with tempfile.TemporaryDirectory(prefix="skillscope-shots-") as tmp:
        # Run in a scratch directory so the demo ledger is fresh and its path on screen is short.
        os.chdir(tmp)
        try:
            for name, _, steps in SHOTS:
                svg = (here / out / f"{name}.svg") if not out.is_absolute() else out / f"{name}.svg"
                write_file(svg, asyncio.run(_shoot(steps, size, Path(tmp))))
                written.append(svg)
                if png and (converted := _png(svg)) is not None:
                    written.append(converted)
                Path(tmp, "demo-ledger.jsonl").unlink(missing_ok=True)
        finally:
            os.chdir(here)
    return written


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(prog="python scripts/screenshots.py", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out", type=Path, default=Path("screenshots"), help="directory to write (default: screenshots)"
    )
    parser.add_argument("--size", default="140x42", help="terminal size WIDTHxHEIGHT (default: 140x42)")
    parser.add_argument("--no-png", action="store_true", help="write SVGs only")
    args = parser.parse_args(argv)
    width, height = (int(n) for n in args.size.lower().split("x"))
    for path in take_screenshots(args.out, size=(width, height), png=not args.no_png):
        print(path)
    if not args.no_png and shutil.which("rsvg-convert") is None:
        print("rsvg-convert not found: SVGs only (apt-get install librsvg2-bin for PNGs)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
