"""Reading a catalog for any front end: list a server, resolve a name, open a skill."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import anyio
import anyio.to_thread

from skillscope.catalog.entry import CatalogEntry, CatalogWarning, Policy, validate_entry
from skillscope.catalog.listing import Listing, catalog_entries, check_result_type, collect_listing
from skillscope.catalog.names import uri_for_path
from skillscope.core.errors import SkillNotFound, UsageError
from skillscope.core.textsafe import safe_line
from skillscope.protocol.connection import Connection, connect
from skillscope.verify.opener import open_skill

if TYPE_CHECKING:
    from skillscope.protocol.info import ServerInfo
    from skillscope.service.targets import Invocation
    from skillscope.verify.opener import SkillReport

__all__ = ["find_entry", "load_catalog", "open_named", "resolve_name"]

_LABEL_PREFIX = re.compile(r"^([A-Za-z0-9_.-]{1,64}):(?!//)(.*)$", re.DOTALL)


async def load_catalog(conn: Connection, policy: Policy) -> Listing:
    """Walk every page of ``skills/list`` and validate each entry; reads no file."""
    conn.require_skills()
    raw_entries, listing = await collect_listing(conn.list_page, protocol=conn.info.protocol)
    # Judging 10,000 entries takes a while: off the event loop, so a screen keeps answering keys meanwhile.
    listing = await anyio.to_thread.run_sync(
        partial(catalog_entries, raw_entries, listing, label=conn.info.label, policy=policy, refusals=conn.own_refusals)
    )
    listing.warnings[:0] = [CatalogWarning("server", note) for note in conn.info.notes]
    return listing


async def resolve_name(conn: Connection, listing: Listing, name: str, policy: Policy) -> CatalogEntry:
    """Find the entry a user means by NAME: ``label:path``, a path, or a unique bare skill name.

    A name the listing lacks is looked up with ``skills/get`` and accepted only if
    the returned entry maps back to the same registry name.

    Raises:
        SkillNotFound: nothing answers to the name, or the entry cannot be used.
        UsageError: the name is ambiguous or names another server.
    """
    label = conn.info.label
    match = _LABEL_PREFIX.match(name)
    if match:
        if match.group(1) != label:
            raise UsageError(
                f"{name!r} names server {match.group(1)!r}, but the target is labelled {label!r} (use --label)"
            )
        path = match.group(2)
    else:
        path = name
    if not path:
        raise UsageError("The skill name is empty")
    if path.startswith("#"):
        index = path[1:]
        entry = next((e for e in listing.entries if index.isdigit() and e.index == int(index)), None)
        if entry is None:
            raise SkillNotFound(f"The listing has no entry #{safe_line(index)}")
        return _usable(entry)

    exact = [e for e in listing.entries if e.status != "malformed" and e.path == path]
    if exact:
        return _usable(exact[0])
    if not match and "/" not in path and "://" not in path:
        by_name = [e for e in listing.entries if e.status != "malformed" and e.skill_name == path]
        if len(by_name) > 1:
            options = ", ".join(safe_line(e.name) for e in by_name)
            raise UsageError(f"{len(by_name)} skills are named {path!r}; name one by path: {options}")
        if by_name:
            return _usable(by_name[0])

    uri = uri_for_path(path)
    result = await conn.get_skill(uri)
    check_result_type(result.raw, "skills/get")
    entry = validate_entry(
        result.skill, label=label, index=len(listing.entries), policy=policy, refusals=conn.own_refusals
    )
    if entry.status == "malformed":
        raise SkillNotFound(
            f"skills/get for {safe_line(uri)!r} returned a malformed entry ({entry.rule}: {entry.reason})"
        )
    if entry.path != path:
        raise SkillNotFound(
            f"skills/get for {safe_line(uri)!r} returned an entry for {safe_line(entry.uri)!r}, which does not map back to {safe_line(name)!r}"
        )
    return _usable(entry)


def _usable(entry: CatalogEntry) -> CatalogEntry:
    if entry.status == "available":
        return entry
    raise SkillNotFound(f"{safe_line(entry.name)} cannot be opened: {entry.status} ({entry.rule}: {entry.reason})")


async def open_named(
    inv: Invocation, name: str, *, paths: list[str], all_files: bool, say: Callable[[str], None]
) -> tuple[ServerInfo, SkillReport]:
    """Attach to the invocation's target, resolve ``name`` and open the skill (the ``show`` steps)."""
    async with connect(inv.target, era=inv.era, timeout=inv.timeout) as conn:
        say("Listing skills")
        listing = await load_catalog(conn, inv.policy)
        say(f"Resolving {name}")
        entry = await resolve_name(conn, listing, name, inv.policy)
        say(f"Reading and verifying {entry.name}")
        report = await open_skill(conn, entry, paths=paths, all_files=all_files, policy=inv.policy)
    return conn.info, report


async def find_entry(inv: Invocation, name: str, say: Callable[[str], None]) -> tuple[ServerInfo, CatalogEntry]:
    """Attach, list and resolve ``name`` without reading any file."""
    async with connect(inv.target, era=inv.era, timeout=inv.timeout) as conn:
        say("Listing skills")
        listing = await load_catalog(conn, inv.policy)
        entry = await resolve_name(conn, listing, name, inv.policy)
    return conn.info, entry
