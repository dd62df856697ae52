"""Attach to one server, negotiate the era, and send bounded raw skills/* and resources/* requests."""

from __future__ import annotations

import math
import tempfile
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from typing import IO, Any

import anyio
import mcp_types as types
from mcp import Client, MCPError, StdioServerParameters  # noqa: F401  (StdioServerParameters kept for callers)
from mcp.client import advertise
from pydantic import TypeAdapter

from skillscope import __version__
from skillscope.core.errors import (
    ConnectionFailed,
    ExtensionNotOffered,
    MethodError,
    PathRefused,
    ProtocolViolation,
    RequestTimedOut,
    ServerExited,
    SkillNotFound,
)
from skillscope.core.redact import SECRETS
from skillscope.core.spec import (
    ENVELOPE_KEYS,
    EXTENSION_ID,
    INVALID_PARAMS,
    LOCAL_FOLDER_REFUSAL,
    METHOD_NOT_FOUND,
    MODERN,
    SDK_REQUEST_TIMEOUT,
    UNSUPPORTED_PROTOCOL_VERSION,
)
from skillscope.core.textsafe import safe_line
from skillscope.protocol.errors import (
    _http_status_error,
    _process_exited,
    _timeout_error,
    _transport_refusal,
    _unauthorised,
    mcp_error,
    method_error,
    refine,
    stderr_tail,
    translate,
)
from skillscope.protocol.http_steps import streamable_http
from skillscope.protocol.info import Era as Era
from skillscope.protocol.info import ServerInfo as ServerInfo
from skillscope.protocol.offloop import CHECKED_IN_THREAD, send_checked_in_thread, usable
from skillscope.protocol.target import Target
from skillscope.protocol.transport import (
    TransportStats,
    capped_http_client,
    capped_stdio,
    child_environment,
)
from skillscope.protocol.values import (
    GetResult,
    ReadResult,
    ResourcePage,
    SkillsPage,
    parse_get,
    parse_page,
    parse_read,
    parse_resource_page,
)

__all__ = ["Connection", "connect"]
_DICT = TypeAdapter(dict[str, Any])
_PARSE_IN_THREAD = 200
"""A skills/list page with more entries than this is read in a worker thread."""
DISCOVER_WAIT = 10.0
"""Seconds ``--era auto`` waits for a ``server/discover`` answer (at most half the timeout) before the handshake."""


class _RawRequest(types.Request[dict[str, Any] | None, str]):
    method: str
    params: dict[str, Any] | None = None


class _NamedRawRequest(types.Request[dict[str, Any] | None, str]):
    """A raw request whose ``uri`` param is mirrored into the ``Mcp-Name`` header."""

    method: str
    params: dict[str, Any] | None = None
    name_param = "uri"


class Connection:
    """An attached server: raw requests with timeouts and errors in skillscope's words."""

    def __init__(
        self,
        client: Client,
        info: ServerInfo,
        stats: TransportStats,
        stderr: IO[Any] | None,
        timeout: float,
        target: Target,
    ) -> None:
        self.client = client
        self.info = info
        self._stats = stats
        self._stderr = stderr
        self._timeout = timeout
        self._target = target

    @property
    def timeout(self) -> float:
        """Seconds each request may take (``--timeout``): how long a read waited before it was given up."""
        return self._timeout

    @property
    def closed(self) -> bool:
        """True once the server's side of the connection ended (a stdio server exited or closed its output)."""
        return self._stats.closed

    @property
    def refused(self) -> ProtocolViolation | None:
        """What the transport refused for good (a message over the size cap, an encoding not offered), if anything."""
        return _transport_refusal(self._stats)

    @property
    def exit_status(self) -> int | None:
        """A stdio server's exit status once it ended on its own (None while it runs, or when we stopped it)."""
        return _process_exited(self._stats)

    async def wait_closed(self) -> None:
        """Return when the server's side ends (a stdio process exiting); never, for transports that cannot tell."""
        if self._stats.ended is None:
            await anyio.sleep_forever()
        else:
            await self._stats.ended.wait()

    def closed_error(self) -> ConnectionFailed:
        """Why the connection ended, in plain words, with the server's stderr tail."""
        refused = _transport_refusal(self._stats)
        if refused is not None:
            return refused
        if self._stats.lost is not None:
            lost = translate(self._stats.lost, self._target, self._stats, self._stderr)
            return lost if isinstance(lost, ConnectionFailed) else ConnectionFailed(lost.message)
        status = self.exit_status
        if status is not None:
            return ServerExited(f"The server process exited with status {status}", detail=stderr_tail(self._stderr))
        return ConnectionFailed("The server closed the connection", detail=stderr_tail(self._stderr))

    async def check_alive(self, wait: float) -> None:
        """Send the lightest request the era has (``server/discover``, or ``ping`` on a handshake session).

        Any answer, an error answer included, proves the server is there; a failure to reach it
        ends the connection (see ``wait_closed``).

        Raises:
            ConnectionFailed: the server could not be reached, or gave no answer within ``wait`` seconds.
        """
        try:
            with anyio.fail_after(wait):
                if self.info.protocol == MODERN:
                    await self.client.session.send_discover(MODERN)
                else:
                    await self.client.session.send_ping()
        except MCPError:
            if self._stats.closed:
                raise self.closed_error() from None
        except TimeoutError:
            raise RequestTimedOut(f"{self._target.display} did not answer a liveness check within {wait:g} s") from None

    def require_skills(self) -> None:
        """Raise ``ExtensionNotOffered`` unless the server declared a usable skills extension."""
        if self.info.extension == "declared":
            return
        if self.info.extension == "malformed":
            raise ExtensionNotOffered(
                "Skills extension declared with a non-object value; ignored (sep-2640-capability-empty-object)"
            )
        if self.info.era == "legacy":
            message = (
                f"No skills extension declared on this {self.info.protocol} session (--era legacy). The server may "
                f"still serve skills on {MODERN}: servers built on the MCP Python SDK hide them from "
                "handshake sessions; try --era auto"
            )
        else:
            # --era auto tried 2026-07-28 first (or the server answered it): the era is not why.
            message = self.info.no_skills_words()
        raise ExtensionNotOffered(message)

    async def request(self, method: str, params: dict[str, Any], *, named: bool = False) -> dict[str, Any]:
        """Send one raw request and return its result dict, unvalidated.

        Raises:
            MethodError: the server answered with a JSON-RPC error (code, message, method, data).
            ConnectionFailed: any other failure, in plain words.
        """
        cls = _NamedRawRequest if named else _RawRequest
        session = self.client.session
        try:
            if method in CHECKED_IN_THREAD and not named and usable(session):
                # A list page may hold 20,000 items: the SDK's schema check of it would hold a screen's keys.
                return await send_checked_in_thread(session, method, params, self._timeout)
            # The SDK's generic bound names its own result models; a raw dict adapter works the same at run time.
            return await session.send_request(  # type: ignore[type-var]
                cls(method=method, params=params), _DICT, request_read_timeout_seconds=self._timeout
            )
        except MCPError as exc:
            refused = _transport_refusal(self._stats)
            if refused is not None:
                # The SDK reports a cut stream as a generic error; say what really happened.
                raise refused from None
            if self._stats.closed:
                # The server is gone: a connection error, never an answer about the thing requested
                # (a read on a dead server is not a verification failure).
                raise self.closed_error() from None
            status = self._stats.status
            if status is not None and self._stats.status_bare and self._target.kind == "http":
                # The SDK turns a bare HTTP error into a JSON-RPC code (404 becomes -32601): name the status.
                raise _http_status_error(status, method, self._target) from None
            raise method_error(exc, method) from None
        except Exception as exc:  # everything else is translated for people
            raise translate(exc, self._target, self._stats, self._stderr) from None

    async def list_page(self, cursor: str | None) -> SkillsPage:
        """One ``skills/list`` page, read into entries (each keeps its raw form and its shape problems)."""
        try:
            raw = await self.request("skills/list", {"cursor": cursor} if cursor else {})
            skills = raw.get("skills")
            if isinstance(skills, list) and len(skills) > _PARSE_IN_THREAD:
                # Reading thousands of entries takes long enough to stall a screen's keys: off the event loop.
                return await anyio.to_thread.run_sync(parse_page, raw)
            return parse_page(raw)
        except MethodError as exc:
            raise self._method_error(exc, "skills/list") from None

    async def get_skill(self, uri: str) -> GetResult:
        """``skills/get`` for one SKILL.md URI, read; ``SkillNotFound`` on -32602."""
        try:
            return parse_get(await self.request("skills/get", {"uri": uri}))
        except MethodError as exc:
            if exc.code == INVALID_PARAMS:
                raise SkillNotFound(
                    f"The server does not serve {safe_line(uri)!r} (skills/get answered -32602)"
                ) from None
            raise self._method_error(exc, "skills/get") from None

    @property
    def own_refusals(self) -> dict[str, str]:
        """Skill path → why skillscope itself refused that skill, for its own in-process publishers only.

        A well-known index's entry that failed its digest or archive checks is refused here, before any server
        answers; a remote server has no way to fill this in (its answers never reach ``Target.refused``).
        """
        own = self._target.folder or self._target.index
        return dict(self._target.refused) if self._target.kind == "inprocess" and own else {}

    async def read_resource(self, uri: str) -> ReadResult:
        """``resources/read`` of exactly this URI, read but not judged; an error answer is a ``MethodError``.

        Raises:
            PathRefused: the target is a local folder (skillscope's own in-process publisher) and it refused
                the path on purpose; only that target's refusal code counts, a server's same code stays a
                ``MethodError``.
        """
        try:
            return parse_read(await self.request("resources/read", {"uri": uri}, named=True))
        except MethodError as exc:
            own = self._target.folder or self._target.index  # skillscope's own publishers: a folder, a well-known index
            if exc.code == LOCAL_FOLDER_REFUSAL and self._target.kind == "inprocess" and own:
                raise PathRefused(safe_line(exc.server_message, limit=600)) from None
            raise

    async def list_resources(self, cursor: str | None = None) -> ResourcePage:
        """One ``resources/list`` page, read but not judged; an error answer is a ``MethodError``."""
        raw = await self.request("resources/list", {"cursor": cursor} if cursor else {})
        # One page may list tens of thousands of resources: parsed in a thread, a screen on this loop stays live.
        return await anyio.to_thread.run_sync(parse_resource_page, raw)

    async def read_directory(self, uri: str, cursor: str | None = None) -> ResourcePage:
        """One ``resources/directory/read`` page of ``uri``, read but not judged; an error answer is a ``MethodError``."""
        return parse_resource_page(
            await self.request("resources/directory/read", {"uri": uri, "cursor": cursor} if cursor else {"uri": uri})
        )

    def _method_error(self, exc: MethodError, method: str) -> ConnectionFailed:
        if exc.code == METHOD_NOT_FOUND:
            # Only a session forced to the handshake can be why: --era auto tried 2026-07-28 first.
            hint = "" if self.info.era != "legacy" else f"; the server may only serve it on {MODERN} (try --era auto)"
            return ProtocolViolation(f"The server does not implement {method} in this session (-32601){hint}")
        if self._stats.status in (401, 403):
            return _unauthorised(self._stats.status, self._target)
        if exc.detail is None and self._stderr is not None:
            exc.detail = stderr_tail(self._stderr)
        return refine(exc, self._stats, self._stderr)


@asynccontextmanager
async def connect(
    target: Target, *, era: Era = "auto", timeout: float = 30.0, errlog: IO[Any] | None = None
) -> AsyncIterator[Connection]:
    """Attach to ``target`` and yield a ``Connection``; every step is bounded by ``timeout``.

    Args:
        target: the server.
        era: ``auto`` probes 2026-07-28 with ``server/discover`` and falls back to the
            2025-11-25 handshake; ``modern`` and ``legacy`` force one era.
        timeout: seconds for connecting and for each request.
        errlog: where a stdio server's stderr goes (a temporary file by default).

    Raises:
        ConnectionFailed: a subclass saying what went wrong, in plain words.
    """
    SECRETS.add_target(target)
    stats = TransportStats()
    if target.kind == "http":
        stats.ended = anyio.Event()  # set by the first request that cannot reach the server
    owned_log = None
    if target.kind == "stdio" and errlog is None:
        owned_log = tempfile.TemporaryFile(mode="w+", encoding="utf-8", errors="replace")
        errlog = owned_log
    scope = anyio.CancelScope(deadline=anyio.current_time() + timeout)
    try:
        with scope:
            async with AsyncExitStack() as stack:
                client = _make_client(target, era, timeout, stats, errlog, stack)
                try:
                    await stack.enter_async_context(client)
                    info = await _negotiate(client, target, era, timeout)
                except MCPError as exc:
                    raise mcp_error(exc, target, stats, errlog, "connect") from None
                except ConnectionFailed:
                    raise
                except Exception as exc:
                    raise translate(exc, target, stats, errlog) from None
                scope.deadline = math.inf
                yield Connection(client, info, stats, errlog, timeout, target)
        if scope.cancelled_caught:
            raise _timeout_error(stats, errlog, f"Connecting took longer than {timeout:g} s")
    except BaseExceptionGroup as group:
        raise translate(group, target, stats, errlog) from None
    finally:
        if owned_log is not None:
            owned_log.close()


def _make_client(
    target: Target, era: Era, timeout: float, stats: TransportStats, errlog: IO[Any] | None, stack: AsyncExitStack
) -> Client:
    mode = "legacy" if era == "legacy" else MODERN
    common: dict[str, Any] = {
        "mode": mode,
        "extensions": [advertise(EXTENSION_ID)],
        "cache": None,
        "read_timeout_seconds": timeout,
        "client_info": types.Implementation(name="skillscope", version=_version()),
    }
    if target.kind == "inprocess":
        return Client(target.server, **common)  # type: ignore[arg-type]
    if target.kind == "http" and target.http_transport == "sse":
        from mcp.client.sse import sse_client

        def factory(headers: Any = None, timeout: Any = None, auth: Any = None) -> Any:
            return capped_http_client(dict(headers or {}), stats, common["read_timeout_seconds"], sse=True)

        return Client(
            sse_client(target.url or "", headers=dict(target.headers), timeout=timeout, httpx_client_factory=factory),
            **common,
        )
    if target.kind == "http":
        http = capped_http_client(
            dict(target.headers), stats, timeout, tls=not (target.url or "").lower().startswith("http://")
        )
        stack.push_async_callback(http.aclose)
        # Our transport caps every response body, SSE included, so the SDK's own event cap is off.
        transport = streamable_http(target.url or "", http)
        return Client(transport, **common)
    assert errlog is not None
    transport = capped_stdio(
        list(target.command), env=child_environment(dict(target.env)), cwd=target.cwd, errlog=errlog, stats=stats
    )
    return Client(transport, **common)


async def _negotiate(client: Client, target: Target, era: Era, timeout: float) -> ServerInfo:
    """Run the connect algorithm: discover at 2026-07-28, else the 2025-11-25 handshake."""
    session = client.session
    info = ServerInfo(label=target.label, target=target.display, era=era)
    raw_caps: Any = None
    raw: Any = None
    if era == "modern":
        try:
            raw = await session.send_discover(MODERN)
        except MCPError as exc:
            if exc.error.code == SDK_REQUEST_TIMEOUT:
                raise RequestTimedOut("The server did not answer server/discover in time (--era modern)") from None
            raise ProtocolViolation(
                f"The server refused server/discover at {MODERN} ({exc.error.code}: {safe_line(exc.error.message)}); "
                "try --era legacy or auto"
            ) from None
    elif era == "auto":
        raw = await _discover_or_handshake(session, min(DISCOVER_WAIT, timeout / 2))
    if raw is not None:
        supported = raw.get("supportedVersions") if isinstance(raw, dict) else None
        if isinstance(supported, list) and MODERN in supported:
            raw_caps = raw.get("capabilities")
            session.adopt(types.DiscoverResult.model_validate(_sanitised_discover(raw)))
        elif era == "modern":
            raise ProtocolViolation(f"The server does not support {MODERN} (it offers {safe_line(supported)})")
        else:
            raw = None
            await session.initialize()
    elif era == "legacy":
        await session.initialize()
    info.protocol = str(client.protocol_version)
    server_info = client.server_info
    if server_info is not None:
        info.name, info.version = server_info.name, server_info.version
    elif isinstance(raw, dict) and isinstance(raw.get("serverInfo"), dict):
        # Some servers put serverInfo in the discover result body instead of its _meta.
        info.name = str(raw["serverInfo"].get("name") or "") or None
        info.version = str(raw["serverInfo"].get("version") or "") or None
    _read_capabilities(info, raw_caps, client)
    return info


async def _discover_or_handshake(session: Any, wait: float) -> dict[str, Any] | None:
    """``--era auto``: the discover result, or None once the 2025-11-25 handshake is done instead.

    ``server/discover`` goes first. A refusal starts the handshake at once; silence starts it
    after ``wait`` seconds while the probe stays open, because a slow-starting modern server
    answers it late (and refuses the handshake), whereas an old server that drops unknown
    methods never answers it and accepts the handshake. The first to succeed wins.

    The SDK gives up on the probe after its own fixed 10 s. A modern server that takes longer
    to start (an ``npx`` download, a busy machine) answers after that, into the void, and then
    refuses the handshake as a 2026-07-28 server: that refusal proves the era, so the probe is
    sent once more to a server that is up by now.
    """
    outcome: dict[str, Any] = {}
    refused = anyio.Event()
    probe_over = anyio.Event()

    async with anyio.create_task_group() as group:

        async def discover() -> None:
            try:
                outcome["discover"] = await session.send_discover(MODERN)
            except MCPError as exc:
                outcome["discover_error"] = exc
                if exc.error.code != SDK_REQUEST_TIMEOUT:  # silence is not a refusal
                    refused.set()
                probe_over.set()
                return
            group.cancel_scope.cancel()

        async def handshake() -> None:
            with anyio.move_on_after(wait):
                await refused.wait()
            try:
                await session.initialize()
            except MCPError as exc:
                outcome["handshake_error"] = exc
                if refused.is_set():
                    group.cancel_scope.cancel()
                elif exc.error.code == UNSUPPORTED_PROTOCOL_VERSION:
                    await probe_over.wait()  # a discover answer still coming cancels this wait
                    try:
                        outcome["discover"] = await session.send_discover(MODERN)
                    except MCPError as again:
                        outcome["discover_error"] = again
                    group.cancel_scope.cancel()
                return  # otherwise a modern server's discover answer is still coming
            outcome["initialized"] = True
            group.cancel_scope.cancel()

        group.start_soon(discover)
        group.start_soon(handshake)
    if "discover" in outcome:
        return outcome["discover"]  # type: ignore[no-any-return]
    if outcome.get("initialized"):
        return None
    error = outcome.get("handshake_error") or outcome.get("discover_error")
    assert isinstance(error, MCPError)
    raise error


def _sanitised_discover(raw: dict[str, Any]) -> dict[str, Any]:
    """A copy of a discover result the SDK model accepts: non-object extension values dropped."""
    clean = dict(raw)
    caps = raw.get("capabilities")
    if isinstance(caps, dict) and isinstance(caps.get("extensions"), dict):
        caps = dict(caps)
        caps["extensions"] = {k: v for k, v in caps["extensions"].items() if isinstance(v, dict)}
        clean["capabilities"] = caps
    clean.setdefault("resultType", "complete")
    clean.setdefault("ttlMs", 0)
    clean.setdefault("cacheScope", "private")
    return clean


def _read_capabilities(info: ServerInfo, raw_caps: Any, client: Client) -> None:
    if isinstance(raw_caps, dict):
        extensions = raw_caps.get("extensions")
        has_resources = isinstance(raw_caps.get("resources"), dict)
    else:
        caps = client.server_capabilities
        extensions = caps.extensions
        has_resources = caps.resources is not None
    info.has_resources = has_resources
    info.offers = _offered(raw_caps if isinstance(raw_caps, dict) else None, client)
    value = extensions.get(EXTENSION_ID, None) if isinstance(extensions, dict) else None
    if isinstance(extensions, dict) and EXTENSION_ID in extensions and not isinstance(value, dict):
        info.extension = "malformed"
        info.notes.append(
            "Skills extension declared with a non-object value; ignored (sep-2640-capability-empty-object)"
        )
        return
    if value is None:
        info.extension = "absent"
        return
    info.extension = "declared"
    info.settings = value
    wrapped = [k for k in ENVELOPE_KEYS if k in value]
    if wrapped:
        info.notes.append(
            f"Extension settings are wrapped in an envelope ({', '.join(wrapped)}) instead of being inline "
            "(sep-2640-capability-declaration-inline)"
        )
    if not has_resources:
        info.notes.append(
            "Server declares skills but not the resources capability; file reads may fail "
            "(sep-2640-capability-requires-resources)"
        )


def _offered(raw_caps: dict[str, Any] | None, client: Client) -> list[str]:
    """Which of tools, prompts and resources the server declares (from the discover result, or the handshake's)."""
    names = ("tools", "prompts", "resources")
    if raw_caps is not None:
        return [name for name in names if isinstance(raw_caps.get(name), dict)]
    caps = client.server_capabilities
    return [name for name in names if getattr(caps, name, None) is not None]


def _version() -> str:
    return __version__
