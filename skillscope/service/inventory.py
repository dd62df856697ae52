"""An inventory of served skills: every server's identity and catalog with review states, reading no file."""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from skillscope.config.clients.discovery import discover_servers
from skillscope.core.errors import SkillscopeError
from skillscope.ledger.core.sshsig import key_blob
from skillscope.protocol.connection import connect
from skillscope.service.catalog import load_catalog
from skillscope.service.review_state import entry_review
from skillscope.service.targets import TargetOptions, attach_problem, client_seeds, server_seeds, unique_label

if TYPE_CHECKING:
    from skillscope.catalog.entry import CatalogEntry
    from skillscope.config.file import Config
    from skillscope.ledger.core.values import ReviewState
    from skillscope.ledger.core.verdicts import Verdicts
    from skillscope.protocol.info import Era, ServerInfo
    from skillscope.service.targets import ServerSeed

__all__ = ["InventoryItem", "ServerInventory", "inventory_seeds", "signer_of", "take_inventory"]


@dataclass(frozen=True)
class InventoryItem:
    """One catalog entry as served now, with what the ledger says of it."""

    entry: CatalogEntry
    review: ReviewState | None


@dataclass
class ServerInventory:
    """One server: who it is, and its catalog, or why it could not be attached or listed."""

    label: str
    target: str
    """The URL (secrets redacted) or the command line, as every report shows it."""
    origin: str
    info: ServerInfo | None = None
    items: list[InventoryItem] = field(default_factory=list)
    complete: bool = True
    error: str | None = None


def signer_of(review: ReviewState | None) -> tuple[str, str | None] | None:
    """Who signed the record a review state rests on: (reviewer, key fingerprint or None when unsigned)."""
    if review is None or review.record is None:
        return None
    record = review.record.complete()
    if not record.key:
        return record.reviewer, None

    try:
        digest = hashlib.sha256(key_blob(record.key)).digest()
    except (ValueError, SkillscopeError):
        return record.reviewer, None
    return record.reviewer, "SHA256:" + base64.b64encode(digest).decode("ascii").rstrip("=")


def inventory_seeds(
    targets: Sequence[str],
    command: Sequence[str] | None,
    *,
    config: Config,
    options: TargetOptions,
) -> tuple[list[ServerSeed], list[str]]:
    """The servers to inventory, and notes on what was left out.

    With TARGETs (or a command), those. Without, every server of the config file and every
    server of the MCP clients' configs that attaches without a prompt: disabled ones and ones
    with a note are skipped, untrusted project files are named and not read.

    Raises:
        SkillscopeError: the config cannot be read, or a target cannot be understood.
    """
    if targets or command or options.label:
        # server_seeds refuses a --label that does not name exactly one server.
        return server_seeds(targets, command, config=config, options=options), []

    seeds = server_seeds((), None, config=config, options=options) if config.servers else []
    taken = {s.label for s in seeds}
    for seed in client_seeds(options.allow_dynamic):
        if seed.label in taken:
            label = unique_label(seed.label, taken)
            seed = replace(seed, target=replace(seed.target, label=label))
        taken.add(seed.label)
        seeds.append(seed)
    found = discover_servers()
    notes = [
        f"not read (untrusted project file): {path}; trust it with skillscope config trust" for path in found.untrusted
    ]
    notes += [f"{path}: {why}" for path, why in found.problems]
    notes += [f"skipped {f.spec.label} ({f.client}): {why}" for f in found.servers if (why := attach_problem(f.spec))]
    return seeds, notes


async def take_inventory(
    seeds: Sequence[ServerSeed],
    verdicts: Verdicts | None,
    *,
    era: Era,
    timeout: float,
    say: Callable[[str], None] = lambda _: None,
) -> list[ServerInventory]:
    """List every server in turn; one that fails is kept with its error and the rest continue.

    Listing reads no file: each entry carries its files' digests and sizes.
    """
    out: list[ServerInventory] = []
    for seed in seeds:
        server = ServerInventory(seed.label, seed.target.display, seed.origin)
        out.append(server)
        if seed.problem:
            server.error = seed.problem
            continue
        say(f"{seed.label}: connecting to {seed.target.display}")
        try:
            async with connect(seed.target, era=era, timeout=timeout) as conn:
                say(f"{seed.label}: listing skills")
                listing = await load_catalog(conn, seed.policy)
        except SkillscopeError as exc:
            server.error = exc.message
            continue
        server.info = conn.info
        server.complete = listing.complete
        server.items = [InventoryItem(e, entry_review(verdicts, e)) for e in listing.entries]
    return out
