"""Serve Agent Skills over MCP with the SDK's Extension API (SEP-2640 publisher)."""

from __future__ import annotations

import base64
import copy
import hashlib
import hmac
import json
import logging
import mimetypes
import os
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path, PurePosixPath
from typing import Any, Literal
from urllib.parse import quote

import anyio
import anyio.to_thread
import mcp_types
import yaml
from mcp import MCPError
from mcp.server.context import CallNext, HandlerResult, ServerMiddleware, ServerRequestContext
from mcp.server.extension import Extension, MethodBinding, ResourceBinding
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.resources.base import Resource
from pydantic import ConfigDict

from skillscope import __version__
from skillscope.core.spec import EXTENSION_ID, INVALID_PARAMS, MODERN

__all__ = [
    "PublishedSkill",
    "SkillFile",
    "SkillResource",
    "SkillsPublisher",
    "build_server",
    "digest_of",
    "entry_for",
    "file_uri",
    "load_skills_dir",
    "parse_frontmatter",
    "quiet_mcp_server",
    "skill_uri",
]


_MODERN_ONLY = frozenset({MODERN})


@dataclass(frozen=True)
class SkillFile:
    """One file of a skill, held as raw bytes.

    Attributes:
        path: Path relative to the skill directory, e.g. ``"SKILL.md"`` or
            ``"references/FORMS.md"``.
        data: The file's real bytes; its digest and size go into the entry.
        form: How ``resources/read`` delivers it: ``"text"``, ``"blob"``, or
            ``"auto"`` (text when the served bytes are UTF-8 without NUL).
            A ``"text"`` file whose bytes are not UTF-8 is decoded with
            replacement characters, which corrupts it as some servers do.
        mime_type: The served MIME type. Defaults to ``text/markdown`` for
            ``SKILL.md`` and a guess from the extension otherwise.
    """

    path: str
    data: bytes
    form: Literal["auto", "text", "blob"] = "auto"
    mime_type: str | None = None


@dataclass
class PublishedSkill:
    """A skill as a server publishes it, with knobs for misbehaviour.

    Attributes:
        skill_path: Path of the skill directory under the scheme, e.g.
            ``"pdf-processing"`` or ``"acme/billing/invoice-review"``; the last
            segment is the skill name. Segments are percent-encoded in URIs.
        files: Every file of the skill, ``SKILL.md`` included.
        scheme: URI scheme, ``skill`` by default.
        listed: When False the skill is left out of ``skills/list`` but still
            answers ``skills/get`` and ``resources/read``.
        dynamic: Send ``resources: "dynamic"`` instead of a manifest.
        served: Bytes that ``resources/read`` returns instead of the real ones,
            keyed by relative path (tampering). A path that is not in ``files``
            is served as an extra, unlisted file.
        entry: A raw JSON value sent as the entry instead of the computed one
            (for malformed entries); used by both ``skills/list`` and
            ``skills/get``.
        frontmatter: The entry's frontmatter; by default parsed from
            ``SKILL.md``.
        raw_paths: Write file paths into URIs exactly as given (already
            percent-encoded, or with raw non-ASCII letters) instead of
            percent-encoding them.
    """

    skill_path: str
    files: list[SkillFile]
    scheme: str = "skill"
    listed: bool = True
    dynamic: bool = False
    served: dict[str, bytes] = field(default_factory=dict)
    entry: Any = None
    frontmatter: dict[str, Any] | None = None
    raw_paths: bool = False

    @property
    def name(self) -> str:
        """The last segment of the skill path."""
        return self.skill_path.rstrip("/").rsplit("/", 1)[-1]

    @property
    def uri(self) -> str:
        """The URI of this skill's ``SKILL.md``."""
        return skill_uri(self)

    def file(self, path: str) -> SkillFile:
        """Return the file at ``path``.

        Args:
            path: Path relative to the skill directory.

        Returns:
            The matching file.

        Raises:
            KeyError: If the skill has no such file.
        """
        for item in self.files:
            if item.path == path:
                return item
        raise KeyError(path)

    def served_bytes(self, path: str) -> bytes:
        """Return the bytes ``resources/read`` delivers for ``path``.

        Args:
            path: Path relative to the skill directory.

        Returns:
            The tampered bytes if any, otherwise the real ones.
        """
        if path in self.served:
            return self.served[path]
        return self.file(path).data


def digest_of(data: bytes) -> str:
    """Return the entry digest of some bytes.

    Args:
        data: Raw file bytes.

    Returns:
        ``"sha256:"`` followed by the lowercase hex SHA-256.
    """
    return "sha256:" + hashlib.sha256(data).hexdigest()


def _skill_dir_uri(skill: PublishedSkill) -> str:
    segments = [quote(segment, safe="") for segment in skill.skill_path.strip("/").split("/")]
    return f"{skill.scheme}://{'/'.join(segments)}"


def skill_uri(skill: PublishedSkill) -> str:
    """Return the URI of a skill's ``SKILL.md``.

    Args:
        skill: The skill.

    Returns:
        ``<scheme>://<skill_path>/SKILL.md`` with each path segment percent-encoded.
    """
    return _skill_dir_uri(skill) + "/SKILL.md"


def file_uri(skill: PublishedSkill, path: str) -> str:
    """Return the URI of one file of a skill.

    Args:
        skill: The skill.
        path: Path relative to the skill directory.

    Returns:
        The directory URI plus the percent-encoded relative path.
    """
    return _skill_dir_uri(skill) + "/" + (path if skill.raw_paths else quote(path, safe="/"))


def parse_frontmatter(data: bytes) -> dict[str, Any]:
    """Parse the YAML frontmatter of a ``SKILL.md`` into plain JSON values.

    Args:
        data: Raw ``SKILL.md`` bytes (a leading BOM and CRLF line ends are allowed).

    Returns:
        The frontmatter mapping after a JSON round trip (dates become strings).

    Raises:
        ValueError: If there is no ``---`` block or it is not a YAML mapping.
    """
    result: dict[str, Any] = json.loads(_frontmatter_json(data))
    return result


@lru_cache(maxsize=256)
def _frontmatter_json(data: bytes) -> str:
    """The frontmatter of ``data`` as JSON text, parsed once per process for the same bytes.

    Building a server, its catalog and the demo ledger parse each SKILL.md several times, and YAML is
    slow: every TUI test paid ~100 parses. JSON text is kept so every caller gets its own mapping.
    """
    text = data.decode("utf-8").removeprefix("\ufeff")
    lines = text.splitlines()
    if not lines or lines[0].rstrip(" \t\r") != "---":
        raise ValueError("SKILL.md does not start with a '---' line")
    for index, line in enumerate(lines[1:], start=1):
        if line.rstrip(" \t\r") == "---":
            block = "".join(line + "\n" for line in lines[1:index])  # a YAML document keeps its last line break
            break
    else:
        raise ValueError("SKILL.md frontmatter is not closed by a '---' line")
    loaded = yaml.safe_load(block)
    if not isinstance(loaded, dict):
        raise ValueError("SKILL.md frontmatter is not a mapping")
    return json.dumps(loaded, default=str)


_ATOMS = (str, int, float, bool, type(None))


def _json_copy(value: Any) -> Any:
    """A deep copy of a JSON-shaped value: what ``copy.deepcopy`` gives, three times faster for a catalog.

    Each answer hands out copies, so a middleware that edits a result cannot change what is served
    next. Maps and lists are rebuilt and JSON's atoms (immutable) shared; anything else a test
    fixture planted in an entry is deep-copied.
    """
    kind = type(value)
    if kind is dict:
        return {key: _json_copy(item) for key, item in value.items()}
    if kind is list:
        return [_json_copy(item) for item in value]
    if kind in _ATOMS:
        return value
    return copy.deepcopy(value)


def entry_for(skill: PublishedSkill) -> dict[str, Any]:
    """Build the spec-correct entry of a skill from its real files.

    Ignores ``skill.entry`` and ``skill.served``; uses ``skill.frontmatter`` when set.

    Args:
        skill: The skill.

    Returns:
        ``{"uri", "frontmatter", "resources"}`` with one ``{uri, digest, size}``
        per file, or ``"dynamic"``.

    Raises:
        ValueError: If the frontmatter must be parsed and cannot be.
        KeyError: If the skill has no ``SKILL.md`` and no frontmatter override.
    """
    frontmatter = skill.frontmatter
    if frontmatter is None:
        frontmatter = parse_frontmatter(skill.file("SKILL.md").data)
    resources: list[dict[str, Any]] | str
    if skill.dynamic:
        resources = "dynamic"
    else:
        resources = [
            {"uri": file_uri(skill, item.path), "digest": digest_of(item.data), "size": len(item.data)}
            for item in skill.files
        ]
    return {"uri": skill_uri(skill), "frontmatter": copy.deepcopy(frontmatter), "resources": resources}


def _is_text(data: bytes) -> bool:
    if b"\x00" in data:
        return False
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _guess_mime(path: str, data: bytes) -> str:
    name = PurePosixPath(path).name
    if name == "SKILL.md" or name.lower().endswith((".md", ".markdown")):
        return "text/markdown"
    guessed, _ = mimetypes.guess_type(name, strict=False)
    if guessed:
        return guessed
    return "text/plain" if _is_text(data) else "application/octet-stream"


class SkillResource(Resource):
    """A resource that serves fixed bytes exactly, as text or blob.

    Unlike the SDK's ``FileResource`` it never strips a BOM or converts line ends.
    """

    data: bytes
    form: Literal["auto", "text", "blob"] = "auto"

    async def read(self) -> str | bytes:
        """Return the bytes, or their UTF-8 text when served as text.

        Returns:
            ``str`` (sent as ``text``) or ``bytes`` (sent as ``blob``).
        """
        if self.form == "blob" or (self.form == "auto" and not _is_text(self.data)):
            return self.data
        return self.data.decode("utf-8", errors="replace")


class _ListParams(mcp_types.RequestParams):
    model_config = ConfigDict(extra="allow")
    cursor: str | None = None


class _GetParams(mcp_types.RequestParams):
    model_config = ConfigDict(extra="allow")
    uri: str


class SkillsPublisher(Extension):
    """The skills extension: ``skills/list``, ``skills/get`` and the skill files.

    Subclasses can override :meth:`list_result` and :meth:`get_result` to
    misbehave at the method level.
    """

    identifier = EXTENSION_ID

    def __init__(
        self,
        skills: Iterable[PublishedSkill],
        *,
        page_size: int | None = None,
        settings: Any = None,
        cache_fields: bool = True,
        unknown_resource_code: int = INVALID_PARAMS,
        protocol_versions: Iterable[str] | None = None,
    ) -> None:
        """Create the extension.

        Args:
            skills: The skills to publish, in listing order.
            page_size: Entries per ``skills/list`` page; None lists everything at once.
            settings: The value declared under ``capabilities.extensions``;
                None means ``{}``. A non-object value is written onto the wire
                raw by :func:`build_server` (malformed declaration).
            cache_fields: Put ``ttlMs: 0`` and ``cacheScope: "private"`` on
                ``skills/list`` and ``skills/get`` results.
            unknown_resource_code: Error code for ``resources/read`` of an
                unknown URI (applied by :func:`build_server`).
            protocol_versions: Protocol versions at which ``skills/*`` answer;
                None answers in every era.

        Raises:
            ValueError: If ``page_size`` is not positive.
        """
        if page_size is not None and page_size < 1:
            raise ValueError("page_size must be a positive integer")
        self.skills: list[PublishedSkill] = list(skills)
        self.page_size = page_size
        self.declared: Any = {} if settings is None else settings
        self.cache_fields = cache_fields
        self.unknown_resource_code = unknown_resource_code
        self.protocol_versions = None if protocol_versions is None else frozenset(protocol_versions)
        self._cursor_key = secrets.token_bytes(16)
        self._entries: list[tuple[PublishedSkill, Any]] = [(skill, self._entry_of(skill)) for skill in self.skills]
        self._by_uri: dict[str, Any] = {}
        for skill, entry in self._entries:
            self._by_uri.setdefault(skill_uri(skill), entry)
            if isinstance(entry, Mapping) and isinstance(entry.get("uri"), str):
                self._by_uri.setdefault(entry["uri"], entry)

    @staticmethod
    def _entry_of(skill: PublishedSkill) -> Any:
        return skill.entry if skill.entry is not None else entry_for(skill)

    def settings(self) -> dict[str, Any]:
        """Return the declared settings for the SDK (``{}`` if the value is not an object).

        Returns:
            A copy of the declared object.
        """
        return dict(self.declared) if isinstance(self.declared, dict) else {}

    def methods(self) -> Sequence[MethodBinding]:
        """Bind ``skills/list`` and ``skills/get``.

        Returns:
            The two method bindings.
        """

        async def on_list(ctx: ServerRequestContext[Any, Any], params: _ListParams) -> dict[str, Any]:
            return await self.list_result(params.cursor)

        async def on_get(ctx: ServerRequestContext[Any, Any], params: _GetParams) -> dict[str, Any]:
            return await self.get_result(params.uri)

        return [
            MethodBinding("skills/list", _ListParams, on_list, self.protocol_versions),
            MethodBinding("skills/get", _GetParams, on_get, self.protocol_versions),
        ]

    def resources(self) -> Sequence[ResourceBinding]:
        """Register every file of every skill, tampered bytes included.

        Returns:
            One binding per distinct file URI (the first skill claiming a URI wins).
        """
        bindings: list[ResourceBinding] = []
        seen: set[str] = set()
        for skill in self.skills:
            # The first file of each path, as PublishedSkill.file finds it: looked up once, not once per file.
            listed: dict[str, SkillFile] = {}
            for item in skill.files:
                listed.setdefault(item.path, item)
            paths = [item.path for item in skill.files]
            paths += [path for path in skill.served if path not in listed]
            for path in paths:
                uri = file_uri(skill, path)
                if uri in seen:
                    continue
                seen.add(uri)
                data = skill.served[path] if path in skill.served else listed[path].data
                spec = listed[path] if path in listed else SkillFile(path, data)
                bindings.append(ResourceBinding(self._resource(skill, spec, data, uri)))
        return bindings

    def _resource(self, skill: PublishedSkill, spec: SkillFile, data: bytes, uri: str) -> SkillResource:
        path = spec.path
        mime = spec.mime_type or _guess_mime(path, data)
        name, description = path, None
        if path == "SKILL.md":
            frontmatter = self._frontmatter_of(skill)
            if isinstance(frontmatter.get("name"), str):
                name = frontmatter["name"]
            if isinstance(frontmatter.get("description"), str):
                description = frontmatter["description"]
        return SkillResource(uri=uri, name=name, description=description, mime_type=mime, data=data, form=spec.form)

    @staticmethod
    def _frontmatter_of(skill: PublishedSkill) -> dict[str, Any]:
        if skill.frontmatter is not None:
            return skill.frontmatter
        try:
            return parse_frontmatter(skill.file("SKILL.md").data)
        except (KeyError, ValueError, UnicodeDecodeError, yaml.YAMLError):
            return {}

    def _with_cache(self, result: dict[str, Any]) -> dict[str, Any]:
        if self.cache_fields:
            result["ttlMs"] = 0
            result["cacheScope"] = "private"
        return result

    def encode_cursor(self, offset: int) -> str:
        """Return an opaque, tamper-evident cursor for a listing offset.

        Args:
            offset: Index of the first entry of the next page.

        Returns:
            A URL-safe token.
        """
        raw = offset.to_bytes(4, "big")
        mac = hmac.new(self._cursor_key, raw, hashlib.sha256).digest()[:12]
        return base64.urlsafe_b64encode(raw + mac).decode("ascii").rstrip("=")

    def decode_cursor(self, cursor: str) -> int:
        """Return the offset a cursor stands for.

        Args:
            cursor: A cursor from :meth:`encode_cursor`.

        Returns:
            The listing offset.

        Raises:
            MCPError: ``-32602`` if the cursor was not issued by this publisher.
        """
        try:
            blob = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        except (ValueError, TypeError):
            blob = b""
        if len(blob) == 16:
            raw, mac = blob[:4], blob[4:]
            if hmac.compare_digest(mac, hmac.new(self._cursor_key, raw, hashlib.sha256).digest()[:12]):
                return int.from_bytes(raw, "big")
        raise MCPError(code=INVALID_PARAMS, message="Invalid skills cursor", data={"cursor": cursor})

    def listed_entries(self) -> list[Any]:
        """Return the entries ``skills/list`` serves, in order.

        Returns:
            Deep copies of the entries of listed skills.
        """
        return [_json_copy(entry) for skill, entry in self._entries if skill.listed]

    async def list_result(self, cursor: str | None) -> dict[str, Any]:
        """Answer ``skills/list``.

        Args:
            cursor: The cursor the client sent, or None for the first page.

        Returns:
            ``{"skills": [...], "nextCursor"?: ..., "ttlMs"?, "cacheScope"?}``.

        Raises:
            MCPError: ``-32602`` for a cursor this publisher did not issue.
        """
        # Copying thousands of entries takes a while; an in-process server shares its client's event loop.
        entries = await anyio.to_thread.run_sync(self.listed_entries)
        start = 0 if cursor is None else self.decode_cursor(cursor)
        if self.page_size is None:
            return self._with_cache({"skills": entries[start:]})
        end = start + self.page_size
        result: dict[str, Any] = {"skills": entries[start:end]}
        if end < len(entries):
            result["nextCursor"] = self.encode_cursor(end)
        return self._with_cache(result)

    async def get_result(self, uri: str) -> dict[str, Any]:
        """Answer ``skills/get`` for listed and unlisted skills.

        Args:
            uri: The requested ``SKILL.md`` URI.

        Returns:
            ``{"skill": entry, "ttlMs"?, "cacheScope"?}``.

        Raises:
            MCPError: ``-32602`` ("Unknown skill URI") for a URI no skill has.
        """
        if uri not in self._by_uri:
            raise MCPError(code=INVALID_PARAMS, message="Unknown skill URI", data={"uri": uri})
        return self._with_cache({"skill": _json_copy(self._by_uri[uri])})


class _DeclarationPatch:
    """Server middleware that adjusts the declared capabilities on the wire.

    The SDK drops ``capabilities.extensions`` from a 2025-11-25 ``initialize``
    result and only accepts object settings; this puts the declaration back
    (or writes a raw non-object value), and can hide the resources capability.
    """

    def __init__(self, value: Any, *, legacy: bool, raw_modern: bool, drop_resources: bool) -> None:
        self.value = value
        self.legacy = legacy
        self.raw_modern = raw_modern
        self.drop_resources = drop_resources

    async def __call__(self, ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
        result = await call_next(ctx)
        if ctx.method not in ("initialize", "server/discover") or not isinstance(result, dict):
            return result
        capabilities = result.get("capabilities")
        if not isinstance(capabilities, dict):
            return result
        if (ctx.method == "initialize" and self.legacy) or (ctx.method == "server/discover" and self.raw_modern):
            extensions = capabilities.get("extensions")
            extensions = dict(extensions) if isinstance(extensions, dict) else {}
            extensions[EXTENSION_ID] = copy.deepcopy(self.value)
            capabilities["extensions"] = extensions
        if self.drop_resources:
            capabilities.pop("resources", None)
        return result


class _NotFoundCode:
    """Server middleware that re-codes the "unknown resource" error of ``resources/read``."""

    def __init__(self, code: int) -> None:
        self.code = code

    async def __call__(self, ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
        try:
            return await call_next(ctx)
        except MCPError as err:
            if ctx.method != "resources/read" or err.code != INVALID_PARAMS:
                raise
            raise MCPError(code=self.code, message=err.message, data=err.data) from None


def build_server(
    skills: Iterable[PublishedSkill],
    *,
    name: str = "skillscope-demo",
    version: str = __version__,
    declare_in_legacy: bool = True,
    declare_resources: bool = True,
    publisher_class: type[SkillsPublisher] = SkillsPublisher,
    middleware: Sequence[ServerMiddleware[Any]] = (),
    **publisher_options: Any,
) -> MCPServer:
    """Build an MCP server that publishes skills in both protocol eras.

    Leaves the root logger as it was (see :func:`quiet_mcp_server`).

    Args:
        skills: The skills to publish.
        name: Server name reported in ``serverInfo``.
        version: Server version reported in ``serverInfo``.
        declare_in_legacy: Also declare the extension in the 2025-11-25
            ``initialize`` result (the SDK leaves it out on its own).
        declare_resources: Declare the ``resources`` capability; False hides
            it from ``initialize`` and ``server/discover``.
        publisher_class: The extension class, for subclasses that misbehave.
        middleware: Extra server middleware, outermost first, inside the
            publisher's own.
        **publisher_options: Keyword arguments for ``publisher_class``
            (``page_size``, ``settings``, ``cache_fields``,
            ``unknown_resource_code``, ``protocol_versions``).

    Returns:
        The configured server.
    """
    publisher = publisher_class(skills, **publisher_options)
    own: list[ServerMiddleware[Any]] = []
    raw_modern = not isinstance(publisher.declared, dict)
    if declare_in_legacy or raw_modern or not declare_resources:
        own.append(
            _DeclarationPatch(
                publisher.declared,
                legacy=declare_in_legacy,
                raw_modern=raw_modern,
                drop_resources=not declare_resources,
            )
        )
    if publisher.unknown_resource_code != INVALID_PARAMS:
        own.append(_NotFoundCode(publisher.unknown_resource_code))
    return quiet_mcp_server(
        name,
        version=version,
        extensions=[publisher],
        middleware=[*own, *middleware],
        warn_on_duplicate_resources=False,
    )


def quiet_mcp_server(name: str, **options: Any) -> MCPServer:
    """Construct an ``MCPServer`` without letting it reconfigure root logging.

    ``MCPServer`` calls ``logging.basicConfig`` with a stderr handler when the
    root logger has none; this restores the root logger's handlers and level.

    Args:
        name: Server name.
        **options: Keyword arguments for ``MCPServer``.

    Returns:
        The server.
    """
    root = logging.getLogger()
    saved_handlers, saved_level = root.handlers[:], root.level
    try:
        server: MCPServer = MCPServer(name, **options)
    finally:
        root.handlers[:] = saved_handlers
        root.setLevel(saved_level)
    return server


def load_skills_dir(root: Path) -> list[PublishedSkill]:
    """Turn a folder of skill folders into skills, bytes exactly as on disk.

    Every directory below ``root`` that holds a ``SKILL.md`` is one skill, its
    path relative to ``root`` being the skill path. Its files are every regular
    file below it, except hidden ones, symlinks and files of nested skills.

    Args:
        root: The folder to scan.

    Returns:
        The skills, sorted by skill path.
    """
    root = Path(root)
    skill_dirs = sorted(path.parent for path in root.rglob("SKILL.md") if path.is_file() and not path.is_symlink())
    skills: list[PublishedSkill] = []
    for directory in skill_dirs:
        files: list[SkillFile] = []
        for current, dirnames, filenames in os.walk(directory):
            here = Path(current)
            dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and not (here / d / "SKILL.md").is_file())
            for filename in sorted(filenames):
                path = here / filename
                if filename.startswith(".") or path.is_symlink() or not path.is_file():
                    continue
                files.append(SkillFile(path.relative_to(directory).as_posix(), path.read_bytes()))
        files.sort(key=lambda item: (item.path != "SKILL.md", item.path))
        skills.append(PublishedSkill(directory.relative_to(root).as_posix(), files))
    return skills
