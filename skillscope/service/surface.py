"""The server's surface for any front end: list it, judge each item against the ledger, review it, diff it."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final, Literal

import anyio

from skillscope.audit.findings import AuditFinding, check_info
from skillscope.audit.run.results import listing_incomplete
from skillscope.audit.surface_audit import surface_findings
from skillscope.catalog.entry import CatalogWarning
from skillscope.catalog.listing import Listing
from skillscope.catalog.surface import (
    Surface,
    SurfaceItem,
    build_surface,
    canonical_json,
    is_item_name,
    split_item_name,
)
from skillscope.core.errors import ExtensionNotOffered, SkillNotFound, UsageError
from skillscope.core.textsafe import safe_line
from skillscope.ledger.core.record import Record
from skillscope.ledger.core.recording import review_record
from skillscope.ledger.core.values import Action, ReviewState
from skillscope.ledger.core.verdicts import Verdicts, review_state
from skillscope.protocol.surface import list_surface
from skillscope.service.catalog import load_catalog

if TYPE_CHECKING:
    from skillscope.catalog.entry import Policy
    from skillscope.ledger.team.objects import ObjectStore
    from skillscope.protocol.connection import Connection
    from skillscope.protocol.info import ServerInfo

__all__ = [
    "FieldChange",
    "approved_definition",
    "approved_item_names",
    "audit_surface",
    "definition_changes",
    "item_contents",
    "item_record",
    "item_reviews",
    "load_catalog_and_surface",
    "load_surface",
    "resolve_item",
]


async def load_surface(conn: Connection, listing: Listing | None) -> Surface:
    """Every tool, prompt, static resource and template the server lists (all pages), as items.

    ``listing`` is the skills listing: what resources/list says of each of its skills' files is one item per skill.
    """
    listings = await list_surface(conn.request, broken=lambda: conn.closed or conn.refused is not None)
    entries = listing.entries if listing is not None else []

    def build() -> Surface:
        # Every listed entry, malformed and unavailable ones too: their files' bytes are the skill review's business,
        # what resources/list says of them one item per skill.
        skills = [(d, [f.uri for f in e.files or ()]) for e in entries if (d := e.directory or _directory_of(e.uri))]
        return build_surface(conn.info.label, listings, skills=skills)

    # Sorting tens of thousands of resources from the skills' files takes a while: in a thread, off the event loop.
    return await anyio.to_thread.run_sync(build)


def _directory_of(uri: Any) -> str | None:
    """The directory a ``…/SKILL.md`` URI names (for entries too malformed to have been parsed)."""
    if isinstance(uri, str) and uri.startswith("skill://") and uri.endswith("/SKILL.md"):
        return uri[: -len("/SKILL.md")]
    return None


async def load_catalog_and_surface(conn: Connection, policy: Policy) -> tuple[Listing, Surface]:
    """The skills listing and the surface; a server without skills still shows its surface (with a warning)."""
    try:
        listing = await load_catalog(conn, policy)
    except ExtensionNotOffered as exc:
        listing = Listing(warnings=[CatalogWarning("server", exc.message)])
    return listing, await load_surface(conn, listing)


def item_reviews(verdicts: Verdicts | None, surface: Surface) -> dict[str, ReviewState]:
    """The review state of each reviewable item, by name (empty when the ledger is unknown).

    The same rule as for skills: the item's content (its fingerprint) decides under every
    label; an approval of other content under the same name makes it changed since approval.
    """
    if verdicts is None:
        return {}
    return {
        item.name: review_state(verdicts, item.name, item.fingerprint, ())
        for item in surface.all_items()
        if item.usable
    }


def resolve_item(surface: Surface, name: str) -> SurfaceItem:
    """The item NAME means: ``label:kind/key`` or ``kind/key``.

    Raises:
        UsageError: NAME names another server's item, or an item that cannot be reviewed.
        SkillNotFound: the server lists no such item.
    """
    parsed = split_item_name(name)
    if parsed is None:
        raise UsageError(
            f"{safe_line(name)!r} is not an item name (tool/NAME, prompt/NAME, resource/URI, template/URI)"
        )
    label, kind, key = parsed
    if label is not None and label != surface.label:
        raise UsageError(
            f"{safe_line(name)!r} names server {safe_line(label)!r}, but the target is labelled "
            f"{safe_line(surface.label)!r} (use --label)"
        )
    found = [item for item in surface.items[kind] if item.key == key]
    if not found:
        raise SkillNotFound(f"The server lists no {kind} {safe_line(key)!r}")
    usable = [item for item in found if item.usable]
    if not usable:
        raise UsageError(f"{safe_line(found[0].name)} cannot be reviewed: {found[0].problem}")
    return usable[0]


def item_record(
    action: Action,
    info: ServerInfo,
    item: SurfaceItem,
    *,
    reviewer: str | None,
    note: str,
    findings: list[Any] | None = None,
    accepted: bool = False,
) -> Record:
    """The ledger record of a verdict on ``item`` as served now (its kind kept with the review).

    An approval carries the item audit's counts and finding ids, as a skill's does, and
    ``accepted_findings`` when the reviewer accepted errors (their note says why).
    """
    if not item.usable:
        raise UsageError(f"{safe_line(item.name)} cannot be reviewed: {item.problem}")
    extra: dict[str, Any] = {"surface": item.kind}
    if action == "approve":
        from skillscope.audit.approval import ApprovalAudit

        extra["audit"] = ApprovalAudit(list(findings or [])).record()
        if accepted:
            if not note.strip():
                raise UsageError("Accepting the audit's findings needs a note saying why they are acceptable")
            extra["accepted_findings"] = True
    return review_record(action, info, item, reviewer=reviewer, note=note, extra=extra)


def item_contents(item: SurfaceItem) -> dict[str, bytes]:
    """What an approval keeps in the content store: the canonical definition (its digest is the fingerprint)."""
    return {"definition.json": canonical_json(item.definition)}


def approved_definition(store: ObjectStore, state: ReviewState) -> Any:
    """The definition the approval ``state`` rests on, from the content store; None when it is not kept."""
    record = state.record
    if record is None or record.action != "approve" or not record.fingerprint:
        return None
    data = store.get(record.fingerprint)
    return None if data is None else json.loads(data)


ChangeKind = Literal["added", "removed", "changed"]


@dataclass(frozen=True)
class FieldChange:
    """One field of a definition that differs: its path (``inputSchema.properties.x.description``), old and new.

    In a skill listing ``file`` names the file whose entry changed and ``path`` the field inside that entry
    (``(entry)`` when the whole entry came or went).
    """

    path: str
    change: ChangeKind
    old: Any = None
    new: Any = None
    file: str | None = None

    @staticmethod
    def text(value: Any) -> str:
        """A value as a reviewer reads it: strings as they are, anything else as compact JSON."""
        return value if isinstance(value, str) else json.dumps(value, sort_keys=True, ensure_ascii=False)

    @property
    def place(self) -> str:
        """Where, in words: ``description``, ``description of skill://x/SKILL.md`` or ``skill://x/new.md``."""
        if self.file is None:
            return self.path
        return self.file if self.path == _WHOLE_ENTRY else f"{self.path} of {self.file}"

    def as_json(self) -> dict[str, Any]:
        """The change in JSON reports (``file`` is null but in a skill listing)."""
        return {"file": self.file, "path": self.path, "change": self.change, "old": self.old, "new": self.new}


_WHOLE_ENTRY: Final = "(entry)"


def definition_changes(old: Any, new: Any, path: str = "") -> list[FieldChange]:
    """Every field that differs between two definitions, deepest first-differing field, in path order.

    Two skill listings (lists of file entries, each URI once) are matched file by file, by URI, so a
    change names its file and field, never a position that shifts when a file is added.
    """
    old_files, new_files = _by_uri(old), _by_uri(new)
    if not path and old_files is not None and new_files is not None:
        out: list[FieldChange] = []
        for uri in sorted(set(old_files) | set(new_files)):
            if uri not in new_files:
                out.append(FieldChange(_WHOLE_ENTRY, "removed", old_files[uri], None, file=uri))
            elif uri not in old_files:
                out.append(FieldChange(_WHOLE_ENTRY, "added", None, new_files[uri], file=uri))
            else:
                out.extend(replace(c, file=uri) for c in _field_changes(old_files[uri], new_files[uri], ""))
        return out
    return _field_changes(old, new, path)


def _by_uri(definition: Any) -> dict[str, dict[str, Any]] | None:
    """A skill listing's entries by URI; None when ``definition`` is not one (or repeats a URI)."""
    if not isinstance(definition, list):
        return None
    out: dict[str, dict[str, Any]] = {}
    for entry in definition:
        uri = entry.get("uri") if isinstance(entry, dict) else None
        if not isinstance(uri, str) or uri in out:
            return None
        out[uri] = entry
    return out


def _field_changes(old: Any, new: Any, path: str) -> list[FieldChange]:
    out: list[FieldChange] = []
    stack: list[tuple[Any, Any, str]] = [(old, new, path)]
    while stack:
        a, b, where = stack.pop()
        if isinstance(a, dict) and isinstance(b, dict):
            for key in sorted(set(a) | set(b), reverse=True):
                sub = f"{where}.{key}" if where else key
                if key not in b:
                    out.append(FieldChange(sub, "removed", a[key], None))
                elif key not in a:
                    out.append(FieldChange(sub, "added", None, b[key]))
                elif a[key] != b[key] or type(a[key]) is not type(b[key]):
                    stack.append((a[key], b[key], sub))
        elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
            for i in reversed(range(len(a))):
                if a[i] != b[i] or type(a[i]) is not type(b[i]):
                    stack.append((a[i], b[i], f"{where}[{i}]"))
        elif a != b or type(a) is not type(b):
            out.append(FieldChange(where or "(definition)", "changed", a, b))
    return out


def approved_item_names(verdicts: Verdicts | None) -> list[str]:
    """Names of items the ledger holds an approval in force of (under any label): what look-alikes are checked against."""
    if verdicts is None:
        return []
    return sorted(name for name in verdicts.by_name if is_item_name(name) and verdicts.in_force(name))


async def audit_surface(conn: Connection, audit: Any, verdicts: Verdicts | None) -> list[tuple[str, str]]:
    """Audit the server's surface into ``audit`` (a ``ServerAudit``): findings join the server's own.

    Returns each item not approved at its current fingerprint, with its state, for ``--require-approved``.
    """
    surface = await load_surface(conn, audit.listing)
    for gap in surface.gaps:
        listing_incomplete(audit, gap)
    reviews = item_reviews(verdicts, surface)
    audit.findings.extend(
        surface_findings(
            surface, reviews if verdicts is not None else None, approved_item_names(verdicts), server=audit.label
        )
    )
    audit.findings.extend(_walk_findings(surface, audit.label))
    out: list[tuple[str, str]] = []
    for item in surface.all_items():
        state = reviews.get(item.name)
        word: str = (
            "cannot be reviewed" if not item.usable else (state.state if state is not None else "review state unknown")
        )
        if state is not None and state.untrusted:
            word += f": {state.untrusted}"
        if word != "approved":
            out.append((safe_line(item.name, limit=300), word))
    return out


def _walk_findings(surface: Surface, label: str) -> list[Any]:
    """The listing walk's own warnings (a server that pages forever, repeats a cursor) as server findings."""
    info = check_info("SS-L2")
    return [AuditFinding("SS-L2", info.severity, info.category, warning, label) for warning in surface.warnings]
