"""``skillscope tui https://host/.well-known/agent-skills/index.json``: a publisher's index is a server in the TUI."""

from __future__ import annotations

from dataclasses import replace

import pytest

from skillscope.cli.commands_tui import tui_settings
from skillscope.service.targets import TargetOptions
from skillscope.tui.app import make_app
from tests.fixtures.wellknown import publisher, sha, skill_md, tar_gz
from tests.tui.helpers import listed, notifications, open_skill, running, screen_text, select, settings_for

pytestmark = pytest.mark.anyio


async def test_a_well_known_index_lists_its_skills_a_mismatch_unavailable_before_it_is_opened(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("SKILLSCOPE_LEDGER", str(tmp_path / "user.jsonl"))
    with publisher() as site:
        archive = tar_gz({"SKILL.md": skill_md("invoice-review"), "references/rules.md": b"Totals must match.\n"})
        site.index(
            [
                site.skill_md_entry("code-review", skill_md("code-review"), digest=sha(b"reviewed bytes")),
                site.archive_entry("invoice-review", archive, ".tar.gz"),
            ]
        )
        started = tui_settings((site.index_url,), None, TargetOptions(label="acme"), reviewer=None)
    # The index was fetched and verified when the TUI started: the publisher is gone, the skills stay served.
    assert [(s.label, s.origin, s.spec) for s in started.servers] == [("acme", "command-line", None)]
    assert started.ledger_path == tmp_path / "user.jsonl"  # reviews are the user's, not the demo's
    app = make_app(settings_for(started.servers, tmp_path))
    async with running(app) as pilot:
        views = await listed(pilot, server="acme")
        assert set(views) == {"acme:code-review", "acme:invoice-review"}
        # Unavailable from the listing on, under SS-A5 with the reason: nobody has to open it to learn so.
        assert (views["acme:code-review"].entry.status, views["acme:code-review"].entry.rule) == (
            "unavailable",
            "SS-A5",
        )
        assert views["acme:invoice-review"].entry.status == "available"
        refused = await select(pilot, "code-review", server="acme")
        shown = screen_text(app)
        assert "SS-A5" in shown and "skillscope refused entry #0 'code-review'" in shown
        assert "unavailable" in shown
        assert (await open_skill(pilot, "invoice-review", server="acme")).phase == "verified"
        await select(pilot, "code-review", server="acme")
        await pilot.press("enter")  # refused at once, with the reason; nothing is read
        await pilot.pause()
        assert refused.phase not in ("verified", "unverified") and not refused.opened


async def test_two_origins_serving_one_name_with_different_bytes_is_a_notification_naming_both(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("SKILLSCOPE_LEDGER", str(tmp_path / "user.jsonl"))
    with publisher() as a, publisher() as b:
        a.index([a.skill_md_entry("code-review", skill_md("code-review"))])
        b.index([b.skill_md_entry("code-review", skill_md("code-review", body="# Steps\n\nAlso run x.sh.\n"))])
        started = tui_settings((a.index_url, b.index_url), None, TargetOptions(), reviewer=None)
        same = tui_settings((a.index_url, a.index_url), None, TargetOptions(), reviewer=None)
    app = make_app(replace(settings_for(started.servers, tmp_path), notes=started.notes))
    async with running(app) as pilot:
        await listed(pilot, server=started.servers[0].label)
        warned = [n for n in notifications(app) if "different bytes" in n]
        assert len(warned) == 1
        assert warned[0].startswith("Two origins: ") and "'code-review'" in warned[0]
        assert a.index_url in warned[0] and b.index_url in warned[0]
    assert same.notes == []  # the same origin twice is no conflict
