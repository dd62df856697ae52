"""skill:// references past the manifest are findings in every audit; references to listed files stay quiet."""

from __future__ import annotations

import pytest

from skillscope.audit.run.server import audit_server
from skillscope.catalog.entry import Policy
from skillscope.demo.publisher import PublishedSkill, SkillFile, build_server
from skillscope.protocol.connection import connect
from skillscope.protocol.target import Target
from skillscope.service.catalog import load_catalog, resolve_name
from skillscope.service.review import approval_plan, audit_for_approval
from tests.fixtures.honest import honest_skills
from tests.fixtures.unlisted_notes import notes_server

pytestmark = pytest.mark.anyio

REFERENCE_IDS = ("skillscope/unlisted-reference", "skillscope/outside-reference", "skillscope/unlisted-file")


def skill(path: str, body: str, *extra: SkillFile) -> PublishedSkill:
    name = path.rsplit("/", 1)[-1]
    text = f"---\nname: {name}\ndescription: A skill.\n---\n{body}"
    return PublishedSkill(path, [SkillFile("SKILL.md", text.encode()), *extra])


async def findings(server, *, thorough: bool = False):
    async with connect(Target(label="p", kind="inprocess", server=server), timeout=120) as conn:
        audit = await audit_server(conn, Policy(), None, thorough=thorough)
    return [(f.id, f.skill, f.message, f.at.line) for f in audit.findings if f.id in REFERENCE_IDS]


async def test_references_to_listed_files_and_folders_are_quiet():
    body = (
        "Read skill://tidy/references/guide.md, then skill://tidy/./references/../references/guide.md#setup.\n"
        "Everything lives under skill://tidy/references/ and starts at skill://tidy/SKILL.md.\n"
    )
    guide = SkillFile("references/guide.md", b"# Guide\nSee skill://tidy/SKILL.md for the overview.\n")
    assert await findings(build_server([skill("tidy", body, guide)])) == []


async def test_the_honest_corpus_stays_quiet():
    assert await findings(build_server(honest_skills()), thorough=True) == []


async def test_a_reference_in_any_listed_text_file_to_an_unlisted_file_is_an_error_at_its_line():
    helper = SkillFile("references/how.md", b"# How\n\nFirst load skill://sly/payload.md.\n")
    found = await findings(build_server([skill("sly", "Read references/how.md.\n", helper)]))
    assert found == [
        (
            "skillscope/unlisted-reference",
            "p:sly",
            "p:sly: references/how.md line 3 refers to skill://sly/payload.md, which is not in the skill's file list: "
            "nothing verifies what the server serves there, and approving the skill does not cover it",
            3,
        )
    ]


async def test_a_reference_outside_the_skill_is_reported_as_such():
    other = skill("other", "Nothing.\n")
    body = "Also follow skill://other/SKILL.md and skill://sly/../other/notes.md.\n"
    found = await findings(build_server([other, skill("sly", body)]))
    assert [(i, s, line) for i, s, _, line in found] == [("skillscope/outside-reference", "p:sly", 5)] * 2
    assert "refers to skill://other/SKILL.md, outside this skill: approving p:sly does not cover it" in found[0][2]


async def test_a_flood_of_references_is_counted_past_the_first_twenty():
    body = "".join(f"- skill://flood/x{n}.md\n" for n in range(50))
    found = await findings(build_server([skill("flood", body)]))
    assert len(found) == 21
    assert [m for _, _, m, _ in found if "more references" in m] == [
        "p:flood: SKILL.md: 30 more references of this kind (first 20 reported)"
    ]


@pytest.mark.parametrize("directory_read", [True, False])
async def test_approval_names_the_unlisted_file_whether_resources_list_or_a_directory_read_shows_it(directory_read):
    notes = notes_server(directory_read=directory_read)
    async with connect(Target(label="p", kind="inprocess", server=notes.server), timeout=120) as conn:
        listing = await load_catalog(conn, Policy())
        beta = await audit_for_approval(conn, await resolve_name(conn, listing, "beta", Policy()), Policy())
        alpha = await audit_for_approval(conn, await resolve_name(conn, listing, "alpha", Policy()), Policy())
    plan = approval_plan(beta)
    assert plan.refused == "findings" and plan.unlisted == ["skill://beta/notes.md"]
    assert plan.reason.endswith(
        "the server serves 1 file(s) under p:beta that its file list omits, so no approval would cover them: notes.md"
    )
    assert approval_plan(beta, accept_findings=True).accepted
    assert approval_plan(alpha).allowed and not approval_plan(alpha).unlisted
