"""Makefiles over the tree-sitter-make grammar: each recipe line is shell code the build runs.

A rule's recipe lines are joined into one shell script (so a file one line downloads and the next runs is
followed) with make's own references resolved where they are constant: ``$(VAR)`` and ``${VAR}`` from the
Makefile's assignments (``=``, ``:=``, ``?=``, ``+=``), ``$$`` as the shell's ``$``, ``$@`` as the target's
name. ``$(shell ...)`` in an assignment is shell code too. What the shell rules find is placed back on the
recipe line it came from, at its real offset where the line needed no resolving.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from skillscope.audit.behavior import shell
from skillscope.audit.behavior.base import Ctx
from skillscope.audit.behavior.shellvalues import shipped
from skillscope.audit.behavior.treesitter import parse, walk

if TYPE_CHECKING:  # only names node types; the binding loads with the first parse (treesitter.py)
    import tree_sitter

__all__ = ["scan_makefile"]

_MAX_DEPTH = 8
"""References followed inside references (A = $(B), B = $(C) ...) before a value is left as written."""


def _quoted_parens_blanked(text: str) -> str:
    """``text`` with each parenthesis inside a quoted string of a ``$(shell ...)`` call turned into a space."""
    out = list(text)
    at = text.find("$(shell")
    while at >= 0:
        depth, quote, i = 0, "", at + 1
        while i < len(text):
            ch = text[i]
            if quote:
                if ch == quote:
                    quote = ""
                elif ch in "()":
                    out[i] = " "
            elif ch in "'\"":
                quote = ch
            elif ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
                if depth == 0:
                    break
            elif ch == "\n" and not text[i - 1 : i] == "\\":
                break
            i += 1
        at = text.find("$(shell", i)
    return "".join(out)


@dataclass(frozen=True)
class _Piece:
    """One recipe line in the joined script: where it starts there, and where it is in the region."""

    at: int
    length: int
    start: int
    end: int
    exact: bool


class _Make:
    def __init__(self, ctx: Ctx) -> None:
        self.ctx = ctx
        self.tree, self.data = parse("make", ctx.text)
        if self.tree.root_node.has_error and "$(shell" in ctx.text:
            # the grammar loses the whole file on a parenthesis quoted inside $(shell ...) (python3 -c "print(x)");
            # blanked there, the rest of the file reads as written, every offset kept
            self.tree, self.data = parse("make", _quoted_parens_blanked(ctx.text))
        self.values: dict[str, tree_sitter.Node | None] = {}
        self.owners: dict[str, _Make] = {}
        """For a name set in an included file (``include tools.mk``), the reader of that file: its node is read there."""
        self.chars: list[int] | None = None
        if len(self.data) != len(ctx.text):
            self.chars = []
            for index, ch in enumerate(ctx.text):
                self.chars.extend([index] * len(ch.encode("utf-8", "surrogatepass")))
            self.chars.append(len(ctx.text))

    def offset(self, byte: int) -> int:
        return byte if self.chars is None else self.chars[min(byte, len(self.chars) - 1)]

    def src(self, node: tree_sitter.Node) -> str:
        return self.data[node.start_byte : node.end_byte].decode("utf-8", "replace")

    def value(self, name: str, depth: int) -> str:
        node = self.values.get(name)
        if name not in self.values:
            if name in _DEFAULTS:  # make's own default ($(SHELL) is /bin/sh unless the Makefile sets it)
                return _DEFAULTS[name]
            return f"${{{name}}}"  # make reads the environment for a name the Makefile does not set ($(HOME))
        if node is None or depth > _MAX_DEPTH:
            return ""
        return self.owners.get(name, self).resolve(node, "", depth + 1)

    def resolve(self, node: tree_sitter.Node, target: str, depth: int = 0) -> str:
        """The text of ``node`` with make's references replaced by their constant values."""
        out: list[str] = []
        at = node.start_byte
        for child in node.children:
            kind = child.type
            if kind not in (
                "variable_reference",
                "escape",
                "automatic_variable",
                "shell_text",
                "shell_function",
                "function_call",
                "text",
            ):
                continue
            out.append(self.data[at : child.start_byte].decode("utf-8", "replace"))
            if kind == "text":
                out.append(self.resolve(child, target, depth))
            elif kind == "function_call":  # $(wildcard hooks/*) names the files its pattern takes in
                name = child.children[2].type if len(child.children) > 2 else ""
                arguments = next((c for c in child.children if c.type == "arguments"), None)
                if name in _PASSING and arguments is not None:
                    out.append(self.resolve(arguments, target, depth))
                elif name in ("if", "or") and arguments is not None:
                    out.append(_chosen(name, self.resolve(arguments, target, depth)))
                else:
                    out.append(self.src(child))
            elif kind == "shell_function":  # $(shell cmd) is the shell's $(cmd)
                command = next((c for c in child.children if c.type == "shell_command"), None)
                out.append(f"$({self.resolve(command, target, depth) if command is not None else ''})")
            elif kind == "shell_text":
                out.append(self.resolve(child, target, depth))
            elif kind == "escape":
                out.append("$")
            elif kind == "automatic_variable":
                symbol = self.src(child)[1:]
                out.append(target if symbol.startswith("@") and target else self.src(child))
            else:
                name = next((self.src(c) for c in child.named_children if c.type == "word"), "")
                out.append(self.value(name, depth) if name else self.src(child))
            at = child.end_byte
        out.append(self.data[at : node.end_byte].decode("utf-8", "replace"))
        return "".join(out)

    def assignments(self, depth: int = 0) -> None:
        """Learn every name this file sets, and those of the files it includes that the skill ships (their names
        and values are read in their own text, and may use this file's names)."""
        for node in walk(self.tree.root_node):
            if node.type == "variable_assignment":
                name = node.child_by_field_name("name")
                value = node.child_by_field_name("value")
                if name is not None and self.src(name).strip() not in self.values:
                    self.values[self.src(name).strip()] = value
                    self.owners[self.src(name).strip()] = self  # its node is read in this file's text
            elif node.type == "include_directive" and depth < _MAX_DEPTH:
                for word in (w for w in walk(node) if w.type == "word"):
                    for _, text in shipped(self.ctx.skill_files, self.ctx.path, self.src(word))[:1]:
                        included = _Make(Ctx(text, 0, text, self.ctx.path, skill_files=self.ctx.skill_files))
                        included.values, included.owners = self.values, self.owners  # one table of names
                        included.assignments(depth + 1)

    def run(self) -> None:
        root = self.tree.root_node
        self.assignments()
        for node in walk(root):
            if node.type == "shell_function":
                command = next((c for c in node.children if c.type == "shell_command"), None)
                if command is not None:
                    self.script([(command, "")])
            elif node.type == "rule":
                targets = node.child_by_field_name("targets") or next(
                    (c for c in node.children if c.type == "targets"), None
                )
                target = self.src(targets).split()[0] if targets is not None and self.src(targets).split() else ""
                recipe = next((c for c in node.children if c.type == "recipe"), None)
                if recipe is not None:
                    lines = [(c, target) for c in recipe.children if c.type == "recipe_line"]
                    self.script(lines)

    def script(self, lines: list[tuple[tree_sitter.Node, str]]) -> None:
        """Analyse recipe lines as one shell script and place what is found on the lines themselves."""
        pieces: list[_Piece] = []
        parts: list[str] = []
        at = 0
        for line, target in lines:
            body = [c for c in line.children if c.type in ("shell_text", "shell_command")]
            if not body:
                continue
            first, last = body[0], body[-1]
            written = self.data[first.start_byte : last.end_byte].decode("utf-8", "replace")
            text = self.resolve(line, target) if line.type == "recipe_line" else self.resolve(first, target)
            if "$$" in text:  # a line the grammar read around ($$( $(TOOL) … )): make's references by their spelling
                text = self._respelled(text)
            text = text.lstrip("@-+ \t")
            start, end = self.offset(first.start_byte), self.offset(last.end_byte)
            # each line sits on its own line number in the joined script, so the rules' "(line N)" are the file's
            gap = "\n" * max(1 if parts else 0, self.ctx.line(start) - 1 - sum(p.count("\n") for p in parts))
            parts.append(gap)
            at += len(gap)
            pieces.append(_Piece(at, len(text), start, end, text == written))
            parts.append(text)
            at += len(text)
        if not pieces:
            return
        code = "".join(parts)
        inner = Ctx(code, 0, code, self.ctx.path, documented=self.ctx.documented, skill_files=self.ctx.skill_files)
        shell.scan_shell(inner)
        ctx = self.ctx
        ctx.network = ctx.network or inner.network
        for hit in inner.hits:
            start, end = self.place(pieces, hit.start, hit.end)
            ctx.add(hit.check, hit.message, start, end, hit.severity)
        for cap in inner.caps:
            start, end = self.place(pieces, cap.start, cap.end)
            ctx.cap(cap.kind, cap.target, start, end, cap.detail)
        for start, end, kind in inner.sends:
            ctx.sends.append((*self.place(pieces, start, end), kind))
        for start, end, said in inner.printed:
            ctx.say(said, *self.place(pieces, start, end))

    def _respelled(self, text: str) -> str:
        """``text`` with ``$(NAME)``/``${NAME}`` of the names make knows replaced by their values and ``$$`` as the
        shell's ``$``, for a recipe line whose tree left them unread."""

        def value(match: re.Match[str]) -> str:
            name = match.group(1) or match.group(2)
            return self.value(name, 1) if name in self.values or name in _DEFAULTS else match.group(0)

        parts = text.split("$$")
        return "$".join(_REFERENCE.sub(value, part) for part in parts)

    @staticmethod
    def place(pieces: list[_Piece], start: int, end: int) -> tuple[int, int]:
        piece = next((p for p in reversed(pieces) if p.at <= start), pieces[0])
        if piece.exact and end <= piece.at + piece.length:
            return piece.start + start - piece.at, piece.start + end - piece.at
        return piece.start, piece.end


_REFERENCE = re.compile(r"\$\((\w+)\)|\$\{(\w+)\}")


def _split_arguments(text: str) -> list[str]:
    """A make function's arguments, split at the commas outside parentheses and braces."""
    parts: list[str] = []
    current: list[str] = []
    depth = 0
    for ch in text:
        if ch in "({":
            depth += 1
        elif ch in ")}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(ch)
    parts.append("".join(current))
    return parts


def _chosen(name: str, arguments: str) -> str:
    """What ``$(if c,a,b)`` or ``$(or a,b)`` gives when the user sets nothing: a condition that is only a variable the
    Makefile leaves to the environment (``$(PR)``) is empty by default, so the default branch is the one that runs
    (``$(if $(PR),-l preview=pr-$(PR),--all)`` is ``--all`` unless the user names a PR)."""
    parts = _split_arguments(arguments)

    def unset(part: str) -> bool:
        found = re.fullmatch(r"\s*(?:\$\{(\w+)\})?\s*", part)
        return found is not None and (found.group(1) or "") not in _ENVIRONMENT

    if name == "if":
        then, otherwise = (parts[1] if len(parts) > 1 else ""), (parts[2] if len(parts) > 2 else "")
        return otherwise.strip() if unset(parts[0]) else then.strip()
    return next((p.strip() for p in parts if not unset(p)), "")


_ENVIRONMENT = frozenset({"HOME", "USER", "LOGNAME", "PWD", "PATH", "TMPDIR", "SHELL"})
"""Variables every session's environment sets: make reads them as set, unlike a knob the user may pass (``PR=12``)."""


_DEFAULTS = {"SHELL": "/bin/sh", "MAKE": "make", "RM": "rm -f", "CC": "cc", "CXX": "g++", "CP": "cp", "CURDIR": "."}
"""Variables make sets itself when the Makefile does not."""
_PASSING = frozenset({"wildcard", "strip", "abspath", "realpath", "sort"})
"""Make functions whose value is their argument as far as the rules care (the pattern, the path)."""


def scan_makefile(ctx: Ctx) -> None:
    """Analyse a Makefile: every rule's recipe as shell, with make's constant references resolved."""
    if ctx.text.strip():
        _Make(ctx).run()
