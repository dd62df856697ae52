"""What the analysers that read a tree-sitter tree into the shared flow engine hold for one file (Go, Ruby, Lua).

Each analyser walks its language's nodes its own way; the file they walk, where its bytes fall in the text the
findings point into, the sinks that judge what reaches them, and the bounds of the walk are the same for all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skillscope.audit.behavior.base import Ctx
from skillscope.audit.behavior.flowcore import Offsets, Sinks, Val
from skillscope.audit.behavior.treesitter import Grammar, parse, text_of

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["TreeFlow"]


class TreeFlow:
    """One parsed file of a skill: its tree and bytes, the sinks its values reach, and the walk's bounds.

    ``budget`` is how many nodes the walk may still visit (hostile files are large), ``depth`` how deep the
    following of the file's own functions goes now, ``returns`` what the functions being followed return.
    """

    def __init__(self, ctx: Ctx, grammar: Grammar, *, budget: int) -> None:
        self.ctx = ctx
        self.tree, self.data = parse(grammar, ctx.text)
        self.offsets = Offsets(ctx.text, self.data)
        self.sinks = Sinks(ctx, grammar)
        self.globals: dict[str, Val] = {}
        self.functions: dict[str, Node] = {}
        self.budget = budget
        self.depth = 0
        self.returns: list[list[Val]] = []

    def span(self, node: Node) -> tuple[int, int]:
        """Where ``node`` stands in the file's text, as character offsets."""
        return self.offsets.at(node.start_byte), self.offsets.at(node.end_byte)

    def line(self, node: Node) -> int:
        """The line ``node`` starts on."""
        return self.ctx.line(self.offsets.at(node.start_byte))

    def src(self, node: Node) -> str:
        """The source text of ``node``."""
        return text_of(node, self.data)
