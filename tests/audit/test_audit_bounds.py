"""An audit stays bounded against servers that never stop: endless directories, reads that never answer."""

from __future__ import annotations

import json

import pytest

from tests.cli.conftest import run_cli, run_process, stdio
from tests.fixtures.hostile import build_scenario
from tests.fixtures.http import serve_http_in_thread
from tests.fixtures.recorder import Recorder


def test_endless_subdirectories_keep_memory_and_time_bounded(tmp_path):
    report = tmp_path / "audit.json"
    # A real process: its peak memory is what this test measures. The walk's bound is a count of
    # entries, so the run ends whatever the machine's speed; the process timeout only guards a hang.
    done = run_process(
        "audit",
        "--format",
        "json",
        "-o",
        str(report),
        "--fail-on",
        "never",
        *stdio("directory-bomb"),
        timeout=900,
        peak_memory=True,
    )
    assert done.code == 0, done.err
    assert done.peak_mib is not None and done.peak_mib < 700, f"peak resident memory {done.peak_mib:.0f} MiB"
    server = json.loads(report.read_text())["servers"][0]
    assert server["error"] is None and server["skills"][0]["verified"] is True


@pytest.mark.waits
def test_a_server_that_never_answers_reads_is_given_up_after_a_few_timeouts(tmp_path):
    # Counted, not timed: the server records every read it is sent. Without the breaker the audit
    # sends one read per skill (20) and waits out each; with it, three timeouts in a row end the reading.
    report = tmp_path / "audit.json"
    recorder, server = Recorder(), build_scenario("never-reads")
    # Just outside the middleware that swallows reads (the chain runs outermost first), so it sees them.
    server.middleware.insert(len(server.middleware) - 1, recorder)
    with serve_http_in_thread(server) as url:
        # timing: the read timeout is the subject; the server runs in a thread here, no start-up inside it
        done = run_cli(
            "audit", "--format", "json", "-o", str(report), "--timeout", "3", "--concurrency", "1", url, timeout=900
        )
    audited = json.loads(report.read_text())["servers"][0]
    not_read = [f for f in audited["findings"] if f["id"] == "skillscope/not-read"]
    assert len(not_read) == 17, [f["id"] for f in audited["findings"]][:30]
    assert "3 reads in a row" in not_read[0]["message"]
    assert done.code == 1
    skill_reads = [uri for uri in recorder.read_uris() if uri.endswith("/SKILL.md")]
    assert skill_reads == [f"skill://quiet-{n}/SKILL.md" for n in range(3)], recorder.read_uris()
