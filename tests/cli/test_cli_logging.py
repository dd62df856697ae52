"""Library logging never reaches stderr raw: one sanitised line per kind, detail in the run log, no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fixtures.hostile_http import hostile_content_type, invalid_json_body, sse_with_hostile_event

from .conftest import run_cli


def _run_logs(data: Path) -> str:
    return "".join(p.read_text() for p in sorted((data / "skillscope" / "logs").glob("run-*.log")))


@pytest.mark.parametrize(
    ("rewrite", "logged"),
    [
        (sse_with_hostile_event(200), "Unknown SSE event"),
        (hostile_content_type, "Unexpected content type"),
        (invalid_json_body, "Error parsing JSON response"),
    ],
    ids=["sse-event-and-200-bad-notifications", "content-type", "invalid-json"],
)
def test_hostile_http_answers_leave_stderr_clean(http_server, tmp_path, rewrite, logged):
    url = http_server("samples", rewrite=rewrite)
    env = {"XDG_DATA_HOME": str(tmp_path / "data"), "SKILLSCOPE_LEDGER": str(tmp_path / "l.jsonl")}
    done = run_cli("list", url, env=env)
    assert "\x1b" not in done.err and "\x07" not in done.err
    assert "Traceback" not in done.err
    library_lines = [
        line for line in done.err.splitlines() if line.startswith(("skillscope: warning:", "skillscope: error:"))
    ]
    kinds = [line.split(":")[1] + line.split(":")[2] for line in library_lines]
    assert len(kinds) == len(set(kinds)) and len(library_lines) <= 2, done.err
    assert logged in done.err and "more in" in done.err
    log = _run_logs(tmp_path / "data")
    assert logged in log and "\x1b" not in log and "\x07" not in log
    if "notification" in done.err:
        assert log.count("Failed to validate notification") == 200


def test_verbose_shows_every_message_still_sanitised(http_server, tmp_path):
    url = http_server("samples", rewrite=sse_with_hostile_event(5))
    env = {"XDG_DATA_HOME": str(tmp_path / "data"), "SKILLSCOPE_LEDGER": str(tmp_path / "l.jsonl")}
    done = run_cli("--verbose", "list", url, env=env)
    assert done.code == 0
    assert done.err.count("Failed to validate notification") == 5
    assert "\x1b" not in done.err and "Traceback" not in done.err
