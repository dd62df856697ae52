"""Errors say what happened: an exit is an exit, a timeout a timeout, an HTTP status an HTTP status."""

from __future__ import annotations

from .conftest import run_cli


def test_a_server_that_closes_its_input_then_exits_is_reported_as_exiting():
    # The server stops reading at once (our writes fail first) and exits a moment later: the error
    # must name its exit status, not "the connection closed during connect".
    server = ["--", "sh", "-c", "exec 0<&-; echo 'fixture: giving up' >&2; sleep 0.5; exit 3"]
    for _ in range(3):
        done = run_cli("list", *server)
        assert done.code == 3
        assert "exited with status 3" in done.err, done.err
        assert "fixture: giving up" in done.err
