"""Smoke-test the third-party skill publishers with the bare MCP SDK client.

    .venv/bin/python -m tests.interop.smoke [--publisher NAME ...] [--transport stdio|http ...]

For each publisher (tests/interop/publishers.py), each transport (stdio, Streamable
HTTP) and each connect mode ("auto", "legacy"), this script connects with
``mcp.Client(..., extensions=[advertise("io.modelcontextprotocol/skills")], cache=None)``,
sends raw ``skills/list`` (all pages) and ``skills/get`` for every entry, reads every
listed file with ``session.read_resource``, checks size and sha256 of the raw bytes,
computes each entry's fingerprint (spec section 8), compares everything with the
files on disk (``publishers.EXPECTED``), and prints a table plus the problems found.

No skillscope code is used. Exit status: 0 when every auto-mode run matched the
expectations, 1 otherwise, 2 when a publisher is not installed (run setup.sh).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import os
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import anyio
import mcp
import mcp_types
from mcp.client import advertise
from mcp.client.stdio import stdio_client
from pydantic import TypeAdapter

from tests.interop import publishers as pubs

DICT = TypeAdapter(dict[str, Any])
RUN_TIMEOUT = 60.0
PAGE_CAP = 1000


class SkillsListParams(mcp_types.RequestParams):
    cursor: str | None = None


class SkillsListRequest(mcp_types.Request[SkillsListParams, Literal["skills/list"]]):
    method: Literal["skills/list"] = "skills/list"
    params: SkillsListParams = SkillsListParams()


class SkillsGetParams(mcp_types.RequestParams):
    uri: str


class SkillsGetRequest(mcp_types.Request[SkillsGetParams, Literal["skills/get"]]):
    method: Literal["skills/get"] = "skills/get"
    params: SkillsGetParams


@dataclass
class Run:
    publisher: str
    transport: str
    mode: str
    prefix: str | None = None
    era: str = "-"
    declared: str = "-"  # the skills extension value as declared, or "absent"
    skills: list[str] = field(default_factory=list)  # entry URIs listed
    files_ok: int = 0
    files_total: int = 0
    fingerprints: dict[str, str] = field(default_factory=dict)  # entry uri -> fingerprint
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    files: list[tuple[str, str, str]] = field(default_factory=list)  # (uri, text/blob, mimeType) per read
    error: str = ""
    seconds: float = 0.0

    @property
    def verdict(self) -> str:
        if self.error:
            return "ERROR"
        return "ok" if not self.problems else f"{len(self.problems)} problem(s)"


def raw_bytes(contents: list[Any], uri: str) -> tuple[bytes | None, str]:
    """The bytes of the contents item for ``uri`` and how they came ("text"/"blob")."""
    for item in contents:
        if str(item.uri) != uri:
            continue
        text = getattr(item, "text", None)
        if text is not None:
            try:
                return text.encode("utf-8"), "text"
            except UnicodeEncodeError:
                return None, "text with a lone surrogate"
        blob = getattr(item, "blob", None)
        if blob is not None:
            try:
                return base64.b64decode(blob, validate=True), "blob"
            except ValueError:
                return None, "blob that is not strict base64"
        return None, "item with neither text nor blob"
    return None, f"no contents item for this uri (got {[str(c.uri) for c in contents]})"


def leaf_errors(exc: BaseException) -> list[BaseException]:
    if isinstance(exc, BaseExceptionGroup):
        return [leaf for sub in exc.exceptions for leaf in leaf_errors(sub)]
    return [exc]


def describe(exc: BaseException) -> str:
    if isinstance(exc, mcp.MCPError):
        return f"MCPError {exc.code}: {exc}"
    return f"{type(exc).__name__}: {exc}"


async def exercise(client: mcp.Client, run: Run) -> None:
    run.era = str(client.protocol_version)
    caps = client.server_capabilities
    extensions = getattr(caps, "extensions", None) or {}
    value = extensions.get(pubs.EXTENSION_ID, "absent") if isinstance(extensions, dict) else "absent"
    run.declared = value if isinstance(value, str) else repr(value).replace(" ", "")
    if getattr(caps, "resources", None) is None:
        run.notes.append("server does not declare the resources capability")

    session = client.session
    entries: list[dict[str, Any]] = []
    cursor: str | None = None
    seen: set[str] = set()
    try:
        for _page in range(PAGE_CAP):
            result = await session.send_request(
                SkillsListRequest(params=SkillsListParams(cursor=cursor)), DICT, request_read_timeout_seconds=20
            )
            page = result.get("skills")
            if not isinstance(page, list):
                run.problems.append(f"skills/list without a skills array: {sorted(result)}")
                break
            entries.extend(page)
            cursor = result.get("nextCursor") or None
            if cursor is None:
                break
            if cursor in seen or not page:
                run.problems.append("skills/list pagination does not end")
                break
            seen.add(cursor)
    except mcp.MCPError as exc:
        run.notes.append(f"skills/list -> {describe(exc)}")
        if run.mode == "auto":
            run.problems.append(f"skills/list failed: {describe(exc)}")
        return

    expected = pubs.expected(run.publisher, prefix=run.prefix)
    by_uri = {skill.uri: skill for skill in expected.values()}
    for entry in entries:
        uri = entry.get("uri")
        run.skills.append(str(uri))
        resources = entry.get("resources")
        if not isinstance(resources, list):
            run.problems.append(f"{uri}: resources is {resources!r}")
            continue
        fp = pubs.fingerprint(resources)
        run.fingerprints[str(uri)] = fp
        want = by_uri.get(str(uri))
        if want is None:
            run.problems.append(f"unexpected entry {uri}")
        else:
            got = sorted((r.get("uri"), r.get("digest"), r.get("size")) for r in resources)
            exp = sorted((f.uri, f.digest, f.size) for f in want.files)
            if got != exp:
                missing = sorted(set(exp) - set(got))
                extra = sorted(set(got) - set(exp))
                run.problems.append(f"{uri}: listing differs from disk; missing {missing}, extra {extra}")
            if fp != want.fingerprint:
                run.problems.append(f"{uri}: fingerprint {fp} != expected {want.fingerprint}")

        # skills/get must echo the entry.
        try:
            got_entry = (
                await session.send_request(
                    SkillsGetRequest(params=SkillsGetParams(uri=str(uri))), DICT, request_read_timeout_seconds=20
                )
            ).get("skill", {})
            if got_entry.get("uri") != uri or pubs.fingerprint(got_entry.get("resources", [])) != fp:
                run.problems.append(f"{uri}: skills/get entry differs from the listed one")
        except mcp.MCPError as exc:
            run.problems.append(f"{uri}: skills/get -> {describe(exc)}")

        for res in resources:
            run.files_total += 1
            file_uri = res.get("uri")
            try:
                read = await session.read_resource(file_uri)
            except mcp.MCPError as exc:
                run.problems.append(f"read {file_uri}: {describe(exc)}")
                continue
            data, how = raw_bytes(list(read.contents), file_uri)
            mime = next((str(c.mime_type) for c in read.contents if str(c.uri) == file_uri), "?")
            run.files.append((str(file_uri), how, mime))
            if data is None:
                run.problems.append(f"read {file_uri}: {how}")
                continue
            if len(data) != res.get("size"):
                run.problems.append(
                    f"read {file_uri} ({how}): {len(data)} bytes, listed size {res.get('size')}"
                    f" (first bytes {data[:24]!r})"
                )
                continue
            digest = "sha256:" + hashlib.sha256(data).hexdigest()
            if digest != res.get("digest"):
                run.problems.append(f"read {file_uri} ({how}): digest {digest} != listed {res.get('digest')}")
                continue
            run.files_ok += 1
            if how == "blob" and str(file_uri).endswith("SKILL.md"):
                run.notes.append(f"{file_uri} arrived as a blob")
    missing = sorted(set(by_uri) - set(run.skills))
    if missing:
        run.problems.append(f"skills not listed: {missing}")

    # What else does resources/list show next to the skill files?
    try:
        listed = {str(r.uri) for r in (await session.list_resources()).resources}
    except mcp.MCPError as exc:
        run.notes.append(f"resources/list -> {describe(exc)}")
    else:
        files = {str(r.get("uri")) for e in entries for r in (e.get("resources") or [])}
        if listed - files:
            run.notes.append(f"resources/list also offers {sorted(listed - files)}")
        if files - listed:
            run.notes.append(f"resources/list omits {len(files - listed)} of {len(files)} skill files")


async def one_run(
    publisher: str, transport: str, mode: str, url: str | None, errlog: Any, prefix: str | None = None
) -> Run:
    run = Run(publisher, transport, mode, prefix)
    started = time.monotonic()
    if transport == "stdio":
        # The same StdioServerParameters a caller would pass to mcp.Client; building the
        # transport here only redirects the server's stderr into the log file.
        target: Any = stdio_client(pubs.stdio_parameters(publisher, prefix=prefix), errlog=errlog)
    else:
        target = url
    try:
        with anyio.fail_after(RUN_TIMEOUT):
            async with mcp.Client(
                target,
                mode=mode,
                extensions=[advertise(pubs.EXTENSION_ID)],
                cache=None,
                read_timeout_seconds=30,
            ) as client:
                await exercise(client, run)
    except BaseException as exc:  # report every failure, including groups
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        run.error = "; ".join(describe(leaf) for leaf in leaf_errors(exc))
    run.seconds = time.monotonic() - started
    return run


def table(runs: list[Run]) -> str:
    header = ("publisher", "transport", "mode", "era", "skills ext", "skills", "files ok", "verdict", "s")
    rows = [header] + [
        (
            r.publisher,
            r.transport,
            r.mode,
            r.era,
            r.declared,
            str(len(r.skills)),
            f"{r.files_ok}/{r.files_total}",
            r.verdict,
            f"{r.seconds:.1f}",
        )
        for r in runs
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


async def main_async(args: argparse.Namespace) -> int:
    log_path = Path(tempfile.gettempdir()) / "skillscope-interop-smoke.log"
    runs: list[Run] = []
    with open(log_path, "w") as errlog:
        for publisher in args.publisher:
            reason = pubs.skip_reason(publisher)
            if reason:
                print(f"SKIP {reason}")
                return 2
            for transport in args.transport:
                if transport == "stdio":
                    for mode in args.mode:
                        runs.append(await one_run(publisher, transport, mode, None, errlog, args.prefix))
                else:
                    log = log_path.with_suffix(f".{publisher}.http.log")
                    with pubs.http_server(publisher, prefix=args.prefix, log=log) as url:
                        for mode in args.mode:
                            run = await one_run(publisher, transport, mode, url, errlog, args.prefix)
                            run.notes.insert(0, f"url {url}")
                            runs.append(run)

    print(table(runs))
    print()
    print("Fingerprints (auto mode):")
    shown: set[tuple[str, str, str]] = set()
    for r in runs:
        for uri, fp in r.fingerprints.items():
            key = (r.publisher, uri, fp)
            if r.mode == "auto" and key not in shown:
                shown.add(key)
                exp = pubs.expected(r.publisher, prefix=r.prefix)
                want = next((s.fingerprint for s in exp.values() if s.uri == uri), None)
                mark = "matches disk" if fp == want else f"EXPECTED {want}"
                print(f"  {r.publisher:<12} {uri:<36} {fp}  {mark}")
    print()
    for r in runs:
        if r.error or r.problems or r.notes:
            print(f"[{r.publisher} {r.transport} {r.mode}] era={r.era} ext={r.declared}")
            if r.error:
                print(f"  error: {r.error}")
            for p in r.problems:
                print(f"  problem: {p}")
            for n in r.notes:
                print(f"  note: {n}")
    print("How each file arrived (first auto run per publisher): uri  form  mimeType")
    done: set[str] = set()
    for r in runs:
        if r.mode == "auto" and r.files and r.publisher not in done:
            done.add(r.publisher)
            print(f"  {r.publisher} ({r.transport}):")
            for uri, how, mime in r.files:
                print(f"    {uri:<44} {how:<5} {mime}")
    print(f"\n(server stderr: {log_path})")
    bad = [r for r in runs if r.mode == "auto" and (r.error or r.problems)]
    return 1 if bad else 0


def main() -> None:
    parser = argparse.ArgumentParser(description="Smoke-test skill publishers with the bare MCP SDK client.")
    parser.add_argument("--publisher", action="append", choices=pubs.PUBLISHER_NAMES)
    parser.add_argument("--transport", action="append", choices=("stdio", "http"))
    parser.add_argument("--mode", action="append", choices=("auto", "legacy"))
    parser.add_argument("--prefix", help="serve skill://PREFIX/<name>/... (agentskills, typescript)")
    args = parser.parse_args()
    args.publisher = args.publisher or list(pubs.PUBLISHER_NAMES)
    args.transport = args.transport or ["stdio", "http"]
    args.mode = args.mode or ["auto", "legacy"]
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(anyio.run(main_async, args))


if __name__ == "__main__":
    main()
