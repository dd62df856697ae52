"""List every tool, prompt, resource and resource template a server shows, all pages, as the raw dicts it sent."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from skillscope.core.errors import MethodError, ProtocolViolation
from skillscope.core.spec import EMPTY_PAGE_RUN, METHOD_NOT_FOUND, PAGE_CAP
from skillscope.core.textsafe import safe_line

__all__ = ["KINDS", "SURFACE_METHODS", "Kind", "KindListing", "collect_kind", "list_surface", "unread_rest"]

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


def unread_rest(method: str, pages: int, read: int, why: str) -> str:
    """The sentence that says a listing was not read to its end: which list, after how much, why, and what it means."""
    return (
        f"{method} was not read to its end: the walk stopped after {pages} page(s) and {read} item(s) because "
        f"{why}; whatever the server lists beyond that was not read, so nothing beyond it was judged"
    )


@dataclass
class KindListing:
    """A whole walk of one list method: the items as sent (any JSON value), and why the walk stopped early."""

    kind: Kind
    items: list[Any] = field(default_factory=list)
    pages: int = 0
    complete: bool = True
    stop: str | None = None
    """repeated-cursor, empty-page-cursor, page-cap, bad-cursor, no-array, not-offered or error."""
    why: str | None = None
    """Why the walk stopped before the server said it was done, in words (server text made safe)."""
    warnings: list[str] = field(default_factory=list)
    offered: bool = True
    """False when the server answered -32601 (it has no such list in this session)."""

    @property
    def gap(self) -> str | None:
        """What was left unread, as a sentence; None when the walk read every page (or the list is not offered)."""
        if self.complete or self.why is None:
            return None
        return unread_rest(SURFACE_METHODS[self.kind][0], self.pages, len(self.items), self.why)

    def stop_early(self, stop: str, why: str, warning: str) -> None:
        """Mark the walk as stopped before its end: the stop code, why in words, and the warning shown."""
        self.complete, self.stop, self.why = False, stop, why
        self.warnings.append(warning)


async def collect_kind(
    fetch: FetchRaw, kind: Kind, *, page_cap: int = PAGE_CAP, broken: Callable[[], bool] = lambda: False
) -> KindListing:
    """Walk every page of ``kind``'s list method with the guards the skills listing has.

    An empty page that carries a cursor is followed, as a client that reads every page does:
    what lies behind it is what such a host loads. A repeated cursor, ``EMPTY_PAGE_RUN`` empty
    pages in a row, a cursor that is not a string, a page without the array, or ``page_cap``
    pages stop the walk, keeping what was read and saying why (``why``, ``gap``).
    A server without the method (-32601) gives an empty, not-offered listing; any other
    error answer, or a result the SDK finds off its schema, stops the walk with a warning.
    Connection failures propagate, and so does any error once ``broken()`` says the connection
    itself is done for (a message over the size cap poisons every later request).
    """
    method, key = SURFACE_METHODS[kind]
    listing = KindListing(kind)
    seen: set[str] = set()
    cursor: str | None = None
    empty_run = 0
    while True:
        if listing.pages >= page_cap:
            listing.stop_early(
                "page-cap",
                f"the server was still paging at the page cap ({page_cap} pages)",
                f"{method}: the server keeps paging; stopped after {page_cap} pages "
                f"with {len(listing.items)} item(s) read; the rest was not read",
            )
            break
        try:
            result = await fetch(method, {"cursor": cursor} if cursor else {})
        except MethodError as exc:
            if exc.code == METHOD_NOT_FOUND and listing.pages == 0:
                listing.offered, listing.stop = False, "not-offered"
                return listing
            failure = safe_line(exc.message, limit=300)
            listing.stop_early(
                "error",
                f"page {listing.pages + 1} failed ({failure})",
                f"{method} page {listing.pages + 1} failed: {failure}; "
                f"{len(listing.items)} item(s) read before it, the rest was not read",
            )
            break
        except ProtocolViolation as exc:
            if type(exc) is not ProtocolViolation or broken():
                raise  # a refused message, a closed connection: the connection's trouble, not this list's
            # The SDK checks a known method's result against its schema (a nextCursor that is not a string,
            # a page without its array): this list stops here, the other kinds are still asked for.
            failure = safe_line(exc.message, limit=300)
            listing.stop_early(
                "error",
                f"page {listing.pages + 1} was refused ({failure})",
                f"{method} page {listing.pages + 1} refused: {failure}; "
                f"{len(listing.items)} item(s) read before it, the rest was not read",
            )
            break
        listing.pages += 1
        kind_of_result = result.get("resultType", "complete")
        if kind_of_result != "complete":
            shown = safe_line(kind_of_result)
            listing.stop_early(
                "error",
                f"page {listing.pages} answered with resultType {shown!r}",
                f"{method} answered with resultType {shown!r}; stopped",
            )
            break
        page = result.get(key)
        if not isinstance(page, list):
            listing.stop_early(
                "no-array",
                f"page {listing.pages} has no {key} array",
                f"{method} page {listing.pages} has no {key} array; {len(listing.items)} item(s) read before it",
            )
            break
        listing.items.extend(page)
        next_cursor = result.get("nextCursor")
        if next_cursor is None or next_cursor == "":
            break
        if not isinstance(next_cursor, str):
            shown = safe_line(next_cursor)
            listing.stop_early(
                "bad-cursor",
                f"page {listing.pages} carries a nextCursor that is not a string ({shown})",
                f"{method} sent a nextCursor that is not a string ({shown}); stopped paging",
            )
            break
        if next_cursor in seen:
            listing.stop_early(
                "repeated-cursor",
                f"page {listing.pages} repeated a cursor it had sent before",
                f"{method}: the server repeated a cursor; stopped paging with {len(listing.items)} item(s) read",
            )
            break
        empty_run = 0 if page else empty_run + 1
        if empty_run >= EMPTY_PAGE_RUN:
            listing.stop_early(
                "empty-page-cursor",
                f"{empty_run} empty pages in a row each carried another cursor",
                f"{method} sent {empty_run} empty pages in a row that each still carry a cursor; stopped paging "
                f"with {len(listing.items)} item(s) read",
            )
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
