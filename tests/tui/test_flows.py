"""Every reviewer flow, driven with Textual's pilot against real servers (in-process demo and stdio fixtures)."""

from __future__ import annotations

import json

import pytest
import yaml

from skillscope.ledger import Ledger, ObjectStore, read_verdicts, store_dir
from skillscope.tui.app import make_app
from skillscope.tui.widgets.detail_pane import DetailPane
from tests.processes import is_alive as process_alive
from tests.tui.helpers import (
    counting_connect,
    demo_app,
    listed,
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


def notifications(app) -> list[str]:
    return [n.message for n in app._notifications]


# -- attach and browse -------------------------------------------------------------------------


async def test_attach_lists_the_demo_catalog_without_reading_a_file(tmp_path):
    reads: list[str] = []
    app = demo_app(tmp_path, connect=counting_connect(reads))
    async with running(app) as pilot:
        views = await listed(pilot)
        session = app.main_screen.sessions["demo"]
        assert session.state == "connected" and session.info.name == "skillscope-demo"
        assert len(views) == 9 and reads == []
        text = screen_text(app)
        assert "9 skills" in text and "2026-07-28 (stateless)" in text


async def test_browse_shows_every_state_in_the_tree(tmp_path):
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        await select(pilot, "acme/billing/invoice-review")
        text = screen_text(app)
        for words in ("● approved", "⊗ rejected", "Δ changed", "⊘ unavailable", "≈ dynamic", "✗ malformed", "· not opened"):
            assert words in text, words
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
        await pilot.pause(0.1)
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
        assert any("did not verify" in message for message in notifications(app))


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
        for name in ("huge-dataset", "live-metrics", "#6"):
            await select(pilot, name)
            await pilot.press("enter")
            await pilot.pause(0.1)
        assert reads == []
        assert sum("cannot be opened" in message for message in notifications(app)) == 3


async def test_audit_lists_findings_for_the_selected_skill(tmp_path):
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        view = await select(pilot, "terminal-tricks")
        await pilot.press("i")
        await wait_until(pilot, lambda: view.audit is not None, what="audited")
        await wait_until(pilot, lambda: "skillscope/bidi-control" in screen_text(app))
        assert {f.id for f in view.audit.findings} >= {"skillscope/bidi-control", "skillscope/verification-failed"}


async def test_open_by_name_reaches_a_skill_only_skills_get_knows(tmp_path):
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        await listed(pilot)
        await pilot.press("o")
        await wait_until(pilot, lambda: app.screen.query("#name-input"))
        app.screen.query_one("#name-input").value = "internal-audit"
        await pilot.press("enter")
        views = app.main_screen.views["demo"]
        await wait_until(pilot, lambda: "demo:internal-audit" in views and views["demo:internal-audit"].phase == "verified")
        assert app.main_screen.tree.cursor_node.data.key == "demo:internal-audit"
        app.main_screen.detail.activate("skill-md")
        await pilot.pause(0.1)
        assert "Reachable by name only" in screen_text(app)


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
        assert app.main_screen.tree.has_focus
        await pilot.press("slash", "escape")
        await wait_until(pilot, lambda: "pdf-processing" in screen_text(app))


# -- the ledger --------------------------------------------------------------------------------


async def _review(pilot, key: str, note: str) -> None:
    await pilot.press(key)
    await wait_until(pilot, lambda: pilot.app.screen.query("#note-input"), what="note dialog")
    pilot.app.screen.query_one("#note-input").value = note
    await pilot.press("enter")


async def test_approve_verifies_every_file_before_recording(tmp_path):
    reads: list[str] = []
    app = demo_app(tmp_path, connect=counting_connect(reads))
    async with running(app) as pilot:
        view = await select(pilot, "pdf-processing")
        await _review(pilot, "a", "read it all")
        await wait_until(pilot, lambda: view.review is not None and view.review.state == "approved", what="approved")
        assert sorted(reads) == sorted(f"{PDF}/{p}" for p in ("SKILL.md", "references/FORMS.md", "scripts/extract.py", "assets/logo.png"))
        record = Ledger(tmp_path / "ledger.jsonl").records()[-1]
        assert (record.action, record.name, record.note) == ("approve", "demo:pdf-processing", "read it all")
        assert record.fingerprint == view.entry.fingerprint and record.reviewer == "Rita Reviewer <rita@example.org>"
        assert record.server == "in-process:demo" and len(record.files) == 4
        assert "● approved" in screen_text(app)
    # Signed, and the approved bytes kept for diffs.
    ledger = Ledger(tmp_path / "ledger.jsonl")
    assert ledger.verify().ok and record.signed and record.key.startswith("ssh-ed25519 ")
    objects = ObjectStore(store_dir(ledger.path))
    assert all(objects.get(f.digest) is not None for f in record.files)


async def test_approval_is_refused_when_a_file_does_not_verify(tmp_path):
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        view = await select(pilot, "release-notes")
        await _review(pilot, "a", "looks fine")
        await wait_until(pilot, lambda: any("Approval refused" in m for m in notifications(app)), what="refusal")
        assert view.phase == "failed" and "failure" in visible_tabs(app)
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
        assert "↺ revoked" in screen_text(app)


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
        assert "Press v" in text


async def test_changes_tab_shows_the_same_diff_as_the_cli_once_the_files_verified(tmp_path):
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        view = await select(pilot, "acme/billing/invoice-review")
        await pilot.press("v")
        await wait_until(pilot, lambda: view.diffs is not None, what="diffs")
        await pilot.pause()
        (diff,) = view.diffs
        assert diff.path == "references/policy.md" and not diff.note
        removed = [line for line, kind in diff.kinds() if kind == "removed"]
        assert removed == ["-Invoices above 5,000 EUR need two approvals."]
        assert any(kind == "added" for _line, kind in diff.kinds())
        assert "-Invoices above 5,000 EUR need two approvals." in screen_text(app)
