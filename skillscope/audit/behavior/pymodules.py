"""Python rules: a skill's scripts parsed once, summarised for calls between them, then analysed one by one."""

from __future__ import annotations

import ast

from skillscope.audit.behavior.base import Ctx
from skillscope.audit.behavior.python import Analyser, Summary

__all__ = ["Modules", "scan_python"]


class Modules:
    """Summaries of a skill's Python files, by module name, for calls across them (``from helper import grab``)."""

    def __init__(self) -> None:
        self.by_name: dict[str, Summary] = {}
        self.trees: dict[str, ast.Module] = {}
        """Each file's parsed tree, by its text, so a script is parsed once."""

    @classmethod
    def of(cls, files: list[tuple[str, str]]) -> Modules:
        modules = cls()
        sources = [(p, t) for p, t in files if p.endswith(".py") and len(t) < 256 * 1024]
        for _, text in sources:
            try:
                modules.trees[text] = ast.parse(text)
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                continue  # scan_python parses it again and says why
        if len(modules.trees) < 2:
            return modules  # one script imports none of its siblings: nothing to summarise
        for _ in range(2):  # twice: a helper that calls another helper learns from the first round
            for path, text in sources:
                tree = modules.trees.get(text)
                if tree is None:
                    continue
                analyser = Analyser(Ctx(text, 0, text, path), modules, report=False)
                analyser.run(tree)
                modules.by_name[path.rsplit("/", 1)[-1][:-3]] = analyser.summary
        return modules


_REACHES = (
    "import",
    "open(",
    "exec",
    "eval",
    "compile(",
    "getattr",
    "environ",
    "system(",
    "popen(",
    "Popen(",
    "urlopen",
)
"""Names without which Python reaches no source, sink or runner (comment-only or pure-computation files are not parsed)."""


def scan_python(ctx: Ctx, modules: Modules) -> None:
    """Run the Python rules over ``ctx.text`` (code that does not parse is left to the other rules)."""
    if not any(word in ctx.text for word in _REACHES):
        return
    tree = modules.trees.get(ctx.text)
    if tree is None:
        try:
            tree = ast.parse(ctx.text)
        except (SyntaxError, ValueError):
            return
        except (RecursionError, MemoryError):
            ctx.add("skillscope/obfuscation/unanalysable", "Python nested too deeply for its own parser", 0, 1)
            return
    Analyser(ctx, modules).run(tree)
