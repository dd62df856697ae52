"""Manifests against what the server serves: resources/list, SKILL.md metadata and directory reads."""

from __future__ import annotations

from collections import deque

import anyio

from skillscope.audit.conformance import SuiteChecks, meta_key_problems
from skillscope.audit.run.results import (
    RecordingReader,
    ServerAudit,
    SkillAudit,
    finding,
    listing_incomplete,
)
from skillscope.catalog.names import relative_path
from skillscope.catalog.surface import SKILL_SCHEME
from skillscope.core.errors import MethodError
from skillscope.core.textsafe import safe_line
from skillscope.protocol.connection import Connection
from skillscope.protocol.surface import collect_kind
from skillscope.protocol.values import ListedResource, parse_resource_page

__all__ = [
    "DIRECTORY_CHECKS",
    "WALK_CHECK",
    "completeness",
    "directory_checks",
    "manifest_checks",
    "resource_listing",
    "skill_coverage",
]

DIRECTORY_CHECKS = (
    "sep-2640-capability-directory-read-flag",
    "sep-2640-directory-read-method-registered",
    "sep-2640-directory-read-result-resources-shape",
    "sep-2640-directory-read-subdir-mimetype",
    "sep-2640-directory-read-invalid-params",
    "sep-2640-directory-read-pagination",
)
WALK_CHECK = "skillscope/directory-walk"
_RESOURCE_PAGES = 100
_DIRECTORY_ENTRIES = 5000
"""Directory entries looked at per skill; the queue of entries still to look at never holds more."""
_DIRECTORY_READS = 200
"""Directory reads sent per skill when walking its subdirectories."""


async def resource_listing(conn: Connection) -> tuple[list[ListedResource] | None, str | None]:
    """Every resources/list item, walked with the surface listing's guards, and what was left unread.

    Returns:
        The items (None when the server has no resources/list), and the sentence naming what was
        not read when the walk stopped before the server's last page (None when it read them all):
        a file served beyond that point was never compared with any manifest.
    """
    listing = await collect_kind(conn.request, "resource", broken=lambda: conn.closed or conn.refused is not None)
    if not listing.offered:
        return None, None
    # Tens of thousands of items take a while to read: off the event loop, as a single page's are.
    page = await anyio.to_thread.run_sync(parse_resource_page, {"resources": listing.items})
    return list(page.items or ()), listing.gap


def manifest_checks(
    audit: ServerAudit, checks: SuiteChecks, reader: RecordingReader, resources: list[ListedResource] | None
) -> None:
    """The suite's SKILL.md checks that compare the read result and resources/list with the entry."""
    listed = {r.uri: r for r in resources or [] if r.uri is not None}
    for skill in audit.skills:
        entry = skill.entry
        uri = entry.uri
        if uri is None or uri not in reader.results:
            continue
        where = entry.name
        result = reader.results[uri]
        found = result.item(uri)
        listed_item = listed.get(uri)
        mime = (found.raw.get("mimeType") if found is not None else None) or (
            listed_item.mime_type if listed_item else None
        )
        checks.check(
            "sep-2640-skillmd-mimetype",
            mime == "text/markdown",
            f"{where}: SKILL.md is served as {safe_line(mime)!r}, not text/markdown",
            skill=where,
            uri=uri,
        )
        if listed_item is None:
            checks.untestable("sep-2640-skillmd-metadata-name", "SKILL.md is not in resources/list")
            checks.untestable("sep-2640-skillmd-metadata-description", "SKILL.md is not in resources/list")
        else:
            file_front = entry.frontmatter or {}
            checks.check(
                "sep-2640-skillmd-metadata-name",
                listed_item.name == file_front.get("name"),
                f"{where}: resources/list names SKILL.md {safe_line(listed_item.name)!r}",
                skill=where,
                uri=uri,
            )
            checks.check(
                "sep-2640-skillmd-metadata-description",
                listed_item.description == file_front.get("description"),
                f"{where}: resources/list describes SKILL.md differently",
                skill=where,
                uri=uri,
            )
        file_name = skill.file_name
        if file_name is not None and entry.parsed is not None:
            checks.check(
                "sep-2640-final-segment-equals-name",
                entry.parsed.last_segment == file_name,
                f"{where}: the URI ends in {safe_line(entry.parsed.last_segment)!r} but SKILL.md names {safe_line(file_name)!r}",
                skill=where,
                uri=uri,
            )
        elif file_name is None:
            checks.fail(
                "sep-2640-final-segment-equals-name",
                f"{where}: no name could be read from SKILL.md",
                skill=where,
                uri=uri,
            )
        bad = meta_key_problems(found.raw.get("_meta") if found is not None else None) + meta_key_problems(
            listed_item.meta if listed_item else None
        )
        checks.check(
            "sep-2640-meta-prefix",
            not bad,
            f"{where}: _meta keys without a reverse-DNS prefix: {', '.join(map(safe_line, bad))}",
            skill=where,
            uri=uri,
        )


def completeness(audit: ServerAudit, resources: list[ListedResource] | None) -> None:
    """Every file resources/list shows under a skill's directory that its manifest omits, and every
    ``skill://`` file it shows outside every listed skill."""
    for skill in audit.skills if resources else ():
        _listed_but_unlisted(audit, skill, resources or [])
    _unclaimed_skill_files(audit, resources or [])


def _unclaimed_skill_files(audit: ServerAudit, resources: list[ListedResource]) -> None:
    """A ``skill://`` file no listed skill names or contains: loadable by URI, and in no skill's review.

    Files under a listed skill's directory are ``skillscope/unlisted-file``'s, never reported here too;
    a skills listing cut short cannot say a file belongs to no skill, so none is reported then.
    """
    if audit.listing is None or not audit.listing.complete:
        return
    entries = audit.listing.entries
    # Malformed entries count too: their files are reported with the entry, not as strays.
    dirs = {d for e in entries if (d := e.directory or _skill_md_directory(e.uri))}
    files = {f.uri for e in entries for f in e.files or ()} | {e.uri for e in entries if e.uri}
    for item in resources:
        uri = item.uri
        if (
            uri is None
            or not uri.startswith(SKILL_SCHEME)
            or item.is_directory
            or uri in files
            or any(uri.startswith(d + "/") for d in dirs)
        ):
            continue
        audit.findings.append(
            finding(
                audit,
                "skillscope/unclaimed-skill-file",
                f"{safe_line(uri, limit=300)} is served (resources/list) but lies outside every listed skill: "
                "a host can load it by URI, and no skill's review covers it",
                uri=uri,
            )
        )


def _skill_md_directory(uri: object) -> str | None:
    """The directory a ``…/SKILL.md`` URI names (for entries too malformed to have been parsed)."""
    if isinstance(uri, str) and uri.endswith("/SKILL.md"):
        return uri[: -len("/SKILL.md")]
    return None


def _listed_but_unlisted(audit: ServerAudit, skill: SkillAudit, resources: list[ListedResource]) -> None:
    entry = skill.entry
    if entry.files is None or entry.directory is None:
        return
    listed = {f.uri for f in entry.files}
    prefix = entry.directory + "/"
    for item in resources:
        uri = item.uri
        if uri is not None and uri.startswith(prefix) and uri not in listed and not item.is_directory:
            _unlisted_file(audit, skill, uri, "resources/list")


async def skill_coverage(conn: Connection, audit: ServerAudit, skill: SkillAudit) -> None:
    """Everything one skill's server serves under its directory that the manifest omits (an approval's audit).

    resources/list is read (bounded) and, when the server declares directoryRead, the skill's
    directory is walked, subdirectories included: an approval must name every file the server
    would hand an agent, not only those the entry lists.
    """
    entry = skill.entry
    if entry.files is None or entry.directory is None or entry.status == "malformed":
        return
    resources, gap = await resource_listing(conn)
    if gap is not None:
        listing_incomplete(audit, gap, skill=skill)
    _listed_but_unlisted(audit, skill, resources or [])
    if not conn.info.directory_read:
        return
    try:
        page = await conn.read_directory(entry.directory)
    except MethodError:
        return  # the server-wide audit reports a broken directory read; here there is nothing to walk
    if page.well_formed and page.items is not None:
        await _walk(conn, audit, skill, page.items)


async def directory_checks(
    conn: Connection, audit: ServerAudit, checks: SuiteChecks, *, every_skill: bool, concurrency: int
) -> None:
    """The suite's directory checks, and the walk of skill directories for files the manifest omits.

    Like the suite, one skill (the first) is enough for the checks, and its directory is walked in
    full. Walking every other skill costs a read per directory; it runs only with ``every_skill``,
    and otherwise the walk check says, as skipped, how much was left out.
    """
    skills = [s for s in audit.skills if s.entry.directory is not None and s.entry.status != "malformed"]
    chosen = skills if every_skill else skills[:1]
    any_subdir = [False]
    limiter = anyio.Semaphore(max(1, concurrency))

    async def one(skill: SkillAudit) -> None:
        async with limiter:
            if await _check_directory(conn, audit, checks, skill):
                any_subdir[0] = True

    async with anyio.create_task_group() as group:
        for skill in chosen:
            group.start_soon(one, skill)
    if chosen and not any_subdir[0]:
        checks.untestable("sep-2640-directory-read-subdir-mimetype", "no skill has a subdirectory")
    elif chosen:
        checks.ran("sep-2640-directory-read-subdir-mimetype")
    if every_skill or len(skills) <= 1:
        checks.ran(WALK_CHECK)
    else:
        checks.skip(
            WALK_CHECK,
            f"only the first of {len(skills)} skill directories was read (the suite's directory checks "
            f"need one); the other {len(skills) - 1} were not walked for files their manifests omit, "
            "which takes a read per directory: --thorough walks every one",
        )


async def _check_directory(conn: Connection, audit: ServerAudit, checks: SuiteChecks, skill: SkillAudit) -> bool:
    """Read one skill's directory, run the suite's checks on it and walk it; True when it has a subdirectory."""
    entry = skill.entry
    assert entry.directory is not None
    where = entry.name
    try:
        page = await conn.read_directory(entry.directory)
    except MethodError as exc:
        message = f"{where}: resources/directory/read answered error {exc.code}"
        # Nothing else about directory reads can succeed when the method itself fails.
        for check in (
            "sep-2640-directory-read-method-registered",
            "sep-2640-directory-read-result-resources-shape",
            "sep-2640-directory-read-invalid-params",
            "sep-2640-directory-read-pagination",
        ):
            checks.fail(check, message, skill=where, uri=entry.directory)
        return False
    checks.ran("sep-2640-directory-read-method-registered")
    checks.check(
        "sep-2640-directory-read-result-resources-shape",
        page.well_formed,
        f"{where}: directory read result has no resources[] of items with a uri",
        skill=where,
        uri=entry.directory,
    )
    if not page.well_formed or page.items is None:  # the second test only narrows the type
        return False
    children = page.items
    subdir = any(c.is_directory for c in children)
    if page.next_cursor is not None:
        try:
            more = await conn.read_directory(entry.directory, page.next_cursor)
            checks.check(
                "sep-2640-directory-read-pagination",
                more.items is not None,
                f"{where}: the next directory page has no resources array",
                skill=where,
                uri=entry.directory,
            )
        except MethodError as exc:
            checks.fail(
                "sep-2640-directory-read-pagination",
                f"{where}: following nextCursor answered error {exc.code}",
                skill=where,
                uri=entry.directory,
            )
    else:
        checks.ran("sep-2640-directory-read-pagination")
    if entry.uri:
        try:
            await conn.read_directory(entry.uri)
            checks.fail(
                "sep-2640-directory-read-invalid-params",
                f"{where}: a directory read of SKILL.md succeeded instead of answering -32602",
                skill=where,
                uri=entry.uri,
            )
        except MethodError as exc:
            checks.check(
                "sep-2640-directory-read-invalid-params",
                exc.code == -32602,
                f"{where}: a directory read of SKILL.md answered {exc.code}, not -32602",
                skill=where,
                uri=entry.uri,
            )
    await _walk(conn, audit, skill, children)
    return subdir


async def _walk(conn: Connection, audit: ServerAudit, skill: SkillAudit, children: tuple[ListedResource, ...]) -> None:
    entry = skill.entry
    if entry.files is None or entry.directory is None:
        return
    listed = {f.uri for f in entry.files}
    already = {f.uri for f in skill.findings if f.id == "skillscope/unlisted-file"}
    # Bound the queue, not only the visits: a server answering each read with 1,500 new
    # subdirectories would otherwise fill memory long before the visit limit.
    queue: deque[ListedResource] = deque(children[:_DIRECTORY_ENTRIES])
    seen = reads = 0
    while queue and seen < _DIRECTORY_ENTRIES:
        child = queue.popleft()
        seen += 1
        uri = child.uri
        if uri is None or not uri.startswith(entry.directory + "/"):
            continue
        if child.is_directory:
            if reads >= _DIRECTORY_READS:
                continue
            reads += 1
            try:
                found = (await conn.read_directory(uri)).items
            except MethodError:
                continue
            room = _DIRECTORY_ENTRIES - seen - len(queue)
            if found is not None and room > 0:
                queue.extend(found[:room])
        elif uri not in listed and uri not in already:
            _unlisted_file(audit, skill, uri, "directory read")


def _unlisted_file(audit: ServerAudit, skill: SkillAudit, uri: str, seen_by: str) -> None:
    """Record a file the server serves under the skill's directory that its manifest omits."""
    entry = skill.entry
    assert entry.directory is not None
    where = safe_line(relative_path(entry.directory, uri))
    skill.findings.append(
        finding(
            audit,
            "skillscope/unlisted-file",
            f"{entry.name}: {where} is served ({seen_by}) but not in the skill's file list",
            skill=entry.name,
            uri=uri,
        )
    )
