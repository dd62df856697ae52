"""Era negotiation falls back from a server that ignores server/discover; errors say what happened."""

from __future__ import annotations

import pytest

from tests.fixtures.http import stdio_command

from .conftest import run_cli, stdio

pytestmark = pytest.mark.waits


def started_after(seconds: int) -> list[str]:
    """The samples server over stdio, started only after ``seconds`` (forked from the fork server then)."""
    return ["--", "sh", "-c", f'sleep {seconds}; exec "$0" "$@"', *stdio_command("samples")]


def test_a_legacy_server_that_ignores_discover_is_reached_with_era_auto():
    # The fallback starts when discover goes unanswered for a short probe wait, not after the whole
    # --timeout: a generous timeout only keeps a slow start-up on a busy machine from failing the test.
    done = run_cli("list", "--json", "--timeout", "120", *stdio("legacy-drops-discover"))
    assert done.code == 0, done.err
    report = done.json()
    assert report["server"]["protocol"] == "2025-11-25"
    assert {s["skill_name"] for s in report["skills"]} == {"hello-world", "pdf-processing"}


def test_a_connect_timeout_is_not_reported_as_the_server_exiting(tmp_path):
    # timing: the command never answers, so the timeout ends the connect however fast the machine is
    done = run_cli("list", "--timeout", "1", "--era", "modern", "--", "sh", "-c", "sleep 60")
    assert done.code == 3
    assert "exited" not in done.err
    assert "did not answer" in done.err or "longer than 1 s" in done.err


def test_a_modern_server_slower_to_start_than_the_probe_wait_still_gets_its_era():
    done = run_cli("list", "--json", "--timeout", "120", *started_after(5))
    assert done.code == 0, done.err
    assert done.json()["server"]["protocol"] == "2026-07-28" and len(done.json()["skills"]) == 4


def test_a_modern_server_slower_to_start_than_the_sdks_discover_timeout_still_gets_its_era():
    # The SDK gives up on server/discover after a fixed 10 s; this server starts after that, answers
    # the abandoned probe into the void and refuses the handshake as a 2026-07-28 server would.
    done = run_cli("list", "--json", "--timeout", "120", *started_after(11))
    assert done.code == 0, done.err
    assert done.json()["server"]["protocol"] == "2026-07-28" and len(done.json()["skills"]) == 4
