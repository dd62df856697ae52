"""The audit's request pattern: what it sends per skill, and that what it leaves out is named as skipped."""

from __future__ import annotations

from collections import Counter

import pytest

from skillscope.audit.run.completeness import WALK_CHECK
from skillscope.audit.run.server import GET_CHECK, audit_server
from skillscope.catalog.entry import Policy
from skillscope.protocol.connection import connect
from skillscope.protocol.target import Target
from tests.audit.planted import planted_server
from tests.fixtures.hostile import build_scenario

pytestmark = pytest.mark.anyio


async def audited(server, *, thorough=False, counts=None):
    async with connect(Target(label="p", kind="inprocess", server=server), timeout=120) as conn:
        if counts is not None:
            send = conn.request

            async def counted(method, params, **kwargs):
                counts[method] += 1
                return await send(method, params, **kwargs)

            conn.request = counted  # type: ignore[method-assign]
        return await audit_server(conn, Policy(), None, thorough=thorough)


def unlisted(audit):
    return [f.uri for f in audit.findings if f.id == "skillscope/unlisted-file"]


async def test_a_file_only_a_directory_walk_shows_is_named_as_not_walked_by_default():
    audit = await audited(build_scenario("hidden-in-subdirectory"))
    assert unlisted(audit) == []
    walk = audit.checks[WALK_CHECK]
    assert walk.status == "skip"
    assert "first of 2 skill directories" in walk.detail and "--thorough" in walk.detail
    # The suite's directory checks still ran, on the first skill.
    assert audit.checks["sep-2640-directory-read-method-registered"].status == "pass"
    assert audit.checks["sep-2640-directory-read-invalid-params"].status == "pass"


async def test_thorough_walks_every_skill_directory_and_finds_the_hidden_file():
    audit = await audited(build_scenario("hidden-in-subdirectory"), thorough=True)
    assert unlisted(audit) == ["skill://pdf-processing/references/notes.sh"]
    assert audit.checks[WALK_CHECK].status == "pass"


async def test_a_hidden_file_in_the_first_skill_is_found_by_default(monkeypatch):
    from tests.fixtures import hostile

    monkeypatch.setattr(hostile._DirectoryTree, "ONLY_IN_DIRECTORIES", {"hello-world": ["extra/run.sh"]})
    audit = await audited(build_scenario("hidden-in-subdirectory"))
    assert unlisted(audit) == ["skill://hello-world/extra/run.sh"]


async def test_skills_get_that_breaks_after_the_first_entry_is_named_as_not_fetched_by_default():
    audit = await audited(build_scenario("get-breaks-after-first"))
    assert audit.checks["sep-2640-skills-get-entry-shape"].status == "pass"
    get = audit.checks[GET_CHECK]
    assert get.status == "skip" and "first of 2 entries" in get.detail and "--thorough" in get.detail


async def test_thorough_sends_skills_get_for_every_entry():
    audit = await audited(build_scenario("get-breaks-after-first"), thorough=True)
    shape = audit.checks["sep-2640-skills-get-entry-shape"]
    assert shape.status == "fail" and shape.entries == ["p:pdf-processing"]
    assert audit.checks[GET_CHECK].status == "pass"


async def test_a_failed_verification_still_fetches_the_entry_again():
    audit = await audited(planted_server())
    (failure,) = [f for f in audit.findings if f.id == "skillscope/verification-failed" and f.skill == "p:tampered"]
    assert "The server's entry is unchanged" in failure.message


async def test_requests_per_skill_are_one_read_per_file_and_nothing_else():
    counts: Counter[str] = Counter()
    audit = await audited(build_scenario("hidden-in-subdirectory"), counts=counts)
    files = sum(len(s.entry.files or ()) for s in audit.skills)
    assert counts["resources/read"] == files + 1, "every listed file, plus the SEP-2164 not-found probe"
    assert counts["skills/get"] == 2, "the first entry and the unknown-URI probe"
    # The first skill's directory (hello-world has no subdirectory) and its SKILL.md probe.
    assert counts["resources/directory/read"] == 2
    thorough: Counter[str] = Counter()
    await audited(build_scenario("hidden-in-subdirectory"), thorough=True, counts=thorough)
    assert thorough["skills/get"] == 3
    # pdf-processing: its directory, its SKILL.md probe, references/ and assets/.
    assert thorough["resources/directory/read"] == 2 + 4
