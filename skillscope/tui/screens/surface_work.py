"""The main screen's surface work: list each server's tools, prompts, resources and templates, show and review them."""

from __future__ import annotations

import asyncio
from typing import Any

from skillscope.core.errors import ApprovalRefused
from skillscope.tui.dialogs.review import ReviewAnswer, ReviewDialog
from skillscope.tui.notify import tell
from skillscope.tui.screens.main_state import MainState

__all__ = ["SurfaceWork"]

_VERB = {"approve": "Approved", "reject": "Rejected", "revoke": "Revoked"}


class SurfaceWork(MainState):
    """Keeps each server's surface and its review states; answers for the catalog's "surface" branch."""

    def _surfaces(self) -> dict[str, Any]:
        found: dict[str, Any] | None = getattr(self, "_surface_by_server", None)
        if found is None:
            # Made on first use: MainScreen's __init__ belongs to the other halves.
            found = {}
            self._surface_by_server: dict[str, Any] = found
        return found

    async def _list_surface(self, session: Any, conn: Any, listing: Any) -> None:
        """List the server's surface after its skills (a failure is told, never a crash; the skills stay)."""
        from skillscope.service.surface import load_surface

        generation = session.generation
        try:
            surface = await load_surface(conn, listing)
        except Exception as exc:  # noqa: BLE001 - the catalog stays usable without its surface
            from skillscope.core.textsafe import safe_line

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

    def _item_reviews(self, label: str) -> dict[str, Any]:
        from skillscope.service.surface import item_reviews

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

    def _item_at_cursor(self) -> tuple[str, Any] | None:
        node = self.catalog_tree.cursor_node
        ref = node.data if node is not None else None
        if ref is None or ref.kind != "item":
            return None
        surface = self._surfaces().get(ref.server)
        item = surface.by_name(ref.key) if surface is not None else None
        return None if item is None else (ref.server, item)

    def show_item(self, server: str, name: str) -> None:
        """The item in the detail pane: state, fingerprint, changed fields against its approval, definition."""
        from skillscope.service.surface import approved_definition, definition_changes
        from skillscope.tui.widgets.surface_branch import item_detail

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
        from skillscope.audit.surface_audit import item_findings

        findings = [f for f in item_findings(item, server) if f.severity != "note"]
        self.detail.show_message(item_detail(item, review, changes, note, findings))

    def review_item(self, action: str) -> bool:
        """Approve, reject or revoke the item under the cursor (True when the cursor is on one)."""
        target = self._item_at_cursor()
        if target is None:
            return False
        server, item = target
        if not item.usable:
            tell(self, f"{item.name} cannot be reviewed: {item.problem}.", severity="error")
            return True
        if action == "approve":
            from skillscope.audit.surface_audit import item_findings

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

        def chosen(answer: ReviewAnswer | None) -> None:
            if answer is not None:
                self.run_worker(
                    self._record_item(action, server, item, answer),
                    name=f"{action} {item.name}",
                    group="review",
                    exclusive=True,
                    exit_on_error=False,
                )

        self.app.push_screen(ReviewDialog(action, item.name, item.fingerprint, self._reviewer or ""), chosen)
        return True

    async def _record_item(self, action: str, server: str, item: Any, answer: ReviewAnswer) -> None:
        from skillscope.ledger import ReviewBook
        from skillscope.service.surface import item_contents, item_record

        info = self.sessions[server].info
        if info is None:
            raise ApprovalRefused(f"{server} has not connected yet")
        from skillscope.audit.surface_audit import item_findings

        findings = item_findings(item, server) if action == "approve" else None
        record = item_record(
            action,  # type: ignore[arg-type]
            info,
            item,
            reviewer=answer.reviewer,
            note=answer.note,
            findings=findings,
        )
        book = ReviewBook(self.settings.ledger_path, signing_key=self.settings.signing_key)
        saved = await asyncio.to_thread(book.record, record, item_contents(item) if action == "approve" else {})
        await self._read_ledger()
        tell(self, f"{_VERB[action]} {item.name} ({saved.fingerprint}); record #{saved.seq}", title=_VERB[action])
        self.show_item(server, item.name)

    async def _read_ledger(self) -> None:
        raise NotImplementedError
