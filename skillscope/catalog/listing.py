"""Walk every ``skills/list`` page with loop guards and validate entries one by one."""

from __future__ import annotations

from collections import Counter
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from skillscope.catalog.entry import CatalogEntry, CatalogWarning, Policy, validate_entry
from skillscope.core.errors import MethodError, ProtocolViolation
from skillscope.core.spec import EMPTY_PAGE_RUN, MODERN, PAGE_CAP
from skillscope.core.textsafe import safe_line
from skillscope.protocol.surface import unread_rest
from skillscope.protocol.values import SkillEntry, SkillsPage

__all__ = ["Listing", "cache_field_warning", "catalog_entries", "check_result_type", "collect_listing"]


FetchPage = Callable[[str | None], Awaitable[SkillsPage]]


@dataclass
class Listing:
    """What a full walk of ``skills/list`` produced."""

    entries: list[CatalogEntry] = field(default_factory=list)
    warnings: list[CatalogWarning] = field(default_factory=list)
    pages: int = 0
    complete: bool = True
    """False when a guard stopped the walk before the server said it was done."""
    stop: str | None = None
    """Why the walk stopped early: repeated-cursor, empty-page-cursor, page-cap, bad-cursor, no-skills-array
    or page-error."""
    why: str | None = None
    """The same, in words (server text made safe)."""
    read: int = 0
    """Entries read before the walk ended (repeats included)."""
    duplicate_uris: list[str] = field(default_factory=list)
    """URIs listed again on a later page (only the first copy is kept)."""
    duplicate_entries: list[SkillEntry] = field(default_factory=list)
    """The entries dropped as repeats, for the audit's name-uniqueness count."""
    missing_cache_fields: list[str] = field(default_factory=list)
    """ttlMs/cacheScope absent from the first page on 2026-07-28."""
    ttl_ms: int | None = None
    """The first page's ``ttlMs`` (how long the listing stays fresh; 0: stale at once) when it is a whole number
    of at least 0; None when absent or misshapen. A client lists again once it has passed."""

    @property
    def gap(self) -> str | None:
        """What was left unread, as a sentence; None when the walk read every page."""
        if self.complete or self.why is None:
            return None
        return unread_rest("skills/list", self.pages, self.read, self.why)

    def stop_early(self, stop: str, why: str, warning: CatalogWarning) -> None:
        """Mark the walk as stopped before its end: the stop code, why in words, and the warning shown."""
        self.complete, self.stop, self.why = False, stop, why
        self.warnings.append(warning)

    def by_name(self, name: str) -> CatalogEntry | None:
        """The non-malformed entry with this registry name."""
        for entry in self.entries:
            if entry.status != "malformed" and entry.name == name:
                return entry
        return None


def check_result_type(result: dict[str, Any], method: str) -> None:
    """Refuse results that are not ``complete`` (input-required flows are not defined for skills)."""
    kind = result.get("resultType", "complete")
    if kind != "complete":
        raise ProtocolViolation(
            f"{method} answered with resultType {safe_line(kind)!r}, which skillscope does not support"
        )


def cache_field_warning(result: dict[str, Any], method: str, protocol: str) -> CatalogWarning | None:
    """SS-L4: on 2026-07-28 a list or get result must carry ``ttlMs`` and ``cacheScope``."""
    if protocol != MODERN:
        return None
    missing = [key for key in ("ttlMs", "cacheScope") if key not in result]
    if missing:
        return CatalogWarning("SS-L4", f"{method} result lacks the required cache fields: {', '.join(missing)}")
    return None


async def collect_listing(
    fetch_page: FetchPage, *, protocol: str, page_cap: int = PAGE_CAP
) -> tuple[list[SkillEntry], Listing]:
    """Fetch pages until the server says done or a guard trips.

    An empty page that carries a cursor is followed, as a client that reads every page does;
    ``EMPTY_PAGE_RUN`` of them in a row, a repeated cursor, ``page_cap`` pages, a cursor that is
    not a string, a later page without the array or a later page answering an error stop the
    walk, keeping what was read: ``Listing.complete`` is then False and ``Listing.gap`` says what
    was not read. A first page that fails, and a failing connection, still raise.

    Returns:
        The entries as read (first copy of each URI) and a ``Listing`` holding the
        walk's warnings; entries are judged later by ``catalog_entries``.
    """
    listing = Listing()
    raw_entries: list[SkillEntry] = []
    seen_cursors: set[str] = set()
    seen_uris: set[str] = set()
    cursor: str | None = None
    empty_run = 0
    beyond = "entries beyond them were not read"
    while True:
        if listing.pages >= page_cap:
            listing.stop_early(
                "page-cap",
                f"the server was still paging at the page cap ({page_cap} pages)",
                CatalogWarning(
                    "SS-L2",
                    f"Server keeps paging; stopped after {page_cap} pages, showing the {len(raw_entries)} "
                    f"entries read so far; {beyond}",
                ),
            )
            break
        try:
            page = await fetch_page(cursor)
        except MethodError as exc:
            if listing.pages == 0:
                raise  # nothing was read: the listing itself failed
            # An error answer to a later page (the connection still works): keep what the earlier pages gave.
            failure = safe_line(exc.message, limit=300)
            listing.stop_early(
                "page-error",
                f"page {listing.pages + 1} failed ({failure})",
                CatalogWarning(
                    "SS-L6",
                    f"Page {listing.pages + 1} of skills/list failed ({failure}); showing the {len(raw_entries)} "
                    f"entries read so far; {beyond}",
                ),
            )
            break
        listing.pages += 1
        check_result_type(page.raw, "skills/list")
        if listing.pages == 1:
            ttl = page.raw.get("ttlMs")
            if isinstance(ttl, int) and not isinstance(ttl, bool) and ttl >= 0:
                listing.ttl_ms = ttl
        if listing.pages == 1 and (warning := cache_field_warning(page.raw, "skills/list", protocol)):
            listing.warnings.append(warning)
            listing.missing_cache_fields = list(page.missing_cache_fields)
        skills = page.entries
        if skills is None:
            if listing.pages == 1:
                raise ProtocolViolation("Server answered skills/list without a skills array; listing unreadable")
            listing.stop_early(
                "no-skills-array",
                f"page {listing.pages} has no skills array",
                CatalogWarning(
                    "SS-L1",
                    f"Page {listing.pages} of skills/list has no skills array; showing the {len(raw_entries)} "
                    f"entries read so far; {beyond}",
                ),
            )
            break
        listing.read += len(skills)
        for raw in skills:
            uri = raw.uri
            if uri is not None:
                if uri in seen_uris:
                    listing.duplicate_uris.append(uri)
                    listing.duplicate_entries.append(raw)
                    listing.warnings.append(
                        CatalogWarning(
                            "SS-L3", f"Skill {safe_line(uri)!r} listed on more than one page; kept the first copy"
                        )
                    )
                    continue
                seen_uris.add(uri)
            raw_entries.append(raw)
        next_cursor = page.next_cursor
        if next_cursor is None or next_cursor == "":
            break
        if not isinstance(next_cursor, str):
            shown = safe_line(next_cursor)
            listing.stop_early(
                "bad-cursor",
                f"page {listing.pages} carries a nextCursor that is not a string ({shown})",
                CatalogWarning(
                    "SS-L2", f"Server sent a nextCursor that is not a string ({shown}); stopped paging; {beyond}"
                ),
            )
            break
        if next_cursor in seen_cursors:
            listing.stop_early(
                "repeated-cursor",
                f"page {listing.pages} repeated a cursor it had sent before",
                CatalogWarning(
                    "SS-L2",
                    f"Server repeated a cursor; stopped paging, showing the {len(raw_entries)} entries read so far; "
                    f"{beyond}",
                ),
            )
            break
        # A host that reads every page goes on past an empty page with a cursor; so does the walk, for a while.
        empty_run = 0 if skills else empty_run + 1
        if empty_run >= EMPTY_PAGE_RUN:
            listing.stop_early(
                "empty-page-cursor",
                f"{empty_run} empty pages in a row each carried another cursor",
                CatalogWarning(
                    "SS-L2",
                    f"Server sent {empty_run} empty pages in a row that each still carry a cursor; stopped paging, "
                    f"showing the {len(raw_entries)} entries read so far; {beyond}",
                ),
            )
            break
        seen_cursors.add(next_cursor)
        cursor = next_cursor
    return raw_entries, listing


def catalog_entries(
    raw_entries: Sequence[Any],
    listing: Listing,
    *,
    label: str,
    policy: Policy,
    refusals: Mapping[str, str] | None = None,
) -> Listing:
    """Validate each raw entry on its own and flag names shared by several paths (SS-L5).

    ``refusals`` is skillscope's own word on skills it refused (``Connection.own_refusals``), never a server's.
    """
    listing.entries = [
        validate_entry(raw, label=label, index=i, policy=policy, refusals=refusals) for i, raw in enumerate(raw_entries)
    ]
    counts = Counter(e.skill_name for e in listing.entries if e.status != "malformed" and e.skill_name)
    for name, count in sorted(counts.items()):
        if count > 1:
            listing.warnings.append(
                CatalogWarning("SS-L5", f"{count} skills share the name {safe_line(name)!r}; told apart by path")
            )
    return listing
