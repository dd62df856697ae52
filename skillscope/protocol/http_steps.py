"""Streamable HTTP whose large messages are parsed in a thread, in short steps, as the stdio transport's are.

The SDK's Streamable HTTP transport parses each message where it arrives, on the event loop: a
10,000-skill page is one message of megabytes, and parsing it whole holds the loop, and every key pressed in
the TUI, until it is done. Here the
transport is the SDK's own but for the two places that parse a message: a JSON answer and an SSE
event. A message over ``PARSE_ON_LOOP`` bytes is parsed in a worker thread with ``message_in_steps``
(the same threshold and route as ``capped_stdio``'s); smaller ones, and every message under an SDK release other
than the one these methods were written for or with the fast parse switched off (``fastparse``), go the
SDK's way. What is accepted, every error and its wording stay the SDK's.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import anyio
import anyio.to_thread
import httpx2
import mcp_types as types
from httpx2 import ServerSentEvent
from mcp.client import streamable_http as sdk_http
from mcp.shared.message import SessionMessage
from pydantic import ValidationError

from skillscope.protocol.fastparse import sdk_repeats
from skillscope.protocol.jsonsteps import PARSE_ON_LOOP, message_in_steps

__all__ = ["parse_message", "streamable_http"]


async def parse_message(data: bytes | str) -> types.JSONRPCMessage:
    """``jsonrpc_message_adapter.validate_json(data)``, off the event loop for a large message."""
    if len(data) <= PARSE_ON_LOOP:
        return types.jsonrpc_message_adapter.validate_json(data, by_name=False)
    return await anyio.to_thread.run_sync(message_in_steps, data)


class _SteppedTransport(sdk_http.StreamableHTTPTransport):
    """The SDK's transport (mcp 2.3), parsing messages with ``parse_message``; the rest is the SDK's."""

    async def _handle_json_response(
        self, response: httpx2.Response, read_stream_writer: Any, *, request_id: types.RequestId
    ) -> None:
        try:
            content = await response.aread()
            message = await parse_message(content)
            await read_stream_writer.send(SessionMessage(message))
        except (httpx2.StreamError, ValidationError) as exc:
            sdk_http.logger.exception("Error parsing JSON response")  # the run log keeps the detail, as the SDK's
            error = types.ErrorData(code=types.PARSE_ERROR, message=f"Failed to parse JSON response: {exc}")
            await read_stream_writer.send(SessionMessage(types.JSONRPCError(jsonrpc="2.0", id=request_id, error=error)))

    async def _handle_sse_event(
        self,
        sse: ServerSentEvent,
        read_stream_writer: Any,
        original_request_id: types.RequestId | None = None,
        resumption_callback: Callable[[str], Awaitable[None]] | None = None,
    ) -> bool:
        if sse.event != "message" or not sse.data or len(sse.data) <= PARSE_ON_LOOP:
            return await super()._handle_sse_event(sse, read_stream_writer, original_request_id, resumption_callback)
        try:
            message = await parse_message(sse.data)
            if original_request_id is not None and isinstance(message, types.JSONRPCResponse | types.JSONRPCError):
                message.id = original_request_id
            await read_stream_writer.send(SessionMessage(message))
            if sse.id and resumption_callback:
                await resumption_callback(sse.id)
            return isinstance(message, types.JSONRPCResponse | types.JSONRPCError)
        except Exception as exc:  # as the SDK: a parse failure answers the request it belongs to
            sdk_http.logger.exception("Error parsing SSE message")
            if original_request_id is not None:
                error = types.ErrorData(code=types.PARSE_ERROR, message=f"Failed to parse SSE message: {exc}")
                failed = types.JSONRPCError(jsonrpc="2.0", id=original_request_id, error=error)
                await read_stream_writer.send(SessionMessage(failed))
                return True
            await read_stream_writer.send(exc)
            return False


def streamable_http(url: str, http: httpx2.AsyncClient) -> Any:
    """The client transport for ``url`` over ``http`` (whose responses skillscope caps, so no SSE event cap).

    Under the SDK release line the overrides were written for, large messages are parsed in steps off
    the loop; under any other, or with the fast parse switched off, this is the SDK's ``streamable_http_client``.
    """
    if not _usable():
        return sdk_http.streamable_http_client(url, http_client=http, max_sse_event_size=None)
    return _stepped_client(url, http)


def _usable() -> bool:
    return (
        sdk_repeats()
        and hasattr(sdk_http, "logger")
        and all(callable(getattr(sdk_http, name, None)) for name in ("create_context_streams", "resync_tracer"))
    )


@asynccontextmanager
async def _stepped_client(url: str, http: httpx2.AsyncClient) -> AsyncGenerator[tuple[Any, Any], None]:
    """``streamable_http_client(url, http_client=http, max_sse_event_size=None)`` of mcp 2.3, with ``_SteppedTransport``."""
    transport = _SteppedTransport(url, max_sse_event_size=None)
    read_writer, read_stream = sdk_http.create_context_streams[SessionMessage | Exception](0)
    write_stream, write_reader = sdk_http.create_context_streams[SessionMessage](0)
    async with read_writer, read_stream, write_stream, write_reader, anyio.create_task_group() as group:

        def start_get_stream() -> None:
            group.start_soon(transport.handle_get_stream, http, read_writer)

        group.start_soon(transport.post_writer, http, write_reader, read_writer, write_stream, start_get_stream, group)
        try:
            yield read_stream, write_stream
        finally:
            if transport.session_id:
                await transport.terminate_session(http)
            group.cancel_scope.cancel()
    await sdk_http.resync_tracer()
