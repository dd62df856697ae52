"""SVG snapshots of every state a reviewer can reach, at a fixed 120×36 terminal (pytest-textual-snapshot).

Update after an intended change with ``pytest tests/tui/test_snapshots.py --snapshot-update``
and look at the report before committing.
"""

from __future__ import annotations

import asyncio
import shutil
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from skillscope.catalog.entry import Policy
from skillscope.demo.ledger import seed_demo_ledger
from skillscope.protocol.target import Target
from skillscope.service.targets import ServerSeed
from skillscope.tui.app import make_app
from tests.fixtures.http import REPO_ROOT
from tests.tui.helpers import (
    SIZE,
    add_server_ready,
    at_rest,
    audited,
    demo_app,
    laying_out,
    listed,
    open_skill,
    screen_text,
    select,
    settings_for,
    wait_until,
)


@pytest.fixture
def here(tmp_path, monkeypatch):
    """Run in ``tmp_path`` so paths on screen (the ledger's) are the same on every machine."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def demo(here: Path, **options):
    return demo_app(here, ledger=Path("ledger.jsonl"), **options)


async def settle(pilot, *, toasts: bool = False) -> None:
    """Quiet the screen before the picture: no blinking cursors, and no toasts unless they are the subject."""
    await wait_until(pilot, lambda: not laying_out(pilot.app), what="file laid out")
    # Work the screen does after a key (a skill's capabilities read in the child, a changed skill compared with its
    # approved bytes) changes what is drawn and where Tab goes: the picture waits for it.
    await wait_until(pilot, lambda: not _working(pilot.app), what="background reading done")
    if not toasts:
        pilot.app.clear_notifications()
    for box in pilot.app.screen.query("Input, TextArea"):
        box.cursor_blink = False
    # Let layout settle: a tab shown and activated in one step draws its underline a refresh later.
    await pilot.wait_for_scheduled_animations()
    await steady(pilot)


async def steady(pilot) -> None:
    """Wait until the screen is drawn and two reads a rest apart agree.

    A change can ask for another only after it is drawn (a status line that grows moves the tree, which then
    scrolls to its cursor): once in a CI run the picture caught the tree between the two.
    """
    await at_rest(pilot)
    seen = screen_text(pilot.app)
    for _ in range(100):  # a bound on rests, not on time: the screen changes only while something is left to do
        await at_rest(pilot)
        now = screen_text(pilot.app)
        # A screen under a dialog is drawn behind it and lays itself out on its own timer: the picture also
        # waits for that (the tree behind the remove dialog was once caught a layout late, blank rows under it).
        if now == seen and not any(screen._layout_required for screen in pilot.app._background_screens):
            break
        seen = now


def _working(app) -> bool:
    main = getattr(app, "main_screen", None)
    if main is None:
        return False
    busy = main.detail.busy
    # A listing's worker runs on after the skills to list the server's tools, prompts and resources, whose counts
    # add a line to the catalog's status (and so move the tree).
    listing = any(w.name.startswith(("compare ", "list ")) and w.is_running for w in app.workers)
    return busy or listing


def shows(*steps, toasts: bool = False):
    """A ``run_before`` doing ``steps`` (async callables taking the pilot), then settling (``toasts``: kept)."""

    async def run_before(pilot) -> None:
        for step in steps:
            await step(pilot)
        await settle(pilot, toasts=toasts)

    return run_before


def highlighted(name: str, path: str | None = None):
    async def step(pilot) -> None:
        await select(pilot, name, path=path)

    return step


def opened(name: str, path: str | None = None):
    async def step(pilot) -> None:
        await open_skill(pilot, name, path=path)

    return step


def pressed(*keys: str, until=None):
    async def step(pilot) -> None:
        # Keys go to a finished screen, as a reviewer's do: a dialog opened while a listing still grows the
        # catalog's status would be pictured over a screen that is still moving (``steady`` also waits for the
        # screen behind a dialog to be laid out).
        await wait_until(pilot, lambda: not _working(pilot.app), what="background reading done")
        await steady(pilot)
        await pilot.press(*keys)
        if until is not None:
            await wait_until(pilot, lambda: until(pilot.app))
        await pilot.pause()

    return step


async def demo_listed(pilot) -> None:
    await listed(pilot)
    # The panel's details follow the highlight event, which can land after the listing under load:
    # wait for the counts row on screen, or a snapshot catches the panel half drawn.
    # The counts show twice when all is drawn: in the server panel and in the server's overview.
    await wait_until(
        pilot, lambda: screen_text(pilot.app).count("available,") >= 2, what="the server's counts in the panel"
    )


# -- servers ------------------------------------------------------------------------------------


def test_empty_screen_invites_adding_a_server(snap_compare, here):
    app = make_app(settings_for([], here))
    app.animation_level = "none"
    assert snap_compare(app, terminal_size=SIZE, run_before=shows())


def test_connecting_server_shows_progress_instead_of_an_empty_tree(snap_compare, here):
    @asynccontextmanager
    async def slow_connect(target, **options):
        await asyncio.Event().wait()
        yield None

    app = demo(here, connect=slow_connect)

    async def connecting(pilot) -> None:
        await wait_until(pilot, lambda: pilot.app.main_screen.sessions["demo"].state == "connecting")

    assert snap_compare(app, terminal_size=SIZE, run_before=shows(connecting))


def test_connected_demo_lists_every_entry_with_its_state(snap_compare, here):
    assert snap_compare(demo(here), terminal_size=SIZE, run_before=shows(demo_listed))


def test_failed_stdio_server_shows_the_reason_and_its_stderr_tail(snap_compare, here):
    if shutil.which("python3") is None:
        pytest.skip("needs python3 on PATH")
    # python3 from PATH (not this venv's path) keeps the command line on screen the same everywhere.
    target = Target(
        label="broken", kind="stdio", command=("python3", "-m", "tests.fixtures.run_server", "exit"), cwd=str(REPO_ROOT)
    )
    app = make_app(settings_for([ServerSeed(target, None, "command-line", Policy())], here))
    app.animation_level = "none"

    async def failed(pilot) -> None:
        await wait_until(pilot, lambda: pilot.app.main_screen.sessions["broken"].state == "failed")

    assert snap_compare(app, terminal_size=SIZE, run_before=shows(failed))


def test_add_server_dialog_offers_url_and_command(snap_compare, here):
    assert snap_compare(
        demo(here),
        terminal_size=SIZE,
        run_before=shows(demo_listed, pressed("n", until=add_server_ready)),
    )


# -- skill states -------------------------------------------------------------------------------


def test_skill_not_yet_opened_shows_entry_facts_only(snap_compare, here):
    assert snap_compare(demo(here), terminal_size=SIZE, run_before=shows(highlighted("pdf-processing")))


def test_verified_skill_renders_its_skill_md(snap_compare, here):
    assert snap_compare(demo(here), terminal_size=SIZE, run_before=shows(opened("pdf-processing")))


def test_verified_skill_overview_lists_frontmatter_and_file_states(snap_compare, here):
    async def overview(pilot) -> None:
        pilot.app.main_screen.detail.activate("overview")
        await pilot.pause()

    assert snap_compare(demo(here), terminal_size=SIZE, run_before=shows(opened("pdf-processing"), overview))


def test_frontmatter_mismatch_shows_the_differing_keys_and_no_content(snap_compare, here):
    assert snap_compare(demo(here), terminal_size=SIZE, run_before=shows(opened("code-review")))


def test_tampered_file_shows_expected_and_actual_digest(snap_compare, here):
    assert snap_compare(
        demo(here),
        terminal_size=SIZE,
        run_before=shows(opened("release-notes"), opened("release-notes", "references/CHANGELOG.md")),
    )


def test_unavailable_skill_keeps_its_reason(snap_compare, here):
    assert snap_compare(demo(here), terminal_size=SIZE, run_before=shows(highlighted("huge-dataset")))


def test_malformed_entry_shows_its_rule_and_raw_entry(snap_compare, here):
    assert snap_compare(demo(here), terminal_size=SIZE, run_before=shows(highlighted("#6")))


def test_dynamic_skill_says_why_it_cannot_be_verified(snap_compare, here):
    assert snap_compare(demo(here), terminal_size=SIZE, run_before=shows(highlighted("live-metrics")))


def test_approved_skill_shows_reviewer_note_and_history(snap_compare, here):
    assert snap_compare(demo(here), terminal_size=SIZE, run_before=shows(highlighted("hello-world")))


def test_rejected_skill_shows_the_rejection(snap_compare, here):
    assert snap_compare(demo(here), terminal_size=SIZE, run_before=shows(highlighted("code-review")))


def test_changed_since_approval_lists_the_changed_files_before_any_read(snap_compare, here):
    async def changes(pilot) -> None:
        pilot.app.main_screen.detail.activate("changes")
        await pilot.pause()

    assert snap_compare(
        demo(here), terminal_size=SIZE, run_before=shows(highlighted("acme/billing/invoice-review"), changes)
    )


def test_changes_tab_shows_the_diff_against_the_approved_bytes(snap_compare, here):
    """Issue 10: the Changes tab showed digests only; a reviewer reread the file to find the change."""

    def diffed(app) -> bool:
        view = app.main_screen.views["demo"]["demo:acme/billing/invoice-review"]
        return view.diffs is not None and app.main_screen.detail.query_one("TabbedContent").active == "changes"

    assert snap_compare(
        demo(here),
        terminal_size=SIZE,
        run_before=shows(highlighted("acme/billing/invoice-review"), pressed("g", until=diffed)),
    )


def test_binary_file_shows_a_hex_view_with_metadata(snap_compare, here):
    assert snap_compare(demo(here), terminal_size=SIZE, run_before=shows(opened("pdf-processing", "assets/logo.png")))


def test_text_file_is_highlighted_with_line_numbers(snap_compare, here):
    assert snap_compare(
        demo(here), terminal_size=SIZE, run_before=shows(opened("pdf-processing", "scripts/extract.py"))
    )


def test_terminal_tricks_show_as_visible_escapes(snap_compare, here):
    assert snap_compare(demo(here), terminal_size=SIZE, run_before=shows(highlighted("terminal-tricks")))


def test_audit_findings_name_each_hidden_character(snap_compare, here):
    async def audit_it(pilot) -> None:
        view = await select(pilot, "terminal-tricks")
        await audited(pilot, view)

    assert snap_compare(demo(here), terminal_size=SIZE, run_before=shows(audit_it))


def test_skill_opened_by_name_joins_the_tree(snap_compare, here):
    async def by_name(pilot) -> None:
        await listed(pilot)
        await pilot.press("o")
        await wait_until(pilot, lambda: pilot.app.screen.query("#name-input"))
        await pilot.press(*"internal-audit", "enter")
        views = pilot.app.main_screen.views["demo"]
        await wait_until(
            pilot, lambda: "demo:internal-audit" in views and views["demo:internal-audit"].phase == "verified"
        )
        await wait_until(pilot, lambda: not pilot.app.main_screen.detail.busy)

    assert snap_compare(demo(here), terminal_size=SIZE, run_before=shows(by_name))


def test_filter_keeps_only_matching_skills(snap_compare, here):
    assert snap_compare(
        demo(here), terminal_size=SIZE, run_before=shows(demo_listed, pressed("slash", *"review", "enter"))
    )


def test_approve_dialog_names_the_fingerprint_it_will_record(snap_compare, here):
    assert snap_compare(
        demo(here),
        terminal_size=SIZE,
        run_before=shows(
            highlighted("pdf-processing"), pressed("a", until=lambda app: app.screen.query("#note-input"))
        ),
    )


# -- ledger and help ----------------------------------------------------------------------------


def test_ledger_screen_lists_every_verdict(snap_compare, here):
    def checked(app) -> bool:  # the signatures are checked in a worker: wait for their column
        return bool(app.screen.query("LedgerTable")) and app.screen.signatures is not None

    assert snap_compare(demo(here), terminal_size=SIZE, run_before=shows(demo_listed, pressed("l", until=checked)))


def test_damaged_ledger_shows_the_chain_check(snap_compare, here):
    seed_demo_ledger(here / "ledger.jsonl")
    lines = (here / "ledger.jsonl").read_text().splitlines(keepends=True)
    (here / "ledger.jsonl").write_text(lines[0] + lines[2])  # the middle record removed
    assert snap_compare(
        demo(here),
        terminal_size=SIZE,
        run_before=shows(demo_listed, pressed("l", until=lambda app: app.screen.query("#ledger-damage"))),
    )


def test_help_lists_every_key_and_state(snap_compare, here):
    assert snap_compare(
        demo(here),
        terminal_size=SIZE,
        run_before=shows(demo_listed, pressed("question_mark", until=lambda app: app.screen.query("#help"))),
    )
