"""Interop checks against real third-party skill publishers.

The offline tests check the committed sample skills and the expected data. The live
tests start each publisher (stdio and Streamable HTTP) and verify everything it serves
with the bare MCP SDK client; they are skipped until ``bash tests/interop/setup.sh``
has installed the publishers.
"""

from __future__ import annotations

import tempfile

import anyio
import pytest
import yaml

from tests.interop import publishers as pubs

pytestmark = pytest.mark.interop


def test_hello_world_sample_is_byte_exact() -> None:
    data = (pubs.SKILLS_ROOT / "hello-world" / "SKILL.md").read_bytes()
    assert data == b"---\nname: hello-world\ndescription: Says hello.\n---\nHello!\n"
    assert len(data) == 58
    for publisher in pubs.PUBLISHER_NAMES:
        skill = pubs.EXPECTED[publisher]["hello-world"]
        assert skill.uri == "skill://hello-world/SKILL.md"
        assert skill.fingerprint == pubs.HELLO_WORLD_FINGERPRINT


def test_pdf_processing_sample_files() -> None:
    root = pubs.SKILLS_ROOT / "pdf-processing"
    assert (root / "assets" / "logo.bin").read_bytes() == bytes(range(8))
    assert (root / "references" / "FORMS.md").is_file()


def test_samples_have_matching_frontmatter_names() -> None:
    dirs = pubs.skill_dirs()
    assert {d.name for d in dirs} >= {"hello-world", "pdf-processing", "csv-tools"}
    for d in dirs:
        text = (d / "SKILL.md").read_text(encoding="utf-8")
        head = text.split("---\n")[1]
        front = yaml.safe_load(head)
        assert front["name"] == d.name
        assert isinstance(front["description"], str) and front["description"]


def test_gitattributes_keeps_bytes() -> None:
    lines = (pubs.SKILLS_ROOT / ".gitattributes").read_text().splitlines()
    assert "* -text" in lines


def test_fingerprint_matches_spec_example() -> None:
    resources = [
        (
            "skill://pdf-processing/references/FORMS.md",
            "sha256:f10a1e17f3ea551092953ffc6434edbeea11680ac039bcd3d3d93b0787edf848",
        ),
        ("skill://pdf-processing/SKILL.md", "sha256:6c663202d8831c91dff244f2698936cc746f86ea7ec5e7f9087ad4144367dc28"),
        (
            "skill://pdf-processing/assets/logo.png",
            "sha256:d44c4eee8f72efac76c1f294e7260408825c8dad42adaaf6e9bee7e7ef4c7de3",
        ),
    ]
    assert pubs.fingerprint(resources) == "sha256:2271f709cb6cc7318c23244cfe791eeaadffb4a1ec1136f5baeb957a60983962"


def test_prefix_changes_uris_and_fingerprints() -> None:
    plain = pubs.expected("agentskills")["hello-world"]
    prefixed = pubs.expected("agentskills", prefix="acme")["hello-world"]
    assert prefixed.uri == "skill://acme/hello-world/SKILL.md"
    assert prefixed.fingerprint != plain.fingerprint
    assert pubs.expected("typescript", prefix="acme")["hello-world"] == prefixed
    with pytest.raises(ValueError):
        pubs.expected("fastmcp", prefix="acme")


def _live(publisher: str, transport: str, mode: str):
    reason = pubs.skip_reason(publisher)
    if reason:
        pytest.skip(reason)
    from tests.interop import smoke

    async def go():
        with tempfile.TemporaryFile("w+") as errlog:
            if transport == "stdio":
                return await smoke.one_run(publisher, transport, mode, None, errlog)
            with pubs.http_server(publisher) as url:
                return await smoke.one_run(publisher, transport, mode, url, errlog)

    return anyio.run(go)


@pytest.mark.parametrize("transport", ["stdio", "http"])
@pytest.mark.parametrize("publisher", pubs.PUBLISHER_NAMES)
def test_publisher_serves_verifiable_skills(publisher: str, transport: str) -> None:
    run = _live(publisher, transport, "auto")
    assert not run.error, run.error
    assert run.era == "2026-07-28"
    assert not run.problems, run.problems
    assert run.files_ok == run.files_total == sum(len(s.files) for s in pubs.EXPECTED[publisher].values())
    assert run.fingerprints == {s.uri: s.fingerprint for s in pubs.EXPECTED[publisher].values()}


@pytest.mark.parametrize("publisher", pubs.PUBLISHER_NAMES)
def test_publisher_in_legacy_mode(publisher: str) -> None:
    run = _live(publisher, "stdio", "legacy")
    assert not run.error, run.error
    assert run.era == "2025-11-25"
    if pubs.PUBLISHERS[publisher].legacy_skills:
        assert not run.problems, run.problems
        assert run.files_ok == run.files_total > 0
    else:
        assert run.declared == "absent"
        assert run.skills == []
        assert any("-32601" in note for note in run.notes), run.notes
