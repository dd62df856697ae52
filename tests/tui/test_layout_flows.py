"""Issue 18 (items 4-9), driven with the pilot against real publishers: the footer, keys and focus,
copying, nothing clipped, findings that open their evidence, and a ledger screen with the whole story."""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest
from rich.console import Console

from skillscope.ledger.core.record import Record
from skillscope.ledger.core.signing import load_signer
from skillscope.ledger.core.store import Ledger
from skillscope.tui.app import make_app
from skillscope.tui.widgets.catalog_tree import CatalogTree
from skillscope.tui.widgets.connection_panel import ConnectionPanel
from skillscope.tui.widgets.detail_pane import DetailPane
from skillscope.tui.widgets.finding_list import finding_place
from skillscope.views import CONTINUED, source_view
from tests.cli.conftest import run_cli
from tests.tui.helpers import (
    add_server_dialog,
    at_rest,
    audited,
    counting_connect,
    demo_app,
    findings_focused,
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

NARROW = (80, 24)


def footer_line(app) -> str:
    return screen_text(app).splitlines()[-1]


# -- 4: the footer ------------------------------------------------------------------------------


async def test_at_80_columns_the_footer_keeps_help_and_quit_and_follows_the_focused_area(tmp_path):
    app = demo_app(tmp_path)
    async with running(app, size=NARROW) as pilot:
        await open_skill(pilot, "pdf-processing")
        screen = app.main_screen
        seen = {}
        for _ in range(3):
            await pilot.press("tab")
            await at_rest(pilot)  # the footer is drawn for the area the focus is in now
            area = screen.focus_area()
            seen[area] = footer_line(app)
        assert set(seen) == {"servers", "catalog", "detail"}
        for area, line in seen.items():
            assert "? Help" in line and "q Quit" in line, (area, line)
        assert "Reconnect" in seen["servers"] and "Filter" not in seen["servers"]
        assert "Filter" in seen["catalog"] and "Reconnect" not in seen["catalog"]
        assert "Source/rendered" in seen["detail"] and "Reconnect" not in seen["detail"]
        await pilot.press("l")
        await wait_until(pilot, lambda: app.screen.query("LedgerTable"))
        await wait_until(pilot, lambda: "Export" in footer_line(app))
        assert "? Help" in footer_line(app) and "q Quit" in footer_line(app)


# -- 7: keys and focus --------------------------------------------------------------------------


async def test_tab_cycles_servers_catalog_detail_and_each_stop_is_marked(tmp_path):
    app = demo_app(tmp_path)
    async with running(app, size=NARROW) as pilot:
        await open_skill(pilot, "pdf-processing")
        screen = app.main_screen
        panes = {
            "servers": screen.query_one(ConnectionPanel),
            "catalog": screen.query_one("#catalog"),
            "detail": screen.query_one(DetailPane),
        }
        order = []
        for _ in range(4):
            await pilot.press("tab")
            await pilot.pause()
            area = screen.focus_area()
            order.append(area)
            # The focused pane's border lights up (:focus-within); the others stay plain.
            lit = [name for name, pane in panes.items() if pane.has_pseudo_class("focus-within")]
            assert lit == [area], (area, lit, app.focused)
        assert order == ["detail", "servers", "catalog", "detail"]
        await pilot.press("shift+tab")
        assert screen.focus_area() == "catalog"


async def test_j_and_k_move_like_the_arrows(tmp_path):
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        await select(pilot, "code-review")
        tree = app.main_screen.query_one(CatalogTree)
        start = tree.cursor_line
        await pilot.press("j")
        assert tree.cursor_line == start + 1
        await pilot.press("k", "k")
        assert tree.cursor_line == start - 1


async def test_a_single_click_selects_and_a_double_click_opens(tmp_path):
    reads: list[str] = []
    app = demo_app(tmp_path, connect=counting_connect(reads))
    async with running(app) as pilot:
        view = await select(pilot, "pdf-processing")
        tree = app.main_screen.query_one(CatalogTree)
        offset = (12, tree.cursor_line - tree.scroll_offset.y)
        await pilot.press("up")
        await wait_until(
            pilot, lambda: app.main_screen.detail.shown != ("demo", "demo:pdf-processing"), what="moved away"
        )
        assert await pilot.click(CatalogTree, offset=offset)
        await wait_until(
            pilot, lambda: app.main_screen.detail.shown == ("demo", "demo:pdf-processing"), what="selected"
        )
        await pilot.pause(0.2)
        assert view.phase == "idle" and reads == [], "a single click reads nothing"
        assert await pilot.click(CatalogTree, offset=offset, times=2)
        await wait_until(pilot, lambda: view.phase == "verified", what="double click opens")
        assert reads == ["skill://pdf-processing/SKILL.md"]


async def test_del_asks_before_removing_a_server(tmp_path):
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        await listed(pilot)
        await pilot.press("delete")
        await wait_until(pilot, lambda: app.screen.query("#confirm"), what="the question")
        assert "Remove demo?" in screen_text(app)
        await pilot.press("n")
        await wait_until(pilot, lambda: app.screen is app.main_screen)
        assert "demo" in app.main_screen.sessions
        await pilot.press("delete")
        await wait_until(pilot, lambda: app.screen.query("#confirm"))
        await pilot.press("enter")  # the hint says enter removes
        await wait_until(pilot, lambda: "demo" not in app.main_screen.sessions)


async def test_the_add_server_dialog_says_how_to_switch_and_submit_and_enter_does_it(tmp_path):
    from tests.fixtures.http import REPO_ROOT, stdio_command

    app = demo_app(tmp_path)
    async with running(app) as pilot:
        dialog = await add_server_dialog(pilot)
        text = screen_text(app)
        assert "ctrl+t switches between URL and command" in text
        assert "enter in a one-line field, or ctrl+s anywhere, adds and connects" in text
        await pilot.press("ctrl+t")
        await wait_until(
            pilot, lambda: dialog.query_one("#command-input").has_focus, what="ctrl+t switched to the command tab"
        )
        dialog.query_one("#command-input").value = " ".join(stdio_command("samples"))
        dialog.query_one("#cwd-input").value = str(REPO_ROOT)
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(app.main_screen.sessions) == 2, what="enter added the server")
        label = next(name for name in app.main_screen.sessions if name != "demo")
        assert f"{label}:hello-world" in await listed(pilot, label)


async def test_a_late_tab_event_does_not_switch_the_add_server_dialog_back(tmp_path):
    """The tab event posted when the dialog opened can land after ctrl+t (seen on a loaded machine):
    it must not pull focus, and so the active tab, back to the URL form under the reviewer's typing."""
    from textual.widgets import TabbedContent

    app = demo_app(tmp_path)
    async with running(app) as pilot:
        dialog = await add_server_dialog(pilot)
        await pilot.press("ctrl+t")
        await wait_until(pilot, lambda: dialog.query_one("#command-input").has_focus, what="the command tab")
        tabs = dialog.query_one("#kind", TabbedContent)
        tabs.post_message(TabbedContent.TabActivated(tabbed_content=tabs, tab=tabs.get_tab("url")))  # the stale event
        await pilot.pause()
        await pilot.pause()
        assert tabs.active == "command"
        assert dialog.query_one("#command-input").has_focus


@pytest.mark.parametrize(("presses", "kind"), [(1, "command"), (2, "url")])
async def test_ctrl_t_pressed_before_the_dialogs_tabs_have_started_is_not_lost(tmp_path, presses, kind):
    """The tabs activate their first tab through a message that lands a few frames after the dialog
    opens (many frames on a loaded machine). A switch made before it must hold: it used to be undone by
    that message, and Enter then submitted the empty URL form (a CI failure)."""
    from textual.widgets import TabbedContent

    from skillscope.tui.dialogs.add_server import AddServerDialog

    app = demo_app(tmp_path)
    async with running(app) as pilot:
        await listed(pilot)
        dialog = AddServerDialog(set())
        app.push_screen(dialog)
        for _ in range(presses):
            dialog.action_switch_kind()  # before the dialog has composed, let alone started its tabs
        field = f"#{kind}-input"
        await wait_until(pilot, lambda: dialog.is_mounted and dialog.query_one(field).has_focus, what=field)
        await pilot.pause()
        assert dialog.query_one("#kind", TabbedContent).active == kind
        assert dialog.query_one(field).has_focus


async def test_a_late_focus_activation_does_not_switch_the_add_server_dialog_back(tmp_path):
    """Focusing the URL field posts a message that activates its tab when it lands; on a busy machine it
    landed after ctrl+t and switched the dialog back to the URL form (a CI failure)."""
    from textual.widgets import TabbedContent, TabPane

    app = demo_app(tmp_path)
    async with running(app) as pilot:
        dialog = await add_server_dialog(pilot)
        dialog.action_switch_kind()  # ctrl+t
        url_pane = dialog.query_one("#url", TabPane)
        url_pane.post_message(TabPane.Focused(url_pane))  # what the URL field's focus posted, landing late
        await wait_until(pilot, lambda: dialog.query_one("#command-input").has_focus, what="the command tab")
        await pilot.pause()
        await pilot.pause()
        assert dialog.query_one("#kind", TabbedContent).active == "command"
        assert dialog.query_one("#command-input").has_focus


# -- 6: copy ------------------------------------------------------------------------------------


async def test_y_copies_the_highlighted_fingerprint_and_the_palette_copies_name_and_uri(tmp_path):
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        view = await select(pilot, "pdf-processing")
        await pilot.press("y")
        assert app.clipboard == view.entry.fingerprint and app.clipboard.startswith("sha256:")
        titles = {command.title.split("  (")[0]: command for command in app.get_system_commands(app.main_screen)}
        assert {"Copy", "Copy name", "Copy URI"} <= set(titles)
        await titles["Copy name"].callback()
        assert app.clipboard == "demo:pdf-processing"
        await titles["Copy URI"].callback()
        assert app.clipboard == "skill://pdf-processing/SKILL.md"


async def test_text_with_control_characters_is_never_put_on_the_clipboard(tmp_path):
    from skillscope.tui.actions import copy_value

    app = demo_app(tmp_path)
    async with running(app) as pilot:
        await listed(pilot)
        app.copy_to_clipboard("before")
        assert not copy_value(app.main_screen, "URI", "skill://x/\x1b]52;c;cm0gLXJmIH4=\x07SKILL.md")
        assert app.clipboard == "before"
        await pilot.pause()
        assert any("Not copied" in n and "\\x1b" in n for n in notifications(app))
        assert copy_value(app.main_screen, "name", "demo:hello-world") and app.clipboard == "demo:hello-world"


def test_the_cli_never_breaks_a_fingerprint_across_lines():
    digest = re.compile(r"sha256:[0-9a-f]{64}")
    for columns in ("80", "200"):
        run = run_cli("show", "pdf-processing", "demo", env={"COLUMNS": columns})
        assert run.code == 0, run.err
        whole = digest.findall(run.out)
        assert len(whole) >= 5, (columns, run.out)  # the fingerprint and the four files' digests
        for line in run.out.splitlines():
            start = line.find("sha256:")
            if start >= 0:
                assert digest.match(line, start), f"cut at {columns} columns: {line!r}"


# -- 5: nothing clipped -------------------------------------------------------------------------


async def test_long_source_lines_wrap_under_a_continuation_mark_not_a_new_number(tmp_path):
    app = demo_app(tmp_path)
    async with running(app, size=NARROW) as pilot:
        await open_skill(pilot, "pdf-processing")
        rows = screen_text(app).splitlines()
        at = next(n for n, row in enumerate(rows) if " 3 │ description: Extract text and" in row)
        # The left column's character beside the detail pane's border is whatever of the left panes is on that row.
        assert re.search(rf"[│╯╮]│\s+{CONTINUED} \S", rows[at + 1]), rows[at + 1]
        assert not re.search(r"[│╯╮]│\s+\d+ │", rows[at + 1]), "a wrap is not a new numbered line"
        assert any(" 4 │ license: MIT" in row for row in rows[at + 2 :]), "the next number is the next source line"
        tab_row = next(row for row in rows if "SKILL.md" in row and "Overview" in row)
        assert re.search(r"│ Overview  SKILL\.md  Findings\s+│", tab_row), "no tab label cut at the pane's edge"


def _styles(code: str, lexer: str) -> set[str]:
    from rich.syntax import Syntax

    return {
        str(span.style)
        for span in Syntax(code, lexer, theme="ansi_dark", background_color="default").highlight(code).spans
    }


def test_frontmatter_is_coloured_as_yaml_and_the_body_as_markdown():
    """Issue 18: a YAML comment in the frontmatter was coloured as a Markdown heading."""
    line = "# a YAML comment, not a heading"
    view = source_view(f"---\nname: demo\n{line}\n---\n{line}\n", lexer="markdown")
    in_front = {str(span.style) for span in view.lines[2][1].spans}
    in_body = {str(span.style) for span in view.lines[4][1].spans}
    assert in_body == _styles(line + "\n", "markdown"), "body: Markdown (a heading)"
    assert in_front != in_body, "frontmatter: not a Markdown heading"
    assert in_front <= _styles(f"---\nname: demo\n{line}\n---\n", "yaml"), "frontmatter: YAML"


def test_a_wrapped_line_keeps_every_character_and_marks_each_continuation():
    line = 'x <script src="https://cdn.example.com/a/very/long/path/that/goes/on/and/on.js"></script> end'
    view = source_view(line + "\nnext\n")
    out = Console(width=40, record=True, color_system=None)
    out.print(view)
    rows = out.export_text().splitlines()
    assert rows[0].startswith("1 │ ") and rows[-1].startswith("2 │ next")
    body = rows[:-1]
    assert all(row.startswith(f"  {CONTINUED} ") for row in body[1:])
    assert "".join(row[4:] for row in body) == line, "nothing is lost at the edge"
    assert view.row_of(2, 40) == len(body)


async def test_f_shows_the_fingerprint_and_every_digest_whole_at_80_columns(tmp_path):
    app = demo_app(tmp_path)
    async with running(app, size=NARROW) as pilot:
        view = await select(pilot, "pdf-processing")
        await pilot.press("f")
        await wait_until(pilot, lambda: app.screen.query("#facts"))
        await pilot.pause()
        lines = screen_text(app).splitlines()
        for digest in [view.entry.fingerprint] + [item.digest for item in view.entry.files[:2]]:
            assert any(digest in line for line in lines), digest
        await pilot.press("y")
        assert app.clipboard == view.entry.fingerprint


# -- 9: findings lead to the evidence -----------------------------------------------------------


async def test_enter_on_a_finding_opens_skill_md_at_its_line_and_column(tmp_path):
    app = make_app(settings_for([stdio_seed("hidden-content", label="tests")], tmp_path))
    app.animation_level = "none"
    async with running(app, size=NARROW) as pilot:
        view = await open_skill(pilot, "hidden-markdown", server="tests")
        await audited(pilot, view)
        detail = app.main_screen.detail
        listing = await findings_focused(pilot)
        target = next(n for n, f in enumerate(view.audit.findings) if f.at.line == 15)
        listing.highlighted = target
        await pilot.press("enter")
        await wait_until(pilot, lambda: detail.query_one("TabbedContent").active == "skill-md", what="SKILL.md shown")
        source = detail._skill_md_source
        assert source is not None and source.marked and source.marked[0] == 15
        await wait_until(
            pilot, lambda: "15 │ <script>SCRIPT-BLOCK" in screen_text(app), what="line 15 scrolled into view"
        )


async def test_enter_on_a_finding_in_a_file_reads_that_file_and_shows_the_line(tmp_path):
    app = make_app(settings_for([stdio_seed("hidden-content", label="tests")], tmp_path))
    app.animation_level = "none"
    async with running(app) as pilot:
        view = await select(pilot, "stray-byte", server="tests")
        await audited(pilot, view)
        detail = app.main_screen.detail
        target = next(
            n
            for n, f in enumerate(view.audit.findings)
            if f.uri and f.uri.endswith("scripts/install.sh") and f.at.line == 3
        )
        listing = await findings_focused(pilot)
        listing.highlighted = target
        await pilot.press("enter")
        await wait_until(pilot, lambda: detail.query_one("TabbedContent").active == "file", what="file tab")
        viewer = detail.query_one("FileViewer")
        await wait_until(pilot, lambda: viewer.source is not None, what="file laid out")
        assert viewer.path == "scripts/install.sh" and viewer.source.marked[0] == 3
        assert "scripts/install.sh" in view.opened
        # The file is read after the Enter; once it is shown, the keys scroll it.
        await wait_until(pilot, lambda: app.focused is viewer, what="the viewer focused")


async def test_the_tab_a_finding_opens_can_take_the_focus_at_once(tmp_path):
    """Enter on a finding switches the tab, then focuses what the new tab holds after a refresh.

    The tab row enables a pane through a message of its own. On a loaded machine (or at a low frame
    rate) that message came after the refresh: the viewer could not take the focus, the finding list
    was hidden, and nothing had the focus. The pane must be usable the moment its tab is active.
    """
    app = demo_app(tmp_path)
    app.animation_level = "none"
    async with running(app) as pilot:
        view = await select(pilot, "pdf-processing")
        await audited(pilot, view)
        detail = app.main_screen.detail
        tabs = detail.query_one("TabbedContent")
        assert tabs.get_pane("file").disabled  # no file shown yet
        in_a_file = [f for f in view.audit.findings if finding_place(view.entry, f) not in (None, "SKILL.md")]
        assert in_a_file and finding_place(view.entry, in_a_file[0]) in view.opened
        await findings_focused(pilot)
        detail.show_finding(view, in_a_file[0])  # what Enter on it does
        # Nothing awaited: this is the pane the next refresh (and the reviewer's next key) finds.
        viewer = detail.query_one("FileViewer")
        assert tabs.active == "file" and detail.focus_target() is viewer and viewer.focusable
        await wait_until(pilot, lambda: app.focused is viewer, what="the viewer focused")


# -- 8: the ledger screen -----------------------------------------------------------------------


def _ledger_with_every_signature(tmp_path: Path) -> Path:
    """One unsigned record from before signing, the demo ledger (signed by this machine's key), one signed by another key.

    The unsigned record comes first: since the trust-rule merge an unsigned record after a signed one is damage.
    """
    from skillscope.demo.ledger import seed_demo_ledger

    path = tmp_path / "ledger.jsonl"
    forged = Record(
        action="approve",
        time="2026-12-01T00:00:00Z",
        reviewer="mallory@example.com",
        name="demo:live-metrics",
        label="demo",
        fingerprint="sha256:" + "e" * 64,
        tool="attacker",
        note="First line of a long note.\nSecond line, which a table row cannot hold.",
    )
    Ledger(path).append(forged)
    seed_demo_ledger(path)
    other = tmp_path / "other_key"
    subprocess.run(
        [shutil.which("ssh-keygen") or "ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(other)], check=True
    )
    Ledger(path, signer=load_signer(str(other))).append(
        replace(forged, fingerprint="sha256:" + "f" * 64, note="by another key")
    )
    return path


async def test_the_ledger_screen_shows_each_record_with_its_signature_as_ledger_verify_does(tmp_path):
    path = _ledger_with_every_signature(tmp_path)
    verify = run_cli("ledger", "verify", env={"SKILLSCOPE_LEDGER": str(path)})
    # The demo seed's four reviews are signed with this machine's key; the forged record is unsigned.
    assert "4 signed by allowed keys, 1 by keys not allowed, 1 unsigned" in verify.out
    app = demo_app(tmp_path, ledger=path)
    async with running(app) as pilot:
        await listed(pilot)
        await pilot.press("l")
        await wait_until(
            pilot, lambda: app.screen.query("LedgerTable") and app.screen.signatures is not None, what="signatures"
        )
        await pilot.pause()
        text = screen_text(app)
        assert "4 signed by allowed keys, 1 by keys not allowed, 1 unsigned" in " ".join(text.split())
        assert str(path.absolute()) in text
        table = app.screen.query_one("LedgerTable")
        assert table.row_count == 6, "every record, not only the latest per skill"
        cells = [table.get_row_at(n) for n in range(6)]
        words = [row[table.columns_shown.index("signature")].plain for row in cells]
        assert (
            words.count("✓ allowed key") == 4
            and words.count("· unsigned") == 1
            and words.count("✗ key not allowed") == 1
        )
        assert [row[0].plain.strip() for row in cells][:2] == ["demo:live-metrics", "″"], (
            "a skill's history stays together"
        )
        # The highlighted record's fingerprint is always on screen, whole.
        first = table.highlighted_record()
        assert first is not None and first.fingerprint in text


async def test_enter_on_a_ledger_record_shows_the_whole_note_the_fingerprint_and_the_signer(tmp_path):
    path = _ledger_with_every_signature(tmp_path)
    app = demo_app(tmp_path, ledger=path)
    async with running(app, size=NARROW) as pilot:
        await listed(pilot)
        await pilot.press("l")
        await wait_until(pilot, lambda: app.screen.query("LedgerTable") and app.screen.signatures is not None)
        await pilot.press("enter")  # the first row: the unsigned record, from before signing
        await wait_until(pilot, lambda: app.screen.query("#facts"))
        await pilot.pause()
        text = screen_text(app)
        assert "Second line, which a table row cannot hold." in text
        assert "sha256:" + "e" * 64 in text and "unsigned" in text
        await pilot.press("escape", "down", "enter")
        await wait_until(pilot, lambda: app.screen.query("#facts") and "by another key" in screen_text(app))
        text = screen_text(app)
        assert "signed by a key not allowed for that reviewer" in text and "ssh-ed25519 SHA256:" in text


@pytest.mark.parametrize("fmt", ["roomkit", "yaml"])
async def test_ledger_export_offers_every_cli_format_and_names_the_absolute_path(tmp_path, monkeypatch, fmt):
    from skillscope.ledger.core.values import EXPORT_FORMATS

    monkeypatch.chdir(tmp_path)
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        await listed(pilot)
        await pilot.press("l")
        await wait_until(pilot, lambda: app.screen.query("LedgerTable"))
        await pilot.press("e")
        await wait_until(pilot, lambda: app.screen.query("#format-select"))
        select_box = app.screen.query_one("#format-select")
        assert [value for _, value in select_box._options if isinstance(value, str)] == list(EXPORT_FORMATS)
        select_box.value = fmt
        await pilot.pause()
        app.screen.query_one("#path-input").value = f"out/approved.{fmt}"
        (tmp_path / "out").mkdir()
        await pilot.press("enter")
        written = tmp_path / "out" / f"approved.{fmt}"
        await wait_until(pilot, lambda: written.exists(), what="written")
        await wait_until(
            pilot, lambda: any(str(written) in n for n in notifications(app)), what="the absolute path told"
        )
        assert (
            written.read_text()
            == run_cli("export", "--format", fmt, env={"SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl")}).out
        )


async def test_f_on_a_tampered_file_shows_expected_and_actual_digest_whole_at_80_columns(tmp_path):
    """The Failure tab folds digests in a narrow pane; f gives each a line of its own."""
    app = demo_app(tmp_path)
    async with running(app, size=NARROW) as pilot:
        await open_skill(pilot, "release-notes")
        view = await open_skill(pilot, "release-notes", path="references/CHANGELOG.md")
        failure = view.report.failure
        assert failure is not None and failure.check == "digest"
        await pilot.press("f")
        await wait_until(pilot, lambda: app.screen.query("#facts"))
        await pilot.pause()
        lines = screen_text(app).splitlines()
        for digest in (failure.expected, failure.actual):
            assert any(digest in line for line in lines), digest


def test_warming_builds_the_skill_md_highlighters_before_one_is_shown():
    # Their first use costs ~12 ms (0.3 ms after): the app warms them in a thread, not on the event loop.
    import sys

    script = (
        "from pygments.lexers.data import YamlLexer\n"
        "from pygments.lexers.markup import MarkdownLexer\n"
        "from skillscope.views import warm_highlighting\n"
        "built = lambda: ['_tokens' in vars(lexer) for lexer in (MarkdownLexer, YamlLexer)]\n"
        "assert built() == [False, False], built()\n"
        "warm_highlighting()\n"
        "assert built() == [True, True], built()\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True, timeout=120)
