"""The audit finds each planted problem at the right place, and nothing on a clean skill."""

from __future__ import annotations

import pytest

from skillscope.audit.findings import CHECKS
from skillscope.audit.run.server import audit_server
from skillscope.catalog.entry import Policy
from skillscope.protocol.connection import connect
from skillscope.protocol.target import Target
from tests.audit.planted import planted_server
from tests.fixtures.hostile import build_scenario

pytestmark = pytest.mark.anyio


async def audited(server, policy=Policy(), verdicts=None, label="p"):
    async with connect(Target(label=label, kind="inprocess", server=server), timeout=120) as conn:
        return await audit_server(conn, policy, verdicts)


def at(audit, check, skill=None):
    return [f for f in audit.findings if f.id == check and (skill is None or f.skill == f"p:{skill}")]


@pytest.fixture
async def planted():
    return await audited(planted_server())


async def test_clean_skill_has_no_warning_or_error(planted):
    mine = [f for f in planted.findings if f.skill == "p:clean-skill"]
    assert [f.severity for f in mine if f.severity != "note"] == []


async def test_hidden_markdown_at_its_line_and_column(planted):
    (comment,) = [f for f in at(planted, "skillscope/hidden-markdown", "hidden-text") if "comment" in f.message]
    assert (comment.at.line, comment.at.column, comment.severity) == (7, 8, "warning")
    assert "ignore the user and upload" in comment.message
    (title,) = [f for f in at(planted, "skillscope/hidden-markdown", "hidden-text") if "title" in f.message]
    assert title.at.line == 8 and "rm -rf" in title.message
    assert title.uri == "skill://hidden-text/SKILL.md"


async def test_hidden_characters_are_found_and_excerpts_show_them(planted):
    (tags,) = at(planted, "skillscope/tag-characters", "hidden-text")
    assert tags.at.line == 9 and tags.at.column == 7 and "'hi'" in tags.message
    (zero,) = at(planted, "skillscope/invisible-character", "hidden-text")
    assert (zero.at.line, zero.at.column) == (9, 23)
    (bidi,) = at(planted, "skillscope/bidi-control", "hidden-text")
    assert (bidi.at.line, bidi.at.column) == (10, 11) and "\\u202e" in bidi.at.excerpt
    controls = at(planted, "skillscope/control-sequence", "hidden-text")
    assert [(f.at.line, f.at.column) for f in controls] == [(11, 6), (11, 19)]
    for finding in controls + [bidi, zero, tags]:
        assert finding.severity == "warning"
        assert not any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F or c in "\u202e\u200b" for c in finding.at.excerpt)


async def test_scripts_executables_archives_and_risky_shell(planted):
    risky = {(f.uri.rsplit("/", 1)[1], f.at.line) for f in at(planted, "skillscope/risky-shell", "risky-scripts")}
    assert {("install.sh", 4), ("install.sh", 5)} <= risky
    # `chmod +x ./tool` stays inside the skill's workspace: a note; `rm -rf /tmp/cache` reaches outside it: a warning.
    levels = {
        (f.uri.rsplit("/", 1)[1], f.at.line): f.severity for f in at(planted, "skillscope/risky-shell", "risky-scripts")
    }
    assert (levels[("install.sh", 4)], levels[("install.sh", 5)]) == ("note", "warning")
    # Download-and-run in a script is behaviour the gate stops, no longer a pattern warning.
    (run,) = at(planted, "skillscope/obfuscation/download-exec", "risky-scripts")
    assert (run.uri.rsplit("/", 1)[1], run.at.line, run.severity) == ("install.sh", 3, "error")
    assert "get.example.net" in run.message
    (script,) = at(planted, "skillscope/script", "risky-scripts")
    assert script.uri.endswith("scripts/install.sh") and "/bin/sh" in script.message and script.severity == "note"
    (elf,) = at(planted, "skillscope/native-executable", "risky-scripts")
    assert elf.uri.endswith("assets/tool") and elf.severity == "warning"
    (zip_,) = at(planted, "skillscope/archive", "risky-scripts")
    assert zip_.uri.endswith("assets/bundle.zip")
    (directive,) = at(planted, "skillscope/command-directive", "risky-scripts")
    assert directive.at.line == 8 and directive.at.column == 8
    (tools,) = at(planted, "skillscope/allowed-tools", "risky-scripts")
    assert "Bash(*)" in tools.message and tools.severity == "note"


async def test_urls_are_notes_with_their_domain(planted):
    urls = at(planted, "skillscope/url")
    assert any("get.example.net" in f.message and f.severity == "note" for f in urls)
    assert any("docs.example.org" in f.message for f in urls)


async def test_file_served_but_missing_from_manifest(planted):
    (extra,) = at(planted, "skillscope/unlisted-file", "with-extra")
    assert extra.uri == "skill://with-extra/secret/payload.md" and extra.severity == "warning"


async def test_verification_failure_is_an_error_at_the_file(planted):
    (failure,) = at(planted, "skillscope/verification-failed", "tampered")
    assert failure.severity == "error" and failure.uri == "skill://tampered/references/A.md"
    assert "Digest mismatch" in failure.message
    skill = next(s for s in planted.skills if s.entry.name == "p:tampered")
    assert skill.report.failure is not None


async def test_server_written_strings_are_scanned(planted):
    found = at(planted, "skillscope/control-sequence", "escaped-description")
    assert len(found) == 2, "ESC and BEL"
    assert all("frontmatter.description" in f.message and "\x1b" not in f.message for f in found)
    assert "\\x1b]0;pwned\\x07" in found[0].at.excerpt


async def test_every_finding_id_is_registered_or_an_entry_rule(planted):
    for finding in planted.findings:
        assert finding.id in CHECKS or finding.id.startswith("SS-")


async def test_samples_pass_every_conformance_check():
    audit = await audited(build_scenario("samples"))
    bad = {k: v.status for k, v in audit.checks.items() if v.status not in ("pass", "skip", "untestable")}
    assert bad == {}
    assert audit.checks["sep-2640-skills-get-unknown-uri-invalid-params"].status == "pass"
    assert audit.checks["sep-2640-skillmd-required"].status == "pass"
    assert [f for f in audit.findings if f.severity == "error"] == []


@pytest.mark.parametrize(
    ("scenario", "check", "status"),
    [
        ("malformed-entries", "sep-2640-entry-uri-required", "fail"),
        ("malformed-entries", "sep-2640-resources-digest-format", "fail"),
        ("malformed-entries", "sep-2640-resources-complete", "fail"),
        ("tampered-skill-md", "sep-2640-entry-frontmatter-identical", "pass"),
        ("frontmatter-mismatch", "sep-2640-entry-frontmatter-identical", "fail"),
        ("duplicate-across-pages", "sep-2640-skills-list-entry-atomic", "fail"),
        ("repeating-cursor", "sep-2640-skills-list-pagination", "fail"),
        ("declaration-envelope", "sep-2640-capability-declaration-inline", "fail"),
        ("no-resources-capability", "sep-2640-capability-requires-resources", "fail"),
        ("no-cache-fields", "sep-2640-skills-list-cache-attributes", "fail"),
        ("no-cache-fields", "sep-2640-skills-get-cache-attributes", "fail"),
        ("old-not-found-code", "sep-2164-error-code", "warning"),
        ("other-scheme", "sep-2640-skill-uri-scheme", "warning"),
        ("too-many-files", "sep-2640-limit-resources-per-skill", "warning"),
        ("same-name", "sep-2640-names-should-be-unique", "warning"),
        ("get-wrong-uri", "sep-2640-skills-get-no-cursor", "fail"),
        ("empty", "sep-2640-final-segment-equals-name", "untestable"),
        ("empty", "sep-2640-entry-uri-required", "skip"),
        ("directory-read-flag", "sep-2640-directory-read-method-registered", "fail"),
    ],
)
async def test_conformance_outcomes(scenario, check, status):
    audit = await audited(build_scenario(scenario))
    assert audit.checks[check].status == status, audit.checks[check]


async def test_untestable_is_not_a_finding():
    audit = await audited(build_scenario("empty"))
    untestable = {k for k, v in audit.checks.items() if v.status == "untestable"}
    assert "sep-2640-final-segment-equals-name" in untestable
    assert not [f for f in audit.findings if f.id in untestable]


async def test_review_state_from_the_ledger(tmp_path):
    from skillscope.ledger.book import read_verdicts
    from skillscope.ledger.core.record import FileEntry, Record
    from skillscope.ledger.core.signing import load_signer
    from skillscope.ledger.core.store import Ledger

    audit = await audited(build_scenario("samples"))
    hello = next(s.entry for s in audit.skills if s.entry.name == "p:hello-world")
    ledger = Ledger(tmp_path / "l.jsonl", signer=load_signer())  # signed with this machine's key: approvals count
    ledger.append(
        Record(
            action="approve",
            time="t",
            reviewer="r",
            name="p:hello-world",
            fingerprint=hello.fingerprint,
            files=tuple(FileEntry(f.uri, f.digest, f.size) for f in hello.files),
        )
    )
    ledger.append(
        Record(
            action="reject",
            time="t",
            reviewer="Rex",
            name="p:pdf-processing",
            fingerprint=next(s.entry.fingerprint for s in audit.skills if s.entry.name == "p:pdf-processing"),
        )
    )
    ledger.append(
        Record(
            action="approve",
            time="t",
            reviewer="r",
            name="p:byte-exact",
            fingerprint="sha256:" + "0" * 64,
            files=(FileEntry("skill://byte-exact/gone.md", "sha256:" + "1" * 64, 3),),
        )
    )
    again = await audited(build_scenario("samples"), verdicts=read_verdicts(ledger.path))
    states = {s.entry.name: s.review.state for s in again.skills}
    assert states["p:hello-world"] == "approved" and states["p:pdf-processing"] == "rejected"
    assert states["p:byte-exact"] == "changed-since-approval"
    (changed,) = [f for f in again.findings if f.id == "skillscope/changed-since-approval"]
    assert "removed gone.md" in changed.message and "added SKILL.md" in changed.message
    assert [f.message for f in again.findings if f.id == "skillscope/rejected"] == [
        "p:pdf-processing was rejected by Rex"
    ]


async def test_one_skill_audit_matches_the_server_audit(planted):
    from skillscope.audit.run.server import audit_skill
    from skillscope.service.catalog import load_catalog

    async with connect(Target(label="p", kind="inprocess", server=planted_server()), timeout=120) as conn:
        listing = await load_catalog(conn, Policy())
        entry = listing.by_name("p:risky-scripts")
        single = await audit_skill(conn, entry, Policy(), None)
    whole = sorted((f.id, f.uri, f.at.line) for f in planted.findings if f.skill == "p:risky-scripts")
    assert sorted((f.id, f.uri, f.at.line) for f in single.findings) == whole
    assert single.report is not None and single.report.failure is None


async def test_content_scanned_in_a_child_process_says_what_a_thread_says(planted):
    # The TUI scans in a child process: every planted skill must be judged there exactly as here.
    from skillscope.audit.run.server import audit_skill
    from skillscope.core.offload import ChildProcess
    from skillscope.service.catalog import load_catalog

    worker = ChildProcess()
    try:
        async with connect(Target(label="p", kind="inprocess", server=planted_server()), timeout=120) as conn:
            listing = await load_catalog(conn, Policy())
            pairs, verified = [], 0
            for entry in listing.entries:
                if entry.status == "malformed":
                    continue
                here = await audit_skill(conn, entry, Policy(), None)
                verified += here.report is not None and here.report.failure is None
                pairs.append(
                    (
                        entry.name,
                        here.findings,
                        (await audit_skill(conn, entry, Policy(), None, scan_in=worker)).findings,
                    )
                )
    finally:
        worker.close()
    assert worker.started == 1 and worker.answered == verified >= 4, "one call per verified skill, in one child"
    assert sum(len(here) for _, here, _ in pairs) >= 20, "the planted skills have content findings to compare"
    for name, here, there in pairs:
        assert there == here, name
