"""What a reviewer has open, driven with no screen: servers, each skill as opened and verified, the ledger as read."""

from __future__ import annotations

import anyio
import pytest

from skillscope.catalog.entry import Policy
from skillscope.demo.publisher import build_server
from skillscope.protocol.connection import connect
from skillscope.protocol.target import Target
from skillscope.service.review import Verdict
from skillscope.service.session import ServerSession
from skillscope.service.targets import ServerSeed
from skillscope.service.workspace import Workspace
from tests.cli.test_cli_ledger import changed_pdf
from tests.fixtures.samples import hello_world, pdf_processing

pytestmark = pytest.mark.anyio


async def listed(workspace: Workspace, session: ServerSession) -> list[str]:
    """List the session's catalog into the workspace, as a front end does; returns what changed."""
    listing = await session.list_catalog()
    views, drift = workspace.merged(session.label, listing.entries)
    session.listing, workspace.views[session.label] = listing, views
    return drift.changed


async def attached(workspace: Workspace, server: object, tasks, label: str = "p") -> ServerSession:
    """Attach a server to the workspace and hold its connection in its own task until it is released."""
    session = workspace.add(ServerSeed(Target(label=label, kind="inprocess", server=server), None, "demo", Policy()))
    up = anyio.Event()

    def changed() -> None:
        if session.state != "connecting":
            up.set()

    tasks.start_soon(
        lambda: session.hold(connect, era="auto", timeout=120, log_dir=workspace.place.path.parent, changed=changed)
    )
    with anyio.fail_after(300):  # a hang guard only: the server is in-process
        await up.wait()
    assert session.state == "connected", session.error
    return session


async def test_open_approve_and_read_the_ledger_again_change_the_skills_state(tmp_path):
    workspace = Workspace(tmp_path / "ledger.jsonl")
    workspace.read_ledger()  # as a front end starts: review states are known before anything is listed
    async with anyio.create_task_group() as tasks:
        session = await attached(workspace, build_server([hello_world(), pdf_processing()]), tasks)
        assert await listed(workspace, session) == []
        view = workspace.view("p", "p:pdf-processing")
        assert view is not None and view.phase == "idle" and view.review.state == "not-reviewed"

        workspace.apply_report(view, await session.read(view.entry, [view.request_path("references/FORMS.md")]))
        assert view.phase == "verified" and set(view.opened) == {"SKILL.md", "references/FORMS.md"}

        audited = await session.audit(view.entry, workspace.place, workspace.ledger.verdicts, approval=True)
        workspace.record("p", "approve", audited.audit, Verdict("rita@example.org", "read"), view.review)
        assert view.review.state == "not-reviewed"  # until the ledger is read again
        workspace.read_ledger()
        assert view.review.state == "approved" and [r.action for r in view.history] == ["approve"]
        session.release()


async def test_a_changed_listing_drops_what_was_read_and_the_skill_reads_as_changed(tmp_path):
    workspace = Workspace(tmp_path / "ledger.jsonl")
    async with anyio.create_task_group() as tasks:
        first = await attached(workspace, build_server([pdf_processing()]), tasks)
        await listed(workspace, first)
        view = workspace.view("p", "p:pdf-processing")
        workspace.apply_report(view, await first.read(view.entry, [], all_files=True))
        audited = await first.audit(view.entry, workspace.place, approval=True)
        workspace.record("p", "approve", audited.audit, Verdict("rita@example.org"))
        workspace.read_ledger()
        first.release()
    # The same label now serves changed content: listed again, the view starts over, changed since approval.
    async with anyio.create_task_group() as tasks:
        workspace.remove("p")
        workspace.views["p"] = {view.name: view}
        again = await attached(workspace, build_server([changed_pdf()]), tasks)
        assert await listed(workspace, again) == ["p:pdf-processing"]
        fresh = workspace.view("p", "p:pdf-processing")
        assert fresh is not view and fresh.phase == "idle" and fresh.opened == {}
        assert fresh.review.state == "changed-since-approval"
        workspace.apply_report(fresh, await again.read(fresh.entry, [], all_files=True))
        assert fresh.diffs and any(d.path == "references/NEW.md" for d in fresh.diffs)
        again.release()
