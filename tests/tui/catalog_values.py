"""Real values for the catalog model's tests: entries validated from the demo publisher's spec-correct entries,
sessions of seeds, surfaces built from listings as a server would send them. No app, no server."""

from __future__ import annotations

from typing import Any

from skillscope.catalog.entry import Policy, validate_entry
from skillscope.catalog.surface import Surface, build_surface
from skillscope.demo.publisher import PublishedSkill, SkillFile, entry_for
from skillscope.ledger.core.verdicts import ReviewState
from skillscope.protocol.surface import KindListing
from skillscope.protocol.target import Target
from skillscope.service.session import ServerSession
from skillscope.service.targets import ServerSeed
from skillscope.service.workspace import SkillView
from skillscope.tui.catalog.model import CatalogModel


def skill(path: str, description: str = "Does a thing.", *, files: int = 0, dynamic: bool = False) -> PublishedSkill:
    """A published skill at ``path`` with a SKILL.md and ``files`` reference files (none listed when ``dynamic``)."""
    name = path.rsplit("/", 1)[-1]
    text = f"---\nname: {name}\ndescription: {description}\n---\nBody.\n"
    more = [SkillFile(f"references/part-{n}.md", b"text\n") for n in range(files)]
    return PublishedSkill(path, [SkillFile("SKILL.md", text.encode()), *more], dynamic=dynamic)


def views_of(label: str, listed: list[PublishedSkill | Any]) -> dict[str, SkillView]:
    """Each listed skill (or raw entry, for a malformed one) validated as a listing would be, as a fresh view."""
    views: dict[str, SkillView] = {}
    for index, item in enumerate(listed):
        raw = entry_for(item) if isinstance(item, PublishedSkill) else item
        entry = validate_entry(raw, label=label, index=index)
        views[entry.name] = SkillView(entry)
    return views


def session_of(label: str, *, state: str = "connected", listing_state: str = "listed") -> ServerSession:
    """A server's session in the given state (no connection is made)."""
    session = ServerSession(ServerSeed(Target(label=label, kind="inprocess", server=object()), None, "demo", Policy()))
    session.state = state
    session.listing_state = listing_state
    return session


def reviewed(view: SkillView, state: str) -> SkillView:
    """The view with the ledger's word on it (``approved``, ``changed-since-approval``...)."""
    view.review = ReviewState(state)
    return view


def surface_of(label: str, tools: list[str], prompts: tuple[str, ...] = ()) -> Surface:
    """A surface listing these tools and prompts, each with a description naming it."""
    listings = {
        "tool": KindListing("tool", [{"name": n, "description": f"The {n} tool.", "inputSchema": {}} for n in tools]),
        "prompt": KindListing("prompt", [{"name": n, "description": f"The {n} prompt."} for n in prompts]),
        "resource": KindListing("resource", []),
        "template": KindListing("template", []),
    }
    return build_surface(label, listings)


def model_of(*servers: tuple[str, dict[str, SkillView] | None]) -> CatalogModel:
    """A model showing each server's catalog, connected and listed."""
    model = CatalogModel()
    for label, views in servers:
        model.show(session_of(label), views, None, None)
    return model
