"""skillscope against each misbehaving fixture server, in-process (real MCP dispatch, no socket)."""

from __future__ import annotations

import pytest

from skillscope.catalog.entry import Policy
from skillscope.core.errors import ExtensionNotOffered, RequestTimedOut, SkillNotFound, UsageError
from skillscope.protocol.connection import connect
from skillscope.protocol.target import Target
from skillscope.service.catalog import load_catalog, resolve_name
from skillscope.verify.opener import open_skill
from tests.fixtures.hostile import MALFORMED, build_scenario
from tests.fixtures.samples import HELLO_WORLD_FINGERPRINT

pytestmark = pytest.mark.anyio


def target(scenario: str) -> Target:
    return Target(label="fx", kind="inprocess", server=build_scenario(scenario))


async def catalog(scenario: str, *, era="auto", policy=Policy(), timeout=120.0):
    async with connect(target(scenario), era=era, timeout=timeout) as conn:
        return conn.info, await load_catalog(conn, policy)


async def opened(scenario: str, name: str, *, era="auto", policy=Policy(), read_log=None, **kw):
    async with connect(target(scenario), era=era, timeout=120) as conn:
        if read_log is not None:
            original = conn.read_resource

            async def logged(uri):
                read_log.append(uri)
                return await original(uri)

            conn.read_resource = logged  # type: ignore[method-assign]
        listing = await load_catalog(conn, policy)
        entry = await resolve_name(conn, listing, name, policy)
        return await open_skill(conn, entry, policy=policy, **kw)


# --- listing ------------------------------------------------------------------------------------


@pytest.mark.parametrize("era", ["auto", "modern", "legacy"])
async def test_samples_list_available_in_every_era(era):
    info, listing = await catalog("samples", era=era)
    assert info.extension == "declared"
    assert info.protocol == ("2025-11-25" if era == "legacy" else "2026-07-28")
    assert {e.status for e in listing.entries} == {"available"}
    hello = listing.by_name("fx:hello-world")
    assert hello is not None and hello.fingerprint == HELLO_WORLD_FINGERPRINT
    assert listing.by_name("fx:acme/billing/invoice-review") is not None


async def test_paged_listing_reads_every_page():
    _, paged = await catalog("samples-paged")
    _, whole = await catalog("samples")
    assert paged.pages > 1 and paged.complete
    assert [e.name for e in paged.entries] == [e.name for e in whole.entries]


async def test_one_malformed_entry_never_hides_the_others():
    _, listing = await catalog("malformed-entries")
    malformed = [e for e in listing.entries if e.status == "malformed"]
    assert [e.rule for e in malformed] == [m if isinstance(m, str) else m[0] for m in MALFORMED]
    assert all(e.reason and e.name.startswith("fx:#") for e in malformed)
    available = [e.name for e in listing.entries if e.status == "available"]
    assert "fx:hello-world" in available and "fx:pdf-processing" in available


async def test_duplicate_across_pages_keeps_first_copy_and_warns():
    _, listing = await catalog("duplicate-across-pages")
    names = [e.name for e in listing.entries]
    assert names.count("fx:pdf-processing") == 1
    assert any(w.rule == "SS-L3" for w in listing.warnings)


@pytest.mark.parametrize(
    ("scenario", "words"),
    [
        ("repeating-cursor", "repeated a cursor"),
        ("empty-page-cursor", "20 empty pages in a row that each still carry a cursor"),
        ("endless-paging", "stopped after 1000 pages"),
    ],
)
async def test_paging_guards_keep_what_was_read_and_warn(scenario, words):
    _, listing = await catalog(scenario)
    assert not listing.complete
    assert listing.entries, "entries read before the guard tripped are kept"
    assert any(w.rule == "SS-L2" and words in w.message for w in listing.warnings)


async def test_same_name_is_told_apart_by_path():
    _, listing = await catalog("same-name")
    assert {e.name for e in listing.entries} == {"fx:team-a/pdf-processing", "fx:team-b/pdf-processing"}
    assert any(w.rule == "SS-L5" for w in listing.warnings)


async def test_dynamic_unavailable_unless_allowed():
    _, listing = await catalog("dynamic")
    dynamic = next(e for e in listing.entries if e.dynamic)
    assert (dynamic.status, dynamic.rule, dynamic.fingerprint) == ("unavailable", "SS-A1", None)
    _, allowed = await catalog("dynamic", policy=Policy(allow_dynamic=True))
    assert next(e for e in allowed.entries if e.dynamic).status == "available"


@pytest.mark.parametrize(("scenario", "rule"), [("too-many-files", "SS-A2"), ("too-large", "SS-A3")])
async def test_limits_make_skills_unavailable(scenario, rule):
    _, listing = await catalog(scenario)
    assert rule in [e.rule for e in listing.entries]


async def test_missing_cache_fields_are_reported_on_modern_only():
    _, modern = await catalog("no-cache-fields")
    assert any(w.rule == "SS-L4" for w in modern.warnings)
    _, legacy = await catalog("no-cache-fields", era="legacy")
    assert not any(w.rule == "SS-L4" for w in legacy.warnings)


async def test_listing_reads_no_file():
    reads: list[str] = []
    async with connect(target("samples"), timeout=120) as conn:
        original = conn.read_resource

        async def logged(uri):
            reads.append(uri)
            return await original(uri)

        conn.read_resource = logged  # type: ignore[method-assign]
        await load_catalog(conn, Policy())
    assert reads == []


async def test_stalled_listing_times_out_with_a_clear_error():
    with pytest.raises(RequestTimedOut, match="no answer within the timeout"):
        await catalog("stall", timeout=1.0)  # timing: the timeout is the subject; the server is in this process


# --- capability negotiation ----------------------------------------------------------------------


async def test_no_extension_says_so():
    with pytest.raises(
        ExtensionNotOffered, match="No skills served: the server offers tools, prompts and resources but not the skills"
    ):
        await catalog("no-extension")


async def test_legacy_session_without_declaration_hints_at_modern():
    with pytest.raises(ExtensionNotOffered, match="may still serve skills on 2026-07-28"):
        await catalog("modern-only", era="legacy")
    _, listing = await catalog("modern-only")  # auto reaches 2026-07-28
    assert listing.entries


async def test_declaration_true_is_malformed():
    with pytest.raises(ExtensionNotOffered, match="non-object value"):
        await catalog("declaration-true")


async def test_envelope_and_missing_resources_are_noted():
    info, listing = await catalog("declaration-envelope")
    assert any("envelope" in n for n in info.notes)
    assert any("envelope" in w.message for w in listing.warnings)
    info, _ = await catalog("no-resources-capability")
    assert any("requires-resources" in n for n in info.notes)


async def test_directory_read_flag_is_read():
    info, _ = await catalog("directory-read-flag")
    assert info.directory_read is True
    info, _ = await catalog("samples")
    assert info.directory_read is False


# --- opening and verification --------------------------------------------------------------------


async def test_clean_skill_verifies_every_file():
    report = await opened("samples", "pdf-processing", all_files=True)
    assert report.verified and report.failure is None
    assert report.body is not None and report.body.startswith("---\nname: pdf-processing")
    assert {f.status for f in report.files} == {"verified"}
    assert all(f.served is not None for f in report.files)


async def test_only_requested_files_are_read():
    reads: list[str] = []
    report = await opened("samples", "fx:pdf-processing", paths=["references/FORMS.md"], read_log=reads)
    assert reads == ["skill://pdf-processing/SKILL.md", "skill://pdf-processing/references/FORMS.md"]
    statuses = {f.path: f.status for f in report.files}
    assert statuses["references/FORMS.md"] == "verified"
    assert statuses["assets/logo.bin"] == "not-read"


async def test_byte_exact_files_verify_crlf_bom_and_spaces():
    report = await opened("samples", "byte-exact", all_files=True)
    assert report.verified, report.failure
    paths = {f.path for f in report.files}
    assert "notes/read%20me.md" in paths, "shown as the URI spells it, never decoded"


@pytest.mark.parametrize(
    ("scenario", "check"),
    [
        ("tampered-skill-md", "digest"),
        ("appended-skill-md", "size"),
        ("frontmatter-mismatch", "frontmatter"),
        ("wrong-read-uri", "read"),
        ("empty-read", "read"),
    ],
)
async def test_failed_skill_md_shows_nothing_and_reads_nothing_more(scenario, check):
    reads: list[str] = []
    report = await opened(scenario, "pdf-processing", all_files=True, read_log=reads)
    assert not report.verified
    assert report.failure is not None and report.failure.check == check
    assert report.failure.uri == "skill://pdf-processing/SKILL.md"
    assert report.body is None
    assert all(f.served is None for f in report.files)
    assert reads == ["skill://pdf-processing/SKILL.md"], "no other file may be read after SKILL.md fails"
    assert {f.status for f in report.files[1:]} == {"not-read"}
    assert report.refresh and "unchanged" in report.refresh


async def test_digest_failure_names_both_digests():
    report = await opened("tampered-skill-md", "pdf-processing")
    failure = report.failure
    assert failure.expected.startswith("sha256:") and failure.actual.startswith("sha256:")
    assert failure.expected != failure.actual
    assert failure.expected in failure.message and failure.actual in failure.message


async def test_size_failure_names_both_sizes():
    report = await opened("appended-skill-md", "pdf-processing")
    assert isinstance(report.failure.expected, int) and report.failure.actual > report.failure.expected


async def test_frontmatter_failure_names_the_key():
    report = await opened("frontmatter-mismatch", "pdf-processing")
    assert [d.key for d in report.failure.differences] == ["description"]


async def test_failed_supporting_file_retires_the_skill():
    reads: list[str] = []
    report = await opened("tampered-file", "pdf-processing", all_files=True, read_log=reads)
    assert report.failure.check == "digest"
    assert report.failure.uri.endswith("references/FORMS.md")
    assert report.body is None, "a skill with a failed file shows nothing"
    assert all(f.served is None for f in report.files)
    assert reads[-1].endswith("references/FORMS.md")


async def test_oversize_file_fails_on_size():
    report = await opened("oversize-file", "pdf-processing", paths=["references/FORMS.md"])
    assert report.failure.check == "size"


async def test_normalising_server_gets_a_specific_hint():
    report = await opened("normalised", "byte-exact", all_files=True)
    assert report.failure is not None
    assert report.failure.hint and "normalises on its side" in report.failure.hint


async def test_yaml_bomb_is_refused_as_frontmatter():
    _, listing = await catalog("yaml-bomb")
    name = next(e.name for e in listing.entries if e.status == "available")
    report = await opened("yaml-bomb", name)
    assert report.failure.check == "frontmatter"
    assert "aliases are refused" in report.failure.message


async def test_unlisted_path_is_refused_before_any_request():
    reads: list[str] = []
    report = await opened("samples", "pdf-processing", paths=["../hello-world/SKILL.md"], read_log=reads)
    assert reads == []
    assert report.failure.check == "unlisted"
    reads.clear()
    report = await opened("samples", "pdf-processing", paths=["references/NOT-LISTED.md"], read_log=reads)
    assert reads == [] and report.failure.check == "unlisted"
    assert any(f.status == "refused" for f in report.files)


async def test_skill_reachable_only_by_name_is_resolved_with_get():
    report = await opened("unlisted", "secret-notes", all_files=True)
    assert report.verified
    assert report.entry.name == "fx:secret-notes"


async def test_unknown_name_is_not_found():
    with pytest.raises(SkillNotFound, match="does not serve"):
        await opened("samples", "no-such-skill")


async def test_get_answering_for_another_skill_is_refused():
    with pytest.raises(SkillNotFound, match="does not map back"):
        await opened("get-wrong-uri", "some-other-skill")


async def test_ambiguous_bare_name_asks_for_a_path():
    with pytest.raises(UsageError, match="name one by path"):
        await opened("same-name", "pdf-processing")


async def test_unavailable_skill_cannot_be_opened():
    name = await _dynamic_name()
    with pytest.raises(SkillNotFound, match="SS-A1"):
        await opened("dynamic", name)


async def _dynamic_name():
    _, listing = await catalog("dynamic")
    return next(e.name for e in listing.entries if e.dynamic)


async def test_dynamic_skill_opens_unverified_when_allowed():
    name = await _dynamic_name()
    report = await opened("dynamic", name, policy=Policy(allow_dynamic=True))
    assert report.skill_md().status == "unverified"
    assert report.body is not None


async def test_huge_read_in_process_fails_on_size():
    # In-process there is no wire to cap; the transports' message cap is tested over stdio and HTTP.
    report = await opened("huge-read", "hello-world")
    assert report.failure.check == "size" and report.body is None
