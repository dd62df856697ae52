"""Issue 18: a dead server says so, refresh keeps the reviewer's place, and what needs attention is on the first screen.

Driven with the pilot against real servers: stdio fixture processes (one is killed) and the in-process publisher.
"""

from __future__ import annotations

import io
import os
import signal
from dataclasses import replace

import pytest
from rich.console import Console

from skillscope.catalog.entry import Policy
from skillscope.demo.catalog import demo_skills
from skillscope.demo.publisher import PublishedSkill, SkillFile, SkillsPublisher, build_server, entry_for
from skillscope.protocol.target import Target
from skillscope.service.targets import ServerSeed
from skillscope.tui.app import make_app
from skillscope.tui.dialogs.help import help_text
from tests.processes import is_alive as process_alive
from tests.tui.helpers import (
    audited,
    counting_connect,
    demo_app,
    listed,
    notifications,
    open_skill,
    running,
    screen_text,
    select,
    settings_for,
    stdio_seed,
    wait_until,
)

pytestmark = pytest.mark.anyio


def status(app) -> str:
    """The status line under the catalog, as one line (it breaks between counts to fit the pane)."""
    return str(app.main_screen.query_one("#catalog-status").content).replace("\n", "  ")


def cursor_ref(app):
    return app.main_screen.catalog_tree.cursor_node.data


class LiveListing(SkillsPublisher):
    """The publisher, listing its ``skills`` as they are now (an upstream edit shows on the next skills/list)."""

    made: list[LiveListing] = []

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        LiveListing.made.append(self)

    def listed_entries(self) -> list:
        return [entry_for(skill) for skill in self.skills if skill.listed]


def _skill(path: str, body: str) -> PublishedSkill:
    name = path.rsplit("/", 1)[-1]
    return PublishedSkill(
        path,
        [
            SkillFile("SKILL.md", f"---\nname: {name}\ndescription: {body}\n---\n{body}\n".encode()),
            SkillFile("references/NOTES.md", b"notes\n"),
        ],
    )


# -- 1. a dead server says so -------------------------------------------------------------------


async def test_a_killed_stdio_server_reads_exited_and_its_catalog_stays_marked_stale(tmp_path):
    app = make_app(settings_for([stdio_seed("samples")], tmp_path))
    async with running(app) as pilot:
        screen = app.main_screen
        session = screen.sessions["samples"]
        await listed(pilot, "samples")
        pdf = await open_skill(pilot, "pdf-processing", server="samples")
        hello = await select(pilot, "hello-world", server="samples")
        pid = session.conn._stats.process.pid
        os.kill(pid, signal.SIGKILL)
        # Noticed from the process's end, not a timer: poll with a generous bound.
        await wait_until(pilot, lambda: session.state == "exited", what="the exit noticed")
        assert session.exit_status == -9 and "exited with status -9" in session.error.message
        await wait_until(pilot, lambda: "exited (status -9" in screen_text(app), what="the exit on screen")
        text = screen_text(app)
        assert "● connected" not in text and "~ stale" in text
        assert "○· hello-world" in text and "○✓ pdf-processing" in text, "the last catalog stays, with what was opened"
        await wait_until(
            pilot, lambda: any("Server exited" in n and "press c" in n for n in notifications(app)), what="exit told"
        )
        # A read on the dead server is a connection error: the skill is not marked failed.
        await pilot.press("enter")
        await wait_until(pilot, lambda: any("not connected" in n for n in notifications(app)), what="the refusal")
        assert hello.phase == "idle" and pdf.phase == "verified"
        assert "✗ failed" not in screen_text(app) and "Verification failed" not in screen_text(app)
        # r keeps the catalog and says why it cannot list.
        await pilot.press("r")
        await wait_until(pilot, lambda: any("samples exited" in n for n in notifications(app)), what="r refused")
        assert set(screen.views["samples"]) >= {"samples:hello-world", "samples:pdf-processing"}
        # c reconnects: a new process, the same place, nothing stale.
        await pilot.press("c")
        await wait_until(
            pilot, lambda: session.state == "connected" and session.listing_state == "listed", what="reconnected"
        )
        assert session.conn._stats.process.pid != pid and not process_alive(pid)
        assert screen.views["samples"]["samples:pdf-processing"] is pdf and pdf.phase == "verified" and not pdf.stale
        assert cursor_ref(app).key == "samples:hello-world"
        await wait_until(pilot, lambda: "~ stale" not in screen_text(app), what="the stale mark gone")


async def test_a_server_that_exits_on_its_own_shows_its_status_and_stderr_tail(tmp_path):
    """The server stops by itself (stdin closed under it is not our doing): exit status and stderr are shown."""
    app = make_app(settings_for([stdio_seed("samples")], tmp_path))
    async with running(app) as pilot:
        session = app.main_screen.sessions["samples"]
        await listed(pilot, "samples")
        os.kill(session.conn._stats.process.pid, signal.SIGTERM)
        await wait_until(pilot, lambda: session.state == "exited", what="the exit noticed")
        assert session.exit_status is not None
        await wait_until(pilot, lambda: "server exited" in screen_text(app), what="the details")
        assert "The catalog shown is the last one listed" in screen_text(app)


async def test_a_stopped_http_server_reads_unreachable_without_a_keypress_and_c_reconnects(tmp_path):
    """Nothing tells an HTTP client that its server stopped: the idle liveness check finds it."""
    import contextlib
    from urllib.parse import urlsplit

    from tests.fixtures.hostile import build_scenario
    from tests.fixtures.http import serve_http_in_thread

    with contextlib.ExitStack() as stack:
        url = stack.enter_context(serve_http_in_thread(build_scenario("samples")))
        seed = ServerSeed(Target(label="web", kind="http", url=url), None, "command-line", Policy())
        app = make_app(settings_for([seed], tmp_path))
        async with running(app) as pilot:
            screen = app.main_screen
            session = screen.sessions["web"]
            await listed(pilot, "web")
            pdf = await open_skill(pilot, "pdf-processing", server="web")
            hello = await select(pilot, "hello-world", server="web")
            stack.close()  # the server stops; nobody presses anything
            await wait_until(pilot, lambda: session.state == "unreachable", what="the stop noticed")
            assert "Cannot reach" in session.error.message
            await wait_until(pilot, lambda: "unreachable" in screen_text(app), what="the state on screen")
            text = screen_text(app)
            assert "● connected" not in text and "~ stale" in text
            assert "○· hello-world" in text and "○✓ pdf-processing" in text, (
                "the last catalog stays, with what was opened"
            )
            await wait_until(
                pilot,
                lambda: any("Server unreachable" in n and "press c" in n for n in notifications(app)),
                what="the stop told",
            )
            # A read on the dead server is a connection error: the skill is not marked failed.
            await pilot.press("enter")
            await wait_until(pilot, lambda: any("not connected" in n for n in notifications(app)), what="the refusal")
            assert hello.phase == "idle" and pdf.phase == "verified"
            assert "✗ failed" not in screen_text(app) and "Verification failed" not in screen_text(app)
            # The server comes back on the same address: c reconnects and nothing is stale.
            port = urlsplit(url).port
            stack.enter_context(serve_http_in_thread(build_scenario("samples"), port=port))
            await pilot.press("c")
            await wait_until(
                pilot, lambda: session.state == "connected" and session.listing_state == "listed", what="reconnected"
            )
            assert screen.views["web"]["web:pdf-processing"] is pdf and not pdf.stale
            await wait_until(pilot, lambda: "~ stale" not in screen_text(app), what="the stale mark gone")


# -- 2. refresh keeps your place ----------------------------------------------------------------


async def test_refresh_keeps_cursor_open_folders_and_opened_skills(tmp_path):
    reads: list[str] = []
    app = demo_app(tmp_path, connect=counting_connect(reads))
    async with running(app) as pilot:
        screen = app.main_screen
        pdf = await open_skill(pilot, "pdf-processing", path="references/FORMS.md")
        assert cursor_ref(app).path == "references/FORMS.md"
        before = len(reads)
        await pilot.press("r")
        await wait_until(pilot, lambda: any("nothing changed" in n for n in notifications(app)), what="listed again")
        assert screen.views["demo"]["demo:pdf-processing"] is pdf and pdf.phase == "verified"
        assert set(pdf.opened) == {"SKILL.md", "references/FORMS.md"} and len(reads) == before, "nothing read again"
        ref = cursor_ref(app)
        assert (ref.key, ref.path) == ("demo:pdf-processing", "references/FORMS.md")
        assert screen.catalog_tree._skill_nodes[("demo", "demo:pdf-processing")].is_expanded
        assert screen.detail.shown == ("demo", "demo:pdf-processing")
        # The pane follows the row: the file's text, from the verified bytes.
        await wait_until(pilot, lambda: "FORMS" in screen_text(app) or "form" in screen_text(app).lower())


async def test_a_changed_entry_is_named_and_its_opened_content_dropped(tmp_path):
    LiveListing.made.clear()
    skills = [_skill("team/alpha", "First."), _skill("team/beta", "Second."), _skill("gamma", "Third.")]
    seed = ServerSeed(
        Target(label="live", kind="inprocess", server=build_server(skills, publisher_class=LiveListing)),
        None,
        "demo",
        Policy(),
    )
    app = make_app(settings_for([seed], tmp_path))
    async with running(app) as pilot:
        screen = app.main_screen
        alpha = await open_skill(pilot, "team/alpha", server="live")
        beta = await open_skill(pilot, "team/beta", server="live")
        publisher = LiveListing.made[-1]
        publisher.skills[1] = _skill("team/beta", "Second, edited upstream.")
        publisher.skills.append(_skill("delta", "Fourth."))
        await pilot.press("r")
        await wait_until(
            pilot, lambda: any("1 changed (live:team/beta)" in n for n in notifications(app)), what="drift told"
        )
        assert any("1 new (live:delta)" in n for n in notifications(app))
        # beta was opened, so the notice says its read content is let go.
        assert any("what was opened of live:team/beta is dropped" in n for n in notifications(app))
        views = screen.views["live"]
        assert views["live:team/alpha"] is alpha and alpha.phase == "verified"
        fresh = views["live:team/beta"]
        assert fresh is not beta and fresh.phase == "idle" and not fresh.opened
        # The cursor stays on the row; the pane shows the new entry, not the old bytes.
        assert cursor_ref(app).key == "live:team/beta"
        await wait_until(pilot, lambda: screen.detail.shown == ("live", "live:team/beta"))
        await wait_until(
            pilot,
            lambda: "· not opened" in (text := screen_text(app)) and "Second, edited upstream." in text,
            what="the pane follows the new entry",
        )


async def test_reconnect_to_an_edited_server_keeps_the_place_and_says_what_changed(tmp_path):
    skills = demo_skills()
    seed = ServerSeed(Target(label="pub", kind="inprocess", server=build_server(skills)), None, "demo", Policy())
    app = make_app(settings_for([seed], tmp_path))
    async with running(app) as pilot:
        screen = app.main_screen
        session = screen.sessions["pub"]
        pdf = await open_skill(pilot, "pdf-processing", server="pub")
        await select(pilot, "hello-world", server="pub")
        edited = [s if s.skill_path != "hello-world" else _skill("hello-world", "Now different.") for s in skills]
        session.seed = replace(seed, target=replace(seed.target, server=build_server(edited)))
        await pilot.press("c")
        await wait_until(
            pilot, lambda: any("1 changed (pub:hello-world)" in n for n in notifications(app)), what="drift told"
        )
        assert screen.views["pub"]["pub:pdf-processing"] is pdf and pdf.phase == "verified"
        # hello-world was only highlighted, never opened: nothing of it was dropped, and the notice says nothing so.
        assert not any("dropped" in n for n in notifications(app))
        assert cursor_ref(app).key == "pub:hello-world"
        await wait_until(pilot, lambda: "Now different." in screen_text(app), what="the pane shows the new entry")


# -- 3. what needs attention is on the first screen ---------------------------------------------


async def test_launch_opens_the_changed_skill_and_rolls_up_counts(tmp_path):
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        await listed(pilot)
        await wait_until(
            pilot, lambda: "Δ· invoice-review" in screen_text(app), what="the changed skill without a keypress"
        )
        # The status line follows the tree by a posted message: wait for it rather than read it in the same instant.
        # It counts every state of the 9 skills on one line, and the 13 surface items (the skills' files' listings, a
        # stray skill:// file, two tools and a prompt; the seed approves one tool) apart on the next; the surface branch
        # is listed after the skills.
        expected = (
            "skills  ○3 not reviewed  Δ1 changed  ⊗1 rejected  ⊘2 unavailable  ✗1 malformed  ●1 approved  "
            "surface  ○12 not reviewed  ●1 approved"
        )
        await wait_until(pilot, lambda: status(app) == expected, what="the status line")
        # The status widget holds its words before the next frame draws them: wait for the screen too.
        shown = ("○3 not reviewed", "Δ1 changed", "⊗1 rejected", "●1 approved", "surface  ○12")  # the pane wraps
        await wait_until(pilot, lambda: all(words in screen_text(app) for words in shown), what="the status drawn")
        text = screen_text(app)
        assert "demo  9 skills  ○3 Δ1 ⊗1 ⊘2" in text
        assert "acme/billing/  1  Δ1" in text
        assert status(app) == expected


async def test_rollups_follow_a_failed_open_and_a_review(tmp_path):
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        await open_skill(pilot, "release-notes", path="references/CHANGELOG.md")
        await wait_until(pilot, lambda: "✗1 failed" in status(app), what="the failure counted")
        await wait_until(pilot, lambda: "demo  9 skills  ○3 Δ1 ⊗1 ✗1 ⊘2" in screen_text(app), what="the server row")
        await select(pilot, "pdf-processing")
        await pilot.press("x")
        await wait_until(pilot, lambda: app.screen.query("#note-input"))
        app.screen.query_one("#note-input").value = "no"
        await pilot.press("ctrl+s")  # a bare Enter never records
        await wait_until(pilot, lambda: "⊗2 rejected" in status(app), what="the rejection counted")
        # Two skills, and twelve of the surface branch's items (the ten resources pinning what resources/list says of
        # skill files, a tool and a prompt), listed after the skills: wait for the count to settle.
        await wait_until(
            pilot,
            lambda: "skills  ○2 not reviewed" in status(app) and "surface  ○12 not reviewed" in status(app),
            what="the skills and the surface items counted apart",
        )
        await wait_until(pilot, lambda: "demo  9 skills  ○2 Δ1 ⊗2 ✗1 ⊘2" in screen_text(app), what="the server row")


async def test_the_filter_selects_by_state(tmp_path):
    # Which skills each state word selects is the model's (tests/tui/test_catalog_model_filter.py); here the
    # filter is typed, the tree shows what it selects, and a word that names no state is refused.
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        await listed(pilot)
        tree = app.main_screen.catalog_tree
        await pilot.press("slash", *"state:changed", "enter")
        await wait_until(pilot, lambda: "1 of 9 skills" in str(tree.root.children[0].label), what="filtered")
        assert "invoice-review" in screen_text(app) and "pdf-processing" not in screen_text(app)
        await pilot.press("slash")
        app.main_screen.query_one("#filter").value = "state:bogus"
        await pilot.press("enter")
        await wait_until(pilot, lambda: any("No skill state is called bogus" in n for n in notifications(app)))


async def test_the_jump_key_visits_each_skill_waiting_for_a_verdict_in_tree_order(tmp_path):
    # The whole walk (every item, the wrap, and back) is the model's: tests/tui/test_catalog_model_places.py.
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        await listed(pilot)
        app.main_screen.catalog_tree.focus()
        await wait_until(pilot, lambda: "demo" in app.main_screen._surfaces(), what="the surface listed")
        # The surface branch comes after the skills: two tools, a prompt, then each skill's files' listing. The seed
        # approved the first tool, so the first item waiting for a verdict is the second.
        items = [item.name for item in app.main_screen._surfaces()["demo"].all_items()]
        assert len(items) == 13 and items[:3] == [
            "demo:tool/convert_currency",
            "demo:tool/fetch_rates",
            "demo:prompt/summarise_invoice",
        ]
        first_waiting = "demo:tool/fetch_rates"
        visited = []
        for _ in range(4 + 1):
            await pilot.press("N")
            await wait_until(
                pilot, lambda: cursor_ref(app).kind in ("skill", "item") and cursor_ref(app).key not in visited[-1:]
            )
            visited.append(cursor_ref(app).key)
        assert visited == [
            "demo:acme/billing/invoice-review",
            "demo:pdf-processing",
            "demo:release-notes",
            "demo:terminal-tricks",
            first_waiting,
        ]
        await pilot.press("P")  # back from the first item to the last skill
        await wait_until(pilot, lambda: cursor_ref(app).key == "demo:terminal-tricks", what="back on the skill")
        await wait_until(
            pilot, lambda: app.main_screen.detail.shown == ("demo", "demo:terminal-tricks"), what="the pane follows"
        )


async def test_the_help_lists_the_jump_keys_and_the_state_filter(tmp_path):
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        await listed(pilot)
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: app.screen.query("#help"))
        console = Console(width=160, record=True, file=io.StringIO())
        console.print(help_text())
        text = console.export_text()
        assert (
            "Jump to the next skill, tool, prompt, resource or template waiting for a verdict" in text
            and "state:changed" in text
            and "needs-review" in text
        )


async def test_findings_follow_a_review_action(tmp_path):
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        view = await select(pilot, "pdf-processing")
        await audited(pilot, view)
        assert "skillscope/not-reviewed" in {f.id for f in view.audit.findings}
        await pilot.press("x")
        await wait_until(pilot, lambda: app.screen.query("#note-input"))
        app.screen.query_one("#note-input").value = "not for us"
        await pilot.press("ctrl+s")  # a bare Enter never records
        await wait_until(pilot, lambda: view.review is not None and view.review.state == "rejected", what="rejected")
        ids = {f.id for f in view.audit.findings}
        assert "skillscope/rejected" in ids and "skillscope/not-reviewed" not in ids
        app.main_screen.detail.activate("findings")
        await wait_until(pilot, lambda: "was rejected by" in screen_text(app), what="the Findings tab redrawn")
