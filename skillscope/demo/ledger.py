"""The demo's own ledger, seeded so every review state shows on first start."""

from __future__ import annotations

import os
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from skillscope.catalog.entry import validate_entry
from skillscope.catalog.surface import build_surface, canonical_json
from skillscope.core.locations import user_data_dir
from skillscope.core.spec import MODERN
from skillscope.demo import DEMO_LABEL
from skillscope.demo.catalog import demo_skills
from skillscope.demo.publisher import entry_for
from skillscope.demo.surface import approved_tool_definition
from skillscope.ledger.core.record import FileEntry, Record
from skillscope.ledger.core.recording import tool_id
from skillscope.ledger.core.signing import load_signer
from skillscope.ledger.core.store import Ledger
from skillscope.ledger.core.values import Action
from skillscope.ledger.team.objects import ObjectStore, store_dir
from skillscope.ledger.team.suppressions import suppressions_path
from skillscope.protocol.surface import KindListing

__all__ = ["DEMO_LEDGER_NAME", "demo_ledger", "demo_ledger_path", "fresh_demo_ledger", "seed_demo_ledger"]

DEMO_LEDGER_NAME = "demo-ledger.jsonl"
_REVIEWER = "skillscope demo"
_OLD_POLICY = b"# Payment policy\n\nInvoices above 5,000 EUR need two approvals.\n"


def _entry(skill: Any) -> Any:
    return validate_entry(entry_for(skill), label=DEMO_LABEL, index=0)


def _approved_tool() -> Any:
    """The demo's honest tool as a surface item, as the TUI lists it from the demo server."""
    listing = KindListing("tool", [approved_tool_definition()])
    return build_surface(DEMO_LABEL, {"tool": listing}).items["tool"][0]


def seed_demo_ledger(path: Path) -> None:
    """Write four reviews into a new demo ledger: two approvals, a stale approval and a rejection.

    ``hello-world`` is approved as served; ``acme/billing/invoice-review`` was approved when
    its policy file said something else (so it shows as changed since approval);
    ``code-review`` is rejected; the tool ``convert_currency`` is approved, so the surface branch
    shows a reviewed tool beside unreviewed ones. Times are fixed, so screenshots do not change.
    """
    skills = {skill.skill_path: skill for skill in demo_skills()}
    stale = replace(skills["acme/billing/invoice-review"])
    stale.files = [f if f.path != "references/policy.md" else replace(f, data=_OLD_POLICY) for f in stale.files]
    plan: list[tuple[Action, Any, str, str]] = [
        ("approve", _entry(skills["hello-world"]), "2026-03-02T09:15:00Z", "Prints a greeting; nothing else."),
        ("approve", _entry(stale), "2026-03-02T09:40:00Z", "Policy threshold checked with finance."),
        (
            "reject",
            _entry(skills["code-review"]),
            "2026-03-03T14:05:00Z",
            "Its description says to approve without reading.",
        ),
    ]
    tool = _approved_tool()
    plan.append(("approve", tool, "2026-03-04T10:20:00Z", "Converts amounts; reads and sends nothing else."))
    objects = ObjectStore(store_dir(path))
    for skill in (skills["hello-world"], stale):  # the approved bytes, for the Changes tab's diff
        for file in skill.files:
            objects.put(file.data)
    objects.put(canonical_json(tool.definition))  # the approved definition, for the surface item's diff
    ledger = Ledger(path, signer=load_signer())
    for action, entry, time, note in plan:
        surface = (
            {"surface": entry.kind, "audit": {"counts": {"error": 0, "warning": 0, "note": 0}, "ids": []}}
            if entry is tool
            else {}
        )
        ledger.append(
            Record(
                action=action,
                time=time,
                reviewer=_REVIEWER,
                note=note,
                label=entry.label,
                server="in-process:demo",
                protocol=MODERN,
                name=entry.name,
                uri=entry.uri or "",
                fingerprint=entry.fingerprint,
                files=tuple(FileEntry(f.uri, f.digest, f.size) for f in entry.files or ()),
                tool=tool_id(),
                extra=surface,
            )
        )


def demo_ledger_path(option: str | os.PathLike[str] | None = None) -> Path:
    """Where the demo's ledger is: ``option`` when given, else ``demo-ledger.jsonl`` in the data dir."""
    return Path(option).expanduser() if option else user_data_dir() / DEMO_LEDGER_NAME


def demo_ledger(option: str | os.PathLike[str] | None = None) -> Path:
    """The demo's ledger: ``option`` when given, else ``demo-ledger.jsonl`` in the data dir; seeded when new.

    The user's own ledger (``$SKILLSCOPE_LEDGER``, the config's) never receives the demo's reviews.
    """
    path = demo_ledger_path(option)
    if not path.exists():
        seed_demo_ledger(path)
    return path


def fresh_demo_ledger(
    option: str | os.PathLike[str] | None = None, *, now: datetime | None = None
) -> tuple[Path, Path | None]:
    """Start the demo's reviews afresh; returns the newly seeded ledger and where the old one went (None: there was none).

    Nothing is deleted: the old ledger moves aside to ``<stem>.backup-<UTC time>.jsonl``, and its
    suppressions and stored bytes move with it under the same stem, so the backup still reads as a
    ledger (``--ledger BACKUP``) with everything it had.
    """
    path = demo_ledger_path(option)
    backup = None
    if path.exists():
        stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")
        backup = path.with_name(f"{path.stem}.backup-{stamp}{path.suffix}")
        number = 1
        while backup.exists() or store_dir(backup).exists() or suppressions_path(backup).exists():
            number += 1
            backup = path.with_name(f"{path.stem}.backup-{stamp}-{number}{path.suffix}")
        path.rename(backup)  # the records first: whatever else moves, the reviews are kept
        for old, new in ((suppressions_path(path), suppressions_path(backup)), (store_dir(path), store_dir(backup))):
            if old.exists():
                old.rename(new)
    seed_demo_ledger(path)
    return path, backup
