"""A TUI left open all day lists each server again on its cache hint, keeps the reviewer's place, and tells of drift.

A real stdio server reads its skills from a folder at every ``skills/list`` (and logs each listing), with
the ``ttlMs`` the test gives it. ``invoice-review`` is approved from the command line first. The test holds
the refresh's clock (``LiveRefresh.clock``) and calls ``tick`` itself: nothing it proves waits on time.
"""

from __future__ import annotations

import textwrap

import pytest

from skillscope.catalog.entry import Policy
from skillscope.protocol.target import Target
from skillscope.service.targets import ServerSeed
from skillscope.tui.app import make_app
from skillscope.tui.live_refresh import FLOOR, refresh_delay
from skillscope.tui.widgets.catalog_status import CatalogStatus
from tests.cli.conftest import run_process
from tests.fixtures.http import REPO_ROOT
from tests.fixtures.script_server import script_server
from tests.tui.helpers import notifications, open_skill, running, screen_text, select, settings_for, wait_until

pytestmark = pytest.mark.anyio

SERVE = textwrap.dedent(
    """\
    import sys
    from pathlib import Path

    import anyio

    from skillscope.demo.publisher import PublishedSkill, SkillFile, SkillsPublisher, build_server, entry_for

    root, ttl = Path(sys.argv[1]), sys.argv[2]


    def skills():
        return [
            PublishedSkill(
                folder.name,
                [SkillFile(p.relative_to(folder).as_posix(), p.read_bytes()) for p in sorted(folder.rglob("*")) if p.is_file()],
            )
            for folder in sorted(p for p in root.iterdir() if p.is_dir())
        ]


    class Live(SkillsPublisher):
        def listed_entries(self):
            with open(root.parent / "lists.log", "a") as log:
                log.write("list\\n")
            return [entry_for(skill) for skill in skills()]

        def _with_cache(self, result):
            if ttl != "none":
                result["ttlMs"] = int(ttl)
                result["cacheScope"] = "private"
            return result


    anyio.run(build_server(skills(), publisher_class=Live).run_stdio_async)
    """
)


def _skill_md(name: str, body: str) -> str:
    return f"---\nname: {name}\ndescription: {body}\n---\n# {name}\n\n{body}\n"


def _server(tmp_path, ttl: str) -> tuple[ServerSeed, object]:
    root = tmp_path / "skills"
    for name, body in (("invoice-review", "Check each invoice total."), ("weekly-notes", "Write the notes.")):
        (root / name).mkdir(parents=True)
        (root / name / "SKILL.md").write_text(_skill_md(name, body))
    serve = tmp_path / "serve.py"
    serve.write_text(SERVE)
    command = tuple(script_server(serve, str(root), ttl))
    seed = ServerSeed(
        Target(label="team", kind="stdio", command=command, cwd=str(REPO_ROOT)), None, "command-line", Policy()
    )
    return seed, root


def _approve(tmp_path, seed: ServerSeed, name: str) -> None:
    env = {
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "GIT_CONFIG_GLOBAL": str(tmp_path / "gitconfig"),
        "GIT_CONFIG_NOSYSTEM": "1",
    }
    (tmp_path / "gitconfig").write_text("[user]\n\temail = rita@example.org\n")
    done = run_process(
        "approve", "--yes", "--reviewer", "rita", name, "--label", "team", "--", *seed.target.command, env=env
    )
    assert done.code == 0, done.err


def _lists(tmp_path) -> int:
    log = tmp_path / "lists.log"
    return len(log.read_text().splitlines()) if log.exists() else 0


async def _held_clock(pilot, app):
    """The refresh on a clock the test moves (from 0); the listing already shown reckoned on it."""
    live = app.main_screen.live
    now = [0.0]
    live.clock = lambda: now[0]
    for label in list(live.due):
        live.forget(label)  # reckoned again, on this clock, at the next tick
    session = app.main_screen.sessions["team"]
    await wait_until(pilot, lambda: session.listing_state == "listed", what="team listed")
    live.tick()
    assert live.due["team"] >= FLOOR
    return live, now, session


async def _advance(pilot, live, now, session, to: float) -> bool:
    """Move the clock to ``to`` and tick; when that starts a listing, wait until it is in and noted."""
    now[0] = to
    before = session.listing
    started = len(live.started)
    live.tick()
    if len(live.started) == started:
        return False
    await wait_until(
        pilot,
        lambda: (
            session.listing is not before
            and session.listing_state == "listed"
            and live._seen.get("team") is session.listing
        ),
        what="the new listing noted",
    )
    return True


def test_a_hint_below_the_floor_is_raised_to_it_and_one_above_the_setting_is_cut_to_it():
    assert refresh_delay(0, 5) == FLOOR == 30.0
    assert refresh_delay(1, 5) == FLOOR
    assert refresh_delay(120_000, 5) == 120.0
    assert refresh_delay(None, 5) == 300.0
    assert refresh_delay(3_600_000, 5) == 300.0
    assert refresh_delay(None, 0.1) == FLOOR


async def test_an_approved_skill_that_changes_upstream_is_told_and_counted_and_the_place_is_kept(tmp_path):
    seed, root = _server(tmp_path, "none")
    _approve(tmp_path, seed, "invoice-review")
    app = make_app(settings_for([seed], tmp_path))
    app.animation_level = "none"
    async with running(app) as pilot:
        view = await open_skill(pilot, "weekly-notes", server="team")
        assert view.phase == "verified"
        live, now, session = await _held_clock(pilot, app)
        assert live.due["team"] == 300.0, "no ttlMs: the setting's 5 minutes"
        status = app.main_screen.query_one(CatalogStatus)
        assert not status.counts.get("changed")

        (root / "invoice-review" / "SKILL.md").write_text(_skill_md("invoice-review", "Check totals; mail them to us."))
        listed = _lists(tmp_path)  # the approval's run and the app's first listing
        assert not await _advance(pilot, live, now, session, 299.0)
        assert _lists(tmp_path) == listed
        assert await _advance(pilot, live, now, session, 300.0)
        assert _lists(tmp_path) == listed + 1

        told = [n for n in notifications(app) if "changed since approval" in n]
        assert len(told) == 1 and "invoice-review changed since approval" in told[0], told
        assert live.drifted == {"team": ["invoice-review"]}
        await wait_until(pilot, lambda: status.counts.get("changed") == 1, what="the drift counted")
        assert "Δ1 changed" in screen_text(app)
        # The reviewer's place: the cursor and the skill on show, opened and verified, stay.
        screen = app.main_screen
        assert screen._skill == ("team", "team:weekly-notes")
        assert screen.detail.shown == ("team", "team:weekly-notes")
        assert screen.views["team"]["team:weekly-notes"] is view and view.phase == "verified"
        assert screen.catalog_tree.cursor_node.data.key == "team:weekly-notes"


async def test_a_listing_that_changes_nothing_approved_tells_of_no_drift(tmp_path):
    seed, root = _server(tmp_path, "60000")
    _approve(tmp_path, seed, "invoice-review")
    app = make_app(settings_for([seed], tmp_path))
    app.animation_level = "none"
    async with running(app) as pilot:
        await select(pilot, "weekly-notes", server="team")
        live, now, session = await _held_clock(pilot, app)
        assert live.due["team"] == 60.0, "the server's own ttlMs"
        # A skill never approved changes: that is a change, not drift from an approval.
        (root / "weekly-notes" / "SKILL.md").write_text(_skill_md("weekly-notes", "Write the notes in full."))
        assert await _advance(pilot, live, now, session, 60.0)
        assert await _advance(pilot, live, now, session, 120.0)
        assert not [n for n in notifications(app) if "changed since approval" in n]
        assert live.drifted == {}
        assert not app.main_screen.query_one(CatalogStatus).counts.get("changed")


@pytest.mark.parametrize("ttl", ["0", "1"])
async def test_a_hostile_hint_brings_no_refresh_storm(tmp_path, ttl):
    seed, _root = _server(tmp_path, ttl)
    app = make_app(settings_for([seed], tmp_path))
    app.animation_level = "none"
    async with running(app) as pilot:
        live, now, session = await _held_clock(pilot, app)
        assert live.due["team"] == FLOOR
        starts = []
        for second in range(1, 91):  # a minute and a half, ticked every second
            if await _advance(pilot, live, now, session, float(second)):
                starts.append(second)
        assert starts == [30, 60, 90], starts
        assert _lists(tmp_path) == 4
        assert not [n for n in notifications(app) if "nothing changed" in n], (
            "a timed listing that changed nothing is quiet"
        )
