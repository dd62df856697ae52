"""SS-A5: an entry skillscope itself refused (a well-known index's failed artifact) is unavailable, with the reason.

The refusals come from the connection (``Connection.own_refusals``), never from the entry: the entry's own
fields, whatever they say, cannot make it SS-A5.
"""

from __future__ import annotations

from skillscope.catalog.entry import Policy, validate_entry
from skillscope.catalog.listing import Listing, catalog_entries

D1 = "sha256:" + "a" * 64


def entry(name: str, description: str = "Reviews invoices.") -> dict:
    return {
        "uri": f"skill://{name}/SKILL.md",
        "frontmatter": {"name": name, "description": description},
        "resources": [{"uri": f"skill://{name}/SKILL.md", "digest": D1, "size": 10}],
    }


def test_a_refused_path_is_unavailable_under_ss_a5_with_the_reason_and_its_neighbours_stay_available():
    refusals = {"tampered": "skillscope refused entry #1 'tampered': the index gives digest X, the bytes hash to Y"}
    listing = catalog_entries(
        [entry("honest"), entry("tampered")], Listing(), label="acme", policy=Policy(), refusals=refusals
    )
    by_path = {e.path: e for e in listing.entries}
    assert (by_path["tampered"].status, by_path["tampered"].rule) == ("unavailable", "SS-A5")
    assert by_path["tampered"].reason == refusals["tampered"]
    assert by_path["tampered"].as_json()["status"] == "unavailable"
    assert (by_path["honest"].status, by_path["honest"].rule) == ("available", None)


def test_the_entry_cannot_refuse_itself():
    """The marker a well-known target puts in its description means nothing without skillscope's own word."""
    raw = entry("tampered", "Unavailable: skillscope refused entry #1 'tampered': the index gives digest X")
    assert validate_entry(raw, label="acme", index=0).status == "available"
    assert validate_entry(raw, label="acme", index=0, refusals={}).status == "available"


def test_a_malformed_entry_stays_malformed_and_the_reason_is_one_safe_line():
    broken = entry("tampered")
    broken["frontmatter"]["name"] = "other"
    assert validate_entry(broken, label="acme", index=0, refusals={"tampered": "x"}).rule == "SS-E7"
    hostile = validate_entry(entry("tampered"), label="acme", index=0, refusals={"tampered": "a\nb\x1b[31m"})
    assert "\n" not in (hostile.reason or "") and "\x1b" not in (hostile.reason or "")
