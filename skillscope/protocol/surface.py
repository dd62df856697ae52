"""List every tool, prompt, resource and resource template a server shows, all pages, as the raw dicts it sent."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from skillscope.core.errors import MethodError, ProtocolViolation
from skillscope.core.spec import METHOD_NOT_FOUND, PAGE_CAP
from skillscope.core.textsafe import safe_line

__all__ = ["KINDS", "SURFACE_METHODS", "Kind", "KindListing", "collect_kind", "list_surface"]

Kind = Literal["tool", "prompt", "resource", "template"]
KINDS: Final[tuple[Kind, ...]] = ("tool", "prompt", "resource", "template")
SURFACE_METHODS: Final[dict[Kind, tuple[str, str]]] = {
    "tool": ("tools/list", "tools"),
    "prompt": ("prompts/list", "prompts"),
    "resource": ("resources/list", "resources"),
    "template": ("resources/templates/list", "resourceTemplates"),
}
"""Each kind's list method and the result key holding its array."""

FetchRaw = Callable[[str, dict[str, Any]], Awaitable[dict[str, Any]]]


@dataclass
class KindListing:
    """A whole walk of one list method: the items as sent (any JSON value), and why the walk stopped early."""

    kind: Kind
    items: list[Any] = field(default_factory=list)
    pages: int = 0
    complete: bool = True
    stop: str | None = None
    """repeated-cursor, empty-page-cursor, page-cap, bad-cursor, no-array, not-offered or error."""
    warnings: list[str] = field(default_factory=list)
    offered: bool = True
    """False when the server answered -32601 (it has no such list in this session)."""


async def collect_kind(
    fetch: FetchRaw, kind: Kind, *, page_cap: int = PAGE_CAP, broken: Callable[[], bool] = lambda: False
) -> KindListing:
    """Walk every page of ``kind``'s list method with the guards the skills listing has.

    A repeated cursor, an empty page that still carries one, a cursor that is not a string,
    a page without the array, or ``page_cap`` pages stop the walk, keeping what was read.
    A server without the method (-32601) gives an empty, not-offered listing; any other
    error answer, or a result the SDK finds off its schema, stops the walk with a warning.
    Connection failures propagate, and so does any error once ``broken()`` says the connection
    itself is done for (a message over the size cap poisons every later request).
    """
    method, key = SURFACE_METHODS[kind]
    listing = KindListing(kind)
    seen: set[str] = set()
    cursor: str | None = None
    while True:
        if listing.pages >= page_cap:
            listing.complete, listing.stop = False, "page-cap"
            listing.warnings.append(
                f"{method}: the server keeps paging; stopped after {page_cap} pages "
                f"with {len(listing.items)} item(s) read"
            )
            break
        try:
            result = await fetch(method, {"cursor": cursor} if cursor else {})
        except MethodError as exc:
            if exc.code == METHOD_NOT_FOUND and listing.pages == 0:
                listing.offered, listing.stop = False, "not-offered"
                return listing
            listing.complete, listing.stop = False, "error"
            listing.warnings.append(f"{method} page {listing.pages + 1} failed: {safe_line(exc.message, limit=300)}")
            break
        except ProtocolViolation as exc:
            if type(exc) is not ProtocolViolation or broken():
                raise  # a refused message, a closed connection: the connection's trouble, not this list's
            # The SDK checks a known method's result against its schema (a nextCursor that is not a string,
            # a page without its array): this list stops here, the other kinds are still asked for.
            listing.complete, listing.stop = False, "error"
            listing.warnings.append(
                f"{method} page {listing.pages + 1} refused: {safe_line(exc.message, limit=300)}; "
                f"{len(listing.items)} item(s) read before it"
            )
            break
        listing.pages += 1
        kind_of_result = result.get("resultType", "complete")
        if kind_of_result != "complete":
            listing.complete, listing.stop = False, "error"
            listing.warnings.append(f"{method} answered with resultType {safe_line(kind_of_result)!r}; stopped")
            break
        page = result.get(key)
        if not isinstance(page, list):
            listing.complete, listing.stop = False, "no-array"
            listing.warnings.append(
                f"{method} page {listing.pages} has no {key} array; {len(listing.items)} item(s) read before it"
            )
            break
        listing.items.extend(page)
        next_cursor = result.get("nextCursor")
        if next_cursor is None or next_cursor == "":
            break
        if not isinstance(next_cursor, str):
            listing.complete, listing.stop = False, "bad-cursor"
            listing.warnings.append(
                f"{method} sent a nextCursor that is not a string ({safe_line(next_cursor)}); stopped paging"
            )
            break
        if next_cursor in seen:
            listing.complete, listing.stop = False, "repeated-cursor"
            listing.warnings.append(
                f"{method}: the server repeated a cursor; stopped paging with {len(listing.items)} item(s) read"
            )
            break
        if not page:
            listing.complete, listing.stop = False, "empty-page-cursor"
            listing.warnings.append(f"{method} sent an empty page that still carries a cursor; stopped paging")
            break
        seen.add(next_cursor)
        cursor = next_cursor
    return listing


async def list_surface(
    fetch: FetchRaw,
    kinds: tuple[Kind, ...] = KINDS,
    *,
    page_cap: int = PAGE_CAP,
    broken: Callable[[], bool] = lambda: False,
) -> dict[Kind, KindListing]:
    """Every kind's listing, one after the other (``fetch`` is ``Connection.request``).

    Raises:
        ConnectionFailed: the connection failed (a server that exits, a message past the size cap, a timeout).
    """
    return {kind: await collect_kind(fetch, kind, page_cap=page_cap, broken=broken) for kind in kinds}
