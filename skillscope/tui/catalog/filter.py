"""The catalog's filter: free text over names and descriptions, and ``state:`` words every match must carry."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from skillscope.catalog.surface import SurfaceItem
from skillscope.service.workspace import SkillView
from skillscope.tui.view_model import item_tags, parse_filter, state_tags

__all__ = ["CatalogFilter"]


@dataclass(frozen=True)
class CatalogFilter:
    """A filter as typed (stripped, case-folded), split into its free text and its ``state:`` words."""

    typed: str = ""
    text: str = ""
    states: tuple[str, ...] = field(default=())

    @classmethod
    def parse(cls, typed: str) -> CatalogFilter:
        """The filter for what the reviewer typed (``state:changed invoice``)."""
        typed = typed.strip().casefold()
        text, states = parse_filter(typed)
        return cls(typed, text, tuple(states))

    def __bool__(self) -> bool:
        return bool(self.typed)

    def shows(self, view: SkillView) -> bool:
        """True when the skill matches: it carries every ``state:`` word and its name, description or reason holds
        the text."""
        if self.states:
            tags = state_tags(view)
            if not all(state in tags for state in self.states):
                return False
        if not self.text:
            return True
        entry = view.entry
        haystack = f"{entry.name}\n{entry.description or ''}\n{entry.reason or ''}".casefold()
        return self.text in haystack

    def keeps(self, item: SurfaceItem, review: Any) -> bool:
        """True when a surface item matches: it carries every ``state:`` word and its name or description holds
        the text."""
        if self.states and not set(self.states) <= item_tags(item, review):
            return False
        if not self.text:
            return True
        definition = item.definition if isinstance(item.definition, dict) else {}
        described = definition.get("description")
        haystack = f"{item.name}\n{described if isinstance(described, str) else ''}".casefold()
        return self.text in haystack
