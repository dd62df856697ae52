"""Each server's tools, prompts, resources and templates: listed after its skills, judged by the ledger, reviewed."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from skillscope.catalog.surface import Surface, SurfaceItem
from skillscope.core.textsafe import safe_line
from skillscope.ledger.core.values import Action, ReviewState
from skillscope.service.audits import item_audit
from skillscope.service.review import Verdict, record_item_review
from skillscope.service.session import ServerSession
from skillscope.service.surface import FieldChange, approved_definition, definition_changes, item_reviews, load_surface
from skillscope.service.workspace import Workspace
from skillscope.tui import heap
from skillscope.tui.controllers.declined import Declined
from skillscope.tui.controllers.review import Recorded

__all__ = ["ItemShown", "SurfaceController"]


@dataclass(frozen=True)
class ItemShown:
    """What the detail pane shows of an item: its state, changed fields against its approval, what the audit found."""

    item: SurfaceItem
    review: ReviewState | None
    changes: list[FieldChange] | None
    """Each field that changed since the approval (None: not changed, or the approved definition is not kept)."""
    note: str | None
    """Why no field diff can be shown, when the approved definition is not in the content store."""
    findings: list[object]
    """What the content checks found (errors and warnings; notes left out)."""


class SurfaceController:
    """Keeps each server's surface and answers for the catalog's "surface" branch; items are reviewed with the
    skills' keys and recorded through the service (``record_item_review``)."""

    def __init__(self, workspace: Workspace) -> None:
        self.workspace = workspace
        self.surfaces: dict[str, Surface] = {}
        """Each server's surface as last listed, by label."""

    async def list(self, session: ServerSession) -> Surface | None:
        """List the server's surface after its skills and keep it (None when the server was connected again meanwhile).

        Raises:
            Declined: the listing failed (the catalog stays usable without its surface).
        """
        generation = session.generation
        try:
            surface = await load_surface(session.connection(), session.listing)
        except Exception as exc:  # told, never a crash; the skills stay
            raise Declined(
                f"Listing the tools, prompts, resources and templates of {session.label} failed: "
                f"{safe_line(getattr(exc, 'message', str(exc)), limit=300)}",
                title="Surface",
            ) from exc
        if generation != session.generation:
            return None
        self.surfaces[session.label] = surface
        heap.settle()  # tens of thousands of items live as long as the listing: out of the collector's walks
        return surface

    def reviews(self, label: str) -> dict[str, ReviewState]:
        """Each item's review state by the ledger as last read (empty before the server's surface is listed)."""
        surface = self.surfaces.get(label)
        return {} if surface is None else item_reviews(self.workspace.ledger.verdicts, surface)

    def item(self, server: str, name: str) -> SurfaceItem | None:
        """The item called ``name`` in the server's surface."""
        surface = self.surfaces.get(server)
        return surface.by_name(name) if surface is not None else None

    def shown(self, server: str, name: str) -> ItemShown | None:
        """What the detail pane shows of the item (None when the server does not list it)."""
        item = self.item(server, name)
        if item is None:
            return None
        review = self.reviews(server).get(name)
        changes, note = None, None
        objects = self.workspace.ledger.objects
        if review is not None and review.state == "changed-since-approval" and objects is not None:
            approved = approved_definition(objects, review)
            if approved is None:
                note = "The approved definition is not in the content store: no field diff can be shown."
            else:
                changes = definition_changes(approved, item.definition)
        findings: list[object] = [f for f in item_audit(item, server) if f.severity != "note"]
        return ItemShown(item, review, changes, note, findings)

    def reviewable(self, server: str, name: str, action: Action) -> SurfaceItem:
        """The item, when ``action`` may be asked about.

        Raises:
            Declined: the item is unusable, or an approval meets errors the audit found (the CLI can accept them).
        """
        item = self.item(server, name)
        if item is None:
            raise Declined(f"{name} is not listed by {server}.")
        if not item.usable:
            raise Declined(f"{item.name} cannot be reviewed: {item.problem}.", severity="error")
        if action == "approve":
            errors = [f for f in item_audit(item) if f.severity == "error"]
            if errors:
                raise Declined(
                    f"{item.name}: the audit found {len(errors)} error(s) ({errors[0].id}); approve it with "
                    "`skillscope approve --accept-findings --note WHY` if it is acceptable.",
                    severity="error",
                    timeout=10,
                )
        return item

    async def record(self, action: Action, server: str, item: SurfaceItem, reviewer: str, note: str) -> Recorded:
        """Record a verdict on the item (blocking work in a thread); the caller reads the ledger again."""
        info = self.workspace.sessions[server].server_info()
        findings = item_audit(item, server) if action == "approve" else None
        verdict = Verdict(reviewer, note, pinned=item.fingerprint)
        saved = await asyncio.to_thread(
            record_item_review, self.workspace.place.book(), action, info, item, verdict, findings
        )
        return Recorded(saved.seq, saved.fingerprint)
