"""Shared pytest configuration."""

import os

import pytest


@pytest.fixture
def anyio_backend() -> str:
    """Run ``@pytest.mark.anyio`` tests on asyncio only (uvicorn and the SDK transports need it)."""
    return "asyncio"


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path_factory, monkeypatch):
    """Each test gets its own user data dir: signing key, rollback memory and checked-line cache."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("xdg-data")))


REQUIRE_EXTERNAL = os.environ.get("SKILLSCOPE_REQUIRE_EXTERNAL") == "1"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):  # noqa: ANN001 - pytest hook signature
    """In CI, a test skipped for a missing install (setup.sh not run) is a failure, not a skip."""
    outcome = yield
    report = outcome.get_result()
    if REQUIRE_EXTERNAL and report.skipped and "setup.sh" in str(report.longrepr):
        report.outcome = "failed"
        report.longrepr = f"SKILLSCOPE_REQUIRE_EXTERNAL=1 but this test was skipped: {report.longrepr}"
