"""SVG snapshots of new drift told as it lands (issue 37), at 80×24 and at 160×45.

hello-world, approved in the demo ledger's seed, is on show when the live refresh lists the demo again and the
publisher now lists it with other bytes: two toasts (the listing's change, and the drift from an approval), the
row and the status line say changed. The flow is driven in test_drift_notice.py. Update after an intended change
with ``pytest tests/tui/test_drift_snapshots.py --snapshot-update`` and look at the report before committing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui.helpers import drifting_demo_app
from tests.tui.test_drift_notice import drift_told
from tests.tui.test_snapshots import here, shows  # noqa: F401 - here is a fixture

SIZES = pytest.mark.parametrize("size", [(80, 24), (160, 45)], ids=["80x24", "160x45"])


@SIZES
def test_drift_from_an_approval_is_told_as_it_lands(snap_compare, here, size):  # noqa: F811
    """Issue 37: a TUI left open did not notice an approved skill change upstream until the reviewer pressed r."""
    app, change = drifting_demo_app(here, ledger=Path("ledger.jsonl"))
    assert snap_compare(app, terminal_size=size, run_before=shows(drift_told(change), toasts=True))
