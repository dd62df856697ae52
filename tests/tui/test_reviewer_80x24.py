"""Issue 37 (item 5), driven with the pilot on the demo at 80x24 and 160x45: every flow finishes on screen,
and every message says what was done."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from textual.geometry import Region
from textual.widgets import Button

from skillscope.demo.ledger import seed_demo_ledger
from skillscope.ledger.core.record import Record
from skillscope.ledger.core.signing import load_signer
from skillscope.ledger.core.store import Ledger
from skillscope.tui.dialogs.review import ReviewDialog
from tests.tui.helpers import (
    add_server_dialog,
    at_rest,
    demo_app,
    listed,
    notifications,
    running,
    screen_text,
    select,
    wait_until,
)
from tests.tui.test_start_confirmation import app_for, asked, planted_server

pytestmark = pytest.mark.anyio

NARROW = (80, 24)
WIDE = (160, 45)


async def widened(pilot) -> None:
    """Widen the terminal from 80x24 to 160x45 as a reviewer does mid-flow, and let the screen settle.

    A flow checked at 80x24 is checked again in the same app once the terminal is wider: the layout must
    follow the new size (nothing a wider terminal shows may depend on the size the app started at), and
    one app start serves both sizes.
    """
    await pilot.resize_terminal(*WIDE)
    await wait_until(pilot, lambda: tuple(pilot.app.size) == WIDE, what="the terminal widened")
    await at_rest(pilot)


async def back_to_main(pilot) -> None:
    """Leave any screen over the main one (the ledger, a dialog) with escape, as a reviewer does."""
    app = pilot.app
    for _ in range(5):
        if app.screen is app.main_screen:
            return
        await pilot.press("escape")
        await at_rest(pilot)
    raise AssertionError(f"escape did not lead back to the main screen from {app.screen!r}")


# -- y: where the copy went -----------------------------------------------------------------------


def _tmux() -> str:
    tmux = shutil.which("tmux")
    if tmux is None:
        pytest.skip("tmux is not installed (scripts/test.sh installs it)")
    return tmux


def _clipboard_words(app) -> list[str]:
    return [n for n in notifications(app) if n.startswith("Clipboard:")]


async def test_y_outside_tmux_says_the_fingerprint_was_sent_with_osc_52(tmp_path, monkeypatch):
    monkeypatch.delenv("TMUX", raising=False)
    app = demo_app(tmp_path)
    async with running(app, size=NARROW) as pilot:
        view = await select(pilot, "pdf-processing")
        for told in (1, 2):
            if told == 2:
                await widened(pilot)
            await pilot.press("y")
            await wait_until(pilot, lambda told=told: len(_clipboard_words(app)) == told, what="the copy told")
            assert app.clipboard == view.entry.fingerprint
            words = _clipboard_words(app)[-1]
            assert "Sent the fingerprint to the terminal with OSC 52" in words
            assert "clipboard access for OSC 52 turned on" in words and view.entry.fingerprint in words
            assert "tmux" not in words, "outside tmux nothing is said about tmux"


@pytest.fixture
def tmux_server(tmp_path, monkeypatch):
    """A real tmux server on a socket of its own under ``tmp_path``; ``$TMUX`` points the app at it."""
    tmux = _tmux()
    sock = tmp_path / "tmux.sock"
    env = {**os.environ, "HOME": str(tmp_path)}
    env.pop("TMUX", None)
    subprocess.run([tmux, "-f", "/dev/null", "-S", str(sock), "new-session", "-d"], check=True, env=env, timeout=60)
    pid = subprocess.run(
        [tmux, "-S", str(sock), "display-message", "-p", "#{pid}"],
        check=True,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout.strip()
    monkeypatch.setenv("TMUX", f"{sock},{pid},0")
    try:
        yield lambda: subprocess.run(
            [tmux, "-S", str(sock), "show-buffer"], env=env, capture_output=True, text=True, timeout=60
        )
    finally:
        subprocess.run([tmux, "-S", str(sock), "kill-server"], env=env, capture_output=True, timeout=60)


async def test_y_under_tmux_puts_the_fingerprint_in_tmuxs_paste_buffer_and_says_so(tmp_path, tmux_server):
    app = demo_app(tmp_path)
    async with running(app, size=NARROW) as pilot:
        view = await select(pilot, "pdf-processing")
        for told in (1, 2):
            if told == 2:
                await widened(pilot)
            await pilot.press("y")
            await wait_until(pilot, lambda told=told: len(_clipboard_words(app)) == told, what="the copy told")
            shown = tmux_server()
            assert shown.returncode == 0 and shown.stdout == view.entry.fingerprint
            assert app.clipboard == view.entry.fingerprint, "OSC 52 is sent as well"
            words = _clipboard_words(app)[-1]
            assert "Copied the fingerprint to tmux's paste buffer (prefix ] pastes)" in words
            assert "sent it to the terminal (OSC 52)" in words


async def test_y_in_the_digests_dialog_under_tmux_fills_the_paste_buffer_too(tmp_path, tmux_server):
    app = demo_app(tmp_path)
    async with running(app, size=NARROW) as pilot:
        view = await select(pilot, "pdf-processing")
        await pilot.press("f")
        await wait_until(pilot, lambda: app.screen.query("#facts"), what="the digests dialog")
        await pilot.press("y")
        await wait_until(pilot, lambda: _clipboard_words(app), what="the copy told")
        assert tmux_server().stdout == view.entry.fingerprint
        assert "tmux's paste buffer" in _clipboard_words(app)[0]


async def test_y_under_a_tmux_that_does_not_answer_says_only_osc_52_was_sent_and_how_tmux_passes_it(
    tmp_path, monkeypatch
):
    _tmux()
    monkeypatch.setenv("TMUX", f"{tmp_path / 'no-such.sock'},1,0")
    app = demo_app(tmp_path)
    async with running(app, size=NARROW) as pilot:
        view = await select(pilot, "pdf-processing")
        await pilot.press("y")
        await wait_until(pilot, lambda: _clipboard_words(app), what="the copy told")
        (words,) = _clipboard_words(app)
        assert app.clipboard == view.entry.fingerprint
        assert "Copied" not in words and "Sent the fingerprint to the terminal with OSC 52" in words
        assert "set -g set-clipboard on" in words and "paste buffer was not set" in words
    assert not Path(tmp_path / "no-such.sock").exists()


# -- 1: every dialog keeps its title and its buttons on screen, and Tab reaches each button --------------

_TITLES = {
    "export": "Export approved fingerprints",
    "approve": "Approve demo:acme/billing/invoice-review",
    "changes": "Changes of demo:acme/billing/invoice-review",
    "reject": "Reject demo:pdf-processing",
    "revoke": "Revoke demo:hello-world",
    "add": "Add a server",
    "open": "Open a skill by name",
    "confirm": "Remove demo?",
    "help": "skillscope — keys",
    "facts": "Fingerprint and digests, in full",
}


async def open_dialog(pilot, kind: str):
    """Open one of the demo's dialogs the way a reviewer does; returns it once it is drawn."""
    app = pilot.app
    if kind == "export":
        await listed(pilot)
        await pilot.press("l")
        await wait_until(pilot, lambda: app.screen.query("LedgerTable"), what="the ledger screen")
        await pilot.press("e")
        await wait_until(pilot, lambda: app.screen.query("#format-select"), what="the export dialog")
    elif kind in ("approve", "changes"):
        await select(pilot, "acme/billing/invoice-review")
        await pilot.press("a")
        await wait_until(pilot, lambda: isinstance(app.screen, ReviewDialog), what="the approve dialog")
        if kind == "changes":
            await pilot.press("ctrl+g")
            await wait_until(pilot, lambda: app.screen.query("#changes-dialog"), what="the changes dialog")
    elif kind in ("reject", "revoke"):
        await select(pilot, "pdf-processing" if kind == "reject" else "hello-world")
        await pilot.press("x" if kind == "reject" else "u")
        await wait_until(pilot, lambda: isinstance(app.screen, ReviewDialog), what=f"the {kind} dialog")
    elif kind == "add":
        await add_server_dialog(pilot)
    elif kind == "open":
        await listed(pilot)
        await pilot.press("o")
        await wait_until(pilot, lambda: app.screen.query("#name-input"), what="the open-by-name dialog")
    elif kind == "confirm":
        await listed(pilot)
        app.main_screen.panel.focus()
        await pilot.press("delete")
        await wait_until(pilot, lambda: app.screen.query("#confirm"), what="the remove question")
    elif kind == "help":
        await listed(pilot)
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: app.screen.query("#help"), what="the help")
    elif kind == "facts":
        await select(pilot, "pdf-processing")
        await pilot.press("f")
        await wait_until(pilot, lambda: app.screen.query("#facts"), what="the digests")
    await at_rest(pilot)
    return app.screen


def assert_on_screen(app, dialog, title: str) -> None:
    """The title and every button are drawn whole inside the terminal."""
    whole = Region(0, 0, *app.size)
    text = " ".join(screen_text(app).split())
    assert title in text, f"the title is not on screen:\n{screen_text(app)}"
    buttons = list(dialog.query(Button))
    assert buttons, "every dialog has a button to close it"
    for button in buttons:
        region = button.region
        assert region.area and whole.contains_region(region), (button.id, region, app.size)
        assert str(button.label) in text, (button.id, screen_text(app))


async def tab_through(pilot, dialog) -> set[str]:
    """Press Tab until the focus comes back round; returns the ids of the buttons it stopped on."""
    seen: list[object] = []
    for _ in range(40):
        await pilot.press("tab")
        await at_rest(pilot)
        focused = pilot.app.focused
        if focused in seen:
            break
        seen.append(focused)
    return {widget.id for widget in seen if isinstance(widget, Button)}


@pytest.mark.parametrize("kind", list(_TITLES))
async def test_every_dialog_keeps_its_title_and_buttons_on_screen_and_tab_reaches_each_button(
    tmp_path, monkeypatch, kind
):
    monkeypatch.chdir(tmp_path)
    app = demo_app(tmp_path)
    async with running(app, size=NARROW) as pilot:
        dialog = await open_dialog(pilot, kind)
        for size in (NARROW, WIDE):
            if size == WIDE:
                await widened(pilot)
            assert_on_screen(app, dialog, _TITLES[kind])
            reached = await tab_through(pilot, dialog)
            focusable = {button.id for button in dialog.query(Button) if button.can_focus}
            assert focusable and focusable <= reached, (kind, size, focusable, reached)
            # The record button of a verdict takes no focus on purpose (an Enter meant for a field must never
            # record); ctrl+s and a click press it, and the dialog says so.
            unfocusable = {button.id for button in dialog.query(Button) if not button.can_focus}
            assert unfocusable <= {"record"}, unfocusable
            if unfocusable:
                assert "ctrl+s records" in screen_text(app)
            assert_on_screen(app, dialog, _TITLES[kind])  # tabbing scrolled nothing out of view


async def test_the_start_servers_dialog_keeps_its_buttons_on_screen(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    for name, value in {
        "HOME": home,
        "XDG_CONFIG_HOME": home / ".config",
        "XDG_DATA_HOME": home / ".local" / "share",
        "SKILLSCOPE_LEDGER": tmp_path / "ledger.jsonl",
        "START_TOKEN": "token",
    }.items():
        monkeypatch.setenv(name, str(value))
    monkeypatch.chdir(tmp_path)
    config = tmp_path / "skillscope.yaml"
    servers = {f"server-{n}": planted_server(tmp_path / f"ran-{n}") for n in range(4)}
    config.write_text(yaml.safe_dump({"servers": servers}), encoding="utf-8")
    app = app_for(config, tmp_path)
    async with running(app, size=NARROW) as pilot:
        dialog = await asked(pilot)
        await at_rest(pilot)
        for size in (NARROW, WIDE):
            if size == WIDE:
                await widened(pilot)
            assert_on_screen(app, dialog, "Start these 4 servers?")
            assert await tab_through(pilot, dialog) >= {"all", "none"}, size
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is app.main_screen, what="the dialog closed")
        assert not any((tmp_path / f"ran-{n}").exists() for n in range(4))


async def _refuse(pilot, dialog, kind: str) -> str:
    """Ask the dialog for something it must refuse; returns the words of the refusal."""
    if kind == "export":
        dialog.query_one("#path-input").value = ""
        dialog.query_one("#path-input").focus()
        await pilot.press("enter")
        return "Name the file to write."
    if kind == "approve":
        await pilot.press("ctrl+s")
        return "A note is required"
    if kind == "add":
        dialog.query_one("#url-input").focus()
        await pilot.press("enter")
        return "URL"
    dialog.query_one("#name-input").value = ""
    dialog.query_one("#name-input").focus()
    await pilot.press("enter")
    return "Type a skill name."


@pytest.mark.parametrize("kind", ["export", "approve", "add", "open"])
async def test_a_refusal_in_a_dialog_is_scrolled_into_view(tmp_path, monkeypatch, kind):
    monkeypatch.chdir(tmp_path)
    app = demo_app(tmp_path)
    async with running(app, size=NARROW) as pilot:
        dialog = await open_dialog(pilot, kind)
        error = dialog.query_one("#dialog-error")
        for size in (NARROW, WIDE):
            if size == WIDE:
                # The refusal is cleared and asked for again at the wider size: shown anew, not left from before.
                error.update("")
                await widened(pilot)
            words = await _refuse(pilot, dialog, kind)
            await wait_until(pilot, lambda words=words: words in str(error.render()), what="the refusal written")
            await at_rest(pilot)
            assert error.region.area and Region(0, 0, *app.size).contains_region(error.region), size
            assert words in " ".join(screen_text(app).split()), screen_text(app)
            assert isinstance(app.screen, type(dialog)), "a refusal keeps the dialog open"


# -- 2: a cancelled dialog says so ---------------------------------------------------------------------


async def focus_button(pilot, button_id: str) -> None:
    """Tab to a dialog's button, as a keyboard user does."""
    for _ in range(40):
        if getattr(pilot.app.focused, "id", None) == button_id:
            return
        await pilot.press("tab")
        await at_rest(pilot)
    raise AssertionError(f"tab never reached #{button_id}")


_CANCELLED = {
    "export": "Export cancelled: nothing was written.",
    "approve": "Approval of demo:acme/billing/invoice-review cancelled: nothing was recorded.",
    "reject": "Rejection of demo:pdf-processing cancelled: nothing was recorded.",
    "revoke": "Revocation of demo:hello-world cancelled: nothing was recorded.",
    "open": "Open by name cancelled: nothing was opened.",
    "add": "Add server cancelled: no server was added.",
    "confirm": "Kept demo: nothing was removed.",
}
_CANCEL_BUTTON = {"confirm": "no"}


@pytest.mark.parametrize("kind", list(_CANCELLED))
@pytest.mark.parametrize("how", ["enter-on-cancel", "escape"])
async def test_a_cancelled_dialog_says_nothing_was_done(tmp_path, monkeypatch, kind, how):
    monkeypatch.chdir(tmp_path)
    ledger = tmp_path / "ledger.jsonl"
    app = demo_app(tmp_path, ledger=ledger)
    said = f"Cancelled: {_CANCELLED[kind]}"
    async with running(app, size=NARROW) as pilot:
        for times, size in enumerate((NARROW, WIDE), start=1):
            if size == WIDE:
                await back_to_main(pilot)
                await widened(pilot)
            dialog = await open_dialog(pilot, kind)
            before = ledger.read_bytes()
            if how == "escape":
                await pilot.press("escape")
            else:
                await focus_button(pilot, _CANCEL_BUTTON.get(kind, "cancel"))
                await pilot.press("enter")
            await wait_until(pilot, lambda dialog=dialog: app.screen is not dialog, what="the dialog closed")
            await wait_until(pilot, lambda times=times: notifications(app).count(said) == times, what=f"said at {size}")
            assert ledger.read_bytes() == before
            assert list(tmp_path.glob("reviewed*")) == [] and "demo" in app.main_screen.sessions


async def test_enter_in_the_export_dialogs_last_field_exports_and_says_no_cancel(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = demo_app(tmp_path)
    async with running(app, size=NARROW) as pilot:
        dialog = await open_dialog(pilot, "export")
        dialog.query_one("#label-input").focus()
        await at_rest(pilot)
        await pilot.press("enter")
        written = tmp_path / "reviewed.txt"
        await wait_until(pilot, lambda: any(str(written) in n for n in notifications(app)), what="export told")
        assert written.read_text().startswith("sha256:")
        assert not any("cancelled" in n for n in notifications(app))


# -- 3: the ledger keeps its verdict column at 80 columns ----------------------------------------------

LONG = "demo:acme/finance/quarterly-reporting/consolidation/intercompany-eliminations"


def _ledger_with_a_long_name(tmp_path: Path) -> Path:
    """The demo ledger, then a rejection of a skill whose name alone is as wide as an 80-column table."""
    path = tmp_path / "ledger.jsonl"
    seed_demo_ledger(path)
    Ledger(path, signer=load_signer()).append(
        Record(
            action="reject",
            time="2026-03-04T10:00:00Z",
            reviewer="Rita Reviewer <rita@example.org>",
            name=LONG,
            label="demo",
            fingerprint="sha256:" + "d" * 64,
            note="Moves money between ledgers without asking.",
        )
    )
    return path


async def test_the_ledger_table_keeps_the_verdict_column_on_screen(tmp_path):
    app = demo_app(tmp_path, ledger=_ledger_with_a_long_name(tmp_path))
    async with running(app, size=NARROW) as pilot:
        await listed(pilot)
        await pilot.press("l")
        await wait_until(pilot, lambda: app.screen.query("LedgerTable"), what="the ledger screen")
        table = app.screen.query_one("LedgerTable")
        # The seed's four reviews (three skills and a tool), then the long name's rejection.
        await wait_until(pilot, lambda: table.row_count == 5, what="every record")
        for size in (NARROW, WIDE):
            if size == WIDE:
                await widened(pilot)
            await at_rest(pilot)
            rows = screen_text(app).splitlines()
            header = next(row for row in rows if row.strip().startswith("skill"))
            assert "verdict now" in header, header
            row = next(row for row in rows if row.strip().startswith("demo:acme/fin"))
            assert "rejected" in row, row
            code_review = next(row for row in rows if "demo:code-review" in row)
            assert "rejected" in code_review
            if size == NARROW:
                # The name is cut in its middle: where it lives and what it is called both stay.
                assert "…" in row and "demo:acme/fin" in row and "eliminations" in row, row
                assert " by " not in header, "the reviewer gives way first (enter shows the record in full)"
            else:
                assert LONG in row, "wide enough: the name is whole (the columns follow the wider terminal)"


async def test_a_wide_ledger_table_shows_every_column(tmp_path):
    app = demo_app(tmp_path)
    async with running(app, size=WIDE) as pilot:
        await listed(pilot)
        await pilot.press("l")
        await wait_until(pilot, lambda: app.screen.query("LedgerTable"), what="the ledger screen")
        await at_rest(pilot)
        rows = screen_text(app).splitlines()
        header = next(row for row in rows if row.strip().startswith("skill"))
        assert header.split() == ["skill", "#", "action", "signature", "by", "when", "verdict", "now", "note"]
        row = next(row for row in rows if "demo:code-review" in row)
        assert "skillscope demo" in row and "2026-03-03T14:05:00Z" in row and "rejected" in row


# -- 4: the counts say what they count ----------------------------------------------------------------


def _status(app) -> str:
    return str(app.main_screen.query_one("#catalog-status").render())


async def test_the_status_line_counts_skills_and_surface_items_apart_and_every_state(tmp_path):
    app = demo_app(tmp_path)
    async with running(app, size=NARROW) as pilot:
        await listed(pilot)
        await wait_until(pilot, lambda: "surface" in _status(app), what="the surface items counted")
        for size in (NARROW, WIDE):
            if size == WIDE:
                await widened(pilot)
            await at_rest(pilot)
            lines = _status(app).split("\n")
            at = next(i for i, line in enumerate(lines) if line.startswith("surface"))
            skills, surface = "  ".join(lines[:at]), "  ".join(lines[at:])
            # The skills' part says what the server row says (○3 Δ1 ⊗1 ⊘2), and names the approved and malformed too.
            server_row = next(row for row in screen_text(app).splitlines() if "▼ demo  9 skills" in row)
            assert "○3 Δ1 ⊗1 ⊘2" in server_row
            for glyph in ("○3", "Δ1", "⊗1", "⊘2", "✗1", "●1"):
                assert glyph in skills, (glyph, skills)
            # The demo's 13 surface items: the seed approved one tool, and the other twelve wait.
            assert "○12" in surface and "●1" in surface and "○13" not in _status(app), surface
            text = " ".join(screen_text(app).split())
            assert "skills" in text and "surface" in text
            if size == WIDE:
                assert "○3 not reviewed" in text and "●1 approved" in text and "○12 not reviewed" in text
            else:
                assert "○3 Δ1 ⊗1 ⊘2 ✗1 ●1" in text, "at 80 columns the skills' counts keep to one line, as glyphs"


async def test_a_revoked_approval_is_counted(tmp_path):
    app = demo_app(tmp_path)
    async with running(app, size=NARROW) as pilot:
        await select(pilot, "hello-world")
        await pilot.press("u")
        await wait_until(pilot, lambda: isinstance(app.screen, ReviewDialog), what="the revoke dialog")
        app.screen.query_one("#note-input").value = "withdrawn for the test"
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: "↺1" in _status(app), what="the revocation counted")
        assert "●1" not in _status(app).split("\n")[0], "the approval it withdrew is no longer counted"


# -- 6: a revoke of a rejected skill is refused in words -----------------------------------------------


async def test_u_on_the_rejected_code_review_says_there_is_nothing_to_revoke(tmp_path):
    ledger = tmp_path / "ledger.jsonl"
    app = demo_app(tmp_path, ledger=ledger)
    async with running(app, size=NARROW) as pilot:
        await select(pilot, "code-review")
        before = ledger.read_bytes()
        await pilot.press("u")
        await wait_until(
            pilot,
            lambda: any("is rejected, not approved: nothing to revoke" in n for n in notifications(app)),
            what="the refusal",
        )
        assert app.screen is app.main_screen, "no dialog was opened"
        assert ledger.read_bytes() == before
