"""Stand-in SEP-2640 host built on the bare MCP SDK, used to prove the conformance harness.

Usage (as the suite calls it): ``python tests/conformance/reference_client.py <URL>``

It is test support only. It does what a correct host does in the four ``sep-2640-client-*``
scenarios, so that a failing run with it points at the harness (suite install, command line,
result parsing), while a failing run with ``adapter.py`` points at skillscope:

* list every page of ``skills/list`` and read nothing (``sep-2640-client-no-prefetch``);
* in the ``sep-2640-client-verify-*`` scenarios, load each listed skill: read its ``SKILL.md``,
  check size, then digest, then the frontmatter against the entry, and read the other listed
  files only if all three passed.

The era follows ``MCP_CONFORMANCE_PROTOCOL_VERSION``: ``2025-11-25`` forces the
``initialize`` handshake, anything else uses the SDK's auto negotiation (``server/discover``).
Exit status: 0 when the run completed (a verification failure is an expected outcome), 2 on a
protocol or usage error.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import os
import sys
from typing import Any, Literal
from urllib.parse import urlsplit, urlunsplit

import mcp
import mcp_types
import yaml
from mcp.client import advertise
from pydantic import Field, TypeAdapter

SKILLS_EXTENSION = "io.modelcontextprotocol/skills"
LEGACY_VERSION = "2025-11-25"
REQUEST_TIMEOUT_S = 10.0
PAGE_CAP = 50


class SkillsListRequest(mcp_types.Request[mcp_types.PaginatedRequestParams, Literal["skills/list"]]):
    """Raw ``skills/list``: the SDK has no skills API."""

    method: Literal["skills/list"] = "skills/list"
    params: mcp_types.PaginatedRequestParams = Field(default_factory=mcp_types.PaginatedRequestParams)


class VerificationError(Exception):
    """The bytes served for a listed file do not match its entry."""


def log(message: str) -> None:
    print(f"[reference-client] {message}", file=sys.stderr, flush=True)


def loopback(url: str) -> str:
    """The mock listens on every interface but announces ``localhost``: talk to 127.0.0.1."""
    parts = urlsplit(url)
    if parts.hostname == "localhost":
        netloc = "127.0.0.1" + (f":{parts.port}" if parts.port else "")
        return urlunsplit(parts._replace(netloc=netloc))
    return url


async def list_skills(session: Any) -> list[dict[str, Any]]:
    adapter = TypeAdapter(dict[str, Any])
    entries: list[dict[str, Any]] = []
    seen_cursors: set[str] = set()
    cursor: str | None = None
    for _ in range(PAGE_CAP):
        params = mcp_types.PaginatedRequestParams(cursor=cursor)
        result = await session.send_request(
            SkillsListRequest(params=params), adapter, request_read_timeout_seconds=REQUEST_TIMEOUT_S
        )
        page = result.get("skills")
        if not isinstance(page, list):
            raise RuntimeError(f"skills/list result has no skills array: {result!r}")
        entries.extend(e for e in page if isinstance(e, dict))
        cursor = result.get("nextCursor")
        if not isinstance(cursor, str) or not cursor or cursor in seen_cursors or not page:
            break
        seen_cursors.add(cursor)
    return entries


async def read_bytes(session: Any, uri: str) -> bytes:
    result = await session.read_resource(uri)
    for item in result.contents:
        if item.uri != uri:
            continue
        text = getattr(item, "text", None)
        if isinstance(text, str):
            return text.encode("utf-8")
        blob = getattr(item, "blob", None)
        if isinstance(blob, str):
            return base64.b64decode(blob, validate=True)
    raise VerificationError(f"{uri}: no contents item for this uri")


def check_file(uri: str, data: bytes, listed: dict[str, Any]) -> None:
    if len(data) != listed.get("size"):
        raise VerificationError(f"{uri}: size {len(data)} != listed {listed.get('size')}")
    digest = "sha256:" + hashlib.sha256(data).hexdigest()
    if digest != listed.get("digest"):
        raise VerificationError(f"{uri}: digest {digest} != listed {listed.get('digest')}")


def frontmatter_of(data: bytes) -> dict[str, Any]:
    text = data.decode("utf-8").removeprefix("\ufeff")
    lines = text.splitlines()
    if not lines or lines[0].rstrip(" \t") != "---":
        raise VerificationError("SKILL.md does not start with a --- line")
    for end, line in enumerate(lines[1:], start=1):  # noqa: B007 (end is read after the loop)
        if line.rstrip(" \t") == "---":
            break
    else:
        raise VerificationError("SKILL.md frontmatter is not closed by a --- line")
    parsed = yaml.safe_load("\n".join(lines[1:end]))
    if not isinstance(parsed, dict):
        raise VerificationError("SKILL.md frontmatter is not a mapping")
    return json.loads(json.dumps(parsed, default=str))


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def check_frontmatter(served: dict[str, Any], listed: Any) -> None:
    if not isinstance(listed, dict):
        raise VerificationError("entry frontmatter is not an object")
    missing = object()
    differing = sorted(
        key
        for key in served.keys() | listed.keys()
        if served.get(key, missing) is missing
        or listed.get(key, missing) is missing
        or canonical(served[key]) != canonical(listed[key])
    )
    if differing:
        raise VerificationError(f"SKILL.md frontmatter differs from the entry in: {', '.join(differing)}")


async def load_skill(session: Any, entry: dict[str, Any]) -> None:
    skill_uri = entry.get("uri")
    resources = entry.get("resources")
    if not isinstance(skill_uri, str) or not isinstance(resources, list):
        log(f"skip entry without a static manifest: {skill_uri!r}")
        return
    by_uri = {r["uri"]: r for r in resources if isinstance(r, dict) and isinstance(r.get("uri"), str)}
    if skill_uri not in by_uri:
        log(f"skip {skill_uri}: manifest omits SKILL.md")
        return
    try:
        log(f"read {skill_uri}")
        data = await read_bytes(session, skill_uri)
        check_file(skill_uri, data, by_uri[skill_uri])
        check_frontmatter(frontmatter_of(data), entry.get("frontmatter"))
    except (VerificationError, UnicodeDecodeError, yaml.YAMLError, ValueError) as exc:
        log(f"VERIFICATION FAILED, not loading the skill and reading nothing more: {exc}")
        return
    log(f"verified {skill_uri}")
    for uri, listed in by_uri.items():
        if uri == skill_uri:
            continue
        log(f"read {uri}")
        try:
            check_file(uri, await read_bytes(session, uri), listed)
        except (VerificationError, ValueError) as exc:
            log(f"VERIFICATION FAILED for a supporting file, retiring the skill: {exc}")
            return
        log(f"verified {uri}")


async def run(url: str) -> None:
    scenario = os.environ.get("MCP_CONFORMANCE_SCENARIO", "")
    version = os.environ.get("MCP_CONFORMANCE_PROTOCOL_VERSION", "")
    mode = "legacy" if version == LEGACY_VERSION else "auto"
    log(f"scenario={scenario or '(unset)'} version={version or '(unset)'} mode={mode} url={url}")
    client = mcp.Client(url, mode=mode, extensions=[advertise(SKILLS_EXTENSION)], cache=None)
    async with client:
        log(f"connected: protocol {client.protocol_version}")
        extensions = client.server_capabilities.extensions or {}
        if SKILLS_EXTENSION not in extensions:
            log("server does not declare the skills extension; listing anyway")
        entries = await list_skills(client.session)
        log(f"listed {len(entries)} skill(s): {[e.get('uri') for e in entries]}")
        if not scenario.startswith("sep-2640-client-verify-"):
            return
        for entry in entries:
            await load_skill(client.session, entry)


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print("usage: reference_client.py <server-url>", file=sys.stderr)
        return 2
    try:
        asyncio.run(run(loopback(argv[-1])))
    except Exception as exc:  # report anything as a harness-visible failure
        log(f"error: {type(exc).__name__}: {exc}")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
