"""One place that loads the tree-sitter grammars the analysers parse code with.

Every grammar is a wheel from PyPI under MIT (``tree-sitter-bash``, ``-javascript``, ``-typescript``,
``-powershell``, ``-ruby``, ``-go``, ``-make``, ``-lua``, ``-perl``, ``-rust``) or Apache-2.0 (``-hcl``) over the one maintained
binding, ``tree-sitter``. A parser
is made once per language and process; parsing never runs the code and never fails: text that is not valid
in the language gives a tree with ``ERROR`` nodes, which the analysers read around.

Nothing here is loaded until it is needed: importing the audit imports neither the binding nor a grammar, and a
grammar's wheel is imported the first time a region of its language is parsed, so auditing a skill of Markdown
and Python alone never loads tree-sitter at all.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from functools import cache
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    import tree_sitter

__all__ = ["Grammar", "parse", "walk", "text_of"]

Grammar = Literal[
    "bash", "javascript", "typescript", "tsx", "powershell", "ruby", "go", "make", "lua", "perl", "hcl", "rust"
]


def _loader(grammar: Grammar) -> Callable[[], object]:
    if grammar == "bash":
        import tree_sitter_bash

        return tree_sitter_bash.language
    if grammar == "javascript":
        import tree_sitter_javascript

        return tree_sitter_javascript.language
    if grammar in ("typescript", "tsx"):
        import tree_sitter_typescript

        return tree_sitter_typescript.language_tsx if grammar == "tsx" else tree_sitter_typescript.language_typescript
    if grammar == "powershell":
        import tree_sitter_powershell

        return tree_sitter_powershell.language
    if grammar == "ruby":
        import tree_sitter_ruby

        return tree_sitter_ruby.language
    if grammar == "go":
        import tree_sitter_go

        return tree_sitter_go.language
    if grammar == "hcl":  # Apache-2.0
        import tree_sitter_hcl

        return tree_sitter_hcl.language
    if grammar == "lua":
        import tree_sitter_lua

        return tree_sitter_lua.language
    if grammar == "rust":
        import tree_sitter_rust

        return tree_sitter_rust.language
    if grammar == "perl":
        import tree_sitter_perl

        return tree_sitter_perl.language
    import tree_sitter_make

    return tree_sitter_make.language


@cache
def _parser(grammar: Grammar) -> tree_sitter.Parser:
    import tree_sitter  # here, not at the top: see the module's docstring

    with warnings.catch_warnings():
        # tree-sitter-perl 2.0.3 hands its language over as an address, which the binding still takes but warns of
        warnings.filterwarnings("ignore", "int argument support is deprecated", DeprecationWarning)
        language = tree_sitter.Language(_loader(grammar)())
    return tree_sitter.Parser(language)


def parse(grammar: Grammar, text: str) -> tuple[tree_sitter.Tree, bytes]:
    """The syntax tree of ``text`` and the UTF-8 bytes its nodes' offsets index into."""
    data = text.encode("utf-8", "surrogatepass")
    return _parser(grammar).parse(data), data


def walk(node: tree_sitter.Node) -> Iterator[tree_sitter.Node]:
    """Every node under ``node`` (itself first), depth first, without recursion (hostile nesting is deep)."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.children))


def text_of(node: tree_sitter.Node, data: bytes) -> str:
    """The source text of ``node``."""
    return data[node.start_byte : node.end_byte].decode("utf-8", "replace")
