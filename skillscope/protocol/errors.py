"""The one translator from SDK errors and transport failures to skillscope's error tree."""

from __future__ import annotations

import asyncio
import sys
from typing import IO, TYPE_CHECKING, Any

from skillscope.core.errors import (
    ConnectionFailed,
    MethodError,
    ProtocolViolation,
    RequestTimedOut,
    ServerExited,
    ServerUnreachable,
    SkillscopeError,
    Unauthorised,
)
from skillscope.core.spec import SDK_CONNECTION_CLOSED, SDK_REQUEST_TIMEOUT
from skillscope.core.textsafe import safe_line

if TYPE_CHECKING:
    from mcp import MCPError

    from skillscope.protocol.target import Target
    from skillscope.protocol.transport import TransportStats

__all__ = ["as_skillscope_error", "mcp_error", "method_error", "refine", "stderr_tail", "translate"]

_STDERR_TAIL = 2000


def _sdk_error_class() -> type[BaseException] | None:
    # No SDK loaded means no SDK error exists, and importing the SDK just to ask would cost more than the
    # whole check: look only at what is already loaded.
    module = sys.modules.get("mcp.shared.exceptions")
    found = getattr(module, "MCPError", None)
    return found if isinstance(found, type) else None


def _cancelled_class(anyio: Any) -> type[BaseException]:
    """The running event loop's cancellation exception (asyncio's when no loop runs)."""
    try:
        found = anyio.get_cancelled_exc_class() if anyio is not None else asyncio.CancelledError
    except Exception:  # no event loop: called from plain code
        found = asyncio.CancelledError
    return found if isinstance(found, type) else asyncio.CancelledError


def _leaves(exc: BaseException) -> list[BaseException]:
    if isinstance(exc, BaseExceptionGroup):
        out: list[BaseException] = []
        for inner in exc.exceptions:
            out.extend(_leaves(inner))
        return out
    return [exc]


def _display(target: Target | None) -> str:
    return str(target.display) if target is not None else "the server"


def stderr_tail(errlog: IO[Any] | None) -> str | None:
    """The last lines a stdio server wrote to its stderr, for error reports."""
    if errlog is None:
        return None
    try:
        errlog.flush()
        errlog.seek(0, 2)
        size = errlog.tell()
        errlog.seek(max(0, size - _STDERR_TAIL * 2))
        text = errlog.read()
    except (OSError, ValueError):
        return None
    text = str(text)[-_STDERR_TAIL:].strip()
    return text or None


def _process_exited(stats: TransportStats | None) -> int | None:
    """The server's exit status if it ended on its own (not when skillscope stopped it)."""
    if stats is None or stats.process is None or stats.stopped_by_us:
        return None
    code = getattr(stats.process, "returncode", None)
    return code if isinstance(code, int) else None


def _not_mcp(stats: TransportStats, errlog: IO[Any] | None) -> ProtocolViolation:
    return ProtocolViolation(
        f"Not an MCP server: it wrote {stats.junk_lines} line(s) to stdout that are not JSON-RPC, and no valid answer",
        detail=stderr_tail(errlog),
    )


def _timeout_error(stats: TransportStats | None, errlog: IO[Any] | None, message: str) -> ConnectionFailed:
    if stats is not None and stats.junk_lines:
        return _not_mcp(stats, errlog)
    code = _process_exited(stats)
    if code is not None:
        return ServerExited(f"The server process exited with status {code}", detail=stderr_tail(errlog))
    return RequestTimedOut(message, detail=stderr_tail(errlog))


def _http_status_error(status: int, what: str, target: Target | None) -> ConnectionFailed:
    """An HTTP error status in plain words (not the JSON-RPC code the SDK made of it)."""
    if status in (401, 403):
        return _unauthorised(status, target)
    from http import HTTPStatus

    try:
        phrase = HTTPStatus(status).phrase
    except ValueError:
        phrase = "error"
    hint = "; is the URL the server's MCP endpoint?" if status in (404, 405) else ""
    return ProtocolViolation(f"{_display(target)} answered HTTP {status} ({phrase}) to {what}{hint}")


def _unauthorised(status: int, target: Target | None) -> Unauthorised:
    return Unauthorised(f"Unauthorised: {_display(target)} answered HTTP {status}; check the --header values")


def _transport_refusal(stats: TransportStats | None) -> ProtocolViolation | None:
    """What the transport refused (a message over the cap, decoded; an encoding not offered), if anything."""
    if stats is None:
        return None
    from skillscope.protocol.transport import ACCEPTED_ENCODINGS, MAX_MESSAGE_BYTES

    if stats.not_mcp():
        # The transport stopped reading a program that speaks something else: it outranks the closed connection.
        return _not_mcp(stats, None)
    if stats.too_large:
        return ProtocolViolation(f"The server sent a message larger than {MAX_MESSAGE_BYTES:,} bytes; refused")
    if stats.bad_encoding:
        return ProtocolViolation(
            f"The server compressed its answer as {safe_line(stats.bad_encoding, limit=40)!r}, which was not offered "
            f"({ACCEPTED_ENCODINGS}); refused"
        )
    return None


def method_error(exc: MCPError, method: str, errlog: IO[Any] | None = None) -> MethodError:
    """The SDK's error answer to one request, as skillscope's ``MethodError`` (code, message, method, data)."""
    return MethodError(exc.error.code, exc.error.message, method, exc.error.data, detail=stderr_tail(errlog))


def refine(error: MethodError, stats: TransportStats | None = None, errlog: IO[Any] | None = None) -> ConnectionFailed:
    """Name what the SDK's own codes stand for: a request that timed out, a connection that closed."""
    if error.code == SDK_REQUEST_TIMEOUT:
        return RequestTimedOut(f"{error.method} got no answer within the timeout", detail=stderr_tail(errlog))
    if error.code == SDK_CONNECTION_CLOSED:
        exited = _process_exited(stats)
        if exited is not None:
            return ServerExited(f"The server process exited with status {exited}", detail=stderr_tail(errlog))
        if stats is not None and stats.junk_lines:
            return _not_mcp(stats, errlog)
        return ConnectionFailed(f"The connection closed during {error.method}", detail=stderr_tail(errlog))
    return error


def _transport_says(stats: TransportStats | None, target: Target | None) -> ConnectionFailed | None:
    """What the transport saw, which outranks any SDK error: a refused message, or HTTP 401/403."""
    refused = _transport_refusal(stats)
    if refused is not None:
        return refused
    if stats is not None and stats.status in (401, 403):
        return _unauthorised(stats.status, target)
    return None


def mcp_error(
    exc: MCPError, target: Target | None, stats: TransportStats | None, errlog: IO[Any] | None, what: str
) -> ConnectionFailed:
    """Turn an SDK ``MCPError`` into the most specific ``ConnectionFailed``."""
    return _transport_says(stats, target) or refine(method_error(exc, what, errlog), stats, errlog)


def translate(
    exc: BaseException, target: Target | None = None, stats: TransportStats | None = None, errlog: IO[Any] | None = None
) -> SkillscopeError:
    """Find the real cause inside nested exception groups and say it in plain words.

    A skillscope error (raised by the caller's own code inside the connection) is returned
    as it is; anything else becomes a ``ConnectionFailed``. ``target``, ``stats`` and
    ``errlog`` sharpen the words when the caller has them.
    """
    leaves = _leaves(exc)
    for leaf in leaves:
        if isinstance(leaf, SkillscopeError):
            return leaf
    said = _transport_says(stats, target)
    if said is not None:
        return said
    sdk_error = _sdk_error_class()
    httpx2 = sys.modules.get("httpx2")
    pydantic = sys.modules.get("pydantic")
    anyio = sys.modules.get("anyio")
    stdio = target is not None and target.kind == "stdio"
    for leaf in leaves:
        if isinstance(leaf, FileNotFoundError) and stdio and target is not None:
            return ServerUnreachable(f"Command not found: {safe_line(target.command[0] if target.command else '')}")
        if isinstance(leaf, PermissionError) and stdio and target is not None:
            return ServerUnreachable(f"Command cannot be run (permission denied): {safe_line(target.command[0])}")
        if httpx2 is not None and isinstance(leaf, httpx2.ConnectError):
            return ServerUnreachable(f"Cannot reach {_display(target)}: {safe_line(str(leaf) or 'connection refused')}")
        if httpx2 is not None and isinstance(leaf, httpx2.TimeoutException):
            return RequestTimedOut(f"{_display(target)} did not answer in time")
        if httpx2 is not None and isinstance(leaf, httpx2.HTTPError):
            return ConnectionFailed(f"HTTP error talking to {_display(target)}: {safe_line(str(leaf))}")
        if sdk_error is not None and isinstance(leaf, sdk_error):
            return mcp_error(leaf, target, stats, errlog, "connect")  # type: ignore[arg-type]
        if pydantic is not None and isinstance(leaf, pydantic.ValidationError):
            return ProtocolViolation(
                "The server's answer does not fit the MCP schema (not an MCP server, or a broken handshake result)",
                detail=safe_line(str(leaf), limit=800),
            )
        if isinstance(leaf, TimeoutError | _cancelled_class(anyio)):
            return _timeout_error(stats, errlog, "The server did not answer in time")
    exited = _process_exited(stats)
    if exited is not None:
        return ServerExited(f"The server process exited with status {exited}", detail=stderr_tail(errlog))
    first = leaves[0] if leaves else exc
    return ConnectionFailed(f"{type(first).__name__}: {safe_line(str(first))}", detail=stderr_tail(errlog))


def as_skillscope_error(exc: BaseException) -> SkillscopeError:
    """Any failure in the words skillscope reports (never a traceback), without a connection at hand."""
    return translate(exc)
