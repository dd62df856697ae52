"""The suite runner drives the official server scenarios and parses checks.json (groundwork for audit)."""

from __future__ import annotations

import pytest

from tests.fixtures.hostile import build_scenario
from tests.fixtures.http import serve_http_in_thread

from .suite_runner import DEFAULT_SCENARIOS, ScenarioRun, run_scenario, run_scenarios_together, run_server_scenarios

pytestmark = pytest.mark.conformance


def test_clean_server_passes_every_enumeration_check() -> None:
    runs: list[ScenarioRun] = []
    with serve_http_in_thread(build_scenario("samples")) as url:
        checks = run_server_scenarios(url, DEFAULT_SCENARIOS, runs=runs)
    assert [r.scenario for r in runs] == list(DEFAULT_SCENARIOS)
    assert "sep-2640-skills-list-implemented" in checks
    enumeration = {
        cid: outs
        for cid, outs in checks.items()
        if outs[0]["scenario"] == "sep-2640-skills-enumeration" and cid != "wire-schema-valid"
    }
    assert len(enumeration) == 31, sorted(enumeration)
    assert all(o["status"] == "SUCCESS" for outs in enumeration.values() for o in outs)
    # wire-schema-valid comes from every scenario that validated a message (the directory one too)
    assert [o["scenario"] for o in checks["wire-schema-valid"]] == list(DEFAULT_SCENARIOS)
    # no directoryRead declared: the six directory checks skip
    assert checks["sep-2640-capability-directory-read-flag"][0]["status"] == "SKIPPED"


def test_empty_listing_gives_untestable_manifest_findings() -> None:
    with serve_http_in_thread(build_scenario("empty")) as url:
        checks = run_server_scenarios(url, ["sep-2640-skills-manifest"])
    (final,) = checks["sep-2640-final-segment-equals-name"]
    assert final["status"] == "FAILURE" and final["untestable"] is True
    assert final["errorMessage"].startswith("Not testable: ")


@pytest.mark.parametrize("fixture", ["tampered-skill-md", "directory-read-flag"])
def test_scenarios_run_together_report_what_a_process_each_reports(fixture, tmp_path) -> None:
    """One suite process for all three scenarios (as the agreement tests run them) says what three processes say."""

    def comparable(run: ScenarioRun) -> list[dict]:
        return [{k: v for k, v in check.items() if k != "timestamp"} for check in run.checks]

    with serve_http_in_thread(build_scenario(fixture)) as url:
        together = run_scenarios_together(url, DEFAULT_SCENARIOS, tmp_path)
        alone = []
        for scenario in DEFAULT_SCENARIOS:
            workdir = tmp_path / scenario
            workdir.mkdir()
            alone.append(run_scenario(url, scenario, workdir))
    assert [run.returncode for run in together] == [run.returncode for run in alone]
    assert all(run.checks for run in together)
    assert [comparable(run) for run in together] == [comparable(run) for run in alone]
