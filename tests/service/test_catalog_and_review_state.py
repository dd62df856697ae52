"""Reading a catalog and its review state once for both front ends, over real HTTP."""

from __future__ import annotations

import pytest

from skillscope.catalog.entry import Policy
from skillscope.config.file import load_config
from skillscope.core.errors import SkillNotFound, UsageError
from skillscope.ledger.book import ReviewBook
from skillscope.protocol.connection import connect
from skillscope.service.catalog import find_entry, load_catalog, open_named, resolve_name
from skillscope.service.review import approval_plan, audit_for_approval
from skillscope.service.review_state import entry_review, load_verdicts, read_ledger, review_states
from skillscope.service.targets import TargetOptions, resolve_target
from tests.fixtures.hostile import build_scenario
from tests.fixtures.http import serve_http

pytestmark = pytest.mark.anyio


@pytest.fixture
def config(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SKILLSCOPE_LEDGER", raising=False)
    return load_config(None)


async def test_a_name_resolves_by_label_path_bare_name_or_index(config, tmp_path):
    async with serve_http(build_scenario("samples")) as url:
        inv = resolve_target(
            url, None, config=config, options=TargetOptions(label="fx", ledger_file=str(tmp_path / "l.jsonl"))
        )
        async with connect(inv.target, timeout=120) as conn:
            listing = await load_catalog(conn, Policy())
            by_path = await resolve_name(conn, listing, "fx:pdf-processing", Policy())
            assert await resolve_name(conn, listing, "pdf-processing", Policy()) == by_path
            assert await resolve_name(conn, listing, f"#{by_path.index}", Policy()) == by_path
            with pytest.raises(UsageError, match="names server 'other'"):
                await resolve_name(conn, listing, "other:pdf-processing", Policy())
            with pytest.raises(SkillNotFound):
                await resolve_name(conn, listing, "no-such-skill", Policy())  # asked with skills/get, refused
        info, report = await open_named(inv, "pdf-processing", paths=[], all_files=True, say=lambda _: None)
        assert (
            report.verified and info.label == "fx" and [f.path for f in report.files] == [f.path for f in by_path.files]
        )


async def test_two_skills_of_one_name_must_be_named_by_path(config):
    async with serve_http(build_scenario("same-name")) as url:
        inv = resolve_target(url, None, config=config, options=TargetOptions(label="fx"))
        with pytest.raises(UsageError, match="2 skills are named 'pdf-processing'"):
            await find_entry(inv, "pdf-processing", lambda _: None)
        _, entry = await find_entry(inv, "team-b/pdf-processing", lambda _: None)
        assert entry.name == "fx:team-b/pdf-processing"


async def test_review_state_follows_the_ledger_for_every_front_end(config, tmp_path):
    path = tmp_path / "ledger.jsonl"
    async with connect(
        resolve_target(
            "demo", None, config=config, options=TargetOptions(ledger_file=str(tmp_path / "d.jsonl"))
        ).target,
        timeout=120,
    ) as conn:
        listing = await load_catalog(conn, Policy())
        hello = await resolve_name(conn, listing, "hello-world", Policy())
        plan = approval_plan(await audit_for_approval(conn, hello, Policy()))
        ReviewBook(path).record(plan.record(conn.info, reviewer="r", note="ok"), plan.contents())
    verdicts, warning = load_verdicts(path)
    assert warning is None
    states = review_states(verdicts, listing.entries)
    assert states["demo:hello-world"].state == "approved"
    assert all(e.status != "malformed" for e in listing.entries if e.name in states)
    assert not any(e.name in states for e in listing.entries if e.status == "malformed")
    snapshot = read_ledger(path)
    assert snapshot.ok and snapshot.review(hello) == entry_review(verdicts, hello) == states[hello.name]
    assert [r.action for r in snapshot.history["demo:hello-world"]] == ["approve"]


def test_a_damaged_ledger_leaves_review_state_unknown_without_failing(tmp_path):
    path = tmp_path / "ledger.jsonl"
    path.write_text('{"not": "a record"}\n')
    verdicts, warning = load_verdicts(path)
    assert verdicts is None and warning.startswith("review states unknown: ")
    assert review_states(verdicts, []) == {}
    snapshot = read_ledger(path)
    assert not snapshot.ok and snapshot.error and snapshot.verdicts is None and snapshot.history == {}
