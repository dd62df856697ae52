"""SVG snapshots of the approve dialog at a small (80×24) and a large (160×45) terminal.

Update after an intended change with ``pytest tests/tui/test_approve_snapshots.py --snapshot-update``
and look at the report before committing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from skillscope.catalog.entry import Policy
from skillscope.protocol.target import Target
from skillscope.service.targets import ServerSeed
from skillscope.tui.app import make_app
from skillscope.tui.dialogs.review import ChangesDialog, ReviewDialog
from tests.fixtures.unlisted_notes import notes_server
from tests.tui.helpers import settings_for
from tests.tui.test_snapshots import demo, highlighted, pressed, shows

SMALL = (80, 24)
LARGE = (160, 45)
CHANGED = "acme/billing/invoice-review"


@pytest.fixture
def here(tmp_path, monkeypatch):
    """Run in ``tmp_path`` so paths on screen are the same on every machine."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def dialog_open(app) -> bool:
    return isinstance(app.screen, ReviewDialog)


def test_approve_dialog_of_a_changed_skill_fits_80x24(snap_compare, here):
    assert snap_compare(
        demo(here), terminal_size=SMALL, run_before=shows(highlighted(CHANGED), pressed("a", until=dialog_open))
    )


def test_approve_dialog_of_a_changed_skill_at_160x45(snap_compare, here):
    assert snap_compare(
        demo(here), terminal_size=LARGE, run_before=shows(highlighted(CHANGED), pressed("a", until=dialog_open))
    )


def test_the_change_is_one_key_away_from_the_dialog_at_80x24(snap_compare, here):
    assert snap_compare(
        demo(here),
        terminal_size=SMALL,
        run_before=shows(
            highlighted(CHANGED),
            pressed("a", until=dialog_open),
            pressed("ctrl+g", until=lambda app: isinstance(app.screen, ChangesDialog)),
        ),
    )


def notes_app(here):
    seed = ServerSeed(Target(label="notes", kind="inprocess", server=notes_server().server), None, "demo", Policy())
    app = make_app(settings_for([seed], Path(".")))  # relative: the same paths on every machine
    app.animation_level = "none"
    return app


def beta(pilot):
    from tests.tui.helpers import select

    return select(pilot, "beta", server="notes")


def test_approve_dialog_names_files_the_approval_would_not_cover_at_80x24(snap_compare, here):
    assert snap_compare(notes_app(here), terminal_size=SMALL, run_before=shows(beta, pressed("a", until=dialog_open)))


def test_approve_dialog_names_files_the_approval_would_not_cover_at_160x45(snap_compare, here):
    assert snap_compare(notes_app(here), terminal_size=LARGE, run_before=shows(beta, pressed("a", until=dialog_open)))
