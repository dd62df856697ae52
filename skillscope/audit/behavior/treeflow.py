"""What the analysers that read a tree-sitter tree into the shared flow engine hold for one file (Go, Ruby, Lua, Rust, Perl).

Each analyser walks its language's nodes its own way; the file they walk, where its bytes fall in the text the
findings point into, the sinks that judge what reaches them, and the bounds of the walk are the same for all.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import TYPE_CHECKING

from skillscope.audit.behavior.base import Ctx
from skillscope.audit.behavior.flowcore import EMPTY, Offsets, Sinks, Val, merge
from skillscope.audit.behavior.treesitter import Grammar, parse, text_of

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["HandlerFlow", "TreeFlow"]


class TreeFlow(ABC):
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

    @abstractmethod
    def eval(self, node: Node, scope: dict[str, Val]) -> Val:
        """What ``node`` may hold, walked the language's way, with ``scope`` for its names."""

    def judge_bodies(self, functions: Iterable[Node]) -> None:
        """Walk each function's body once on its own: a function no one here calls still runs when a caller does."""
        for function in list(functions):
            body = function.child_by_field_name("body")
            if body is not None:
                self.returns.append([])
                self.eval(body, {})
                self.returns.pop()

    def followed(self, name: str, call: Node, body: Node, scope: dict[str, Val]) -> tuple[list[Val], Val]:
        """Walk the body of the file's own function ``name`` as called at ``call``, its parameters bound in
        ``scope``: what its ``return`` statements give, and the body's own value (a Ruby method's last expression).
        The findings on the way name the call (``sinks.via``)."""
        self.depth += 1
        self.sinks.via.append((name, self.line(call)))
        self.returns.append([])
        try:
            last = self.eval(body, scope)
        finally:
            self.sinks.via.pop()
            self.depth -= 1
            returned = self.returns.pop()
        return returned, last


class HandlerFlow(TreeFlow):
    """A walk by handler methods (Lua, Rust, Perl): ``_<node type>(node, scope)`` gives a node's value, a type in
    ``SKIPPED`` gives nothing, and any other node gives what its children give (``children_value``)."""

    SKIPPED: frozenset[str] = frozenset()

    def eval(self, node: Node, scope: dict[str, Val]) -> Val:
        self.budget -= 1
        if self.budget < 0 or node.type in self.SKIPPED:
            return EMPTY
        handler = getattr(self, "_" + node.type, None)
        if handler is not None:
            result: Val = handler(node, scope)
            return result
        return self.children_value([self.eval(child, scope) for child in node.named_children])

    def children_value(self, vals: list[Val]) -> Val:
        """The value of a node with no handler, from its children's: their merge, with the text of a lone child."""
        return merge(vals, text=vals[-1].text if len(vals) == 1 else None)
