"""Lua (Neovim plugins, WezTerm and Hammerspoon configs) read through its grammar into the shared flow engine.

What it follows: constant strings and ``..`` joins, locals and module fields, the file's own functions with the
values they are given, ``string.reverse``/``string.char``; commands handed to ``os.execute``, ``io.popen``,
``vim.fn.system``/``jobstart``, ``vim.system`` and ``hs.execute`` (read as shell lines), code handed to
``load``/``loadstring``, reads of ``os.getenv`` and of files through ``io.open``/``io.lines``, writes through a file
handle, LuaSocket's ``http.request``, and what it prints (``print``, ``io.write``, ``io.stdout:write``) for the agent
that runs it. The verdicts are the flow engine's (``flowcore.Sinks``)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from skillscope.audit.behavior.base import Ctx
from skillscope.audit.behavior.flowcore import (
    EMPTY,
    UNKNOWN,
    Val,
    concat,
    env_value,
    format_text,
    merge,
    path_secret,
    private_read,
    shell_quote,
    with_places_read,
)
from skillscope.audit.behavior.treeflow import HandlerFlow

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["scan_lua"]

_BUDGET = 20_000
_DEPTH = 4
_RUNNERS = frozenset(
    {
        "os.execute",
        "io.popen",
        "vim.fn.system",
        "vim.fn.systemlist",
        "vim.fn.jobstart",
        "vim.fn.termopen",
        "vim.system",
        "vim.uv.spawn",
        "vim.loop.spawn",
        "hs.execute",
        "wezterm.run_child_process",
        "wezterm.background_child_process",
    }
)
_LOADERS = frozenset({"load", "loadstring"})
_PRINTERS = frozenset({"print", "io.write"})
"""Calls whose text goes to standard output, which the agent that runs the script reads."""
_STREAMS = frozenset({"io.stdout", "io.stderr", "io.output()"})
_SENDERS = frozenset({"http.request", "socket.http.request", "https.request", "ssl.https.request"})
# Neovim's standard places, as the user's home spells them
_STDPATH = {
    "config": "~/.config/nvim",
    "data": "~/.local/share/nvim",
    "state": "~/.local/state/nvim",
    "cache": "~/.cache/nvim",
}
_SKIPPED = frozenset({"comment", "function_declaration", "function_definition"})


class _Lua(HandlerFlow):
    SKIPPED = _SKIPPED

    def __init__(self, ctx: Ctx) -> None:
        super().__init__(ctx, "lua", budget=_BUDGET)

    # -- the walk --------------------------------------------------------------------------------------------------
    def run(self) -> None:
        stack = [self.tree.root_node]
        while stack:
            node = stack.pop()
            if node.type == "function_declaration":
                name = node.child_by_field_name("name")
                if name is not None:
                    self.functions.setdefault(self.src(name), node)
            stack.extend(node.children)
        self.eval(self.tree.root_node, {})
        self.judge_bodies(self.functions.values())

    # -- values ----------------------------------------------------------------------------------------------------
    def _string(self, node: Node, scope: dict[str, Val]) -> Val:
        content = node.child_by_field_name("content")
        raw = self.src(content) if content is not None else ""
        if "\\" in raw and not self.src(node).startswith("["):
            raw = raw.replace("\\n", "\n").replace("\\t", "\t").replace('\\"', '"').replace("\\'", "'")
            raw = raw.replace("\\\\", "\\")
        return Val(raw)

    def _number(self, node: Node, scope: dict[str, Val]) -> Val:
        return Val(self.src(node))

    def _identifier(self, node: Node, scope: dict[str, Val]) -> Val:
        name = self.src(node)
        return scope.get(name) or self.globals.get(name) or EMPTY

    def _dot_index_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        return self.globals.get(self.src(node)) or EMPTY

    def _parenthesized_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        inner = [c for c in node.named_children if c.type != "comment"]
        return self.eval(inner[0], scope) if inner else EMPTY

    def _binary_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        operator = node.child_by_field_name("operator")
        vals = [self.eval(n, scope) for n in (left, right) if n is not None]
        if operator is not None and self.src(operator) == ".." and len(vals) == 2:
            return concat(vals)
        if operator is not None and self.src(operator) in ("or", "and") and len(vals) == 2:
            # `h and h:read("*l") or ""`: either side may be the value
            return merge(vals, text=vals[0].text if vals[0].text is not None else vals[1].text)
        return merge(vals, text=None)

    def _table_constructor(self, node: Node, scope: dict[str, Val]) -> Val:
        items: list[Val] = []
        for field_node in node.named_children:
            if field_node.type != "field":
                continue
            value = field_node.child_by_field_name("value")
            if value is not None:
                items.append(self.eval(value, scope))
        return _replace_items(merge(items), items)

    def _variable_declaration(self, node: Node, scope: dict[str, Val]) -> Val:
        for child in node.named_children:
            if child.type == "assignment_statement":
                self._assign(child, scope, local=True)
            elif child.type == "variable_list":
                for name in child.named_children:
                    scope[self.src(name)] = EMPTY
        return EMPTY

    def _assignment_statement(self, node: Node, scope: dict[str, Val]) -> Val:
        self._assign(node, scope, local=False)
        return EMPTY

    def _assign(self, node: Node, scope: dict[str, Val], *, local: bool) -> None:
        names = next((c for c in node.named_children if c.type == "variable_list"), None)
        values = next((c for c in node.named_children if c.type == "expression_list"), None)
        targets = [c for c in names.named_children if c.type != "comment"] if names is not None else []
        exprs = [c for c in values.named_children if c.type != "comment"] if values is not None else []
        vals = [self.eval(e, scope) for e in exprs]
        for at, target in enumerate(targets):
            val = vals[at] if at < len(vals) else EMPTY
            name = self.src(target)
            if target.type == "identifier" and (local or name in scope):
                scope[name] = val
            else:
                self.globals[name] = val

    def _return_statement(self, node: Node, scope: dict[str, Val]) -> Val:
        vals = [self.eval(c, scope) for c in node.named_children]
        if self.returns:
            self.returns[-1].extend(vals)
        return merge(vals)

    def _if_statement(self, node: Node, scope: dict[str, Val]) -> Val:
        for child in node.named_children:
            self.eval(child, scope)
        return EMPTY

    # -- calls -----------------------------------------------------------------------------------------------------
    def _function_call(self, node: Node, scope: dict[str, Val]) -> Val:
        callee = node.child_by_field_name("name")
        arguments = node.child_by_field_name("arguments")
        arg_nodes = [c for c in arguments.named_children if c.type != "comment"] if arguments is not None else []
        args = [self.eval(a, scope) for a in arg_nodes]
        if callee is None:
            return merge(args)
        if callee.type == "method_index_expression":
            table = callee.child_by_field_name("table")
            method = callee.child_by_field_name("method")
            recv = self.eval(table, scope) if table is not None else EMPTY
            name = self.src(method) if method is not None else ""
            if table is not None and self.src(table) in _STREAMS and name == "write":
                self.sinks.say(*self.span(node), args)  # io.stdout:write(note): printed, as print prints
                return recv
            return self._method(node, recv, name, args)
        name = self.src(callee)
        return self._call(node, name, args, scope)

    def _call(self, node: Node, name: str, args: list[Val], scope: dict[str, Val]) -> Val:
        start, end = self.span(node)
        line = self.line(node)
        first = args[0] if args else EMPTY
        if name in _RUNNERS:
            words = list(first.items) if first.items is not None else [first]
            if name in ("vim.uv.spawn", "vim.loop.spawn") and len(args) > 1 and args[1].items:
                words = [first, *args[1].items]  # spawn(cmd, { args = {...} })
            if len(words) == 1:
                command = words[0].text if words[0].text is not None else UNKNOWN
            else:
                command = " ".join(shell_quote(w.text if w.text is not None else UNKNOWN) for w in words)
            out = self.sinks.execute(start, end, command, words)
            return Val(secrets=out.secrets, fetched=out.fetched, handle=("command", command))
        if name in _PRINTERS:
            self.sinks.say(start, end, args)
            return EMPTY
        if name == "string.format" and args:
            return format_text(first, args[1:])
        if name in _LOADERS and args:
            return self.sinks.execute(start, end, None, [first], code_language=None, what=name)
        if name == "os.getenv":
            val = env_value(first.text if first.text and UNKNOWN not in first.text else None, line)
            self.sinks.read(start, end, val)
            return val
        if name == "vim.fn.stdpath":
            return Val(_STDPATH.get(first.text or "", None))
        if name in ("vim.fn.expand", "vim.fs.normalize", "vim.fn.fnamemodify"):
            return first
        if name in ("io.open", "io.lines"):
            mode = args[1].text if len(args) > 1 and args[1].text else "r"
            if name == "io.open" and mode[:1] in ("w", "a"):
                return Val(handle=("file", first.text or UNKNOWN), append=mode.startswith("a"))
            read = private_read(path_secret(first, line), line)
            self.sinks.read(start, end, read)
            return Val(secrets=read.secrets, handle=("read", first.text or UNKNOWN))
        if name in _SENDERS and args:
            self.sinks.send(start, end, first, args[1:])
            return Val(fetched=first.text if len(args) == 1 else None)
        if name in ("string.reverse",) and first.text is not None:
            return Val(first.text[::-1], secrets=first.secrets)
        if name == "string.char" and args and all(a.text and a.text.isdigit() for a in args):
            return Val("".join(chr(int(a.text or "0") % 0x110000) for a in args), decoded=True)
        if name in ("table.concat",) and first.items is not None:
            sep = args[1].text if len(args) > 1 and args[1].text is not None else ""
            return concat(list(first.items), sep)
        if name in self.functions:
            return with_places_read(self._follow(name, node, args), args, self.sinks, start, end, line)
        return merge(args, text=None)

    def _method(self, node: Node, recv: Val, method: str, args: list[Val]) -> Val:
        start, end = self.span(node)
        if recv.handle is not None and recv.handle[0] == "file" and method == "write":
            self.sinks.write(start, end, Val(recv.handle[1]), merge(args), append=recv.append)
            return recv
        if recv.handle is not None and method in ("read", "lines"):
            return Val(secrets=recv.secrets, fetched=recv.fetched)
        if method == "reverse" and recv.text is not None:
            return Val(recv.text[::-1], secrets=recv.secrets)
        return Val(secrets=recv.secrets, fetched=recv.fetched, decoded=recv.decoded)

    def _follow(self, name: str, node: Node, args: list[Val]) -> Val:
        func = self.functions[name]
        if self.depth >= _DEPTH or any(n == name for n, _ in self.sinks.via):
            return merge(args)
        params = func.child_by_field_name("parameters")
        inner: dict[str, Val] = {}
        for at, param in enumerate(
            p for p in (params.named_children if params is not None else []) if p.type == "identifier"
        ):
            inner[self.src(param)] = args[at] if at < len(args) else EMPTY
        body = func.child_by_field_name("body")
        if body is None:
            return EMPTY
        returned, _ = self.followed(name, node, body, inner)
        return merge(returned, text=next((v.text for v in returned if v.text is not None), None))


def _replace_items(val: Val, items: list[Val]) -> Val:
    return replace(val, items=tuple(items))


def scan_lua(ctx: Ctx) -> None:
    """Analyse a Lua region: commands and code it runs, what it reads, writes and sends, as the flow engine judges."""
    _Lua(ctx).run()
