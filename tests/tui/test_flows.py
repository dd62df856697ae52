"""Every reviewer flow, driven with Textual's pilot against real servers (in-process demo and stdio fixtures)."""

from __future__ import annotations

import json

import pytest
import yaml

from skillscope.audit.approval import approval_audit
from skillscope.ledger.book import read_verdicts
from skillscope.ledger.core.store import Ledger
from skillscope.ledger.team.objects import ObjectStore, store_dir
from skillscope.tui.app import make_app
from skillscope.tui.widgets.detail_pane import DetailPane
from tests.processes import is_alive as process_alive
from tests.tui.helpers import (
    add_server_dialog,
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

PDF = "skill://pdf-processing"


def visible_tabs(app) -> list[str]:
    from textual.widgets import TabbedContent

    tabs = app.main_screen.query_one(DetailPane).query_one(TabbedContent)
    return [pane.id for pane in tabs.query("TabPane") if not tabs.get_tab(pane.id).disabled]


# -- attach and browse -------------------------------------------------------------------------


async def test_attach_lists_the_demo_catalog_without_reading_a_file(tmp_path):
    reads: list[str] = []
    app = demo_app(tmp_path, connect=counting_connect(reads))
    async with running(app) as pilot:
        views = await listed(pilot)
        session = app.main_screen.sessions["demo"]
        assert session.state == "connected" and session.info.name == "skillscope-demo"
        assert len(views) == 9 and reads == []
        # Listing finishes before the panel repaints: wait for the paint under load.
        await wait_until(
            pilot,
            lambda: "● demo  9 skills" in screen_text(app) and "2026-07-28 (stateless)" in screen_text(app),
            what="the catalog count and the era in the panel",
        )


async def test_browse_shows_every_state_in_the_tree(tmp_path):
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        await select(pilot, "acme/billing/invoice-review")
        text = screen_text(app)
        # Each row starts with its verdict glyph and its open state, then the name, then the states in words.
        for row in (
            "●· hello-world  approved · not opened",
            "⊗· code-review  rejected",
            "Δ· invoice-review  changed",
            "⊘  huge-dataset  unavailable",
            "⊘  live-metrics  dynamic · unavailable",
            "✗  #6 malformed",
            "○· pdf-processing  not reviewed",
        ):
            assert row in text, row
        await select(pilot, "huge-dataset")
        assert "SS-A2: Skill lists 601 files" in screen_text(app)


# -- open, files, failures ---------------------------------------------------------------------


async def test_open_reads_only_skill_md_and_renders_it_after_it_verifies(tmp_path):
    reads: list[str] = []
    app = demo_app(tmp_path, connect=counting_connect(reads))
    async with running(app) as pilot:
        view = await open_skill(pilot, "pdf-processing")
        assert view.phase == "verified" and reads == [f"{PDF}/SKILL.md"]
        assert visible_tabs(app) == ["overview", "skill-md", "findings"]
        app.main_screen.detail.activate("skill-md")
        await wait_until(pilot, lambda: "10 │ # PDF processing" in screen_text(app), what="SKILL.md on screen")
        text = screen_text(app)
        assert "Source: exactly what the agent reads" in text and "10 │ # PDF processing" in text
        assert "1 │ ---" in text, "the frontmatter is part of the source view"


async def test_a_file_is_read_when_its_viewer_opens_and_binaries_show_in_hex(tmp_path):
    reads: list[str] = []
    app = demo_app(tmp_path, connect=counting_connect(reads))
    async with running(app) as pilot:
        view = await open_skill(pilot, "pdf-processing", path="assets/logo.png")
        assert reads == [f"{PDF}/SKILL.md", f"{PDF}/assets/logo.png"]
        assert set(view.opened) == {"SKILL.md", "assets/logo.png"}
        assert visible_tabs(app)[:3] == ["overview", "skill-md", "file"]
        text = screen_text(app)
        assert "89 50 4e 47" in text and "|.PNG" in text and "binary, sent as blob (image/png)" in text
        await open_skill(pilot, "pdf-processing", path="scripts/extract.py")
        assert "Print the text layer of a PDF." in screen_text(app)


async def test_a_tampered_file_retires_the_whole_skill_and_shows_the_evidence(tmp_path):
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        view = await open_skill(pilot, "release-notes")
        assert view.phase == "verified"
        view = await open_skill(pilot, "release-notes", path="references/CHANGELOG.md")
        assert view.phase == "failed" and view.opened == {}
        assert visible_tabs(app) == ["overview", "failure", "findings"]
        text = screen_text(app)
        assert "Verification failed" in text and "digest check" in text and "expected" in text
        assert "curl" not in text and "Faster exports" not in text
        await wait_until(
            pilot, lambda: any("did not verify" in m for m in notifications(app)), what="the failure notified"
        )


async def test_a_frontmatter_mismatch_names_the_differing_keys(tmp_path):
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        view = await open_skill(pilot, "code-review")
        assert view.phase == "failed" and view.report.failure.check == "frontmatter"
        text = screen_text(app)
        assert "Approve every pull" in text and "Review a pull request" in text
        assert "entry is unchanged" in text


async def test_unavailable_and_malformed_entries_are_never_read(tmp_path):
    reads: list[str] = []
    app = demo_app(tmp_path, connect=counting_connect(reads))
    async with running(app) as pilot:
        for told, name in enumerate(("huge-dataset", "live-metrics", "#6"), start=1):
            await select(pilot, name)
            await pilot.press("enter")
            await wait_until(
                pilot,
                lambda told=told: sum("cannot be opened" in message for message in notifications(app)) == told,
                what=f"{name} refused",
            )
        assert reads == []


async def test_audit_lists_findings_for_the_selected_skill(tmp_path):
    from skillscope.core.offload import shared_child

    app = demo_app(tmp_path)
    async with running(app) as pilot:
        view = await select(pilot, "terminal-tricks")
        scanned = shared_child().answered
        await audited(pilot, view)
        await wait_until(pilot, lambda: "skillscope/bidi-control" in screen_text(app))
        assert {f.id for f in view.audit.findings} >= {"skillscope/bidi-control", "skillscope/verification-failed"}
        assert shared_child().answered == scanned, "content that failed verification is not scanned"
        # Verified content is scanned in the app's child process, so keys never wait on the scan.
        view = await select(pilot, "pdf-processing")
        await audited(pilot, view)
        assert view.audit.report.failure is None and shared_child().answered == scanned + 1


async def test_a_scanning_child_that_dies_is_reported_and_nothing_is_judged(tmp_path, monkeypatch):
    import os

    from skillscope.core.offload import ChildProcess
    from skillscope.tui.controllers import review

    worker = ChildProcess()

    async def dies(_fn, *_args):  # the scans' child process ends (out of memory, say) before it answers
        return await worker(os._exit, 3)

    monkeypatch.setattr(review, "shared_child", lambda: dies)
    app = demo_app(tmp_path)
    try:
        async with running(app) as pilot:
            view = await select(pilot, "pdf-processing")
            await pilot.press("i")
            await wait_until(pilot, lambda: any("stopped (status 3)" in m for m in notifications(app)))
            assert app.is_running and view.audit is None and not app.main_screen.detail.busy
    finally:
        worker.close()
    assert worker.started == 1


async def test_open_by_name_reaches_a_skill_only_skills_get_knows(tmp_path):
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        await listed(pilot)
        await pilot.press("o")
        await wait_until(pilot, lambda: app.screen.query("#name-input"))
        app.screen.query_one("#name-input").value = "internal-audit"
        await pilot.press("enter")
        views = app.main_screen.views["demo"]
        await wait_until(
            pilot, lambda: "demo:internal-audit" in views and views["demo:internal-audit"].phase == "verified"
        )
        assert app.main_screen.catalog_tree.cursor_node.data.key == "demo:internal-audit"
        app.main_screen.detail.activate("skill-md")
        await wait_until(pilot, lambda: "Reachable by name only" in screen_text(app), what="the by-name note")


async def test_an_unknown_name_is_a_notification_not_a_crash(tmp_path):
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        await listed(pilot)
        await pilot.press("o")
        await wait_until(pilot, lambda: app.screen.query("#name-input"))
        app.screen.query_one("#name-input").value = "no-such-skill"
        await pilot.press("enter")
        await wait_until(pilot, lambda: any("does not serve" in m for m in notifications(app)))
        assert app.is_running


async def test_filter_narrows_the_catalog_and_escape_clears_it(tmp_path):
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        await listed(pilot)
        await pilot.press("slash", *"invoice")
        await wait_until(pilot, lambda: "1 of 9 skills" in screen_text(app))
        text = screen_text(app)
        assert "invoice-review" in text and "pdf-processing" not in text
        await pilot.press("enter")
        assert app.main_screen.catalog_tree.has_focus
        await pilot.press("slash", "escape")
        await wait_until(pilot, lambda: "pdf-processing" in screen_text(app))


# -- the ledger --------------------------------------------------------------------------------


async def _review(pilot, key: str, note: str) -> None:
    await pilot.press(key)
    await wait_until(pilot, lambda: pilot.app.screen.query("#note-input"), what="note dialog")
    pilot.app.screen.query_one("#note-input").value = note
    await pilot.press("ctrl+s")  # a bare Enter never records


async def test_approve_verifies_every_file_before_recording(tmp_path):
    reads: list[str] = []
    app = demo_app(tmp_path, connect=counting_connect(reads))
    async with running(app) as pilot:
        view = await select(pilot, "pdf-processing")
        await _review(pilot, "a", "read it all")
        await wait_until(pilot, lambda: view.review is not None and view.review.state == "approved", what="approved")
        assert sorted(reads) == sorted(
            f"{PDF}/{p}" for p in ("SKILL.md", "references/FORMS.md", "scripts/extract.py", "assets/logo.png")
        )
        record = Ledger(tmp_path / "ledger.jsonl").records()[-1]
        assert (record.action, record.name, record.note) == ("approve", "demo:pdf-processing", "read it all")
        assert record.fingerprint == view.entry.fingerprint and record.reviewer == "Rita Reviewer <rita@example.org>"
        assert record.server == "in-process:demo" and len(record.files) == 4
        # The same rules as `skillscope approve`: the skill was audited and the record carries the audit.
        assert view.audit is not None and record.extra["audit"] == approval_audit(view.audit.findings).record()
        assert "●✓ pdf-processing  approved" in screen_text(app)
    # Signed, and the approved bytes kept for diffs.
    ledger = Ledger(tmp_path / "ledger.jsonl")
    assert ledger.verify().ok and record.signed and record.key.startswith("ssh-ed25519 ")
    objects = ObjectStore(store_dir(ledger.path))
    assert all(objects.get(f.digest) is not None for f in record.files)


async def test_approval_is_refused_when_a_file_does_not_verify(tmp_path):
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        view = await select(pilot, "release-notes")
        await pilot.press("a")  # the audit comes first: no dialog offers to approve what did not verify
        refusal = "Approval refused: demo:release-notes did not verify (digest check)"
        await wait_until(pilot, lambda: refusal in notifications(app), what="the refusal")
        assert view.phase == "failed" and "failure" in visible_tabs(app)
        assert app.screen is app.main_screen
        assert "demo:release-notes" not in read_verdicts(tmp_path / "ledger.jsonl").by_name


async def test_reject_and_revoke_record_without_reading(tmp_path):
    reads: list[str] = []
    app = demo_app(tmp_path, connect=counting_connect(reads))
    async with running(app) as pilot:
        view = await select(pilot, "pdf-processing")
        await _review(pilot, "x", "not needed")
        await wait_until(pilot, lambda: view.review.state == "rejected", what="rejected")
        hello = await select(pilot, "hello-world")
        assert hello.review.state == "approved"
        await _review(pilot, "u", "withdrawn")
        await wait_until(pilot, lambda: hello.review.state == "revoked", what="revoked")
        assert reads == []
        actions = [(r.action, r.name) for r in Ledger(tmp_path / "ledger.jsonl").records()[-2:]]
        assert actions == [("reject", "demo:pdf-processing"), ("revoke", "demo:hello-world")]
        assert "↺· hello-world  revoked" in screen_text(app)


async def test_changed_since_approval_shows_the_file_diff(tmp_path):
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        view = await select(pilot, "acme/billing/invoice-review")
        assert view.review.state == "changed-since-approval"
        assert "changes" in visible_tabs(app)
        await pilot.press("right_square_bracket")
        app.main_screen.detail.activate("changes")
        await pilot.pause()
        text = screen_text(app)
        assert "Changed since approval" in text and "references/policy.md" in text and "changed" in text
        assert "Press g" in text


async def test_changes_tab_shows_the_same_diff_as_the_cli_once_the_files_verified(tmp_path):
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        view = await select(pilot, "acme/billing/invoice-review")
        await pilot.press("g")
        await wait_until(pilot, lambda: view.diffs is not None, what="diffs")
        await pilot.pause()
        (diff,) = view.diffs
        assert diff.path == "references/policy.md" and not diff.note
        removed = [line for line, kind in diff.kinds() if kind == "removed"]
        assert removed == ["-Invoices above 5,000 EUR need two approvals."]
        assert any(kind == "added" for _line, kind in diff.kinds())
        assert "-Invoices above 5,000 EUR need two approvals." in screen_text(app)


@pytest.mark.parametrize("fmt", ["txt", "json", "yaml", "roomkit"])
async def test_ledger_screen_filters_and_exports(tmp_path, fmt):
    app = demo_app(tmp_path)
    out = tmp_path / f"export.{fmt}"
    async with running(app) as pilot:
        await listed(pilot)
        await pilot.press("l")
        await wait_until(pilot, lambda: app.screen.query("LedgerTable"))
        table = app.screen.query_one("LedgerTable")
        assert table.row_count == 4, "the demo seed's three skill reviews and its tool approval"
        await pilot.press("slash", "h")
        app.screen.query_one("#ledger-filter").value = "hello"
        await wait_until(pilot, lambda: table.row_count == 1)
        await pilot.press("enter", "e")
        await wait_until(pilot, lambda: app.screen.query("#path-input"))
        app.screen.query_one("#format-select").value = fmt
        app.screen.query_one("#path-input").value = str(out)
        await pilot.press("enter")
        await wait_until(pilot, lambda: out.exists())
    text = out.read_text()
    # The demo seed approves two skills and a tool; only RoomKit's hook, which approves skill executions, leaves the
    # tool out.
    if fmt == "txt":
        assert text.startswith("sha256:") and len(text.splitlines()) == 3
    elif fmt == "json":
        rows = json.loads(text)["approved"]
        assert {row["name"] for row in rows} == {
            "demo:hello-world",
            "demo:acme/billing/invoice-review",
            "demo:tool/convert_currency",
        }
        assert [row.get("kind") for row in rows if row["name"] == "demo:tool/convert_currency"] == ["tool"]
    elif fmt == "roomkit":
        namespace: dict = {}
        exec(compile(text, str(out), "exec"), namespace)  # what a host's import does
        assert {name for name, _ in namespace["APPROVED"]} == {"demo:hello-world", "demo:acme/billing/invoice-review"}
    else:
        assert len(yaml.safe_load(text)["approved"]) == 3


async def test_a_damaged_ledger_shows_the_chain_check(tmp_path):
    from skillscope.demo.ledger import seed_demo_ledger

    path = tmp_path / "ledger.jsonl"
    seed_demo_ledger(path)
    lines = path.read_text().splitlines(keepends=True)
    lines[1] = lines[1].replace("Policy threshold", "Policy THRESHOLD")
    path.write_text("".join(lines))
    app = demo_app(tmp_path, ledger=path)
    async with running(app) as pilot:
        views = await listed(pilot)
        assert all(view.review is None for view in views.values())
        await wait_until(
            pilot, lambda: any("Review states unknown" in m for m in notifications(app)), what="the damage notified"
        )
        await pilot.press("l")
        await wait_until(pilot, lambda: app.screen.query("#ledger-damage"))
        text = screen_text(app)
        assert "Ledger damaged" in text and "edited" in text and "line 2" in text


# -- servers -----------------------------------------------------------------------------------


async def test_a_stdio_server_that_exits_shows_the_reason_and_its_stderr(tmp_path):
    app = make_app(settings_for([stdio_seed("exit")], tmp_path))
    async with running(app) as pilot:
        session = app.main_screen.sessions["exit"]
        await wait_until(pilot, lambda: session.state == "failed")
        assert "exited with status 3" in session.error.message
        assert "configuration file /nonexistent/server.json not found" in session.error.detail
        # The state flips before the panel repaints, and the tail's heading can be drawn a frame before its
        # lines: wait for the lines themselves, not just the state or the heading.
        await wait_until(
            pilot,
            lambda: "server stderr" in (text := screen_text(app)) and "/nonexistent/server.json" in text,
            what="the stderr tail on screen",
        )
        assert (tmp_path / "logs" / "exit.stderr.log").read_text().startswith("fixture: starting up")


async def test_stdio_fixture_browse_open_and_quit_leaves_no_process(tmp_path):
    app = make_app(settings_for([stdio_seed("samples")], tmp_path))
    async with running(app) as pilot:
        await listed(pilot, "samples")
        pid = app.main_screen.sessions["samples"].conn._stats.process.pid
        assert process_alive(pid)
        view = await open_skill(pilot, "pdf-processing", server="samples")
        assert view.phase == "verified"
        await pilot.press("q")
        await wait_until(pilot, lambda: not process_alive(pid), what="server reaped")
    assert not process_alive(pid)


async def test_disconnect_reconnect_and_remove_a_stdio_server(tmp_path):
    app = make_app(settings_for([stdio_seed("samples")], tmp_path))
    async with running(app) as pilot:
        screen = app.main_screen
        session = screen.sessions["samples"]
        await listed(pilot, "samples")
        first = session.conn._stats.process.pid
        await select(pilot, "hello-world", server="samples")
        await pilot.press("d")
        await wait_until(pilot, lambda: session.state == "disconnected" and not process_alive(first))
        # The last catalog stays, marked stale, until the server is listed again.
        assert all(view.stale for view in screen.views["samples"].values())
        await wait_until(pilot, lambda: "~ stale" in screen_text(app), what="the stale mark")
        await pilot.press("c")
        await wait_until(pilot, lambda: session.listing_state == "listed")
        second = session.conn._stats.process.pid
        assert second != first
        screen.catalog_tree.reveal("samples", "samples:hello-world")
        await pilot.press("delete")
        await wait_until(pilot, lambda: app.screen.query("#confirm"), what="removal asks first")
        await pilot.press("y")
        await wait_until(pilot, lambda: "samples" not in screen.sessions and not process_alive(second))
        assert "No servers" in screen_text(app)


async def test_add_a_stdio_server_from_the_dialog(tmp_path):
    from tests.fixtures.http import REPO_ROOT, stdio_command

    app = demo_app(tmp_path)
    async with running(app) as pilot:
        dialog = await add_server_dialog(pilot)
        await pilot.click("#--content-tab-command")
        await wait_until(pilot, lambda: dialog.query_one("#command-input").has_focus)
        dialog.query_one("#command-input").value = " ".join(stdio_command("samples"))
        dialog.query_one("#cwd-input").value = str(REPO_ROOT)
        dialog.query_one("#label-input").value = "fixture"
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: "fixture" in app.main_screen.sessions)
        views = await listed(pilot, "fixture")
        assert "fixture:hello-world" in views
        await pilot.press("s")
        saved = tmp_path / "skillscope.yaml"
        await wait_until(pilot, lambda: saved.exists())
        assert yaml.safe_load(saved.read_text())["servers"]["fixture"]["args"][:2] == [
            "-m",
            "tests.fixtures.run_server",
        ]


async def test_add_an_http_server_with_a_header_and_save_it_unexpanded(tmp_path, monkeypatch):
    from tests.fixtures.hostile import build_scenario
    from tests.fixtures.http import serve_http_in_thread

    monkeypatch.setenv("SKILLS_TOKEN", "s3cret-token")
    app = demo_app(tmp_path)
    with serve_http_in_thread(build_scenario("samples"), bearer_token="s3cret-token") as url:
        async with running(app) as pilot:
            dialog = await add_server_dialog(pilot)
            dialog.query_one("#url-input").value = url
            dialog.query_one("#headers-input").text = "Authorization: Bearer ${SKILLS_TOKEN}"
            await pilot.press("ctrl+s")
            await wait_until(pilot, lambda: "127.0.0.1" in app.main_screen.sessions)
            views = await listed(pilot, "127.0.0.1")
            assert "127.0.0.1:pdf-processing" in views
            await pilot.press("s")
            saved = tmp_path / "skillscope.yaml"
            await wait_until(pilot, lambda: saved.exists())
            assert "${SKILLS_TOKEN}" in saved.read_text() and "s3cret" not in saved.read_text()
            assert "s3cret" not in screen_text(app)


async def test_the_dialog_names_a_missing_variable(tmp_path, monkeypatch):
    monkeypatch.delenv("NO_SUCH_TOKEN", raising=False)
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        await pilot.press("n")
        await wait_until(pilot, lambda: app.screen.query("#url-input"))
        app.screen.query_one("#url-input").value = "https://skills.example.com/mcp"
        app.screen.query_one("#headers-input").text = "Authorization: Bearer ${NO_SUCH_TOKEN}"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "NO_SUCH_TOKEN is not set" in screen_text(app)
        await pilot.press("escape")
        assert list(app.main_screen.sessions) == ["demo"]


async def test_the_palette_offers_every_action(tmp_path):
    from skillscope.tui.keymap import MAIN_COMMANDS

    app = demo_app(tmp_path)
    async with running(app) as pilot:
        await listed(pilot)
        titles = [command.title for command in app.get_system_commands(app.main_screen)]
        for command in MAIN_COMMANDS:
            assert any(title.startswith(command.title) for title in titles), command.title
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: "skillscope — keys" in screen_text(app))
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is app.main_screen)


async def test_a_large_flat_catalog_is_paged_and_still_reachable(tmp_path):
    from skillscope.catalog.entry import Policy
    from skillscope.demo.publisher import PublishedSkill, SkillFile, build_server
    from skillscope.protocol.target import Target
    from skillscope.service.targets import ServerSeed

    skills = [
        PublishedSkill(
            f"skill-{n:04d}",
            [SkillFile("SKILL.md", f"---\nname: skill-{n:04d}\ndescription: Number {n}.\n---\nx\n".encode())],
        )
        for n in range(1200)
    ]
    seed = ServerSeed(Target(label="big", kind="inprocess", server=build_server(skills)), None, "demo", Policy())
    app = make_app(settings_for([seed], tmp_path))
    async with running(app) as pilot:
        await listed(pilot, "big")
        tree = app.main_screen.catalog_tree
        server_node = tree.root.children[0]
        # One page of 500, then "… 700 more" (the server's tools/resources branch, listed after, is not a page).
        paged = [node for node in server_node.children if node.data.kind != "surface"]
        assert len(paged) == 501
        assert "700 more" in str(paged[-1].label)
        await select(pilot, "skill-1150", server="big")  # past two pages: loaded on the way
        assert tree.cursor_node.data.key == "big:skill-1150"
        await pilot.press("slash")
        app.main_screen.query_one("#filter").value = "skill-11"
        await wait_until(pilot, lambda: "100 of 1,200 skills" in str(tree.root.children[0].label))
        assert tree.cursor_node.data.key == "big:skill-1150"  # the cursor stays on the skill it was on
