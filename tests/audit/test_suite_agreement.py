"""skillscope's audit reports the official suite's server checks with the suite's outcomes.

Each fixture server is checked by the suite's three SEP-2640 server scenarios and by
``audit_server``; every check id the suite reports must come out the same in skillscope's audit.
Known differences are by design and asserted as such:
  * ``wire-schema-valid`` validates messages against the JSON schema; skillscope validates each
    entry by its rules instead and does not report this id;
  * the suite reads only the first listed skill; skillscope checks every entry, so a defect in a
    later entry fails a check the suite passes (``frontmatter-mismatch`` below).
"""

from __future__ import annotations

import contextlib
from concurrent.futures import ThreadPoolExecutor

import anyio
import pytest

from skillscope.audit.run.server import audit_server
from skillscope.catalog.entry import Policy
from skillscope.protocol.connection import connect
from skillscope.protocol.target import Target
from tests.audit.suite_cache import cached_suite_checks, inputs_digest
from tests.audit.suite_runner import run_server_scenarios, run_servers_scenarios, suite_installed
from tests.fixtures.hostile import build_scenario
from tests.fixtures.http import serve_http_in_thread

# One xdist worker runs the whole module: ``observed`` runs the suite on every fixture once.
pytestmark = [
    pytest.mark.conformance,
    pytest.mark.xdist_group("suite-agreement"),
    pytest.mark.skipif(not suite_installed(), reason="conformance suite not installed: run tests/conformance/setup.sh"),
]

SUITE_STATUS = {"SUCCESS": "pass", "FAILURE": "fail", "WARNING": "warning", "SKIPPED": "skip", "INFO": "pass"}
NOT_REPORTED = {"wire-schema-valid"}
FIXTURES = [
    "samples",
    "malformed-entries",
    "empty",
    "tampered-skill-md",
    "duplicate-across-pages",
    "repeating-cursor",
    "declaration-envelope",
    "no-resources-capability",
    "no-cache-fields",
    "other-scheme",
    "too-many-files",
    "directory-read-flag",
    "dynamic",
    "entry-warnings",
    "old-not-found-code",
    "same-name",
]


async def _our_checks(url: str) -> dict[str, str]:
    async with connect(Target(label="fx", kind="http", url=url), timeout=120) as conn:
        audit = await audit_server(conn, Policy(), None)
    return {check: outcome.status for check, outcome in audit.checks.items()}


def _expected(suite: dict) -> dict[str, set[str]]:
    return {
        check: {"untestable" if o["untestable"] else SUITE_STATUS.get(o["status"], o["status"]) for o in outcomes}
        for check, outcomes in suite.items()
    }


def _both_for(names: list[str]) -> dict[str, tuple[dict[str, set[str]], dict[str, str]]]:
    """For each fixture: the suite's outcomes by check and skillscope's audit of the same server.

    Every fixture is served at once and the suite checks them all in one process: starting Node and
    loading the suite costs more than a fixture's three scenarios.
    """
    with contextlib.ExitStack() as stack:
        urls = {name: stack.enter_context(serve_http_in_thread(build_scenario(name))) for name in names}
        # The suite's verdicts are kept under .cache keyed by their inputs (suite_cache.py): a rerun with
        # the same fixtures, SDK and suite reads them instead of starting the suite.
        suite = cached_suite_checks(
            names, inputs_digest(), lambda missing: run_servers_scenarios({name: urls[name] for name in missing})
        )
        with ThreadPoolExecutor(max_workers=2) as pool:
            ours = dict(zip(names, pool.map(lambda name: anyio.run(_our_checks, urls[name]), names), strict=True))
    return {name: (_expected(suite[name]), ours[name]) for name in names}


@pytest.fixture(scope="module")
def observed():
    return _both_for(FIXTURES)


@pytest.mark.parametrize("fixture", FIXTURES)
def test_same_check_ids_with_the_same_outcomes(observed, fixture):
    suite, ours = observed[fixture]
    assert not [c for c in suite if c.startswith("suite-error")], suite
    differences = {
        check: (sorted(statuses), ours.get(check, "not reported"))
        for check, statuses in suite.items()
        if check not in NOT_REPORTED and statuses != {ours.get(check)}
    }
    assert differences == {}


def test_every_entry_is_checked_where_the_suite_reads_only_the_first():
    suite, ours = _both_for(["frontmatter-mismatch"])["frontmatter-mismatch"]
    assert suite["sep-2640-entry-frontmatter-identical"] == {"pass"}, "the suite reads the clean first entry only"
    assert ours["sep-2640-entry-frontmatter-identical"] == "fail", "skillscope reads the mismatching second one too"


def test_the_typescript_publisher_agrees_including_directory_reads():
    from tests.interop.publishers import http_server, skip_reason

    if reason := skip_reason("typescript"):
        pytest.skip(reason)
    with http_server("typescript") as url:
        suite = run_server_scenarios(url)
        ours = anyio.run(_our_checks, url)
    assert ours["sep-2640-directory-read-method-registered"] == "pass"
    for check, outcomes in suite.items():
        if check in NOT_REPORTED:
            continue
        expected = {"untestable" if o["untestable"] else SUITE_STATUS[o["status"]] for o in outcomes}
        assert expected == {ours.get(check)}, check
