"""Errors say what happened: an exit is an exit, a timeout a timeout, an HTTP status an HTTP status."""

from __future__ import annotations

import pytest

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


def test_an_http_404_is_named_as_such_not_as_a_json_rpc_code(http_server):
    from tests.fixtures.hostile_http import http_error

    done = run_cli("list", http_server("samples", rewrite=http_error("skills/list", 404)))
    assert done.code == 3
    assert "answered HTTP 404 (Not Found) to skills/list" in done.err and "-32601" not in done.err


@pytest.mark.waits
def test_a_read_that_times_out_is_not_called_a_content_mismatch(http_server):
    # timing: served from a thread of this process, the 3 s bound meets only the read that never
    # answers, never a server process still starting on a busy machine.
    done = run_cli("show", "quiet-0", "--json", "--timeout", "3", http_server("never-reads"))
    assert done.code == 3, "a read that got no answer is a connection fault, not a verification failure"
    report = done.json()
    assert report["failure"]["check"] == "read" and report["failure"]["cause"] == "timed-out"
    assert "timed out: no answer within 3 s" in report["failure"]["message"]
    assert "does not match" not in report["failure"]["message"] and report["refresh"] is None


def test_a_mistyped_file_is_refused_before_any_read_with_the_closest_path():
    from .conftest import stdio

    done = run_cli("show", "pdf-processing", "--file", "references/FORM.md", *stdio("samples"))
    assert done.code == 1
    assert "not listed in the entry, nothing was read" in done.out
    assert "closest listed path is 'references/FORMS.md'" in done.out
    assert "NOT VERIFIED" not in done.out
    as_json = run_cli("show", "pdf-processing", "--file", "references/FORM.md", "--json", *stdio("samples")).json()
    assert as_json["failure"]["check"] == "unlisted"
    assert {f["status"] for f in as_json["files"]} == {"not-read", "refused"}
