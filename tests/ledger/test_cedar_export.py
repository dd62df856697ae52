"""The Cedar export, evaluated by the Cedar engine (cedarpy) on requests built as ToolHive's authoriser builds them."""

from __future__ import annotations

import json

import cedarpy
from hypothesis import given, settings
from hypothesis import strategies as st

from skillscope.ledger.core.record import FileEntry, Record
from skillscope.ledger.core.verdicts import replay
from skillscope.ledger.team.export import export_approved

FP = ["sha256:" + c * 64 for c in "abcd"]
INJECTION = 'skill://evil/x"); permit(principal, action, resource); //\n"'


def skill(action: str, name: str, fingerprint: str, *, uri: str | None = None, files: tuple[str, ...] = ()) -> Record:
    path = name.split(":", 1)[1]
    uri = uri or f"skill://{path}/SKILL.md"
    listed = (uri, *files)
    return Record(
        action=action,  # type: ignore[arg-type]
        time="2026-12-01T10:00:00Z",
        reviewer="Ada <ada@example.com>",
        name=name,
        label=name.split(":")[0],
        server="https://skills.example.com/mcp",
        uri=uri,
        fingerprint=fingerprint,
        files=tuple(FileEntry(u, "sha256:" + "e" * 64, 10) for u in listed),
    )


def sequenced(*records: Record) -> list[Record]:
    return [Record(**{**r.__dict__, "seq": i + 1}) for i, r in enumerate(records)]


def policies_of(*records: Record) -> list[str]:
    config = json.loads(export_approved(replay(sequenced(*records)), "cedar"))
    assert config["version"] == "1.0" and config["type"] == "cedarv1" and config["cedar"]["entities_json"] == "[]"
    return config["cedar"]["policies"]


def toolhive(policies: list[str], method: str, uri: str) -> bool:
    """Authorise one request as ToolHive's Cedar authoriser does, and say whether it is allowed.

    ``skills/get`` (and each ``skills/list`` entry) is ``Action::"get_skill"`` on ``Skill::<uri>``; ``resources/read``
    (and each ``resources/list`` entry) is ``Action::"read_resource"`` on ``Resource::<uri>``. The principal is
    ``Client::<sub>`` with its claims as ``claim_`` attributes; the resource carries name, uri, operation, feature.
    """
    action, kind, operation, feature = {
        "skills/get": ("get_skill", "Skill", "get", "skill"),
        "resources/read": ("read_resource", "Resource", "read", "resource"),
    }[method]
    entities = [
        {"uid": {"type": "Client", "id": "user-1"}, "attrs": {"claim_sub": "user-1"}, "parents": []},
        {"uid": {"type": "Action", "id": action}, "attrs": {"operation": action}, "parents": []},
        {
            "uid": {"type": kind, "id": uri},
            "attrs": {"name": uri, "uri": uri, "operation": operation, "feature": feature},
            "parents": [],
        },
    ]
    request = {
        "principal": {"type": "Client", "id": "user-1"},
        "action": {"type": "Action", "id": action},
        "resource": {"type": kind, "id": uri},
        "context": {"claim_sub": "user-1"},
    }
    result = cedarpy.is_authorized(request, "\n".join(policies), entities)
    assert not result.diagnostics.errors, result.diagnostics.errors
    return result.decision == cedarpy.Decision.Allow


def test_only_approved_skills_are_permitted_and_revoked_or_rejected_ones_are_not():
    policies = policies_of(
        skill("approve", "docs:pdf", FP[0], files=("skill://pdf/scripts/fill.py",)),
        skill("approve", "docs:shell", FP[1]),
        skill("reject", "docs:shell", FP[1]),
        skill("approve", "docs:notes", FP[2]),
        skill("revoke", "docs:notes", FP[2]),
    )
    assert toolhive(policies, "skills/get", "skill://pdf/SKILL.md")
    assert toolhive(policies, "resources/read", "skill://pdf/SKILL.md")
    assert toolhive(policies, "resources/read", "skill://pdf/scripts/fill.py")
    assert not toolhive(policies, "skills/get", "skill://shell/SKILL.md")  # rejected
    assert not toolhive(policies, "resources/read", "skill://shell/SKILL.md")
    assert not toolhive(policies, "skills/get", "skill://notes/SKILL.md")  # revoked
    assert not toolhive(policies, "skills/get", "skill://never-reviewed/SKILL.md")
    # A file the server lists after the approval is not among the reviewed ones, so it cannot be read.
    assert not toolhive(policies, "resources/read", "skill://pdf/scripts/added-later.py")
    # The permit is for the exact URI: no prefix, suffix or case variant.
    assert not toolhive(policies, "skills/get", "skill://pdf/SKILL.md/")
    assert not toolhive(policies, "skills/get", "skill://PDF/SKILL.md")
    # get_skill on a URI never grants read_resource on it, nor the reverse.
    only_reads = [p for p in policies if "read_resource" in p]
    assert not toolhive(only_reads, "skills/get", "skill://pdf/SKILL.md")


def test_an_approval_of_other_content_under_the_same_name_is_withdrawn_by_its_rejection():
    # A rejection withdraws that content wherever it was approved: its URI is not permitted through that approval.
    policies = policies_of(
        skill("approve", "docs:pdf", FP[0], uri="skill://pdf/v2/SKILL.md"),
        skill("approve", "other:pdf", FP[0], uri="skill://pdf/v2/SKILL.md"),
        skill("reject", "other:pdf", FP[0], uri="skill://pdf/v2/SKILL.md"),
    )
    assert not toolhive(policies, "skills/get", "skill://pdf/v2/SKILL.md")


def test_each_policy_names_what_was_reviewed():
    policies = policies_of(skill("approve", "docs:pdf", FP[0]))
    assert len(policies) == 2
    for policy in policies:
        parsed = json.loads(cedarpy.policies_to_json_str(policy))
        assert len(parsed["staticPolicies"]) == 1  # ToolHive parses each string as exactly one policy
        (only,) = parsed["staticPolicies"].values()
        assert only["effect"] == "permit"
        assert only["annotations"] == {
            "skill": "docs:pdf",
            "fingerprint": FP[0],
            "label": "docs",
            "reviewer": "Ada <ada@example.com>",
            "approved": "2026-12-01T10:00:00Z",
        }


def test_nothing_approved_gives_a_loadable_config_that_permits_nothing():
    policies = policies_of(skill("approve", "docs:pdf", FP[0]), skill("revoke", "docs:pdf", FP[0]))
    assert len(policies) == 1  # ToolHive refuses a config without policies
    assert not toolhive(policies, "skills/get", "skill://pdf/SKILL.md")
    assert not toolhive(policies, "resources/read", "skill://pdf/SKILL.md")


def test_a_uri_or_name_that_tries_to_inject_cedar_stays_one_string():
    hostile_name = 'docs:x"); permit(principal, action, resource); @a("'
    policies = policies_of(
        skill("approve", hostile_name, FP[0], uri=INJECTION, files=("skill://evil/\u202e\x1b]0;t\x07.py",))
    )
    text = "\n".join(policies)
    assert text.isascii()  # a newline, bidi control or escape from the server is a \u{...} escape
    assert len(json.loads(cedarpy.policies_to_json_str(text))["staticPolicies"]) == 2
    assert toolhive(policies, "skills/get", INJECTION)  # the exact URI, decoded back losslessly
    assert toolhive(policies, "resources/read", "skill://evil/\u202e\x1b]0;t\x07.py")
    assert not toolhive(policies, "skills/get", "skill://evil/x")  # what precedes the quote
    assert not toolhive(policies, "skills/get", "skill://anything/SKILL.md")  # the injected permit did not land
    assert not toolhive(policies, "resources/read", "file:///etc/passwd")
    annotations = [v["annotations"] for v in json.loads(cedarpy.policies_to_json_str(text))["staticPolicies"].values()]
    assert all(a["skill"] == hostile_name for a in annotations)


def test_surface_approvals_and_dynamic_entries_give_no_permit():
    tool = Record(**{**skill("approve", "docs:search", FP[0]).__dict__, "extra": {"surface": "tool"}})
    dynamic = Record(**{**skill("approve", "docs:dyn", FP[1]).__dict__, "fingerprint": None})
    policies = policies_of(tool, dynamic)
    assert not toolhive(policies, "skills/get", "skill://search/SKILL.md")
    assert not toolhive(policies, "skills/get", "skill://dyn/SKILL.md")


@settings(max_examples=60, deadline=None)
@given(uri=st.text(min_size=1, max_size=40), other=st.text(min_size=1, max_size=40))
def test_any_uri_is_permitted_exactly(uri, other):
    policies = policies_of(skill("approve", "docs:s", FP[0], uri=uri))
    assert toolhive(policies, "skills/get", uri)
    assert toolhive(policies, "skills/get", other) == (other == uri)
