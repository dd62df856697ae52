"""``inventory --format cyclonedx``: 1.7 by default and 1.6 on request, read back by cyclonedx-python-lib, hostile text inert."""

from __future__ import annotations

import copy
import json
import re

import pytest
from cyclonedx.model.bom import Bom
from cyclonedx.model.component import ComponentType

from skillscope.demo.publisher import PublishedSkill, SkillFile, build_server
from tests.cli.conftest import run_cli, stdio
from tests.fixtures.http import serve_http_in_thread
from tests.fixtures.sbom import props, schema_errors, valid_bom

# What a consumer may follow as a URI: RFC 3986 characters only.
_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:(?:[A-Za-z0-9\-._~:/?#@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*")


@pytest.fixture
def env(tmp_path):
    return {
        "HOME": str(tmp_path / "home"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
    }


def _skills(bom: dict) -> dict[str, dict]:
    return {s["bom-ref"]: s for server in bom["components"] for s in server.get("components", [])}


def test_the_library_reads_back_what_a_reviewer_saw(env):
    """cyclonedx-python-lib parses the 1.7 BOM into its model: types, hashes and references survive."""
    listed = run_cli("list", "--json", *stdio("samples"), env=env)
    assert listed.code == 0, listed.err
    served = {s["name"]: s for s in listed.json()["skills"] if s["status"] == "available"}
    run = run_cli("inventory", "--format", "cyclonedx", *stdio("samples"), env=env)
    assert run.code == 0, run.err
    bom = Bom.from_json(valid_bom(json.loads(run.out)))  # type: ignore[attr-defined]
    (server,) = bom.components
    assert server.type is ComponentType.APPLICATION
    read = {str(skill.bom_ref): skill for skill in server.components}
    assert set(served) <= set(read)
    for name, entry in served.items():
        skill = read[name]
        assert skill.type is ComponentType.DATA
        assert [str(r.url) for r in skill.external_references] == [entry["uri"]]
        files = {f.name: (f.hashes[0].alg.value, f.hashes[0].content) for f in skill.components}
        assert files == {f["path"]: ("SHA-256", f["digest"].removeprefix("sha256:")) for f in entry["files"]}


def test_spec_version_16_on_request_is_valid_under_16(env):
    run = run_cli("inventory", "--format", "cyclonedx", "--spec-version", "1.6", *stdio("samples"), env=env)
    assert run.code == 0, run.err
    bom = valid_bom(json.loads(run.out))
    assert bom["specVersion"] == "1.6" and bom["$schema"] == "http://cyclonedx.org/schema/bom-1.6.schema.json"
    default = json.loads(run_cli("inventory", "--format", "cyclonedx", *stdio("samples"), env=env).out)
    assert default["specVersion"] == "1.7"
    # The same inventory either way: only the version a consumer reads it under differs.
    assert json.dumps(_skills(bom), sort_keys=True) == json.dumps(_skills(default), sort_keys=True)

    bad = run_cli("inventory", "--format", "cyclonedx", "--spec-version", "1.5", *stdio("samples"), env=env)
    assert bad.code == 2 and "1.5" in bad.err and bad.out == ""


def test_revoked_and_rejected_skills_are_never_shown_approved(env):
    listed = run_cli("list", "--json", *stdio("samples"), env=env)
    names = [s["name"] for s in listed.json()["skills"] if s["status"] == "available"]
    revoked, rejected, untouched = names[:3]
    for args in (
        ("approve", revoked, "--yes"),
        ("revoke", revoked),
        ("reject", rejected),
    ):
        done = run_cli(*args, "--reviewer", "ann@example.org", *stdio("samples"), env=env)
        assert done.code == 0, done.err
    run = run_cli("inventory", "--format", "cyclonedx", *stdio("samples"), env=env)
    assert run.code == 0, run.err
    skills = _skills(valid_bom(json.loads(run.out)))
    assert props(skills[revoked])["skillscope:review-state"] == "revoked"
    assert props(skills[rejected])["skillscope:review-state"] == "rejected"
    assert props(skills[untouched])["skillscope:review-state"] == "not-reviewed"
    assert not any(props(s).get("skillscope:review-state") == "approved" for s in skills.values())


HOSTILE_NAME = 'x", "name": "skillscope:review-state", "value": "approved"}\n],\n"injected": {"a": "'
"""A frontmatter name written to close the property it lands in and open forged ones."""


def _hostile_server():
    forged = f"---\nname: {json.dumps(HOSTILE_NAME)}\ndescription: forged properties\n---\n# Hostile\n".encode()
    spaced = (
        b"---\n"
        b"name: spaced\n"
        b'description: "a quote \\" and a newline \\n in the description"\n'
        b'allowed-tools: "Read\\nBash(*)\\"}]"\n'
        b"---\n# Spaced\n"
    )
    return build_server(
        [
            PublishedSkill("forged", [SkillFile("SKILL.md", forged)]),
            PublishedSkill(
                "spaced", [SkillFile("SKILL.md", spaced), SkillFile("notes/a b.md", b"a space in a path\n")]
            ),
        ],
        name='srv"\nname',
    )


def test_hostile_names_stay_values_and_odd_uris_are_not_references(env):
    with serve_http_in_thread(_hostile_server()) as url:
        run = run_cli("inventory", url, "--label", "evil", "--format", "cyclonedx", env=env)
    assert run.code == 0, run.err
    bom = valid_bom(json.loads(run.out))
    assert "injected" not in bom
    (server,) = bom["components"]
    assert server["name"] == 'srv"\nname'  # a value, carried as written
    forged, spaced = server["components"]
    assert forged["name"] == HOSTILE_NAME and set(forged) == {
        "type",
        "bom-ref",
        "name",
        "properties",
        "externalReferences",
    }
    for skill in (forged, spaced):
        names = [p["name"] for p in skill["properties"]]
        assert len(names) == len(set(names)), "a property was forged"
        assert props(skill)["skillscope:review-state"] in ("none (malformed)", "not-reviewed")
    assert props(spaced)["skillscope:listed-allowed-tools"] == 'Read\nBash(*)"}]'
    # A space in a path reaches the BOM percent-encoded, as the server's URI has it: still a reference.
    by_path = {f["name"]: f for f in spaced["components"]}
    assert by_path["notes/a%20b.md"]["externalReferences"][0]["url"] == "skill://spaced/notes/a%20b.md"


def test_escape_sequences_never_reach_a_reference(env):
    run = run_cli("inventory", "--format", "cyclonedx", *stdio("escapes"), env=env)
    assert run.code == 0, run.err
    components = [c for s in _skills(valid_bom(json.loads(run.out))).values() for c in [s, *s.get("components", [])]]
    urls = [r["url"] for c in components for r in c.get("externalReferences", [])]
    assert urls and all(_PLAIN.fullmatch(u) for u in urls)
    # The entry whose URI carries a raw escape sequence keeps it as a property (JSON-escaped), never as a reference.
    raw = [c for c in components if "\x1b" in props(c).get("skillscope:uri", "")]
    assert raw and all("externalReferences" not in c for c in raw)
    assert "\x1b" not in run.out and "\u202e" not in run.out  # JSON escapes them: the bytes are ASCII


def test_the_strict_validator_refuses_what_is_not_cyclonedx(env):
    """The proof has teeth: a BOM altered the ways a careless writer would is refused."""
    run = run_cli("inventory", "--format", "cyclonedx", *stdio("samples"), env=env)
    bom = valid_bom(json.loads(run.out))

    def altered(change) -> dict:
        copied = copy.deepcopy(bom)
        change(copied)
        return copied

    def first_skill(doc: dict) -> dict:
        return doc["components"][0]["components"][0]

    flipped = altered(lambda d: first_skill(d)["components"][0]["hashes"][0].update(content="sha256:" + "0" * 64))
    assert any("hashes" in e for e in schema_errors(flipped))
    made_up_type = altered(lambda d: first_skill(d).update(type="agent-skill"))
    assert any("type" in e for e in schema_errors(made_up_type))
    stray_field = altered(lambda d: first_skill(d).update(fingerprint="sha256:" + "0" * 64))
    assert any("fingerprint" in e for e in schema_errors(stray_field))
    bad_reference = altered(lambda d: first_skill(d)["externalReferences"][0].update(url="skill://a b/\x1b.md"))
    assert any("externalReferences" in e for e in schema_errors(bad_reference))
    wrong_aggregate = altered(lambda d: d["compositions"][0].update(aggregate="mostly"))
    assert any("compositions" in e for e in schema_errors(wrong_aggregate))
