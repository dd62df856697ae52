"""Transports with bounds: a stdio child whose stderr goes to a log, and HTTP with a decoded-body cap."""

from __future__ import annotations

import os
import re
import ssl
import sys
import zlib
from collections.abc import AsyncGenerator, AsyncIterator, Sequence
from contextlib import asynccontextmanager, suppress
from typing import IO, Any

import anyio
import anyio.lowlevel
import httpx2
import mcp_types as types
from mcp.os.posix.utilities import terminate_posix_process_tree
from mcp.shared.message import SessionMessage

from skillscope.core.surrogates import HOLD_BACK, mark_lone_surrogates
from skillscope.protocol.fastparse import stepped_decode
from skillscope.protocol.jsonsteps import PARSE_ON_LOOP, message_in_steps

__all__ = [
    "ACCEPTED_ENCODINGS",
    "MAX_MESSAGE_BYTES",
    "MAX_JUNK_BYTES",
    "MAX_JUNK_LINES",
    "MessageTooLarge",
    "UnsupportedEncoding",
    "TransportStats",
    "capped_stdio",
    "capped_http_client",
    "child_environment",
]

MAX_MESSAGE_BYTES = 64 * 1024 * 1024
"""Largest single message accepted from a server: a 16 MiB file as base64 or escaped JSON fits."""

MAX_JUNK_LINES = 1000
"""Non-JSON-RPC lines a stdio server may print before its first message (banners, start-up logging).

The spec allows none, but the SDK's own client skips them, so hosts run servers that print a banner or
log their start-up to stdout: those must still be reviewable. A program that writes more than this, with
no valid message yet, speaks something else and is named as no MCP server at once, not at the timeout.
"""
MAX_JUNK_BYTES = 256 * 1024
"""The same tolerance in bytes (start-up logging is lines of text, not a stream of another protocol)."""

_INHERITED_ENV = ("HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER", "LANG", "LC_ALL", "TMPDIR", "SYSTEMROOT")


class MessageTooLarge(Exception):
    """A server sent a message larger than ``MAX_MESSAGE_BYTES``."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"the server sent a message larger than {limit:,} bytes")
        self.limit = limit


def child_environment(extra: dict[str, str]) -> dict[str, str]:
    """The environment of a stdio server: a safe minimum of ours plus what the user set."""
    env = {k: v for k in _INHERITED_ENV if (v := os.environ.get(k)) is not None and not v.startswith("()")}
    env.update(extra)
    return env


@asynccontextmanager
async def capped_stdio(
    command: list[str],
    *,
    env: dict[str, str],
    cwd: str | None,
    errlog: IO[Any],
    stats: TransportStats,
    max_message: int = MAX_MESSAGE_BYTES,
) -> AsyncGenerator[tuple[Any, Any], None]:
    """Start ``command`` and exchange newline-delimited JSON-RPC with it.

    Unlike the SDK's stdio transport, a line longer than ``max_message`` is not
    buffered: the read side receives ``MessageTooLarge`` and the connection ends.
    The child's stderr goes to ``errlog`` (never to our terminal), and the child
    runs in its own process group so the whole tree is stopped on exit.
    """
    process = await anyio.open_process(
        command, env=env, cwd=cwd, stderr=errlog, start_new_session=sys.platform != "win32"
    )
    stats.process = process
    stats.ended = anyio.Event()
    read_writer, read_stream = anyio.create_memory_object_stream[SessionMessage | Exception](0)
    write_stream, write_reader = anyio.create_memory_object_stream[SessionMessage](0)

    async def reader() -> None:
        try:
            await read_lines()
        finally:
            # Whoever holds the connection learns at once that the server is gone (see Connection.wait_closed).
            stats.closed = True
            assert stats.ended is not None
            stats.ended.set()

    async def read_lines() -> None:
        assert process.stdout is not None
        buffer = bytearray()
        # A large line is parsed in a thread; in steps unless the fast parse is switched off (see ``fastparse``).
        large_parse = _parse_in_steps if stepped_decode() else _parse
        async with read_writer:
            try:
                scanned = 0  # bytes of the buffer known to hold no newline (a long line arrives in many chunks)
                async for chunk in process.stdout:
                    buffer.extend(chunk)
                    while (newline := buffer.find(b"\n", scanned)) >= 0:
                        line = bytes(buffer[:newline])
                        del buffer[: newline + 1]
                        scanned = 0
                        if len(line) > max_message:
                            stats.too_large = True
                            return
                        if len(line) > PARSE_ON_LOOP:
                            message = await anyio.to_thread.run_sync(large_parse, line)
                        else:
                            message = _parse(line)
                        if isinstance(message, Exception):
                            stats.junk_lines += 1
                            stats.junk_bytes += len(line) + 1
                            if stats.not_mcp():
                                return
                            continue
                        stats.answered = True
                        await read_writer.send(message)
                    scanned = len(buffer)
                    if len(buffer) > max_message:
                        stats.too_large = True
                        return
            except (anyio.ClosedResourceError, anyio.BrokenResourceError, anyio.EndOfStream, OSError):
                return
            # End of stdout: give the process a moment to exit so errors can name its status.
            stats.closed = True
            with anyio.move_on_after(1.0):
                await process.wait()

    async def writer() -> None:
        assert process.stdin is not None
        try:
            async with write_reader:
                async for message in write_reader:
                    data = message.message.model_dump_json(by_alias=True, exclude_unset=True) + "\n"
                    await process.stdin.send(data.encode("utf-8"))
        except (anyio.ClosedResourceError, anyio.BrokenResourceError, OSError):
            # stdin broke because the server is exiting: let it finish, so the error can name its
            # exit status rather than "the connection closed" (a race the reader side already avoids).
            with anyio.move_on_after(1.0):
                await process.wait()
            await read_writer.aclose()

    async def stop() -> None:
        if process.returncode is None:
            # From here on an exit status is ours, not the server's: errors must not say it exited.
            stats.stopped_by_us = True
        read_stream.close()
        write_stream.close()
        assert process.stdin is not None and process.stdout is not None
        with suppress(OSError, anyio.BrokenResourceError, anyio.ClosedResourceError):
            await process.stdin.aclose()
        if not await _exited(process, 2.0):
            with suppress(Exception):
                await terminate_posix_process_tree(process, 2.0)
            await _exited(process, 2.0)
        with suppress(OSError, anyio.BrokenResourceError, anyio.ClosedResourceError):
            await process.stdout.aclose()
        # Close the event loop's subprocess transport now rather than at garbage collection,
        # which would happen after the loop is gone and print a spurious traceback.
        transport = getattr(getattr(process, "_process", None), "_transport", None)
        close = getattr(transport, "close", None)
        if callable(close):
            with suppress(Exception):
                close()

    async with anyio.create_task_group() as group:
        group.start_soon(reader)
        group.start_soon(writer)
        try:
            yield read_stream, write_stream
        finally:
            with anyio.CancelScope(shield=True):
                await stop()
            group.cancel_scope.cancel()


async def _exited(process: Any, timeout: float) -> bool:
    deadline = anyio.current_time() + timeout
    while process.returncode is None:
        if anyio.current_time() >= deadline:
            return False
        await anyio.sleep(0.01)
    return True


def _parse(line: bytes) -> SessionMessage | Exception:
    try:
        return SessionMessage(types.jsonrpc_message_adapter.validate_json(mark_lone_surrogates(line), by_name=False))
    except ValueError as exc:
        return exc


def _parse_in_steps(line: bytes) -> SessionMessage | Exception:
    """``_parse(line)``, without holding the GIL for the whole line (see ``jsonsteps``)."""
    try:
        return SessionMessage(message_in_steps(mark_lone_surrogates(line)))
    except ValueError as exc:
        return exc


class TransportStats:
    """What the transport saw that the SDK does not report: sizes, junk, HTTP statuses."""

    def __init__(self) -> None:
        self.status: int | None = None
        self.too_large = False
        self.junk_lines = 0
        self.junk_bytes = 0
        self.answered = False
        """True once a stdio server sent one valid JSON-RPC message."""
        self.bad_encoding: str | None = None
        self.stopped_by_us = False
        self.status_bare = False
        self.process: Any = None
        self.closed = False
        """True once a stdio server's stdout ended: nothing more can come from it."""
        self.ended: anyio.Event | None = None
        """Set when a stdio transport's reading ended, or an HTTP request's connection failed (None: cannot tell)."""
        self.lost: Exception | None = None
        """The network error that ended an HTTP connection (the SDK drops the whole session on one)."""

    def not_mcp(self) -> bool:
        """True when a stdio server wrote more non-JSON-RPC output than a banner before any valid message."""
        return not self.answered and (self.junk_lines > MAX_JUNK_LINES or self.junk_bytes > MAX_JUNK_BYTES)

    def connection_lost(self, exc: Exception) -> None:
        """Record that an HTTP request failed below HTTP: the SDK ends the session, so nothing more will come."""
        if self.lost is None:
            self.lost = exc
        self.closed = True
        if self.ended is not None:
            self.ended.set()

    async def __call__(self, response: httpx2.Response) -> None:
        # The latest answer's status: an old error must not explain a later failure.
        self.status = response.status_code if response.status_code >= 400 else None
        # A JSON body on an error status is (usually) a JSON-RPC error the server meant to send.
        self.status_bare = self.status is not None and "json" not in response.headers.get("content-type", "").lower()


class UnsupportedEncoding(Exception):
    """A server compressed its answer with an encoding skillscope did not offer."""

    def __init__(self, encoding: str) -> None:
        super().__init__(f"the server used a content encoding that was not offered: {encoding}")
        self.encoding = encoding


ACCEPTED_ENCODINGS = "gzip, deflate"
"""Offered to servers; each is decoded here, under the same cap as plain bodies."""


class _BoundedInflater:
    """zlib decoding that never produces more than the room it is given."""

    def __init__(self, encoding: str) -> None:
        self._encoding = encoding
        self._zlib = zlib.decompressobj(zlib.MAX_WBITS | 16 if encoding == "gzip" else zlib.MAX_WBITS)
        self._started = False

    def feed(self, data: bytes, room: int) -> bytes:
        try:
            out = self._zlib.decompress(data, room + 1)
        except zlib.error:
            if self._encoding != "deflate" or self._started:
                raise
            # Some servers send raw deflate without the zlib header.
            self._zlib = zlib.decompressobj(-zlib.MAX_WBITS)
            out = self._zlib.decompress(data, room + 1)
        self._started = True
        return out

    def flush(self, room: int) -> bytes:
        return self._zlib.flush(room + 1) if room >= 0 else b""


_EVENT_END = re.compile(rb"\r\n\r\n|\n\n|\r\r")
_DATA_LINE = re.compile(rb"(?:^|[\r\n])data(?:[:\r\n])")
_TAIL = 8
"""Bytes of one piece kept to find an event's end or a ``data`` line that straddles two pieces."""


class _CappedStream(httpx2.AsyncByteStream):
    """A response body decoded here (not by httpx), its raw and decoded size capped.

    With ``per_event`` (the legacy HTTP+SSE transport, whose one long response carries every
    message) the cap applies to each server-sent event, up to the blank line that ends it,
    rather than to the whole stream.
    """

    def __init__(
        self, inner: Any, limit: int, stats: TransportStats, encodings: Sequence[str] = (), *, per_event: bool = False
    ) -> None:
        self._inner = inner
        self._limit = limit
        self._stats = stats
        self._decoders = [_BoundedInflater(e) for e in reversed(encodings)]
        self._per_event = per_event
        self._event_data = False  # the event under way has a data line

    def _too_large(self) -> MessageTooLarge:
        self._stats.too_large = True
        return MessageTooLarge(self._limit)

    def _decode(self, chunk: bytes, total: int, *, final: bool = False) -> bytes:
        data = chunk
        for decoder in self._decoders:
            room = self._limit - total
            out = decoder.feed(data, room) if data else b""
            if final:
                out += decoder.flush(room - len(out))
            if len(out) > room:
                raise self._too_large()
            data = out
        return data

    def _count(self, data: bytes, total: int, tail: bytes) -> tuple[int, bytes]:
        """Add ``data`` to the running size (of the body, or of the event under way) and check it.

        Per event, only an event that carries a ``data`` line starts the count afresh: comments and
        empty events (a compressed flood of them inflates without end) add up as one message would.
        """
        start = 0
        if self._per_event:
            window = tail + data
            searched = 0
            for match in _EVENT_END.finditer(window):
                end = match.end() - len(tail)
                if end <= 0:
                    continue  # ended within the previous piece, already counted
                carried = self._event_data or _DATA_LINE.search(window, searched, match.start() + 1) is not None
                self._check(total + end - start)
                total = 0 if carried else total + end - start
                start, searched, self._event_data = end, match.end() - 1, False
            self._event_data = self._event_data or _DATA_LINE.search(window, searched) is not None
            tail = window[-_TAIL:]
        total += len(data) - start
        self._check(total)
        return total, tail

    async def __aiter__(self) -> AsyncIterator[bytes]:
        raw = 0
        total = 0  # decoded bytes of the body, or of the event under way
        tail = b""  # an event's end may straddle two pieces
        held = b""
        async for chunk in self._inner:
            if not self._per_event:
                raw += len(chunk)
                if raw > self._limit:
                    raise self._too_large()
            data = self._decode(chunk, 0 if self._per_event else total)
            total, tail = self._count(data, total, tail)
            ready, held = _hold_escape_tail(held + data)
            if ready:
                yield mark_lone_surrogates(ready)
        if self._decoders:
            rest = self._decode(b"", 0 if self._per_event else total, final=True)
            total, tail = self._count(rest, total, tail)
            held += rest
        if held:
            yield mark_lone_surrogates(held)

    def _check(self, size: int) -> None:
        if size > self._limit:
            self._stats.too_large = True
            raise MessageTooLarge(self._limit)

    async def aclose(self) -> None:
        await self._inner.aclose()


def _hold_escape_tail(data: bytes) -> tuple[bytes, bytes]:
    """Split off the end of ``data`` that may hold half of a ``\\uXXXX\\uXXXX`` escape.

    Only a backslash near the end with no newline after it can start one (JSON strings hold
    no raw newline), so a finished SSE event is never held back.
    """
    start = data.rfind(b"\\", max(0, len(data) - HOLD_BACK))
    if start < 0 or b"\n" in data[start:]:
        return data, b""
    while start > 0 and data[start - 1 : start] == b"\\":
        start -= 1
    return data[:start], data[start:]


class _CappedTransport(httpx2.AsyncBaseTransport):
    def __init__(self, limit: int, stats: TransportStats, *, per_event: bool = False, tls: bool = True) -> None:
        # Loading the CA store is a noticeable part of each start. A plain-http target never needs it (no
        # redirects are followed), so it gets a context that trusts nothing: any TLS connection would fail closed.
        self._inner = httpx2.AsyncHTTPTransport(verify=True if tls else ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT))
        self._limit = limit
        self._stats = stats
        self._per_event = per_event

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        try:
            response = await self._inner.handle_async_request(request)
        except httpx2.TransportError as exc:
            # A POST that cannot reach the server fails the SDK's whole session: say so to whoever
            # holds the connection, and make later requests connection errors, never server answers.
            if request.method == "POST":
                self._stats.connection_lost(exc)
            raise
        encodings = [
            e.strip().lower()
            for value in response.headers.get_list("content-encoding")
            for e in value.split(",")
            if e.strip() and e.strip().lower() != "identity"
        ]
        unknown = [e for e in encodings if e not in ("gzip", "deflate")]
        if unknown:
            await response.aclose()
            self._stats.bad_encoding = unknown[0]
            raise UnsupportedEncoding(unknown[0])
        if encodings:
            # Decoded here, under the cap: httpx must not decode (and count nothing) again.
            del response.headers["content-encoding"]
        response.stream = _CappedStream(response.stream, self._limit, self._stats, encodings, per_event=self._per_event)
        return response

    async def aclose(self) -> None:
        await self._inner.aclose()


def capped_http_client(
    headers: dict[str, str], stats: TransportStats, timeout: float, *, sse: bool = False, tls: bool = True
) -> httpx2.AsyncClient:
    """An HTTP client whose response bodies are capped and whose error statuses are recorded.

    With ``sse`` (the legacy HTTP+SSE transport) each event is capped instead, and the one
    long event stream has no read timeout: every request still has its own. ``tls=False`` (an
    ``http://`` target) skips loading the CA store; a TLS connection then fails verification.
    """
    return httpx2.AsyncClient(
        headers={"Accept-Encoding": ACCEPTED_ENCODINGS, **headers},
        transport=_CappedTransport(MAX_MESSAGE_BYTES, stats, per_event=sse, tls=tls),
        event_hooks={"response": [stats]},
        # A read waits twice the request timeout: the request's own timeout (the SDK's, -32001) must
        # fire first, so a request that gets no answer fails alone instead of as a broken connection.
        timeout=httpx2.Timeout(timeout, read=None if sse else 2 * timeout),
        follow_redirects=False,
    )
