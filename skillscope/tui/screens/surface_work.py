"""The main screen's surface work: list each server's tools, prompts, resources and templates, show and review them."""

from __future__ import annotations

import asyncio

from skillscope.audit.surface_audit import item_findings
from skillscope.catalog.listing import Listing
from skillscope.catalog.surface import Surface, SurfaceItem
from skillscope.core.textsafe import safe_line
from skillscope.ledger.core.values import Action
from skillscope.ledger.core.verdicts import ReviewState
from skillscope.protocol.connection import Connection
from skillscope.service.review import Verdict, record_item_review
from skillscope.service.session import ServerSession
from skillscope.service.surface import (
    approved_definition,
    definition_changes,
    item_reviews,
    load_surface,
)
from skillscope.tui import heap
from skillscope.tui.dialogs.review import ReviewAnswer, ReviewDialog
from skillscope.tui.notify import tell
from skillscope.tui.screens.main_state import MainState, cancelled_words
from skillscope.tui.widgets.surface_branch import item_detail

__all__ = ["SurfaceWork"]

_VERB = {"approve": "Approved", "reject": "Rejected", "revoke": "Revoked"}


class SurfaceWork(MainState):
    """Keeps each server's surface and its review states; answers for the catalog's "surface" branch."""

    def _surfaces(self) -> dict[str, Surface]:
        found: dict[str, Surface] | None = getattr(self, "_surface_by_server", None)
        if found is None:
            # Made on first use: MainScreen's __init__ belongs to the other halves.
            found = {}
            self._surface_by_server: dict[str, Surface] = found
        return found

    async def _list_surface(self, session: ServerSession, conn: Connection, listing: Listing | None) -> None:
        """List the server's surface after its skills (a failure is told, never a crash; the skills stay)."""
        generation = session.generation
        try:
            surface = await load_surface(conn, listing)
        except Exception as exc:  # the catalog stays usable without its surface
            tell(
                self,
                f"Listing the tools, prompts, resources and templates of {session.label} failed: "
                f"{safe_line(getattr(exc, 'message', str(exc)), limit=300)}",
                title="Surface",
                severity="warning",
            )
            return
        if generation != session.generation:
            return
        self._surfaces()[session.label] = surface
        self._show_surface(session.label)
        heap.settle()  # tens of thousands of items live as long as the listing: out of the collector's walks

    def _item_reviews(self, label: str) -> dict[str, ReviewState]:
        surface = self._surfaces().get(label)
        return {} if surface is None else item_reviews(self.ledger.verdicts, surface)

    def _show_surface(self, label: str) -> None:
        surface = self._surfaces().get(label)
        if surface is not None:
            self.catalog_tree.show_surface(label, surface, self._item_reviews(label))

    def _surface_ledger_changed(self) -> None:
        """After the ledger was read again: every item's state follows."""
        for label in list(self._surfaces()):
            self._show_surface(label)

    def _item_at_cursor(self) -> tuple[str, SurfaceItem] | None:
        node = self.catalog_tree.cursor_node
        ref = node.data if node is not None else None
        if ref is None or ref.kind != "item":
            return None
        surface = self._surfaces().get(ref.server)
        item = surface.by_name(ref.key) if surface is not None else None
        return None if item is None else (ref.server, item)

    def show_item(self, server: str, name: str) -> None:
        """The item in the detail pane: state, fingerprint, changed fields against its approval, definition."""
        surface = self._surfaces().get(server)
        item = surface.by_name(name) if surface is not None else None
        if item is None:
            return
        review = self._item_reviews(server).get(name)
        changes, note = None, None
        if review is not None and review.state == "changed-since-approval" and self.ledger.objects is not None:
            approved = approved_definition(self.ledger.objects, review)
            if approved is None:
                note = "The approved definition is not in the content store: no field diff can be shown."
            else:
                changes = definition_changes(approved, item.definition)
        findings = [f for f in item_findings(item, server) if f.severity != "note"]
        self.detail.show_message(item_detail(item, review, changes, note, findings))

    def review_item(self, action: Action) -> bool:
        """Approve, reject or revoke the item under the cursor (True when the cursor is on one)."""
        target = self._item_at_cursor()
        if target is None:
            return False
        server, item = target
        if not item.usable:
            tell(self, f"{item.name} cannot be reviewed: {item.problem}.", severity="error")
            return True
        if action == "approve":
            errors = [f for f in item_findings(item) if f.severity == "error"]
            if errors:
                tell(
                    self,
                    f"{item.name}: the audit found {len(errors)} error(s) ({errors[0].id}); approve it with "
                    "`skillscope approve --accept-findings --note WHY` if it is acceptable.",
                    severity="error",
                    timeout=10,
                )
                return True
        self._ask_then(
            ReviewDialog(action, item.name, item.fingerprint, self._reviewer or ""),
            lambda answer: self._record_item(action, server, item, answer),
            name=f"{action} {item.name}",
            cancelled=cancelled_words(action, item.name),
        )
        return True

    async def _record_item(self, action: Action, server: str, item: SurfaceItem, answer: ReviewAnswer) -> None:
        info = self.sessions[server].server_info()
        findings = item_findings(item, server) if action == "approve" else None
        verdict = Verdict(answer.reviewer, answer.note, pinned=item.fingerprint)
        saved = await asyncio.to_thread(record_item_review, self.place.book(), action, info, item, verdict, findings)
        await self._read_ledger()
        tell(self, f"{_VERB[action]} {item.name} ({saved.fingerprint}); record #{saved.seq}", title=_VERB[action])
        self.show_item(server, item.name)
