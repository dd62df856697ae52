"""The SARIF 2.1.0 schema loads from the installed package and validates logs (groundwork for --format sarif)."""

from __future__ import annotations

import copy

from .sarif_schema import SCHEMA_ID, load_sarif_schema, minimal_sarif_log, sarif_errors


def test_schema_is_the_oasis_one() -> None:
    schema = load_sarif_schema()
    assert schema["id"] == SCHEMA_ID
    assert schema["$schema"] == "http://json-schema.org/draft-04/schema#"
    assert "result" in schema["definitions"]


def test_minimal_log_is_valid() -> None:
    assert sarif_errors(minimal_sarif_log()) == []


def test_schema_catches_bad_logs() -> None:
    log = minimal_sarif_log()
    no_tool = copy.deepcopy(log)
    del no_tool["runs"][0]["tool"]
    assert any("'tool' is a required property" in e for e in sarif_errors(no_tool))
    bad_level = copy.deepcopy(log)
    bad_level["runs"][0]["results"][0]["level"] = "fatal"
    assert any(e.startswith("/runs/0/results/0/level:") for e in sarif_errors(bad_level))
    extra_key = copy.deepcopy(log)
    extra_key["runs"][0]["results"][0]["skillUri"] = "skill://x/SKILL.md"  # belongs in properties
    assert sarif_errors(extra_key)
