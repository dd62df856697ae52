"""An audit stays bounded against servers that never stop: endless directories, reads that never answer."""

from __future__ import annotations

import json
import time

from tests.cli.conftest import run_cli, run_process, stdio


def test_endless_subdirectories_keep_memory_and_time_bounded(tmp_path):
    report = tmp_path / "audit.json"
    started = time.monotonic()
    # A real process: its peak memory is what this test measures.
    done = run_process("audit", "--format", "json", "-o", str(report), "--fail-on", "never", *stdio("directory-bomb"), timeout=120,
                       peak_memory=True)
    assert done.code == 0, done.err
    assert time.monotonic() - started < 120
    assert done.peak_mib is not None and done.peak_mib < 700, f"peak resident memory {done.peak_mib:.0f} MiB"
    server = json.loads(report.read_text())["servers"][0]
    assert server["error"] is None and server["skills"][0]["verified"] is True


def test_a_server_that_never_answers_reads_is_given_up_after_a_few_timeouts(tmp_path):
    report = tmp_path / "audit.json"
    started = time.monotonic()
    done = run_cli("audit", "--format", "json", "-o", str(report), "--timeout", "3", "--concurrency", "1",
                   *stdio("never-reads"), timeout=120)
    elapsed = time.monotonic() - started
    server = json.loads(report.read_text())["servers"][0]
    not_read = [f for f in server["findings"] if f["id"] == "skillscope/not-read"]
    assert len(not_read) == 17, [f["id"] for f in server["findings"]][:30]
    assert "3 reads in a row" in not_read[0]["message"]
    assert done.code == 1
    assert elapsed < 50, f"the audit took {elapsed:.0f} s; without the breaker it takes timeout × skills (60 s)"
