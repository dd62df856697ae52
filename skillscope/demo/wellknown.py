"""A publisher's ``/.well-known/agent-skills/index.json`` (discovery schema 0.2.0) fetched, verified and served in-process.

Followed: the Agent Skills Discovery RFC, version 0.2.0 (updated 2026-03-12), cloudflare/agent-skills-discovery-rfc
README.md at commit 1bd1167983fa5ac9cd47987710c525308eda1a98. Every artifact's bytes are checked against the index's
``sha256:`` digest before anything parses them; an archive is then unpacked in memory (:mod:`.archive`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urljoin, urlsplit

import httpx2
from mcp import MCPError
from mcp.server.extension import ResourceBinding

from skillscope.catalog.fingerprint import fingerprint
from skillscope.catalog.names import is_valid_name, label_for_url
from skillscope.core.errors import ConnectionFailed, ProtocolViolation, RequestTimedOut, ServerUnreachable
from skillscope.core.redact import redact_url
from skillscope.core.spec import LOCAL_FOLDER_REFUSAL, MAX_TOTAL_BYTES
from skillscope.core.textsafe import safe_line
from skillscope.demo.archive import ArchiveRefused, archive_format, unpack
from skillscope.demo.folder import FolderSkill
from skillscope.demo.publisher import (
    SkillFile,
    SkillResource,
    SkillsPublisher,
    build_server,
    digest_of,
    entry_for,
    file_uri,
)
from skillscope.protocol.target import Target

__all__ = [
    "INDEX_SCHEMA",
    "WELLKNOWN_SERVER_NAME",
    "OriginConflict",
    "Refusal",
    "WellKnownSite",
    "load_site",
    "origin_conflicts",
    "parse_index",
    "site_of",
    "site_target",
]

INDEX_SCHEMA = "https://schemas.agentskills.io/discovery/0.2.0/schema.json"
WELLKNOWN_SERVER_NAME = "skillscope-wellknown"
MAX_INDEX_BYTES = 4 * 1024 * 1024
"""An index of a few thousand entries fits many times over; more is refused before it is parsed."""
MAX_ENTRIES = 2000
MAX_REDIRECTS = 5
_DIGEST = re.compile(r"^sha256:[0-9a-f]{64}$")
_PLACEHOLDER_DIGEST = "sha256:" + "0" * 64
_SITE_ATTRIBUTE = "_skillscope_wellknown_site"


@dataclass(frozen=True)
class Refusal:
    """Why one index entry is unavailable: a sentence naming the entry, and what was expected and got."""

    name: str
    """The skill's path in its URIs (the entry's name when valid, else ``entry-N``)."""
    reason: str
    size: int = 0


@dataclass
class WellKnownSite:
    """One publisher's index, read: the verified skills and the entries refused, each with why."""

    index_url: str
    skills: list[FolderSkill] = field(default_factory=list)
    refusals: list[Refusal] = field(default_factory=list)

    @property
    def origin(self) -> str:
        """``scheme://host[:port]`` of the index."""
        parts = urlsplit(self.index_url)
        return f"{parts.scheme.lower()}://{(parts.netloc.rpartition('@')[2]).lower()}"

    def fingerprints(self) -> dict[str, str]:
        """Each verified skill's fingerprint by its name: the same function approvals bind."""
        return {
            skill.skill_path: fingerprint((file_uri(skill, f.path), digest_of(f.data)) for f in skill.files)
            for skill in self.skills
            if skill.files and not skill.refused
        }


def _shown(url: str) -> str:
    return safe_line(redact_url(url), limit=300)


def _same_origin(a: str, b: str) -> bool:
    x, y = urlsplit(a), urlsplit(b)
    return (x.scheme.lower(), x.hostname, x.port) == (y.scheme.lower(), y.hostname, y.port)


class _Fetcher:
    """GETs with a bound on the body, redirects followed only within the origin, headers sent only to it."""

    def __init__(self, index_url: str, headers: Mapping[str, str], timeout: float) -> None:
        self.index_url = index_url
        self.headers = dict(headers)
        self.timeout = timeout
        self.client = httpx2.Client(timeout=timeout, follow_redirects=False, trust_env=False)

    def close(self) -> None:
        self.client.close()

    def get(self, url: str, limit: int) -> tuple[bytes, str | None]:
        """The body (at most ``limit`` bytes) and Content-Type of ``url``.

        Raises:
            ConnectionFailed: unreachable, timed out, not 200, over the limit, or redirected to another origin.
        """
        current = url
        for _ in range(MAX_REDIRECTS + 1):
            headers = self.headers if _same_origin(current, self.index_url) else {}
            try:
                with self.client.stream("GET", current, headers=headers) as response:
                    if response.is_redirect:
                        location = urljoin(current, response.headers.get("location", ""))
                        if not _same_origin(location, current):
                            raise ProtocolViolation(
                                f"{_shown(current)} redirects to another origin ({_shown(location)}); "
                                "skillscope follows redirects only within one origin"
                            )
                        current = location
                        continue
                    if response.status_code != 200:
                        raise ServerUnreachable(f"{_shown(current)} answered HTTP {response.status_code}")
                    body = bytearray()
                    for chunk in response.iter_bytes():
                        body += chunk
                        if len(body) > limit:
                            raise ProtocolViolation(f"{_shown(current)} sends more than {limit:,} bytes")
                    return bytes(body), response.headers.get("content-type")
            except httpx2.TimeoutException:
                raise RequestTimedOut(f"{_shown(current)}: no answer within {self.timeout:g} s") from None
            except httpx2.HTTPError as exc:
                raise ServerUnreachable(f"Cannot fetch {_shown(current)}: {safe_line(str(exc), limit=200)}") from None
        raise ProtocolViolation(f"{_shown(url)} redirects more than {MAX_REDIRECTS} times")


def parse_index(data: bytes, index_url: str) -> list[Any]:
    """The ``skills`` array of an index, once its ``$schema`` is the one known.

    Raises:
        ProtocolViolation: not JSON, not an object, an unknown or missing ``$schema``, no ``skills`` array.
    """
    shown = _shown(index_url)
    try:
        index = json.loads(data)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolViolation(f"The skills index at {shown} is not JSON") from None
    if not isinstance(index, dict):
        raise ProtocolViolation(f"The skills index at {shown} is not a JSON object")
    schema = index.get("$schema")
    if schema is None:
        raise ProtocolViolation(
            f"The skills index at {shown} has no $schema, so it is the 0.1.0 format, which carries no digests: "
            f"skillscope reads only {INDEX_SCHEMA}"
        )
    if schema != INDEX_SCHEMA:
        raise ProtocolViolation(
            f"The skills index at {shown} declares $schema {safe_line(schema, limit=200)!r}, "
            f"which skillscope does not know: it reads only {INDEX_SCHEMA}"
        )
    skills = index.get("skills")
    if not isinstance(skills, list):
        raise ProtocolViolation(f"The skills index at {shown} has no skills array")
    if len(skills) > MAX_ENTRIES:
        raise ProtocolViolation(f"The skills index at {shown} lists more than {MAX_ENTRIES:,} skills")
    return skills


def _entry_words(index_url: str, number: int, name: str, kind: object, url: object) -> str:
    return (
        f"entry #{number} {safe_line(name, limit=100)!r} ({safe_line(kind, limit=40)}, {safe_line(url, limit=300)}) "
        f"of {_shown(index_url)}"
    )


def _verified(name: str, files: list[SkillFile]) -> FolderSkill:
    """A verified skill with the entry a host would serve (without frontmatter when SKILL.md has none readable)."""
    skill = FolderSkill(name, files)
    try:
        skill.entry = entry_for(skill)
    except Exception:  # served as it is; the catalog then names the entry malformed
        skill.entry = {
            "uri": skill.uri,
            "resources": [
                {"uri": file_uri(skill, f.path), "digest": digest_of(f.data), "size": len(f.data)} for f in files
            ],
        }
    return skill


def _load_entry(number: int, raw: object, fetcher: _Fetcher, seen: set[str]) -> FolderSkill | Refusal:
    """One entry's skill, verified, or why it is unavailable."""
    if not isinstance(raw, dict):
        return Refusal(f"entry-{number}", f"entry #{number} of {_shown(fetcher.index_url)}: not a JSON object")
    raw_name, kind, url, digest = raw.get("name"), raw.get("type"), raw.get("url"), raw.get("digest")
    words = _entry_words(fetcher.index_url, number, str(raw_name), kind, url)
    path = f"entry-{number}"  # a name that cannot be used never reaches a URI
    if not isinstance(raw_name, str) or not is_valid_name(raw_name):
        return Refusal(
            path, f"{words}: the name breaks the naming rules (lowercase letters, digits, single hyphens, ≤ 64)"
        )
    name = raw_name
    if name in seen:
        return Refusal(path, f"{words}: the name is listed twice in the index")
    seen.add(name)
    path = name
    if kind not in ("skill-md", "archive"):
        return Refusal(path, f"{words}: the type is neither 'skill-md' nor 'archive'")
    if not isinstance(url, str) or not url:
        return Refusal(path, f"{words}: the entry has no url")
    if not isinstance(digest, str) or not _DIGEST.match(digest):
        return Refusal(path, f"{words}: the digest is not sha256: and 64 lowercase hex digits")
    absolute = urljoin(fetcher.index_url, url)
    if urlsplit(absolute).scheme.lower() not in ("http", "https"):
        return Refusal(path, f"{words}: the url is not http(s)")
    try:
        data, content_type = fetcher.get(absolute, MAX_TOTAL_BYTES)
    except ConnectionFailed as exc:
        return Refusal(path, f"{words}: could not be fetched: {exc.message}")
    got = digest_of(data)
    if got != digest:
        return Refusal(path, f"{words}: the index gives digest {digest}, the bytes served hash to {got}", len(data))
    if kind == "skill-md":
        return _verified(name, [SkillFile("SKILL.md", data)])
    form = archive_format(content_type, absolute, data)
    if form is None:
        return Refusal(
            path, f"{words}: the archive is neither .tar.gz nor .zip (by Content-Type, extension or bytes)", len(data)
        )
    try:
        files = unpack(data, form)
    except ArchiveRefused as exc:
        return Refusal(path, f"{words}: {exc}", len(data))
    ordered = sorted(files.items(), key=lambda item: (item[0] != "SKILL.md", item[0]))
    return _verified(name, [SkillFile(rel, body) for rel, body in ordered])


def load_site(index_url: str, *, headers: Mapping[str, str] | None = None, timeout: float = 30.0) -> WellKnownSite:
    """Fetch the index and every artifact it names; verify each against its digest, unpack archives safely.

    An entry that cannot be used (bad field, fetch failed, digest mismatch, hostile archive) is kept as a
    ``Refusal`` naming the entry and why; the rest are verified skills.

    Raises:
        ConnectionFailed: the index itself cannot be fetched, or is refused (unknown ``$schema``, not JSON).
    """
    fetcher = _Fetcher(index_url, headers or {}, timeout)
    try:
        entries = parse_index(fetcher.get(index_url, MAX_INDEX_BYTES)[0], index_url)
        site = WellKnownSite(index_url)
        seen: set[str] = set()
        for number, raw in enumerate(entries):
            loaded = _load_entry(number, raw, fetcher, seen)
            if isinstance(loaded, Refusal):
                site.refusals.append(loaded)
            else:
                site.skills.append(loaded)
        return site
    finally:
        fetcher.close()


class _RefusedSkillMd(SkillResource):
    """The SKILL.md of an entry that failed: reading it answers the refusal code and why (never any bytes)."""

    reason: str = ""

    async def read(self) -> str | bytes:
        raise MCPError(code=LOCAL_FOLDER_REFUSAL, message=self.reason)


class _WellKnownPublisher(SkillsPublisher):
    """The publisher, plus a refusing SKILL.md for every unavailable entry."""

    refusals: Sequence[tuple[str, str]] = ()

    def resources(self) -> Any:
        bindings = list(super().resources())
        for uri, reason in self.refusals:
            bindings.append(ResourceBinding(_RefusedSkillMd(uri=uri, name="SKILL.md", data=b"", reason=reason)))
        return bindings


def _refused_skill(refusal: Refusal, description: str) -> FolderSkill:
    skill = FolderSkill(refusal.name, [])
    skill.refused["SKILL.md"] = refusal.reason
    skill.entry = {
        "uri": skill.uri,
        "frontmatter": {"name": refusal.name, "description": description},
        "resources": [{"uri": file_uri(skill, "SKILL.md"), "digest": _PLACEHOLDER_DIGEST, "size": refusal.size}],
    }
    return skill


def _server(site: WellKnownSite) -> Any:
    refused = [_refused_skill(r, f"Unavailable: skillscope refused {r.reason}"[:1024]) for r in site.refusals]
    texts = [(file_uri(skill, "SKILL.md"), f"skillscope refused {skill.refused['SKILL.md']}") for skill in refused]

    class Publisher(_WellKnownPublisher):
        refusals = texts

    skills = sorted([*site.skills, *refused], key=lambda s: s.skill_path)
    server = build_server(skills, name=WELLKNOWN_SERVER_NAME, publisher_class=Publisher)
    setattr(server, _SITE_ATTRIBUTE, site)  # read back by site_of, for the two-origins check
    return server


def site_target(
    index_url: str, label: str | None = None, *, headers: Mapping[str, str] | None = None, timeout: float = 30.0
) -> Target:
    """A target serving a publisher's well-known skills in-process, fetched and verified now.

    Raises:
        ConnectionFailed: the index cannot be fetched or is refused.
    """
    site = load_site(index_url, headers=headers, timeout=timeout)
    return Target(
        label=label or label_for_url(index_url),
        kind="inprocess",
        server=_server(site),
        index=index_url,
        refused={r.name: f"skillscope refused {r.reason}" for r in site.refusals},
    )


def site_of(target: Target) -> WellKnownSite | None:
    """The well-known site a target serves, if it serves one."""
    site = getattr(target.server, _SITE_ATTRIBUTE, None)
    return site if isinstance(site, WellKnownSite) else None


@dataclass(frozen=True)
class OriginConflict:
    """One skill name two attached well-known origins serve with different bytes: for each, (index URL, name, fingerprint)."""

    skill: str
    first: tuple[str, str, str]
    second: tuple[str, str, str]

    def sentence(self) -> str:
        """The warning as a person reads it, naming both origins."""
        (url_a, name_a, print_a), (url_b, name_b, print_b) = self.first, self.second
        return (
            f"skill {self.skill!r} is served with different bytes by two origins: "
            f"{_shown(url_a)} ({name_a}, fingerprint {print_a[:16]}…) and "
            f"{_shown(url_b)} ({name_b}, fingerprint {print_b[:16]}…)"
        )

    def as_json(self) -> dict[str, Any]:
        """The warning in the JSON report (``warnings``): index URLs with any secret redacted."""
        return {
            "kind": "origin-conflict",
            "message": self.sentence(),
            "skill": self.skill,
            "origins": [
                {"index": redact_url(url), "name": name, "fingerprint": digest}
                for url, name, digest in (self.first, self.second)
            ],
        }


def origin_conflicts(targets: Sequence[Target]) -> list[OriginConflict]:
    """Each skill name two attached well-known origins serve with different bytes, naming both."""
    sites = [(t.label, site) for t in targets if (site := site_of(t)) is not None]
    found: list[OriginConflict] = []
    for i, (label_a, a) in enumerate(sites):
        prints_a = a.fingerprints()
        for label_b, b in sites[i + 1 :]:
            if a.origin == b.origin:
                continue
            prints_b = b.fingerprints()
            for name in sorted(prints_a.keys() & prints_b.keys()):
                if prints_a[name] != prints_b[name]:
                    found.append(
                        OriginConflict(
                            name,
                            (a.index_url, f"{label_a}:{name}", prints_a[name]),
                            (b.index_url, f"{label_b}:{name}", prints_b[name]),
                        )
                    )
    return found
