"""Walk every ``skills/list`` page with loop guards and validate entries one by one."""

from __future__ import annotations

from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from skillscope.catalog.entry import CatalogEntry, CatalogWarning, Policy, validate_entry
from skillscope.core.errors import ProtocolViolation
from skillscope.core.spec import MODERN, PAGE_CAP
from skillscope.core.textsafe import safe_line
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
    """Why the walk stopped early: repeated-cursor, empty-page-cursor, page-cap, bad-cursor or no-skills-array."""
    duplicate_uris: list[str] = field(default_factory=list)
    """URIs listed again on a later page (only the first copy is kept)."""
    duplicate_entries: list[SkillEntry] = field(default_factory=list)
    """The entries dropped as repeats, for the audit's name-uniqueness count."""
    missing_cache_fields: list[str] = field(default_factory=list)
    """ttlMs/cacheScope absent from the first page on 2026-07-28."""

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

    Returns:
        The entries as read (first copy of each URI) and a ``Listing`` holding the
        walk's warnings; entries are judged later by ``catalog_entries``.
    """
    listing = Listing()
    raw_entries: list[SkillEntry] = []
    seen_cursors: set[str] = set()
    seen_uris: set[str] = set()
    cursor: str | None = None
    while True:
        if listing.pages >= page_cap:
            listing.complete, listing.stop = False, "page-cap"
            listing.warnings.append(
                CatalogWarning(
                    "SS-L2",
                    f"Server keeps paging; stopped after {page_cap} pages, showing the {len(raw_entries)} entries read so far",
                )
            )
            break
        page = await fetch_page(cursor)
        listing.pages += 1
        check_result_type(page.raw, "skills/list")
        if listing.pages == 1 and (warning := cache_field_warning(page.raw, "skills/list", protocol)):
            listing.warnings.append(warning)
            listing.missing_cache_fields = list(page.missing_cache_fields)
        skills = page.entries
        if skills is None:
            if listing.pages == 1:
                raise ProtocolViolation("Server answered skills/list without a skills array; listing unreadable")
            listing.complete, listing.stop = False, "no-skills-array"
            listing.warnings.append(
                CatalogWarning(
                    "SS-L1",
                    f"Page {listing.pages} of skills/list has no skills array; showing the {len(raw_entries)} entries read so far",
                )
            )
            break
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
            listing.complete, listing.stop = False, "bad-cursor"
            listing.warnings.append(
                CatalogWarning(
                    "SS-L2", f"Server sent a nextCursor that is not a string ({safe_line(next_cursor)}); stopped paging"
                )
            )
            break
        if next_cursor in seen_cursors:
            listing.complete, listing.stop = False, "repeated-cursor"
            listing.warnings.append(
                CatalogWarning(
                    "SS-L2",
                    f"Server repeated a cursor; stopped paging, showing the {len(raw_entries)} entries read so far",
                )
            )
            break
        if not skills:
            listing.complete, listing.stop = False, "empty-page-cursor"
            listing.warnings.append(
                CatalogWarning(
                    "SS-L2",
                    f"Server sent an empty page that still carries a cursor; showing the {len(raw_entries)} entries read so far",
                )
            )
            break
        seen_cursors.add(next_cursor)
        cursor = next_cursor
    return raw_entries, listing


def catalog_entries(raw_entries: Sequence[Any], listing: Listing, *, label: str, policy: Policy) -> Listing:
    """Validate each raw entry on its own and flag names shared by several paths (SS-L5)."""
    listing.entries = [validate_entry(raw, label=label, index=i, policy=policy) for i, raw in enumerate(raw_entries)]
    counts = Counter(e.skill_name for e in listing.entries if e.status != "malformed" and e.skill_name)
    for name, count in sorted(counts.items()):
        if count > 1:
            listing.warnings.append(
                CatalogWarning("SS-L5", f"{count} skills share the name {safe_line(name)!r}; told apart by path")
            )
    return listing
