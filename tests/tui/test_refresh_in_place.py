"""A refresh writes the catalog over the rows it shows: changed rows change, the rest and the reviewer's place stay.

Driven with the pilot against the in-process publisher, listing its skills as they are now.
"""

from __future__ import annotations

import pytest

from skillscope.catalog.entry import Policy
from skillscope.demo.publisher import PublishedSkill, SkillFile, SkillsPublisher, build_server, entry_for
from skillscope.protocol.target import Target
from skillscope.service.targets import ServerSeed
from skillscope.tui.app import make_app
from tests.tui.helpers import listed, notifications, open_skill, running, select, settings_for, wait_until

pytestmark = pytest.mark.anyio

COUNT = 700
"""More than one page of rows (500), so the reviewer's place may sit past a "more" row."""


class Upstream(SkillsPublisher):
    """The publisher, listing its ``skills`` as they are now (an edit shows on the next skills/list)."""

    made: list[Upstream] = []

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        Upstream.made.append(self)

    def listed_entries(self) -> list:
        return [entry_for(skill) for skill in self.skills if skill.listed]


def _skill(name: str, body: str = "Do it.") -> PublishedSkill:
    text = f"---\nname: {name}\ndescription: {body}\n---\n{body}\n"
    return PublishedSkill(name, [SkillFile("SKILL.md", text.encode()), SkillFile("references/NOTES.md", b"notes\n")])


def _app(tmp_path):
    Upstream.made.clear()
    skills = [_skill(f"skill-{n:04d}") for n in range(COUNT)]
    server = build_server(skills, publisher_class=Upstream)
    seed = ServerSeed(Target(label="up", kind="inprocess", server=server), None, "demo", Policy())
    return make_app(settings_for([seed], tmp_path))


def _rows(tree) -> list[str]:
    """What the server's skill rows say, top to bottom (skills by name, and the "more" row).

    The "surface" branch below them (each skill's files' listing) is no skill row.
    """
    server = tree.root.children[0]
    return [str(node.label) for node in server.children if node.data is None or node.data.kind != "surface"]


async def test_a_refresh_rewrites_only_the_rows_that_changed_and_keeps_the_place(tmp_path):
    app = _app(tmp_path)
    async with running(app) as pilot:
        await listed(pilot, "up")
        tree = app.main_screen.catalog_tree
        opened = await open_skill(pilot, "skill-0003", server="up")
        assert opened.phase == "verified"
        await select(pilot, "skill-0600", server="up")  # past the first page: its next page is shown
        nodes = {key[1]: node for key, node in tree._skill_nodes.items()}
        publisher = Upstream.made[-1]
        publisher.skills[3] = _skill("skill-0003", "Edited upstream.")
        del publisher.skills[10]
        publisher.skills.append(_skill("skill-9999"))
        await pilot.press("r")
        await wait_until(pilot, lambda: any("1 changed (up:skill-0003)" in n for n in notifications(app)), what="told")
        # The cursor stays on its skill, past the page that was loaded for it.
        assert tree.cursor_node.data.key == "up:skill-0600"
        rows = _rows(tree)
        names = [f"skill-{n:04d}" for n in range(COUNT) if n != 10] + ["skill-9999"]
        # The rows are the listing as it is now: the removed skill gone, every row after it moved up.
        assert [row.split()[1] for row in rows] == names, rows[:3]
        # Rows before the first change keep their nodes; the edited skill's row says it was not opened again.
        kept = [name for name in names[:3] if tree._skill_nodes[("up", f"up:{name}")] is nodes[f"up:{name}"]]
        assert kept == names[:3]
        edited = tree._skill_nodes[("up", "up:skill-0003")]
        assert "verified" not in str(edited.label) and "not opened" in str(edited.label)


async def test_keys_pressed_around_a_refresh_act_on_the_rows_shown(tmp_path):
    app = _app(tmp_path)
    async with running(app) as pilot:
        await listed(pilot, "up")
        tree = app.main_screen.catalog_tree
        await select(pilot, "skill-0100", server="up")
        await pilot.press("r", "down", "down", "down")
        session = app.main_screen.sessions["up"]
        await wait_until(pilot, lambda: any("nothing changed" in n for n in notifications(app)), what="listed again")
        assert session.listing_state == "listed"
        # Wherever the keys fell (before the new listing or after), each moved one row of the catalog shown.
        assert tree.cursor_node.data.key == "up:skill-0103"
        await pilot.press("down")
        assert tree.cursor_node.data.key == "up:skill-0104"
