"""Rust (``.rs``: a crate's ``build.rs``, a tool's sources) read through its grammar into the shared flow engine.

What it follows: constant strings and ``concat!``/``format!``/``+``/``push_str`` joins, ``let`` bindings and
``const``/``static`` items, reversals (``.chars().rev().collect()``), byte arrays made into text, hex and base64
decodes of constants, and the file's own functions with the values they are given; paths built with ``Path::new``,
``join``, the home folder and cargo's ``OUT_DIR``/``CARGO_MANIFEST_DIR`` with their ``parent``/``ancestors`` climbs.
Sources: ``env::var``/``env::vars``, file reads. Sinks: ``Command`` runs (read as shell lines), ``reqwest``/``ureq``
requests, TCP and UDP sockets, file writes and deletes. The verdicts are the flow engine's (``flowcore.Sinks``);
a delete that climbs from the build output to the crate's own folder or above is a place the user did not name.
A ``build.rs`` runs on its own at every ``cargo build``, so what it does is said to happen then.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from skillscope.audit.behavior.base import Ctx
from skillscope.audit.behavior.flowcore import (
    EMPTY,
    UNKNOWN,
    Secret,
    Val,
    concat,
    decode_constant,
    env_value,
    merge,
    path_join,
    path_secret,
    picked,
    private_read,
    shell_quote,
    shown,
    with_places_read,
)
from skillscope.audit.behavior.rustvalues import (
    MANIFEST_DIR,
    OUT_DIR,
    climbed_above_crate,
    code_points,
    for_shell,
    format_rust,
    parent_of,
    rust_escape,
    rust_int,
)
from skillscope.audit.behavior.treeflow import HandlerFlow

if TYPE_CHECKING:  # only names node types; the binding loads with the first parse (treesitter.py)
    from tree_sitter import Node, Parser

__all__ = ["scan_rust"]

_BUDGET = 30_000
_DEPTH = 4
_LOOP_TIMES = 8
"""Times a loop counted by constants is walked: enough for a climb of folders, bounded for a hostile count."""
_MACRO_PARSES = 2_000
_MACRO_BYTES = 4 * 1024 * 1024
"""Macro argument lists parsed as expressions per file, and their bytes in all (nested macros parse again); past
either, a macro's arguments are read token by token."""
_BUILD_SCRIPT = "build.rs, which cargo runs on its own at every build of the crate"
_SKIPPED = frozenset(
    {
        "line_comment",
        "block_comment",
        "function_item",
        "function_signature_item",
        "use_declaration",
        "extern_crate_declaration",
        "attribute_item",
        "inner_attribute_item",
        "struct_item",
        "enum_item",
        "union_item",
        "type_item",
        "trait_item",
        "impl_item",
        "macro_definition",
        "mod_item",
        "foreign_mod_item",
        "boolean_literal",
        "float_literal",
        "range_expression",
        "unit_expression",
    }
)
_PASS = frozenset(
    """unwrap expect unwrap_or_default unwrap_unchecked to_string to_owned into clone as_str as_ref as_path
    to_path_buf display to_str to_string_lossy into_owned as_os_str into_os_string into_string as_bytes to_vec
    into_bytes bytes chars iter into_iter ok borrow as_deref as_deref_mut canonicalize trim trim_end trim_start
    text text_with_charset flatten cloned copied collect map_err context with_context lines split split_whitespace
    peekable as_mut deref into_boxed_str path with_file_name error_for_status into_reader into_json into_body
    read_to_string body_mut as_slice iter_mut drain concat filter filter_map map for_each and_then or_else wait
    inspect take skip_while take_while chain zip enumerate fuse by_ref""".split()
)
"""Methods whose result carries what their receiver holds (the same text, or data made from it)."""
_EMPTY_METHODS = frozenset(
    """exists is_dir is_file is_empty len file_name file_stem extension starts_with ends_with contains eq ne cmp
    is_ok is_err is_some is_none count metadata is_absolute try_exists""".split()
)
_CMD_KEEP = frozenset(
    """env envs env_clear env_remove current_dir stdin stdout stderr kill_on_drop uid gid process_group arg0
    creation_flags""".split()
)
_KEEPS_HANDLE = frozenset(
    """unwrap expect unwrap_or_default clone as_ref as_path to_path_buf borrow as_mut by_ref deref ok context
    with_context map_err try_clone""".split()
)
"""Pass-through methods after which the value is still the same open thing (a file, a command, a request)."""
_CMD_RUN = frozenset({"output", "status", "spawn", "exec"})
_HTTP_VERBS = {"post": "POST", "put": "PUT", "patch": "PATCH", "get": "GET", "delete": "DELETE", "head": "HEAD"}
_REQUEST_DATA = frozenset({"body", "json", "form", "query", "multipart", "fill"})
_REQUEST_HEADERS = frozenset({"header", "headers", "bearer_auth", "basic_auth", "set", "auth"})
_REQUEST_SEND = frozenset({"send", "call", "send_string", "send_json", "send_form", "send_bytes", "send_empty"})
_WRITES = frozenset({"write", "write_all", "write_fmt", "write_str", "write_vectored"})
_READS_INTO = frozenset({"read_to_string", "read_to_end", "read_line", "read", "read_exact"})
_HOME_DIRS = {
    "home_dir": "~",
    "config_dir": "~/.config",
    "config_local_dir": "~/.config",
    "data_dir": "~/.local/share",
    "data_local_dir": "~/.local/share",
    "cache_dir": "~/.cache",
    "document_dir": "~/Documents",
    "desktop_dir": "~/Desktop",
    "download_dir": "~/Downloads",
}
_STRIPPED = frozenset({"std", "core", "alloc", "crate", "self", "super", "tokio", "async_std"})
_DELETES = frozenset({"fs::remove_dir_all", "fs::remove_dir", "fs::remove_file"})
_PRINTS = frozenset({"print", "println", "eprint", "eprintln"})


class _Rust(HandlerFlow):
    SKIPPED = _SKIPPED

    def __init__(self, ctx: Ctx) -> None:
        super().__init__(ctx, "rust", budget=_BUDGET)
        self.build_script = ctx.path.replace("\\", "/").rsplit("/", 1)[-1] == "build.rs"
        self.aliases: dict[str, list[str]] = {}
        """Names ``use`` brings in, each with the full path it stands for."""
        self.fields: dict[str, Val] = {}
        """What struct literals put in each field name (``Uploader { url: "…" }``), read back as ``self.url``."""
        self.macro_args: dict[tuple[int, int], list[Node] | None] = {}
        self.sub_parser: Parser | None = None
        self.macro_parses = 0
        self.macro_bytes = 0

    # -- the walk --------------------------------------------------------------------------------------------------
    def run(self) -> None:
        root = self.tree.root_node
        items: list[Node] = []
        stack = [root]
        while stack:
            node = stack.pop()
            if node.type == "function_item":
                name = node.child_by_field_name("name")
                if name is not None:
                    self.functions.setdefault(self.src(name), node)
            elif node.type == "use_declaration":
                argument = node.child_by_field_name("argument")
                if argument is not None:
                    self._learn_use(argument, [])
            elif node.type in ("const_item", "static_item"):
                items.append(node)
            elif node.type == "struct_expression":
                continue  # its fields are learnt as the walk reaches it
            stack.extend(reversed(node.children))
        for item in items:  # constants first: a function above them still reads them
            self.eval(item, self.globals)
        for child in root.named_children:
            if child.type not in _SKIPPED and child.type not in ("const_item", "static_item"):
                self.eval(child, self.globals)  # statements with no function around them (a snippet)
        main = self.functions.get("main")
        if self.build_script and main is not None:
            start, end = self.span(main.child_by_field_name("name") or main)
            self.ctx.cap("executes", "build script", start, end, f"runs at build time, {_BUILD_SCRIPT}")
        self.judge_bodies(self.functions.values())

    def _learn_use(self, node: Node, prefix: list[str]) -> None:
        """Record what each name a ``use`` tree brings in stands for (``use std::{env, fs::File as F}``)."""
        kind = node.type
        if kind in ("identifier", "scoped_identifier", "crate", "self", "super"):
            path = [*prefix, *_segments(self.src(node))]
            if path and path[-1] == "self":
                path = path[:-1]
            if path:
                self.aliases[path[-1]] = path
        elif kind == "use_as_clause":
            path_node, alias = node.child_by_field_name("path"), node.child_by_field_name("alias")
            if path_node is not None and alias is not None:
                self.aliases[self.src(alias)] = [*prefix, *_segments(self.src(path_node))]
        elif kind == "scoped_use_list":
            path_node, inner = node.child_by_field_name("path"), node.child_by_field_name("list")
            more = _segments(self.src(path_node)) if path_node is not None else []
            if inner is not None:
                self._learn_use(inner, [*prefix, *more])
        elif kind == "use_list":
            for child in node.named_children:
                self._learn_use(child, prefix)

    def lookup(self, name: str, scope: dict[str, Val]) -> Val | None:
        if name in scope:
            return scope[name]
        return self.globals.get(name)

    # -- literals --------------------------------------------------------------------------------------------------
    def _string_literal(self, node: Node, scope: dict[str, Val]) -> Val:
        out: list[str] = []
        skip_space = False
        for child in node.named_children:
            piece = self.src(child)
            if child.type == "escape_sequence":
                piece = rust_escape(piece)
                skip_space = piece == ""
            elif skip_space:
                piece, skip_space = piece.lstrip(), False
            out.append(piece)
        return Val("".join(out))

    def _raw_string_literal(self, node: Node, scope: dict[str, Val]) -> Val:
        content = next((c for c in node.named_children if c.type == "string_content"), None)
        return Val(self.src(content) if content is not None else "")

    def _char_literal(self, node: Node, scope: dict[str, Val]) -> Val:
        raw = self.src(node)
        inner = raw[raw.index("'") + 1 : -1] if "'" in raw else raw
        return Val(rust_escape(inner) if inner.startswith("\\") else inner)

    def _integer_literal(self, node: Node, scope: dict[str, Val]) -> Val:
        value = rust_int(self.src(node))
        return Val(str(value)) if value is not None else EMPTY

    def _array_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        if node.child_by_field_name("length") is not None:
            return EMPTY  # [0u8; 64]: a buffer, nothing spelt
        parts = [c for c in node.named_children if c.type not in ("line_comment", "block_comment", "attribute_item")]
        items = tuple(self.eval(c, scope) for c in parts)
        return _listed(items, [c.type for c in parts])

    def _tuple_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        items = tuple(self.eval(c, scope) for c in node.named_children if c.type not in ("line_comment",))
        return replace(merge(items), items=items)

    def _struct_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        body = node.child_by_field_name("body")
        vals: list[Val] = []
        for field in body.named_children if body is not None else []:
            if field.type == "field_initializer":
                name, value = field.child_by_field_name("field"), field.child_by_field_name("value")
                val = self.eval(value, scope) if value is not None else EMPTY
            elif field.type == "shorthand_field_initializer":
                name = field.named_children[0] if field.named_children else None
                val = self.lookup(self.src(name), scope) or EMPTY if name is not None else EMPTY
            else:
                self.eval(field, scope)
                continue
            if name is not None:
                key = self.src(name)
                old = self.fields.get(key)
                self.fields[key] = picked([old, val]) if old is not None and old.text != val.text else val
            vals.append(val)
        return replace(merge(vals), handle=None)

    # -- names -----------------------------------------------------------------------------------------------------
    def _identifier(self, node: Node, scope: dict[str, Val]) -> Val:
        return self.lookup(self.src(node), scope) or EMPTY

    def _scoped_identifier(self, node: Node, scope: dict[str, Val]) -> Val:
        name = node.child_by_field_name("name")
        return self.globals.get(self.src(name)) or EMPTY if name is not None else EMPTY

    def _field_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        value, field = node.child_by_field_name("value"), node.child_by_field_name("field")
        recv = self.eval(value, scope) if value is not None else EMPTY
        name = self.src(field) if field is not None else ""
        if recv.items is not None and name.isdigit():
            return recv.items[int(name)] if int(name) < len(recv.items) else EMPTY
        if value is not None and value.type == "self" and name in self.fields:
            return self.fields[name]
        if recv.text is None and not recv.secrets and name in self.fields:
            return self.fields[name]
        return replace(recv, items=None, handle=None)

    def _inner(self, node: Node, scope: dict[str, Val]) -> Val:
        inner = next((c for c in node.named_children if c.type not in ("line_comment", "block_comment")), None)
        return self.eval(inner, scope) if inner is not None else EMPTY

    def _reference_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        value = node.child_by_field_name("value")
        return self.eval(value, scope) if value is not None else EMPTY

    def _type_cast_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        value = node.child_by_field_name("value")
        return self.eval(value, scope) if value is not None else EMPTY

    _try_expression = _inner
    _await_expression = _inner
    _parenthesized_expression = _inner
    _unary_expression = _inner

    # -- statements ------------------------------------------------------------------------------------------------
    def _block(self, node: Node, scope: dict[str, Val]) -> Val:
        last = EMPTY
        children = [c for c in node.named_children if c.type not in ("line_comment", "block_comment")]
        for child in children:
            last = self.eval(child, scope)
        tail = children[-1] if children else None
        if tail is None or tail.type in ("expression_statement", "let_declaration", "empty_statement"):
            return EMPTY
        return last

    _unsafe_block = _inner
    _async_block = _inner
    _const_block = _inner

    def _expression_statement(self, node: Node, scope: dict[str, Val]) -> Val:
        self._inner(node, scope)
        return EMPTY

    def _let_declaration(self, node: Node, scope: dict[str, Val]) -> Val:
        pattern, value = node.child_by_field_name("pattern"), node.child_by_field_name("value")
        val = self.eval(value, scope) if value is not None else EMPTY
        alternative = node.child_by_field_name("alternative")
        if alternative is not None:
            self.eval(alternative, scope)
        if pattern is not None:
            self._bind_pattern(pattern, val, scope, local=True)
        return EMPTY

    def _let_condition(self, node: Node, scope: dict[str, Val]) -> Val:
        pattern, value = node.child_by_field_name("pattern"), node.child_by_field_name("value")
        val = self.eval(value, scope) if value is not None else EMPTY
        if pattern is not None:
            self._bind_pattern(pattern, val, scope, local=True)
        return EMPTY

    def _const_item(self, node: Node, scope: dict[str, Val]) -> Val:
        name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
        if name is not None and value is not None:
            scope[self.src(name)] = self.eval(value, scope)
        return EMPTY

    _static_item = _const_item

    def _bind_pattern(self, pattern: Node, val: Val, scope: dict[str, Val], *, local: bool) -> None:
        names = self._pattern_names(pattern)
        if len(names) == 1:
            self._set(names[0], val, scope, local=local)
            return
        items = val.items if val.items is not None and len(val.items) == len(names) else None
        for at, name in enumerate(names):
            self._set(name, items[at] if items is not None else replace(val, items=None), scope, local=local)

    def _pattern_names(self, node: Node) -> list[str]:
        kind = node.type
        if kind == "identifier":
            return [self.src(node)]
        if kind in ("tuple_struct_pattern", "struct_pattern"):
            kept = node.child_by_field_name("type")
            return [n for c in node.named_children if c != kept for n in self._pattern_names(c)]
        if kind in (
            "mut_pattern",
            "ref_pattern",
            "reference_pattern",
            "captured_pattern",
            "tuple_pattern",
            "slice_pattern",
            "field_pattern",
            "or_pattern",
        ):
            return [n for c in node.named_children for n in self._pattern_names(c)]
        if kind == "shorthand_field_identifier":
            return [self.src(node)]
        return []

    def _set(self, name: str, val: Val, scope: dict[str, Val], *, local: bool) -> None:
        if name == "_":
            return
        if local or name in scope or name not in self.globals:
            scope[name] = val
        else:
            self.globals[name] = val

    def _assignment_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        val = self.eval(right, scope) if right is not None else EMPTY
        if left is not None:
            self._store(left, val, scope)
        return EMPTY

    def _compound_assignment_expr(self, node: Node, scope: dict[str, Val]) -> Val:
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        operator = node.child_by_field_name("operator")
        if left is None or right is None:
            return EMPTY
        val = self.eval(right, scope)
        old = self.eval(left, scope)
        if operator is not None and self.src(operator) == "+=":
            self._store(left, concat([old, val]), scope)
        else:
            self._store(left, merge([old, val]), scope)
        return EMPTY

    def _store(self, target: Node, val: Val, scope: dict[str, Val]) -> None:
        """``x = val`` binds x; ``x.field = val`` or ``x[k] = val`` leaves x carrying what val carries."""
        if target.type == "identifier":
            self._set(self.src(target), val, scope, local=False)
            return
        root = _root_name(target)
        if root is None:
            return
        name = self.src(root)
        old = self.lookup(name, scope) or EMPTY
        self._set(
            name, replace(merge([old, val], text=old.text), handle=old.handle, items=old.items), scope, local=False
        )

    def _binary_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        operator = node.child_by_field_name("operator")
        lval = self.eval(left, scope) if left is not None else EMPTY
        rval = self.eval(right, scope) if right is not None else EMPTY
        op = self.src(operator) if operator is not None else ""
        if op == "+":
            return concat([lval, rval])
        if op in ("==", "!=", "<", ">", "<=", ">=", "&&", "||"):
            return EMPTY
        return merge([lval, rval])

    def _return_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        val = self._inner(node, scope)
        if self.returns:
            self.returns[-1].append(val)
        return val

    def _if_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        condition = node.child_by_field_name("condition")
        if condition is not None:
            self.eval(condition, scope)
        branches = [node.child_by_field_name("consequence"), node.child_by_field_name("alternative")]
        vals = [self.eval(b, scope) for b in branches if b is not None]
        return picked(vals)

    def _else_clause(self, node: Node, scope: dict[str, Val]) -> Val:
        return self._inner(node, scope)

    def _match_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        value, body = node.child_by_field_name("value"), node.child_by_field_name("body")
        matched = self.eval(value, scope) if value is not None else EMPTY
        vals = []
        for arm in body.named_children if body is not None else []:
            if arm.type != "match_arm":
                continue
            pattern, result = arm.child_by_field_name("pattern"), arm.child_by_field_name("value")
            if pattern is not None:
                self._bind_pattern(pattern, replace(matched, items=None), scope, local=True)
            if result is not None:
                vals.append(self.eval(result, scope))
        return picked(vals)

    def _for_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        pattern, value, body = (node.child_by_field_name(f) for f in ("pattern", "value", "body"))
        seq = self.eval(value, scope) if value is not None else EMPTY
        element = replace(picked(seq.items), items=None) if seq.items else replace(seq, items=None, handle=None)
        if pattern is not None:
            self._bind_pattern(pattern, element, scope, local=True)
        # `for _ in 0..6 { dir = dir.parent() }`: a loop counted by constants runs its body that many times
        for _ in range(self._times(value) if value is not None else 1):
            if body is not None:
                self.eval(body, scope)
        return EMPTY

    def _times(self, value: Node) -> int:
        """How many times a ``for`` over ``a..b`` of constants runs (up to a few), else once."""
        if value.type != "range_expression" or len(value.named_children) != 2:
            return 1
        low, high = (rust_int(self.src(c)) for c in value.named_children)
        if low is None or high is None:
            return 1
        count = high - low + (1 if "..=" in self.src(value) else 0)
        return max(1, min(count, _LOOP_TIMES))

    def _closure_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        return self._closure(node, scope, EMPTY)

    def _closure(self, node: Node, scope: dict[str, Val], element: Val) -> Val:
        """A closure's value, its parameters bound to ``element`` (what the iterator or option it is handed holds)."""
        params, body = node.child_by_field_name("parameters"), node.child_by_field_name("body")
        inner = dict(scope)
        for param in params.named_children if params is not None else []:
            pattern = param.child_by_field_name("pattern") if param.type == "parameter" else param
            if pattern is not None:
                self._bind_pattern(pattern, element, inner, local=True)
        return self.eval(body, inner) if body is not None else EMPTY

    def _index_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        children = node.named_children
        val = self.eval(children[0], scope) if children else EMPTY
        key = self.eval(children[1], scope) if len(children) > 1 else EMPTY
        if val.items is not None and key.text and key.text.isdigit() and int(key.text) < len(val.items):
            return val.items[int(key.text)]
        if val.items:
            return replace(picked(val.items), items=None)
        return replace(val, items=None, handle=None)

    # -- macros ----------------------------------------------------------------------------------------------------
    def _macro_invocation(self, node: Node, scope: dict[str, Val]) -> Val:
        name_node = node.child_by_field_name("macro")
        name = _segments(self.src(name_node))[-1] if name_node is not None else ""
        tree = next((c for c in node.named_children if c.type == "token_tree"), None)
        if tree is None:
            return EMPTY
        arg_nodes = self._macro_arguments(tree)
        start, end = self.span(node)
        if arg_nodes is None:  # not expressions (json!'s object, a DSL): what its names and strings carry
            return replace(merge([self.eval(t, scope) for t in _tokens(tree)]), handle=None)
        positional: list[Val] = []
        named: dict[str, Val] = {}
        for arg in arg_nodes:
            if arg.type == "assignment_expression" and name not in ("vec",):
                left, right = arg.child_by_field_name("left"), arg.child_by_field_name("right")
                if left is not None and right is not None:
                    named[self.src(left)] = self.eval(right, scope)
                    continue
            positional.append(self.eval(arg, scope))
        first = positional[0] if positional else EMPTY
        if name == "vec":
            return _listed(tuple(positional), [a.type for a in arg_nodes]) if len(arg_nodes) != 1 else first
        if name == "concat":
            return concat(positional)
        if name in ("env", "option_env"):
            return self._env(start, end, first)
        if name in ("include_str", "include_bytes"):
            return self._read(start, end, first)
        if name in ("format", "format_args", "panic", "anyhow", "bail"):
            return self._format(first, positional[1:], named, scope)
        if name in _PRINTS:
            self.sinks.say(start, end, [self._format(first, positional[1:], named, scope)])
            return EMPTY
        if name in ("write", "writeln") and positional:
            body = self._format(positional[1] if len(positional) > 1 else EMPTY, positional[2:], named, scope)
            dest = arg_nodes[0]
            self._into(dest, first, body, start, end, scope)
            return EMPTY
        return replace(merge([*positional, *named.values()]), handle=None, items=None)

    def _format(self, template: Val, args: list[Val], named: dict[str, Val], scope: dict[str, Val]) -> Val:
        captured = {**self.globals, **scope} if template.text and "{" in template.text else {}
        return format_rust(template, args, named, captured)

    def _macro_arguments(self, tree: Node) -> list[Node] | None:
        """A macro's arguments as the expressions they are (``format!("{}", home.join(x))``): its token tree parsed
        again as a tuple where it stands, so the nodes keep their places in the file. None when they are no
        expressions."""
        key = (tree.start_byte, tree.end_byte)
        if key in self.macro_args:
            return self.macro_args[key]
        found: list[Node] | None = None
        size = tree.end_byte - tree.start_byte
        if (
            self.macro_parses < _MACRO_PARSES
            and self.macro_bytes + size <= _MACRO_BYTES
            and tree.start_byte >= len(_OPEN)
        ):
            self.macro_parses += 1
            self.macro_bytes += size
            found = self._parse_arguments(tree)
        self.macro_args[key] = found
        return found

    def _parse_arguments(self, tree: Node) -> list[Node] | None:
        import tree_sitter  # the binding is loaded already: this file was parsed with it

        if self.sub_parser is None:
            self.sub_parser = tree_sitter.Parser(self.tree.language)
        start, end = tree.start_byte, tree.end_byte
        document = _OPEN + self.data[len(_OPEN) : end] + _CLOSE
        self.sub_parser.included_ranges = [
            tree_sitter.Range((0, 0), (0, len(_OPEN)), 0, len(_OPEN)),
            tree_sitter.Range((1, 0), (1, end - start + len(_CLOSE)), start, end + len(_CLOSE)),
        ]
        parsed = self.sub_parser.parse(document)
        function = parsed.root_node.named_children[0] if parsed.root_node.named_children else None
        body = function.child_by_field_name("body") if function is not None else None
        statement = body.named_children[0] if body is not None and body.named_children else None
        expression = statement.named_children[0] if statement is not None and statement.named_children else None
        if expression is None or expression.has_error:
            return None
        if expression.type in ("tuple_expression", "array_expression"):
            if expression.child_by_field_name("length") is not None:
                return None
            return [c for c in expression.named_children if c.type not in ("line_comment", "block_comment")]
        if expression.type == "parenthesized_expression":
            return [c for c in expression.named_children if c.type not in ("line_comment", "block_comment")]
        if expression.type == "unit_expression":
            return []
        return None

    # -- calls -----------------------------------------------------------------------------------------------------
    def _call_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        function, arguments = node.child_by_field_name("function"), node.child_by_field_name("arguments")
        while function is not None and function.type == "generic_function":
            function = function.child_by_field_name("function")
        if function is None:
            return EMPTY
        arg_nodes = (
            [c for c in arguments.named_children if c.type not in ("line_comment", "block_comment")]
            if (arguments is not None)
            else []
        )
        if function.type == "field_expression":
            value, field = function.child_by_field_name("value"), function.child_by_field_name("field")
            recv = self.eval(value, scope) if value is not None else EMPTY
            method = self.src(field) if field is not None else ""
            element = replace(picked(recv.items), items=None) if recv.items else replace(recv, handle=None)
            args = [
                self._closure(a, scope, element) if a.type == "closure_expression" else self.eval(a, scope)
                for a in arg_nodes
            ]
            at = field if field is not None else node
            result = self._method(node, at, value, recv, method, args, arg_nodes, scope)
            popped = method == "pop" and recv.handle is not None and recv.handle[0] == "path"
            if value is not None and (method in _MUTATES or popped):
                root = _root_name(value)
                if root is not None and root.type == "identifier":
                    self._set(self.src(root), result, scope, local=False)
            return result
        args = [self.eval(a, scope) for a in arg_nodes]
        if function.type in ("identifier", "scoped_identifier"):
            return self._call(node, self.src(function), args, arg_nodes, scope)
        callee = self.eval(function, scope)
        return merge([callee, *args])

    def _canonical(self, text: str) -> list[str]:
        """A called path with ``use`` names spelt out and the standard crates' prefixes dropped (``fs::write``)."""
        segments = _segments(text)
        if segments and segments[0] in self.aliases and len(segments) >= 1:
            segments = [*self.aliases[segments[0]], *segments[1:]]
        while len(segments) > 1 and segments[0] in _STRIPPED:
            segments = segments[1:]
        return segments

    def _call(self, node: Node, text: str, args: list[Val], arg_nodes: list[Node], scope: dict[str, Val]) -> Val:
        start, end = self.span(node)
        line = self.line(node)
        segments = self._canonical(text)
        name = "::".join(segments)
        short = segments[-1] if segments else ""
        pair = "::".join(segments[-2:])
        first = args[0] if args else EMPTY
        crate = segments[0] if len(segments) > 1 else ""
        # -- the environment and the home folder
        if pair in ("env::var", "env::var_os"):
            return self._env(start, end, first)
        if pair in ("env::vars", "env::vars_os"):
            val = Val(secrets=(Secret("reads the whole environment", line),))
            self.sinks.read(start, end, val)
            return val
        if short in _HOME_DIRS and crate in ("env", "dirs", "dirs_next", "home", "dirs_sys"):
            return _path(_HOME_DIRS[short])
        if pair == "env::temp_dir":
            return _path("/tmp")
        if pair == "env::current_dir":
            return _path(".")
        # -- values passed on
        if pair in ("Path::new", "PathBuf::from", "OsStr::new", "OsString::from") and args:
            return _path(first.text, first)
        if pair in ("String::from", "Box::new", "Cow::from", "Cow::Borrowed", "Cow::Owned", "Rc::new", "Arc::new"):
            return first
        if name in ("Some", "Ok", "Err") or short in ("from_utf8", "from_utf8_lossy", "from_utf8_unchecked"):
            if first.text is None and first.items:
                spelt = code_points(first.items)
                return replace(first, text=spelt, items=None) if spelt is not None else first
            return first
        if pair in ("String::new", "PathBuf::new"):
            return Val("")
        if pair in ("Vec::new", "Vec::with_capacity", "HashMap::new", "BTreeMap::new"):
            return Val(items=())
        if pair in ("BufReader::new", "BufWriter::new", "LineWriter::new"):
            return first
        if pair in ("GzDecoder::new", "ZlibDecoder::new", "DeflateDecoder::new"):
            return replace(first, decoded=True)
        # -- decoding constants
        if pair in ("hex::decode", "base64::decode", "base64::decode_config"):
            which = "hex" if crate == "hex" else "base64"
            return Val(decode_constant(which, first.text), first.secrets, first.fetched, decoded=True)
        # -- files
        if pair in ("fs::read_to_string", "fs::read", "File::open"):
            return self._read(start, end, first, handle=pair == "File::open")
        if pair == "fs::write" and len(args) >= 2:
            self.sinks.write(start, end, first, args[1])
            return EMPTY
        if pair == "File::create":
            return Val(handle=("file", first.text or UNKNOWN))
        if pair == "OpenOptions::new":
            return Val(handle=("options", "r"))
        if pair in ("fs::copy", "fs::rename", "fs::hard_link", "fs::symlink", "unix::fs::symlink") and len(args) >= 2:
            self.sinks.write(start, end, args[1], path_secret(first, line))
            return EMPTY
        if pair in _DELETES:
            self._destroy(start, end, first, name)
            return EMPTY
        if pair == "fs::read_dir":
            return replace(_path(path_join([first, Val("*")]).text, first), handle=None)
        # -- running
        if pair == "Command::new":
            return Val(handle=("command", ""), items=(first,))
        # -- the network
        if pair in ("TcpStream::connect", "TcpStream::connect_timeout"):
            address = _address(first)
            host = (address or "?").rsplit(":", 1)[0] if address and ":" in address else address
            self.ctx.cap("sends", (host or "?").replace(UNKNOWN, "?") or "?", start, end, "socket")
            return Val(address, first.secrets, handle=("socket", address or UNKNOWN))
        if pair == "UdpSocket::bind":
            return Val(handle=("udp", ""))
        if pair in ("reqwest::get", "blocking::get"):
            self.sinks.send(start, end, first, how="GET")
            return Val(fetched=first.text or UNKNOWN)
        if crate == "ureq" and short in (*_HTTP_VERBS, "request"):
            verb = _HTTP_VERBS.get(short) or (first.text or "request").upper()
            return _request(verb, args[1] if short == "request" and len(args) > 1 else first)
        if short in ("new", "builder", "agent", "new_with_defaults", "new_with_config") and (
            pair in ("Client::new", "Client::builder", "ClientBuilder::new", "Agent::new", "AgentBuilder::new")
            or name in ("ureq::agent", "ureq::builder")
            or (crate == "ureq" and short == "agent")
        ):
            return Val(handle=("client", ""))
        if pair in ("io::copy", "io::copy_buf") and len(args) >= 2:
            dest = args[1]
            if dest.handle is not None:
                self._handle_call(dest, "write_all", [first], start, end)
            return EMPTY
        # -- the file's own functions
        local = short if short in self.functions and (len(segments) == 1 or segments[0] in ("Self", "self")) else None
        if local is None and len(segments) == 2 and short in self.functions and not self._has_self(short):
            local = short  # Type::helper(x): an associated function of the file's own type
        if local is not None:
            return with_places_read(self._follow(local, node, args, method=False), args, self.sinks, start, end, line)
        # -- anything else: a read where it is handed a credential place
        result = replace(merge(args), handle=None, items=None)
        for arg in args:
            read = path_secret(replace(arg, secrets=()), line)
            if read.secrets:
                self.sinks.read(start, end, read)
                result = merge([result, read])
        return result

    def _has_self(self, name: str) -> bool:
        params = self.functions[name].child_by_field_name("parameters")
        return any(p.type == "self_parameter" for p in (params.named_children if params is not None else []))

    def _env(self, start: int, end: int, name_val: Val) -> Val:
        name = name_val.text if name_val.text and UNKNOWN not in name_val.text else None
        if name == "OUT_DIR":
            return _path(OUT_DIR)
        if name == "CARGO_MANIFEST_DIR":
            return _path(MANIFEST_DIR)
        if name is not None and name.startswith("CARGO_") or name in ("TARGET", "HOST", "PROFILE", "OPT_LEVEL"):
            return EMPTY  # what cargo tells a build script about the build
        val = env_value(name, self.ctx.line(start))
        self.sinks.read(start, end, val)
        return _path(val.text, val) if val.text == "~" else val

    def _read(self, start: int, end: int, path: Val, *, handle: bool = False) -> Val:
        line = self.ctx.line(start)
        credential = path_secret(replace(path, secrets=()), line)
        self.sinks.read(start, end, credential)  # a private file on no list is content, not a capability of its own
        read = private_read(credential, line)
        secrets = tuple(dict.fromkeys([*path.secrets, *read.secrets]))
        return Val(secrets=secrets, fetched=path.fetched, handle=("read", path.text or UNKNOWN) if handle else None)

    def _destroy(self, start: int, end: int, path: Val, how: str) -> None:
        """A delete: the flow engine's judgement of the place, or, for a path climbed from cargo's folders, where it
        lands against the crate (its own folder or one above it holds the user's project)."""
        text = path.text
        if text is None:
            return
        above = climbed_above_crate(text, build_script=self.build_script)
        if above is not None:
            self.ctx.cap("destroys", shown(text, 80), start, end, how)
            self.ctx.add(
                "skillscope/permissions/destructive",
                f"deletes {shown(text, 80)} ({above}) with {how}, which the "
                f"user did not name{_chain(self.sinks.via)} (line {self.ctx.line(start)})",
                start,
                end,
            )
            return
        if OUT_DIR in text or MANIFEST_DIR in text:
            self.ctx.cap("destroys", shown(text, 80), start, end, how)  # the crate's own build output
            return
        self.sinks.destroy(start, end, path, how)

    # -- methods ---------------------------------------------------------------------------------------------------
    def _method(
        self,
        node: Node,
        at: Node,
        value: Node | None,
        recv: Val,
        method: str,
        args: list[Val],
        arg_nodes: list[Node],
        scope: dict[str, Val],
    ) -> Val:
        start, end = self.offsets.at(at.start_byte), self.offsets.at(node.end_byte)
        first = args[0] if args else EMPTY
        if recv.handle is not None:
            handled = self._handle_call(recv, method, args, start, end)
            if handled is not None:
                return handled
        if method in _HTTP_VERBS and first.text and "://" in first.text:
            return _request(_HTTP_VERBS[method], first)  # client.post(url) on a client made elsewhere
        if method in _READS_INTO and arg_nodes and (recv.secrets or recv.fetched):
            self._store(arg_nodes[0], replace(recv, handle=None, items=None), scope)
            return EMPTY
        if method == "decode" and value is not None and _BASE64_ENGINE.search(self.src(value)):
            return Val(decode_constant("base64", first.text), first.secrets, first.fetched, decoded=True)
        if method in ("rev",):
            if recv.items is not None:
                return replace(recv, items=tuple(reversed(recv.items)))
            return replace(recv, text=recv.text[::-1] if recv.text is not None else None)
        if method == "concat" and recv.items is not None:
            return concat(list(recv.items), "")  # ["https://", "host", ".example"].concat()
        if method == "join":
            if recv.items is not None:
                return concat(list(recv.items), first.text or "")
            return _path(path_join([recv, first]).text, merge([recv, first]))
        if method in ("push", "push_str", "extend", "insert", "append", "extend_from_slice"):
            return self._grown(recv, method, args)
        if method == "parent" or (method == "pop" and recv.handle is not None and recv.handle[0] == "path"):
            return _path(parent_of(recv.text), recv)  # PathBuf::pop leaves the path at its parent
        if method == "ancestors":
            return replace(recv, handle=("ancestors", recv.text or UNKNOWN), items=None)
        if method in ("to_lowercase", "to_ascii_lowercase", "to_uppercase", "to_ascii_uppercase") and recv.text:
            lower = "lower" in method
            return replace(recv, text=recv.text.lower() if lower else recv.text.upper())
        if method in ("replace", "replacen") and len(args) >= 2 and recv.text and first.text and args[1].text:
            return replace(recv, text=recv.text.replace(first.text, args[1].text))
        if method in ("unwrap_or", "or", "unwrap_or_else", "or_insert"):
            return picked([recv, first]) if recv.text is not None or first.text is not None else merge([recv, first])
        if method in ("nth", "get") and recv.items is not None:
            index = rust_int(first.text)
            if index is not None and index < len(recv.items):
                return recv.items[index]
            return replace(picked(recv.items), items=None)
        if method in ("first", "last", "next") and recv.items:
            return recv.items[0] if method in ("first", "next") else recv.items[-1]
        if method in _EMPTY_METHODS:
            return EMPTY
        if method in _PASS:
            if method == "collect" and recv.items is not None and recv.text is None:
                spelt = code_points(recv.items)
                if spelt is not None:
                    return Val(spelt, recv.secrets)
            handle = recv.handle if method in _KEEPS_HANDLE else None
            return replace(merge([recv, *args], text=recv.text), handle=handle, items=recv.items)
        if method in self.functions and self._has_self(method):
            line = self.line(node)
            out = self._follow(method, node, args, method=True)
            return with_places_read(out, args, self.sinks, start, end, line)
        return replace(merge([recv, *args]), handle=None, items=None)

    def _grown(self, recv: Val, method: str, args: list[Val]) -> Val:
        """A string, path or list with something added (push_str, PathBuf::push, Vec::push, extend)."""
        first = args[0] if args else EMPTY
        if recv.items is not None:
            added = (
                tuple(first.items) if method in ("extend", "append", "extend_from_slice") and first.items else (first,)
            )
            return replace(merge([recv, *args], text=recv.text), items=(*recv.items, *added))
        if recv.handle is not None and recv.handle[0] == "path" and method == "push":
            return _path(path_join([recv, first]).text, merge([recv, first]))
        if method in ("push", "push_str", "extend") and len(args) == 1:
            return concat([recv, first])
        return replace(merge([recv, *args], text=recv.text), handle=recv.handle)

    def _handle_call(
        self,
        recv: Val,
        method: str,
        args: list[Val],
        start: int,
        end: int,
    ) -> Val | None:
        """A method of an open thing (a command being built, a client, a request, a file, a socket), or None when
        the method is none of its own."""
        assert recv.handle is not None
        kind, target = recv.handle
        first = args[0] if args else EMPTY
        if kind == "command":
            words = recv.items or ()
            if method == "arg":
                return replace(recv, items=(*words, first))
            if method == "args":
                more = first.items if first.items is not None else (replace(first, text=UNKNOWN),)
                return replace(recv, items=(*words, *more))
            if method in _CMD_KEEP:
                return recv
            if method in _CMD_RUN:
                return self._run(start, end, list(words))
            return None
        if kind == "client":
            if method in _HTTP_VERBS:
                return _request(_HTTP_VERBS[method], first)
            if method == "request" and len(args) >= 2:
                return _request((first.text or "request").upper(), args[1])
            return recv if method not in _PASS or method == "build" else None
        if kind.startswith("request "):
            if method in _REQUEST_DATA:
                return replace(merge([recv, *args]), handle=recv.handle)
            if method in _REQUEST_HEADERS:
                headed = merge(args)
                headed = replace(headed, secrets=tuple(replace(s, header=True) for s in headed.secrets))
                return replace(merge([recv, headed]), handle=recv.handle)
            if method in _REQUEST_SEND:
                payload = [replace(recv, text=None, handle=None), *args]
                self.sinks.send(start, end, Val(target, alts=recv.alts), payload, how=kind.split(" ", 1)[1])
                return Val(fetched=target)
            if method in ("timeout", "version", "try_clone", "query_pairs"):
                return recv
            return None
        if kind == "options":
            if method == "append" and first.text != "false":
                return replace(recv, handle=("options", "a"))
            if method in ("write", "create", "create_new", "truncate") and first.text != "false":
                return replace(recv, handle=("options", "a" if target == "a" else "w"))
            if method == "open":
                if target == "r":
                    return self._read(start, end, first, handle=True)
                return Val(handle=("file", first.text or UNKNOWN), append=target == "a")
            return recv
        if kind == "file" and method in _WRITES:
            self.sinks.write(start, end, Val(target), concat(args), append=recv.append)
            return EMPTY
        if kind == "socket" and method in (*_WRITES, "send"):
            self.sinks.send(start, end, Val(target), args, how="socket")
            return EMPTY
        if kind == "udp":
            if method == "send_to" and len(args) >= 2:
                self.sinks.send(start, end, Val(_address(args[1])), args[:1], how="UDP")
                return EMPTY
            if method == "connect":
                return Val(handle=("socket", _address(first) or UNKNOWN))
            return recv if method not in _READS_INTO else None
        if kind == "ancestors":
            climbed = recv.text
            if method in ("nth", "skip"):
                steps = rust_int(first.text)
                if steps is None:
                    return replace(recv, text=None, handle=None)
                for _ in range(min(steps, 64)):
                    climbed = parent_of(climbed)
                return _path(climbed, recv) if method == "nth" else replace(recv, text=climbed)
            if method == "next":
                return _path(climbed, recv)
            if method == "last":
                return _path("/" if climbed and climbed.startswith(("/", "~", "$")) else ".", recv)
            return None
        return None

    def _into(self, dest_node: Node, dest: Val, body: Val, start: int, end: int, scope: dict[str, Val]) -> None:
        """``write!(dest, …)``: into a file or socket it sends, into a string it joins."""
        if dest.handle is not None and self._handle_call(dest, "write_all", [body], start, end) is not None:
            return
        if self.src(dest_node).strip() in ("io::stdout()", "std::io::stdout()", "stdout", "out", "handle"):
            self.sinks.say(start, end, [body])
            return
        root = _root_name(dest_node)
        if root is not None and root.type == "identifier":
            self._set(self.src(root), concat([dest, body]), scope, local=False)

    def _run(self, start: int, end: int, words: list[Val]) -> Val:
        texts = [for_shell(w.text) if w.text is not None else UNKNOWN for w in words]
        program = texts[0].rsplit("/", 1)[-1].lower() if texts else ""
        if len(texts) >= 3 and program in ("sh", "bash", "zsh", "dash", "ash") and texts[1] in ("-c", "-lc", "-ec"):
            command = texts[2]
        elif (
            len(texts) >= 3
            and program in ("powershell", "pwsh", "cmd", "cmd.exe")
            and texts[1].lower()
            in (
                "-command",
                "-c",
                "/c",
            )
        ):
            command = " ".join(texts[2:])
        else:
            command = " ".join(shell_quote(t) for t in texts)
        out = self.sinks.execute(start, end, command, words)
        return replace(out, handle=None)

    def _follow(self, name: str, node: Node, args: list[Val], *, method: bool) -> Val:
        function = self.functions[name]
        if self.depth >= _DEPTH or any(n == name for n, _ in self.sinks.via):
            return merge(args)
        params = function.child_by_field_name("parameters")
        inner: dict[str, Val] = {}
        rest = list(args)
        for param in params.named_children if params is not None else []:
            if param.type == "self_parameter":
                continue
            pattern = param.child_by_field_name("pattern") if param.type == "parameter" else None
            val = rest.pop(0) if rest else EMPTY
            if pattern is not None:
                self._bind_pattern(pattern, val, inner, local=True)
        body = function.child_by_field_name("body")
        if body is None:
            return EMPTY
        returned, last = self.followed(name, node, body, inner)
        vals = [*returned, last]
        text = next((v.text for v in vals if v.text and "://" in v.text), None) or next(
            (v.text for v in vals if v.text is not None), None
        )
        out = merge(vals, text=text)
        return replace(out, handle=next((v.handle for v in vals if v.handle), None))


_OPEN = b"fn _(){"
_CLOSE = b";}"
_MUTATES = frozenset(
    {"arg", "args", "push", "push_str", "extend", "insert", "append", "extend_from_slice", "connect"} | _CMD_KEEP
)
"""Methods that change the value they are called on (``cmd.arg(x);`` leaves cmd with one word more)."""

_BASE64_ENGINE = re.compile(r"STANDARD|URL_SAFE|BASE64|base64|general_purpose|engine", re.IGNORECASE)


def _segments(text: str) -> list[str]:
    """The steps of a Rust path, generic arguments and leading ``::`` dropped (``Vec::<u8>::new`` -> Vec, new)."""
    cleaned = re.sub(r"<[^<>]*>", "", re.sub(r"\s+", "", text))
    return [s for s in cleaned.split("::") if s]


def _chain(via: list[tuple[str, int]]) -> str:
    """The file's own functions a value went through, as the flow engine's messages name them."""
    return "".join(f", passes it to {name}() (line {line})" for name, line in via)


def _root_name(node: Node) -> Node | None:
    """The variable at the root of ``x.a.b``, ``&mut x``, ``x[0]``, ``(x)``, or None."""
    while node.type in ("field_expression", "reference_expression", "index_expression", "parenthesized_expression"):
        inner = node.child_by_field_name("value") or (node.named_children[0] if node.named_children else None)
        if inner is None:
            return None
        node = inner
    return node if node.type == "identifier" else None


def _tokens(tree: Node) -> list[Node]:
    """The names and literals of a macro's token tree, nested trees included."""
    out: list[Node] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        if node.type in ("identifier", "string_literal", "raw_string_literal"):
            out.append(node)
        elif node.type == "token_tree":
            stack.extend(reversed(node.named_children))
    return out


def _listed(items: tuple[Val, ...], kinds: list[str]) -> Val:
    """A list literal: its items, and the text it spells when every item is a constant byte."""
    spelt = (
        code_points(items)
        if items and all(k in ("integer_literal", "char_literal") for k in kinds) and len(items) >= 3
        else None
    )
    return replace(merge(items, text=spelt), items=items)


def _path(text: str | None, carried: Val = EMPTY) -> Val:
    """A path value (its handle marks it so ``push`` joins as a path does)."""
    return replace(merge([carried], text=text), handle=("path", text or UNKNOWN), items=None)


def _request(verb: str, address: Val) -> Val:
    """An HTTP request being built: its address, and what its URL already carries."""
    return Val(secrets=address.secrets, handle=(f"request {verb}", address.text or UNKNOWN), alts=address.alts)


def _address(val: Val) -> str | None:
    """A socket address: ``"host:443"``, or a ``("host", 443)`` tuple joined."""
    if val.items is not None and len(val.items) == 2:
        host, port = val.items
        return f"{host.text or UNKNOWN}:{port.text or UNKNOWN}"
    return val.text


def scan_rust(ctx: Ctx) -> None:
    """Analyse a Rust region: commands it runs, what it reads, writes, deletes and sends, as the flow engine judges;
    a ``build.rs`` is said to do so at every build."""
    before = len(ctx.hits)
    walker = _Rust(ctx)
    walker.run()
    if walker.build_script:  # what a build script does happens on `cargo build`, before anyone runs the crate
        ctx.hits[before:] = [
            replace(raw, message=f"{raw.message}, at build time (build.rs)") for raw in ctx.hits[before:]
        ]
