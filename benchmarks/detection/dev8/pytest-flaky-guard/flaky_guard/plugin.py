import pytest


def pytest_addoption(parser):
    parser.addoption("--flaky-reruns", type=int, default=0)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.failed and item.config.getoption("--flaky-reruns"):
        report.sections.append(("flaky-guard", "marked for rerun"))
