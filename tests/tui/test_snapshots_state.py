"""Issue 18's new states as SVG snapshots at 80×24 and 160×45: attention at launch, a dead server, a state filter.

Update after an intended change with ``pytest tests/tui/test_snapshots_state.py --snapshot-update``.
"""

from __future__ import annotations

import os
import signal
import sys

import pytest

from skillscope.catalog.entry import Policy
from skillscope.protocol.target import Target
from skillscope.service.targets import ServerSeed
from skillscope.tui.app import make_app
from tests.fixtures.http import REPO_ROOT
from tests.tui.helpers import listed, open_skill, screen_text, settings_for, wait_until
from tests.tui.test_snapshots import demo, demo_listed, pressed, shows

SIZES = {"narrow": (80, 24), "wide": (160, 45)}


@pytest.fixture
def here(tmp_path, monkeypatch):
    """Run in ``tmp_path`` so paths on screen (the ledger's) are the same on every machine."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture(params=list(SIZES))
def size(request):
    return SIZES[request.param]


async def attention_shown(pilot) -> None:
    await demo_listed(pilot)
    await wait_until(pilot, lambda: "invoice-review" in screen_text(pilot.app), what="the changed skill on screen")


def test_launch_shows_what_needs_attention_with_rollups_and_counts(snap_compare, here, size):
    """Issue 18: the changed skill sat in a collapsed folder; rows cut their verdicts at 80 columns."""
    assert snap_compare(demo(here), terminal_size=size, run_before=shows(attention_shown))


def test_state_filter_keeps_only_skills_in_that_state(snap_compare, here, size):
    assert snap_compare(
        demo(here), terminal_size=size, run_before=shows(demo_listed, pressed("slash", *"state:needs-review", "enter"))
    )


@pytest.fixture
def python3_on_path(tmp_path, monkeypatch):
    """``python3`` on PATH runs this interpreter: the command line on screen is the same on every machine."""
    bindir = tmp_path / "bin"
    bindir.mkdir()
    launcher = bindir / "python3"
    launcher.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    launcher.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}")


def test_killed_server_reads_exited_and_keeps_its_catalog_stale(snap_compare, here, size, python3_on_path):
    """Issue 18: a killed stdio server still read "● connected", and a read on it showed as a verification failure."""
    target = Target(
        label="samples",
        kind="stdio",
        command=("python3", "-m", "tests.fixtures.run_server", "samples"),
        cwd=str(REPO_ROOT),
    )
    app = make_app(settings_for([ServerSeed(target, None, "command-line", Policy())], here))
    app.animation_level = "none"

    async def killed(pilot) -> None:
        await listed(pilot, "samples")
        await open_skill(pilot, "pdf-processing", server="samples")
        session = pilot.app.main_screen.sessions["samples"]
        os.kill(session.conn._stats.process.pid, signal.SIGKILL)
        await wait_until(pilot, lambda: session.state == "exited", what="the exit noticed")
        pilot.app.main_screen.catalog_tree.move_cursor_to_line(0)
        await wait_until(pilot, lambda: "server exited" in screen_text(pilot.app), what="the server's details")

    assert snap_compare(app, terminal_size=size, run_before=shows(killed))
