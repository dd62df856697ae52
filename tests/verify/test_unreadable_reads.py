"""A read that brings no bytes (a stall, an error answer, a dropped connection) is 'could not read', never a mismatch."""

from __future__ import annotations

import pytest

from skillscope.catalog.entry import Policy
from skillscope.protocol.connection import connect
from skillscope.protocol.target import Target
from skillscope.service.catalog import load_catalog, resolve_name
from skillscope.verify.opener import SkillReport, open_skill
from tests.fixtures.hostile import build_scenario
from tests.fixtures.http import REPO_ROOT, serve_http_in_thread, stdio_command
from tests.fixtures.unreadable import UNREADABLE_FILE

pytestmark = [pytest.mark.anyio, pytest.mark.waits]

# timing: the read timeout is the subject, and connect's timeout also bounds connecting and every other request.
# The servers are already listening in a thread of this process (no start-up inside the bound); connecting and
# listing take about 0.1 s on a loaded 2-core machine, so 10 s is met with a wide margin, while the stalled read
# never answers and always reaches it.
READ_TIMEOUT = 10.0


async def _open_pdf_processing(target: Target, timeout: float = 120.0) -> SkillReport:
    async with connect(target, timeout=timeout) as conn:
        listing = await load_catalog(conn, Policy())
        entry = await resolve_name(conn, listing, "pdf-processing", Policy())
        return await open_skill(conn, entry, all_files=True)


async def _over_http(scenario: str, timeout: float = 120.0) -> SkillReport:
    with serve_http_in_thread(build_scenario(scenario)) as url:
        return await _open_pdf_processing(Target(label="fx", kind="http", url=url), timeout)


def _the_bad_file(report: SkillReport):
    return next(f for f in report.files if f.uri == UNREADABLE_FILE)


def _nothing_kept(report: SkillReport) -> None:
    assert not report.verified and report.body is None
    assert all(f.served is None for f in report.files)


async def test_a_read_that_never_answers_is_named_a_timeout_not_a_mismatch():
    report = await _over_http("read-stalls", timeout=READ_TIMEOUT)
    failure = report.failure
    assert failure is not None and failure.unreadable and failure.cause == "timed-out"
    assert failure.uri == UNREADABLE_FILE and failure.heading == "Could not read"
    assert f"timed out: no answer within {READ_TIMEOUT:g} s" in failure.message
    assert "mismatch" not in failure.message and "verif" not in failure.message.lower()
    assert _the_bad_file(report).status == "unreadable"
    assert report.skill_md().status == "verified", "SKILL.md was read and verified before the stall"
    assert failure.as_json()["cause"] == "timed-out"
    # A server that did not answer is not asked again: no refresh that would wait out another timeout.
    assert report.refresh is None
    _nothing_kept(report)


async def test_an_error_answer_is_named_with_its_code_and_its_text_made_safe():
    report = await _over_http("read-errors")
    failure = report.failure
    assert failure is not None and failure.cause == "server-error"
    assert "the server answered error -32603: Internal error:" in failure.message
    assert "\x1b" not in failure.message and "\\x1b[31m" in failure.message
    assert "mismatch" not in failure.message
    assert _the_bad_file(report).status == "unreadable"
    _nothing_kept(report)


async def test_a_server_that_dies_mid_read_is_named_a_lost_connection():
    # A real process: only a process can end in the middle of a request.
    target = Target(label="fx", kind="stdio", command=tuple(stdio_command("read-drops")), cwd=REPO_ROOT)
    report = await _open_pdf_processing(target)
    failure = report.failure
    assert failure is not None and failure.cause == "connection-closed"
    assert "the connection was lost during the read" in failure.message
    assert "exited with status 7" in failure.message
    assert "mismatch" not in failure.message
    _nothing_kept(report)


async def test_the_honest_twin_bytes_that_differ_still_fail_verification():
    report = await _over_http("read-tampered")
    failure = report.failure
    assert failure is not None and failure.check == "digest" and failure.uri == UNREADABLE_FILE
    assert not failure.unreadable and failure.cause is None and failure.heading == "Verification failed"
    assert "Digest mismatch" in failure.message
    assert _the_bad_file(report).status == "failed"
    assert failure.as_json()["cause"] is None
