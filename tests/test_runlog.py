"""The run log: a second run in the same process starts with no log of its own, not the last run's."""

from __future__ import annotations

import io
import logging

from skillscope.core.runlog import configure_logging, run_log_path


def test_a_new_run_does_not_point_at_the_previous_runs_log(tmp_path):
    root = logging.getLogger()
    before = list(root.handlers), root.level
    try:
        first = configure_logging(terminal=io.StringIO(), log_dir=tmp_path / "first")
        logging.getLogger("mcp.client").warning("from the first run")
        assert run_log_path() == first and first.is_file()
        terminal = io.StringIO()
        configure_logging(terminal=terminal, log_dir=tmp_path / "second")
        assert run_log_path() is None, "nothing was logged in this run yet"
        logging.getLogger("mcp.client").warning("from the second run")
        assert str(first) not in terminal.getvalue()
        assert str(tmp_path / "second") in terminal.getvalue()
    finally:
        for handler in list(root.handlers):
            if handler not in before[0]:
                root.removeHandler(handler)
                handler.close()
        root.setLevel(before[1])
        logging.captureWarnings(False)
