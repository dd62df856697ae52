"""Send a list request whose answer the SDK would check against its schema on the event loop; check it in a thread."""

from __future__ import annotations

from typing import Any, Final

import anyio
from mcp.client import session as sdk_session
from mcp.client.session import ClientSession
from mcp_types import methods as sdk_methods
from pydantic import ValidationError

from skillscope.core.spec import LEGACY
from skillscope.protocol.fastparse import sdk_repeats

__all__ = ["CHECKED_IN_THREAD", "send_checked_in_thread", "usable"]

_LISTED: Final[dict[str, str]] = {
    "tools/list": "tools",
    "prompts/list": "prompts",
    "resources/list": "resources",
    "resources/templates/list": "resourceTemplates",
}
"""Each method whose one page may hold tens of thousands of items, with its list field (the part that grows)."""
CHECKED_IN_THREAD: Final[frozenset[str]] = frozenset(_LISTED)
"""Methods whose answers are checked in a thread: a page of tens of thousands of items is too long a check for
the event loop."""
_SLICE: Final = 250
"""Listed items checked in one call to the SDK (see ``_validate_in_steps``)."""


def usable(session: ClientSession) -> bool:
    """Whether ``send_checked_in_thread`` may run (else: ``send_request``): one of the fast parse's parts.

    It goes through the SDK's private parts, whose meaning may change in any release even where
    their names stay: only the release line it was checked against takes it, and only while the fast
    parse is switched on (see ``fastparse``).
    """
    return (
        sdk_repeats()
        and callable(getattr(session, "_stamp", None))
        and hasattr(getattr(session, "_dispatcher", None), "send_raw_request")
        and callable(getattr(sdk_session, "_clamp_inbound_ttl", None))
        and callable(getattr(sdk_session, "_later_revision_fields", None))
    )


async def send_checked_in_thread(
    session: ClientSession, method: str, params: dict[str, Any], timeout: float | None
) -> dict[str, Any]:
    """What ``ClientSession.send_request`` does for ``method`` (mcp 2.3), with its schema check in a worker thread.

    The request is stamped and sent on the loop as the SDK sends it; the answer is checked against the
    negotiated version's schema, then stripped of later revisions' fields, off the loop, so keys pressed
    meanwhile are answered. The same errors come out: ``MCPError`` for an error answer, pydantic's
    ``ValidationError`` for a result off the schema.
    """
    data: dict[str, Any] = {"method": method, "params": dict(params)}
    opts: dict[str, Any] = {}
    session._stamp(data, opts)  # type: ignore[arg-type]
    if timeout is not None:
        opts["timeout"] = timeout
    raw: dict[str, Any] = await session._dispatcher.send_raw_request(method, data.get("params"), opts)  # type: ignore[arg-type]
    version = session.protocol_version or LEGACY  # before negotiation, as send_request does
    return await anyio.to_thread.run_sync(_checked, method, version, raw)


def _checked(method: str, version: str, raw: dict[str, Any]) -> dict[str, Any]:
    sdk_session._clamp_inbound_ttl(raw)
    try:
        _validate_in_steps(method, version, raw)
    except KeyError:
        pass  # a method this version does not know: the SDK does not check it either
    foreign = sdk_session._later_revision_fields(method, version)
    if not foreign.isdisjoint(raw):
        raw = {key: value for key, value in raw.items() if key not in foreign}
    return dict(raw)


def _validate_in_steps(method: str, version: str, raw: dict[str, Any]) -> None:
    """``validate_server_result(method, version, raw)``, a few hundred listed items at a time.

    One call over 20,000 resources holds the GIL for tens of milliseconds, and the TUI's event loop
    waits that long for it. Items are checked one by one by the schema, so checking the list in slices
    accepts exactly what checking it whole does; a slice that fails is checked whole again, so the
    error raised is the SDK's own, with the item's index in the whole list.
    """
    key = _LISTED.get(method)
    items = raw.get(key) if key is not None else None
    if key is None or not isinstance(items, list) or len(items) <= _SLICE:
        sdk_methods.validate_server_result(method, version, raw)
        return
    try:
        for start in range(0, len(items), _SLICE):
            sdk_methods.validate_server_result(method, version, {**raw, key: items[start : start + _SLICE]})
    except ValidationError as slice_error:
        sdk_methods.validate_server_result(method, version, raw)
        raise slice_error from None
