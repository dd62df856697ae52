"""The suite's own rules: in CI no test skips silently, and an unknown marker is an error."""

from __future__ import annotations

import pytest

SKIPPING = """
import pytest

def test_needs_a_tool():
    pytest.skip("openssh-client is not installed (scripts/test.sh installs it)")

@pytest.mark.skipif(True, reason="typescript: node is not on PATH")
def test_needs_node():
    pass

def test_needs_a_module():
    pytest.importorskip("a_module_that_is_not_installed_anywhere")
"""

MODULE_SKIP = """
import pytest

pytest.importorskip("another_module_that_is_not_installed_anywhere")

def test_never_collected():
    pass
"""


@pytest.fixture
def suite(pytester):
    pytester.makeconftest(
        "from tests.conftest import pytest_make_collect_report, pytest_runtest_makereport  # noqa: F401\n"
    )
    pytester.makepyfile(test_needs=SKIPPING)
    return pytester


def test_in_ci_every_skip_fails_whatever_its_reason(suite, monkeypatch):
    monkeypatch.setenv("SKILLSCOPE_REQUIRE_EXTERNAL", "1")
    result = suite.runpytest("-p", "no:cacheprovider", "-p", "no:textual-snapshot")
    outcomes = result.parseoutcomes()
    assert "skipped" not in outcomes, outcomes
    # A skipif fails at setup (reported as an error), the others as failures.
    assert outcomes.get("failed", 0) + outcomes.get("errors", 0) == 3, outcomes


def test_in_ci_a_module_skipped_at_import_fails(suite, monkeypatch):
    suite.makepyfile(test_needs=MODULE_SKIP)
    monkeypatch.setenv("SKILLSCOPE_REQUIRE_EXTERNAL", "1")
    result = suite.runpytest("-p", "no:cacheprovider", "-p", "no:textual-snapshot")
    assert "skipped" not in result.parseoutcomes()
    result.stdout.fnmatch_lines(["*SKILLSCOPE_REQUIRE_EXTERNAL=1 but this test was skipped*another_module*"])
    result.stdout.fnmatch_lines(["*SKILLSCOPE_REQUIRE_EXTERNAL=1 but this test was skipped*"])


def test_outside_ci_a_missing_tool_is_a_skip(suite, monkeypatch):
    monkeypatch.delenv("SKILLSCOPE_REQUIRE_EXTERNAL", raising=False)
    suite.runpytest("-p", "no:cacheprovider", "-p", "no:textual-snapshot").assert_outcomes(skipped=3)


def test_an_unknown_marker_is_an_error(pytestconfig):
    # A misspelt marker (``@pytest.mark.interopp``) would otherwise select nothing, silently.
    assert pytestconfig.option.strict_markers
