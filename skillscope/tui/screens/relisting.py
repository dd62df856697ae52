"""Listing a server again without losing the reviewer's place: what was opened stays, what changed is said."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from skillscope.catalog.entry import CatalogEntry
from skillscope.tui.view_model import SkillView, same_entry

__all__ = ["Drift", "drift_words", "merge_listing"]


@dataclass
class Drift:
    """How a new listing differs from the one shown before it."""

    changed: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.changed or self.added or self.removed)


def merge_listing(
    previous: dict[str, SkillView], entries: Iterable[CatalogEntry], make: Callable[[CatalogEntry], SkillView]
) -> tuple[dict[str, SkillView], Drift]:
    """The views of a new listing, keeping each unchanged skill's view (what was opened, verified, audited).

    A skill whose entry changed starts again as not opened: what was read from the old entry no
    longer says anything about the new one. Skills opened by name (``skills/get``) are kept.
    """
    views: dict[str, SkillView] = {}
    drift = Drift()
    for entry in entries:
        old = previous.get(entry.name)
        if old is not None and same_entry(old.entry, entry):
            fresh = make(entry)
            old.entry, old.review, old.history, old.stale = entry, fresh.review, fresh.history, False
            views[entry.name] = old
            continue
        views[entry.name] = make(entry)
        if old is None:
            drift.added.append(entry.name)
        else:
            drift.changed.append(entry.name)
    for name, view in previous.items():
        if name in views:
            continue
        if view.by_name:
            fresh = make(view.entry)
            view.review, view.history, view.stale = fresh.review, fresh.history, False
            views[name] = view
        else:
            drift.removed.append(name)
    return views, drift


def _names(names: list[str], limit: int = 3) -> str:
    shown = ", ".join(names[:limit])
    return shown + (f" and {len(names) - limit} more" if len(names) > limit else "")


def drift_words(label: str, drift: Drift) -> str:
    """One notification about what a new listing changed."""
    if not drift:
        return f"{label}: nothing changed since the last listing."
    parts = []
    if drift.changed:
        parts.append(f"{len(drift.changed)} changed ({_names(drift.changed)}); opened content of those is dropped")
    if drift.added:
        parts.append(f"{len(drift.added)} new ({_names(drift.added)})")
    if drift.removed:
        parts.append(f"{len(drift.removed)} gone ({_names(drift.removed)})")
    return f"{label}: " + "; ".join(parts) + "."
