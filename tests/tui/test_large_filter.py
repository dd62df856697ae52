"""A filter over a large catalog is folded in a thread: keys pressed meanwhile are answered and keep their row."""

from __future__ import annotations

import pytest

from skillscope.catalog.entry import Policy
from skillscope.demo.publisher import PublishedSkill, SkillFile, build_server
from skillscope.protocol.target import Target
from skillscope.service.targets import ServerSeed
from skillscope.tui.app import make_app
from tests.tui.helpers import listed, open_skill, running, select, settings_for, wait_until

pytestmark = pytest.mark.anyio


def big_app(tmp_path, count: int = 1200):
    skills = [
        PublishedSkill(
            f"skill-{n:04d}",
            [SkillFile("SKILL.md", f"---\nname: skill-{n:04d}\ndescription: Number {n}.\n---\nx\n".encode())],
        )
        for n in range(count)
    ]
    seed = ServerSeed(Target(label="big", kind="inprocess", server=build_server(skills)), None, "demo", Policy())
    app = make_app(settings_for([seed], tmp_path))
    app.animation_level = "none"
    return app


async def test_a_key_pressed_while_a_large_catalog_is_filtered_acts_on_the_row_shown_and_keeps_it(tmp_path):
    app = big_app(tmp_path)
    async with running(app) as pilot:
        await listed(pilot, "big")
        tree = app.main_screen.catalog_tree
        await select(pilot, "skill-1150", server="big")
        tree.set_filter("skill-11")
        # Not folded yet (a thread does it): the tree still shows the whole catalog, and a key acts on it.
        assert "of 1,200" not in str(tree.root.children[0].label)
        tree.action_cursor_down()
        assert tree.cursor_node.data.key == "big:skill-1151"
        await wait_until(pilot, lambda: "100 of 1,200 skills" in str(tree.root.children[0].label), what="filtered")
        # The redraw keeps the row the reviewer moved to, not the one the filter was typed on.
        assert tree.cursor_node.data.key == "big:skill-1151"


async def test_only_the_last_of_several_quick_filters_is_shown(tmp_path):
    app = big_app(tmp_path)
    async with running(app) as pilot:
        await listed(pilot, "big")
        tree = app.main_screen.catalog_tree
        tree.set_filter("skill-10")
        tree.set_filter("skill-115")
        await wait_until(pilot, lambda: "10 of 1,200 skills" in str(tree.root.children[0].label), what="filtered")
        await pilot.pause()
        shown = [node.data.key for node in tree.root.children[0].children if node.data.kind == "skill"]
        assert shown == [f"big:skill-115{n}" for n in range(10)]


async def test_an_open_in_a_large_catalog_counts_its_folders_again_without_folding_the_catalog(tmp_path):
    # An open changes one skill's state: only the folders holding it are counted again, at once and on the
    # loop; folding all 1,200 skills again in a thread kept it busy, and every key waited on it meanwhile.
    skills = [
        PublishedSkill(
            f"team-{n % 3}/skill-{n:04d}",
            [SkillFile("SKILL.md", f"---\nname: skill-{n:04d}\ndescription: Number {n}.\n---\nx\n".encode())],
            served={"SKILL.md": b"tampered\n"} if n == 4 else {},
        )
        for n in range(1200)
    ]
    seed = ServerSeed(Target(label="big", kind="inprocess", server=build_server(skills)), None, "demo", Policy())
    app = make_app(settings_for([seed], tmp_path))
    app.animation_level = "none"
    async with running(app) as pilot:
        await listed(pilot, "big")
        tree = app.main_screen.catalog_tree
        answers: list[bool] = []
        recount = tree.model.recount
        tree.model.recount = lambda label, names: answers.append(recount(label, names)) or answers[-1]
        await open_skill(pilot, "big:team-1/skill-0004", server="big")
        server, team = tree.root.children[0], tree._skill_nodes[("big", "big:team-1/skill-0004")].parent
        await wait_until(pilot, lambda: "✗1" in str(server.label), what="the failure counted in the server row")
        assert "○400 ✗1" in str(team.label)
        assert all("✗" not in str(other.label) for other in server.children if other is not team)
        assert answers and all(answers), "counted in place, never folded again"
