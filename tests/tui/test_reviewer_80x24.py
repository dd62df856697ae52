"""Issue 37 (item 5), driven with the pilot on the demo at 80x24 and 160x45: every flow finishes on screen,
and every message says what was done."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.tui.helpers import demo_app, notifications, running, select, wait_until

pytestmark = pytest.mark.anyio

NARROW = (80, 24)
WIDE = (160, 45)
SIZES = pytest.mark.parametrize("size", [NARROW, WIDE], ids=["80x24", "160x45"])


# -- y: where the copy went -----------------------------------------------------------------------


def _tmux() -> str:
    tmux = shutil.which("tmux")
    if tmux is None:
        pytest.skip("tmux is not installed (scripts/test.sh installs it)")
    return tmux


def _clipboard_words(app) -> list[str]:
    return [n for n in notifications(app) if n.startswith("Clipboard:")]


@SIZES
async def test_y_outside_tmux_says_the_fingerprint_was_sent_with_osc_52(tmp_path, monkeypatch, size):
    monkeypatch.delenv("TMUX", raising=False)
    app = demo_app(tmp_path)
    async with running(app, size=size) as pilot:
        view = await select(pilot, "pdf-processing")
        await pilot.press("y")
        await wait_until(pilot, lambda: _clipboard_words(app), what="the copy told")
        assert app.clipboard == view.entry.fingerprint
        (words,) = _clipboard_words(app)
        assert "Sent the fingerprint to the terminal with OSC 52" in words
        assert "clipboard access for OSC 52 turned on" in words and view.entry.fingerprint in words
        assert "tmux" not in words, "outside tmux nothing is said about tmux"


@pytest.fixture
def tmux_server(tmp_path, monkeypatch):
    """A real tmux server on a socket of its own under ``tmp_path``; ``$TMUX`` points the app at it."""
    tmux = _tmux()
    sock = tmp_path / "tmux.sock"
    env = {**os.environ, "HOME": str(tmp_path)}
    env.pop("TMUX", None)
    subprocess.run([tmux, "-f", "/dev/null", "-S", str(sock), "new-session", "-d"], check=True, env=env, timeout=60)
    pid = subprocess.run(
        [tmux, "-S", str(sock), "display-message", "-p", "#{pid}"],
        check=True,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout.strip()
    monkeypatch.setenv("TMUX", f"{sock},{pid},0")
    try:
        yield lambda: subprocess.run(
            [tmux, "-S", str(sock), "show-buffer"], env=env, capture_output=True, text=True, timeout=60
        )
    finally:
        subprocess.run([tmux, "-S", str(sock), "kill-server"], env=env, capture_output=True, timeout=60)


@SIZES
async def test_y_under_tmux_puts_the_fingerprint_in_tmuxs_paste_buffer_and_says_so(tmp_path, tmux_server, size):
    app = demo_app(tmp_path)
    async with running(app, size=size) as pilot:
        view = await select(pilot, "pdf-processing")
        await pilot.press("y")
        await wait_until(pilot, lambda: _clipboard_words(app), what="the copy told")
        shown = tmux_server()
        assert shown.returncode == 0 and shown.stdout == view.entry.fingerprint
        assert app.clipboard == view.entry.fingerprint, "OSC 52 is sent as well"
        (words,) = _clipboard_words(app)
        assert "Copied the fingerprint to tmux's paste buffer (prefix ] pastes)" in words
        assert "sent it to the terminal (OSC 52)" in words


async def test_y_in_the_digests_dialog_under_tmux_fills_the_paste_buffer_too(tmp_path, tmux_server):
    app = demo_app(tmp_path)
    async with running(app, size=NARROW) as pilot:
        view = await select(pilot, "pdf-processing")
        await pilot.press("f")
        await wait_until(pilot, lambda: app.screen.query("#facts"), what="the digests dialog")
        await pilot.press("y")
        await wait_until(pilot, lambda: _clipboard_words(app), what="the copy told")
        assert tmux_server().stdout == view.entry.fingerprint
        assert "tmux's paste buffer" in _clipboard_words(app)[0]


async def test_y_under_a_tmux_that_does_not_answer_says_only_osc_52_was_sent_and_how_tmux_passes_it(
    tmp_path, monkeypatch
):
    _tmux()
    monkeypatch.setenv("TMUX", f"{tmp_path / 'no-such.sock'},1,0")
    app = demo_app(tmp_path)
    async with running(app, size=NARROW) as pilot:
        view = await select(pilot, "pdf-processing")
        await pilot.press("y")
        await wait_until(pilot, lambda: _clipboard_words(app), what="the copy told")
        (words,) = _clipboard_words(app)
        assert app.clipboard == view.entry.fingerprint
        assert "Copied" not in words and "Sent the fingerprint to the terminal with OSC 52" in words
        assert "set -g set-clipboard on" in words and "paste buffer was not set" in words
    assert not Path(tmp_path / "no-such.sock").exists()
