"""One bounded YAML loader for everything a skill ships: frontmatter, data files, a config a script loads.

PyYAML's safe loader still follows aliases: nine anchors of nine aliases each expand to 9^9 nodes (an "alias
bomb"), and a reader that copies or walks the loaded value never finishes. The loader here counts every node a
document would hold once its aliases are expanded and refuses the document past a budget, refuses nesting deeper
than ``MAX_DEPTH`` and, for frontmatter, refuses aliases altogether.
"""

from __future__ import annotations

from typing import Any

import yaml
from yaml.events import AliasEvent
from yaml.nodes import MappingNode, Node, SequenceNode

__all__ = ["MAX_DEPTH", "NODE_BUDGET", "YamlRefused", "BoundedLoader", "load_bounded", "compose_bounded"]

MAX_DEPTH = 64
"""Nesting levels a YAML document may have."""
NODE_BUDGET = 100_000
"""Nodes a YAML document may hold once its aliases are expanded (a real config holds a few hundred)."""


class YamlRefused(ValueError):
    """A YAML document the bounded loader will not read (aliases where refused, too deep, too many nodes)."""


class BoundedLoader(yaml.SafeLoader):
    """PyYAML's safe loader with a depth limit and a budget of expanded nodes; ``aliases = False`` refuses any alias.

    A subclass may set ``refusal`` to raise its own error type (a ``ValueError`` taking one message).
    """

    aliases = True
    budget = NODE_BUDGET
    refusal: type[ValueError] = YamlRefused

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0
        self._sizes: dict[int, int] = {}
        """Expanded size of each finished node by id (an alias to it costs that much again)."""

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        if self.check_event(AliasEvent):
            event: Any = self.peek_event()  # type: ignore[no-untyped-call]
            if not self.aliases:
                raise self.refusal(
                    f"YAML aliases are refused (alias *{event.anchor} at line {event.start_mark.line + 1})"
                )
            target = self.anchors.get(event.anchor)
            if target is not None and id(target) not in self._sizes:
                raise self.refusal(f"YAML alias *{event.anchor} refers to itself (line {event.start_mark.line + 1})")
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise self.refusal(f"YAML nesting deeper than {MAX_DEPTH} levels is refused")
        try:
            node = super().compose_node(parent, index)
        finally:
            self._depth -= 1
        if node is not None and id(node) not in self._sizes:
            self._sizes[id(node)] = size = self._size(node)
            if size > self.budget:
                raise self.refusal(
                    f"YAML document expands to more than {self.budget:,} values (aliases repeat one part many times)"
                )
        return node

    def _size(self, node: Node) -> int:
        if isinstance(node, SequenceNode):
            return 1 + sum(self._sizes.get(id(child), 1) for child in node.value)
        if isinstance(node, MappingNode):
            return 1 + sum(self._sizes.get(id(k), 1) + self._sizes.get(id(v), 1) for k, v in node.value)
        return 1


def load_bounded(text: str, loader: type[BoundedLoader] = BoundedLoader) -> Any:
    """The one YAML document of ``text`` as Python values; ``YamlRefused`` (or the loader's refusal) when refused,
    ``yaml.YAMLError`` when it does not parse."""
    try:
        return yaml.load(text, Loader=loader)  # a SafeLoader subclass
    except RecursionError:
        raise loader.refusal(f"YAML nesting deeper than {MAX_DEPTH} levels is refused") from None


def compose_bounded(text: str) -> list[Node]:
    """Every document of ``text`` as YAML nodes (empty documents left out); refused or failing as ``load_bounded``."""
    loader = BoundedLoader(text)
    try:
        out: list[Node] = []
        while loader.check_node():
            node = loader.get_node()
            if node is not None:
                out.append(node)
        return out
    except RecursionError:
        raise YamlRefused(f"YAML nesting deeper than {MAX_DEPTH} levels is refused") from None
    finally:
        loader.dispose()
