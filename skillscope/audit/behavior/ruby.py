"""Ruby scripts (``.rb``, ``Rakefile``, a ruby shebang) on the tree-sitter-ruby grammar: what they run, send,
read, write and delete, with values resolved as far as constants allow (interpolation, constants, ``File.join``,
``format``, ``send(:eval, ...)``, constant base64/hex/rot13 decodes) and followed through local methods."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TYPE_CHECKING

from skillscope.audit.behavior.base import TEXT_CAP, Ctx
from skillscope.audit.behavior.flowcore import (
    EMPTY,
    UNKNOWN,
    Secret,
    Val,
    concat,
    decode_constant,
    env_value,
    format_text,
    home_path,
    merge,
    path_join,
    path_secret,
    picked,
    private_read,
    prompt_value,
    shell_quote,
    unescape,
    with_places_read,
)
from skillscope.audit.behavior.modes import judge_mode, mode_number
from skillscope.audit.behavior.shellvalues import shipped
from skillscope.audit.behavior.treeflow import TreeFlow
from skillscope.audit.behavior.vocab import SECRET_PROMPT, url_host_of
from skillscope.core.strictyaml import load_bounded

if TYPE_CHECKING:  # only names node types; the binding loads with the first parse (treesitter.py)
    from tree_sitter import Node

__all__ = ["scan_ruby"]


_BUDGET = 20000
"""Nodes one region may evaluate (local methods are followed per call; this bounds a hostile file)."""
_DEPTH = 4
"""Local method calls followed inside each other."""

_SHELL_RUNNERS = frozenset({"system", "exec", "spawn"})
_OPEN3 = frozenset(
    {
        "capture2",
        "capture2e",
        "capture3",
        "popen3",
        "popen2",
        "popen2e",
        "pipeline",
        "pipeline_r",
        "pipeline_w",
        "pipeline_rw",
        "pipeline_start",
    }
)
_EVALS = frozenset({"eval", "instance_eval", "class_eval", "module_eval", "class_exec", "instance_exec"})
_HTTP_CLIENTS = frozenset(
    {"HTTParty", "RestClient", "Faraday", "Excon", "HTTP", "Typhoeus", "HTTPX", "Curl", "Mechanize"}
)
_HTTP_VERBS = frozenset(
    {
        "get",
        "post",
        "put",
        "patch",
        "delete",
        "head",
        "request",
        "post_form",
        "get_response",
        "execute",
        "run",
        "http_get",
        "http_post",
    }
)
_SENDING_VERBS = frozenset({"post", "put", "patch", "post_form", "request", "send_request", "execute", "http_post"})
_DELETERS = frozenset({"rm_rf", "rm_r", "remove_dir", "remove_entry", "remove_entry_secure", "rmtree", "rm", "remove"})
_WRITERS = frozenset({"write", "binwrite"})
_HANDLE_WRITES = frozenset({"write", "puts", "print", "<<", "syswrite", "printf", "write_nonblock", "send", "sendmsg"})
_MUTATORS = frozenset(
    {
        "<<",
        "push",
        "append",
        "concat",
        "merge!",
        "update",
        "store",
        "add",
        "unshift",
        "insert",
        "prepend",
        "replace",
        "set_form_data",
        "form_data=",
        "body=",
        "write",
        "puts",
        "print",
    }
)
_PRINTERS = frozenset({"puts", "print", "p", "pp", "warn", "printf", "display"})
_PATH_BUILDERS = frozenset(
    {
        "join",
        "expand_path",
        "absolute_path",
        "new",
        "dirname",
        "basename",
        "exist?",
        "exists?",
        "file?",
        "directory?",
        "readable?",
        "extname",
        "Pathname",
    }
)
_ENV_WHOLE = frozenset(
    {
        "to_h",
        "to_a",
        "to_hash",
        "inspect",
        "each",
        "each_pair",
        "map",
        "select",
        "filter",
        "reject",
        "sort",
        "dup",
        "clone",
        "slice",
        "filter_map",
        "to_s",
        "collect",
        "find_all",
        "keys",
        "values",
        "each_with_object",
        "group_by",
        "sort_by",
        "first",
        "entries",
    }
)
_ITERATORS = frozenset({"each", "each_with_index", "map", "find", "detect", "select", "filter", "any?", "each_entry"})
_KEEPS_CONFIG = frozenset({"transform_values", "transform_values!", "freeze", "dup", "to_h", "compact"})
"""Methods of a parsed config whose result keeps its keys and, as far as a reviewer needs, its values."""
_CONFIG_LOADERS = frozenset({"safe_load", "load", "unsafe_load", "parse", "load_file", "safe_load_file"})


def _config(text: str, *, json_only: bool) -> Val | None:
    """A shipped YAML or JSON text parsed: a value whose keys ``_config_at`` looks up, or None when it does not parse."""
    try:
        data = json.loads(text) if json_only else load_bounded(text)
    except Exception:  # a config that does not parse (or is refused as a bomb) gives no value
        return None
    return _config_value(data)


def _config_value(data: object) -> Val:
    if isinstance(data, (dict, list)):
        items = tuple(_config_value(i) for i in data[:64]) if isinstance(data, list) else None
        return Val(json.dumps(data)[:TEXT_CAP], handle=("config", "") if isinstance(data, dict) else None, items=items)
    return Val(None if data is None else str(data))


def _config_at(config: Val, keys: list[str | None]) -> Val:
    """The value under ``keys`` of a parsed config (``CONFIG["a"]``, ``CONFIG.fetch("a")``, ``dig("a", "b")``)."""
    try:
        data = json.loads(config.text or "")
    except ValueError:
        return EMPTY
    for key in keys:
        if not isinstance(data, dict) or key is None or key not in data:
            return EMPTY
        data = data[key]
    return _config_value(data)


_SAME_ITEMS = frozenset(
    {"sort", "uniq", "reverse", "to_a", "compact", "flatten", "each", "each_with_index", "each_entry"}
)
"""Methods whose result holds the receiver's items (or is the receiver): the items are still known after them."""
"""Methods whose block gets each item of the receiver in turn."""


def _header_name(name: str) -> bool:
    """Whether a key names a request header or login value: a known one, or any ``X-`` header or ``-token``/``-key``
    name (``req["X-Session"] = ENV[...]`` is a header whatever it is called; where it goes decides the flow)."""
    return name in _HEADER_KEYS or name.startswith("x-") or name.endswith(("-token", "_token", "-key"))


_HEADER_KEYS = (
    "authorization",
    "x-api-key",
    "api-key",
    "apikey",
    "x-auth-token",
    "private-token",
    "x-access-token",
    "cookie",
    "proxy-authorization",
    "headers",
    "header",
    "basic_auth",
    "bearer",
    "user",
    "password",
    "token",
)
_CONTAINERS = frozenset(
    {
        "program",
        "body_statement",
        "block_body",
        "begin",
        "then",
        "else",
        "do",
        "ensure",
        "rescue",
        "parenthesized_statements",
        "class",
        "module",
        "singleton_class",
        "if",
        "unless",
        "while",
        "until",
        "case",
        "when",
        "elsif",
        "begin_block",
        "end_block",
        "if_modifier",
        "unless_modifier",
        "while_modifier",
        "until_modifier",
        "rescue_modifier",
        "case_match",
        "in_clause",
    }
)


class _Ruby(TreeFlow):
    def __init__(self, ctx: Ctx) -> None:
        super().__init__(ctx, "ruby", budget=_BUDGET)
        self.heredocs: list[Node] = []
        self.said: str | None = None
        """The last text the script printed: the prompt a following ``gets`` answers."""

    # -- places ----------------------------------------------------------------------------------------------------
    # -- the walk --------------------------------------------------------------------------------------------------
    def run(self) -> None:
        root = self.tree.root_node
        stack = [root]
        while stack:
            node = stack.pop()
            if node.type in ("method", "singleton_method"):
                name = node.child_by_field_name("name")
                if name is not None:
                    self.functions.setdefault(self.src(name), node)
            elif node.type == "heredoc_body":
                self.heredocs.append(node)
            stack.extend(node.children)
        self.heredocs.sort(key=lambda n: n.start_byte)
        self.eval(root, {})
        self.judge_bodies(self.functions.values())

    def eval(self, node: Node, scope: dict[str, Val]) -> Val:
        self.budget -= 1
        if self.budget < 0:
            return EMPTY
        kind = node.type
        if kind in ("method", "singleton_method", "comment"):
            return EMPTY
        if kind in _CONTAINERS:
            last = EMPTY
            vals = []
            body = EMPTY
            for child in node.named_children:
                last = self.eval(child, scope)
                vals.append(last)
                if child.type not in ("rescue", "else", "ensure"):
                    body = last
            if kind == "body_statement" and any(c.type == "rescue" for c in node.named_children):
                # `def feed; Net::HTTP.get(u); rescue; ""; end`: the method gives back its body's value or the
                # rescue's, so what the body fetched or read still leaves through a caller.
                return merge(
                    [body, *(v for c, v in zip(node.named_children, vals, strict=True) if c.type == "rescue")],
                    text=body.text,
                )
            if kind in ("if", "unless", "case", "conditional", "begin", "rescue_modifier"):
                # `x = File.read(p) rescue ""`: the value is either branch, so it carries what the body read.
                return merge(vals, text=last.text if kind != "rescue_modifier" else vals[0].text if vals else None)
            if kind in ("if_modifier", "unless_modifier", "while_modifier", "until_modifier") and vals:
                return vals[0]  # `x = read(p) if cond`: the statement's value is its body, not its condition
            return last
        handler = getattr(self, "_" + kind, None)
        if handler is not None:
            result: Val = handler(node, scope)
            return result
        vals = [self.eval(child, scope) for child in node.named_children]
        return merge(vals, text=None)

    # -- literals --------------------------------------------------------------------------------------------------
    def _string(self, node: Node, scope: dict[str, Val]) -> Val:
        pieces: list[Val] = []
        for child in node.named_children:
            if child.type == "string_content":
                pieces.append(Val(self.src(child)))
            elif child.type == "escape_sequence":
                pieces.append(Val(unescape(self.src(child))))
            elif child.type == "interpolation":
                inner = [self.eval(c, scope) for c in child.named_children]
                pieces.append(inner[-1] if inner else EMPTY)
            else:
                pieces.append(self.eval(child, scope))
        if not pieces:
            return Val("")
        return concat(pieces)

    _bare_string = _string
    _heredoc_content = _string

    def _subshell(self, node: Node, scope: dict[str, Val]) -> Val:
        command = self._string(node, scope)
        start, end = self.span(node)
        return self.sinks.execute(start, end, command.text or UNKNOWN, [command])

    def _heredoc_beginning(self, node: Node, scope: dict[str, Val]) -> Val:
        body = next((h for h in self.heredocs if h.start_byte >= node.end_byte), None)
        if body is None:
            return EMPTY
        pieces: list[Val] = []
        for child in body.named_children:
            if child.type == "heredoc_content":
                pieces.append(Val(self.src(child)))
            elif child.type == "escape_sequence":
                pieces.append(Val(unescape(self.src(child))))
            elif child.type == "interpolation":
                inner = [self.eval(c, scope) for c in child.named_children]
                pieces.append(inner[-1] if inner else EMPTY)
        text = concat(pieces) if pieces else Val("")
        if text.text is not None and text.text.startswith("\n"):
            text = replace(text, text=text.text[1:])  # the line break ending `X = <<~SH` is not the text's
        if self.src(node).startswith("<<~") and text.text is not None:
            lines = text.text.split("\n")
            indent = min((len(ln) - len(ln.lstrip()) for ln in lines if ln.strip()), default=0)
            text = replace(text, text="\n".join(ln[indent:] for ln in lines))
        return text

    def _heredoc_body(self, node: Node, scope: dict[str, Val]) -> Val:
        return EMPTY

    def _simple_symbol(self, node: Node, scope: dict[str, Val]) -> Val:
        return Val(self.src(node).lstrip(":"))

    def _hash_key_symbol(self, node: Node, scope: dict[str, Val]) -> Val:
        return Val(self.src(node))

    def _delimited_symbol(self, node: Node, scope: dict[str, Val]) -> Val:
        return replace(self._string(node, scope))

    def _integer(self, node: Node, scope: dict[str, Val]) -> Val:
        return Val(self.src(node))

    def _true(self, node: Node, scope: dict[str, Val]) -> Val:
        return EMPTY

    _false = _true
    _nil = _true
    _float = _integer
    _regex = _true

    def _for(self, node: Node, scope: dict[str, Val]) -> Val:
        """``for dir in [".ssh", ".aws"] ... end``: the body runs with each item in turn, so the name holds any of them
        (Ruby's ``for`` opens no scope: the name stays bound after the loop)."""
        pattern = node.child_by_field_name("pattern")
        value = node.child_by_field_name("value")
        if value is not None and value.type == "in" and value.named_children:
            value = value.named_children[0]
        source = self.eval(value, scope) if value is not None else EMPTY
        items = list(source.items) if source.items else []
        if pattern is not None:
            texts = [i.text for i in items if i.text is not None]
            each = merge([source, *items], text=texts[0] if texts else source.text)
            self._bind(pattern, replace(each, alts=tuple(texts[1:])) if len(texts) > 1 else each, scope)
        body = node.child_by_field_name("body")
        return self.eval(body, scope) if body is not None else EMPTY

    def _array(self, node: Node, scope: dict[str, Val]) -> Val:
        items = tuple(self.eval(child, scope) for child in node.named_children)
        return replace(merge(items), items=items)

    _string_array = _array
    _symbol_array = _array

    def _hash(self, node: Node, scope: dict[str, Val]) -> Val:
        return merge([self.eval(child, scope) for child in node.named_children])

    def _pair(self, node: Node, scope: dict[str, Val]) -> Val:
        key = node.child_by_field_name("key")
        value = node.child_by_field_name("value")
        if value is None:
            return EMPTY
        val = self.eval(value, scope)
        name = (self.eval(key, scope).text or "").lower().strip(":") if key is not None else ""
        if _header_name(name):
            val = replace(val, secrets=tuple(replace(s, header=True) for s in val.secrets))
        return val

    # -- names -----------------------------------------------------------------------------------------------------
    def _identifier(self, node: Node, scope: dict[str, Val]) -> Val:
        name = self.src(node)
        if name in scope:
            return scope[name]
        if name in self.globals:
            return self.globals[name]
        if name in self.functions:
            return self._local_call(name, node, [], scope)
        if name == "__dir__":
            return Val(".")
        return EMPTY

    def _constant(self, node: Node, scope: dict[str, Val]) -> Val:
        name = self.src(node)
        if name in self.globals:
            return self.globals[name]
        if name == "ENV":
            return Val(secrets=(Secret("reads the whole environment", self.line(node)),))
        return EMPTY

    def _instance_variable(self, node: Node, scope: dict[str, Val]) -> Val:
        return self.globals.get(self.src(node), EMPTY)

    _global_variable = _instance_variable
    _class_variable = _instance_variable

    def _scope_resolution(self, node: Node, scope: dict[str, Val]) -> Val:
        name = self.src(node)
        if name not in self.globals and name in _RUBY_CONSTANTS:  # File::SEPARATOR is "/" on every system it targets
            return Val(text=_RUBY_CONSTANTS[name])
        return self.globals.get(name, EMPTY)

    # -- assignment ------------------------------------------------------------------------------------------------
    def _bind(self, target: Node, val: Val, scope: dict[str, Val]) -> None:
        name = self.src(target)
        if target.type == "identifier":
            scope[name] = val
        elif target.type in ("constant", "instance_variable", "global_variable", "class_variable", "scope_resolution"):
            self.globals[name] = val
            scope[name] = val
        elif target.type == "element_reference":
            obj = target.child_by_field_name("object") or target.named_children[0]
            keys = [self.eval(c, scope).text or "" for c in target.named_children[1:]]
            if any(_header_name(k.lower()) for k in keys):
                val = replace(val, secrets=tuple(replace(s, header=True) for s in val.secrets))
            self._pour(obj, val, scope)
        elif target.type == "call":
            receiver = target.child_by_field_name("receiver")
            if receiver is not None:
                self._pour(receiver, val, scope)

    def _pour(self, target: Node, val: Val, scope: dict[str, Val]) -> None:
        """Data put into an object (req.body = x, h[k] = x, buf << x): the object carries it from now on."""
        if target.type not in ("identifier", "instance_variable", "constant", "global_variable"):
            if target.type in ("call", "element_reference"):
                inner = target.child_by_field_name("receiver") or target.child_by_field_name("object")
                if inner is not None:
                    self._pour(inner, val, scope)
            return
        name = self.src(target)
        old = scope.get(name, self.globals.get(name, EMPTY))
        new = replace(merge([old, val], text=old.text), handle=old.handle, items=old.items, append=old.append)
        if name in scope or target.type == "identifier":
            scope[name] = new
        else:
            self.globals[name] = new

    def _assignment(self, node: Node, scope: dict[str, Val]) -> Val:
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        if left is None or right is None:
            return EMPTY
        val = self.eval(right, scope)
        if left.type == "left_assignment_list":
            targets = left.named_children
            values = list(val.items) if val.items is not None else [val] + [EMPTY] * (len(targets) - 1)
            for target, item in zip(targets, values, strict=False):
                self._bind(target, item, scope)
        else:
            self._bind(left, val, scope)
        return val

    def _right_assignment_list(self, node: Node, scope: dict[str, Val]) -> Val:
        items = tuple(self.eval(child, scope) for child in node.named_children)
        return replace(merge(items), items=items)

    def _operator_assignment(self, node: Node, scope: dict[str, Val]) -> Val:
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        if left is None or right is None:
            return EMPTY
        old = self.eval(left, scope)
        new = self.eval(right, scope)
        operator = self.src(node)[len(self.src(left)) :].lstrip()[:3]
        val = concat([old, new]) if operator.startswith("+=") else merge([old, new], text=old.text or new.text)
        self._bind(left, val, scope)
        return val

    def _binary(self, node: Node, scope: dict[str, Val]) -> Val:
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        operator = node.child_by_field_name("operator")
        if left is None or right is None:
            return EMPTY
        op = self.src(operator) if operator is not None else ""
        lval = self.eval(left, scope)
        rval = self.eval(right, scope)
        if op == "+":
            if lval.items is not None and rval.items is not None:
                items = lval.items + rval.items
                return replace(merge(items), items=items)
            return concat([lval, rval])
        if op == "<<":
            if lval.handle is not None:
                return self._handle_call(lval, "<<", [rval], node, scope)
            val = (
                concat([lval, rval]) if lval.items is None else replace(merge([lval, rval]), items=(*lval.items, rval))
            )
            self._pour(left, rval, scope)
            return val
        if op == "%":
            args = list(rval.items) if rval.items is not None else [rval]
            return format_text(lval, args)
        if op == "/" and lval.text is not None and rval.text is not None:
            return path_join([lval, rval])
        if op in ("||", "or"):
            return merge([lval, rval], text=lval.text if lval.text is not None else rval.text)
        if op in ("==", "!=", "<", ">", "<=", ">=", "=~", "!~", "&&", "and", "<=>"):
            return EMPTY
        return merge([lval, rval])

    def _conditional(self, node: Node, scope: dict[str, Val]) -> Val:
        vals = [self.eval(child, scope) for child in node.named_children]
        branches = vals[1:] or vals
        return merge(branches, text=next((v.text for v in branches if v.text is not None), None))

    def _return(self, node: Node, scope: dict[str, Val]) -> Val:
        vals = [self.eval(child, scope) for child in node.named_children]
        val = merge(vals, text=vals[0].text if len(vals) == 1 else None)
        if len(vals) == 1:
            val = replace(val, items=vals[0].items, handle=vals[0].handle)
        if self.returns:
            self.returns[-1].append(val)
        return val

    def _argument_list(self, node: Node, scope: dict[str, Val]) -> Val:
        vals = [self.eval(child, scope) for child in node.named_children]
        return replace(merge(vals, text=vals[-1].text if vals else None), items=tuple(vals))

    def _element_reference(self, node: Node, scope: dict[str, Val]) -> Val:
        obj = node.child_by_field_name("object") or (node.named_children[0] if node.named_children else None)
        if obj is None:
            return EMPTY
        keys = [self.eval(c, scope) for c in node.named_children[1:]]
        if self.src(obj) == "ENV":
            name = keys[0].text if keys and keys[0].text and UNKNOWN not in keys[0].text else None
            val = env_value(name, self.line(node))
            start, end = self.span(node)
            self.sinks.read(start, end, val)
            return val
        if obj.type in ("constant", "identifier") and self.src(obj) not in ("Dir", "ENV"):
            held = self.eval(obj, scope)
            if held.handle == ("config", ""):  # CONFIG["crash_reports"]: the shipped config's value
                return _config_at(held, [k.text for k in keys])
        if self.src(obj) == "Dir" and keys and keys[0].text:  # Dir["~/x/*/SKILL.md"]: each match is that pattern
            return Val(keys[0].text, items=(Val(keys[0].text),))
        val = self.eval(obj, scope)
        if val.items is not None and keys and keys[0].text is not None and keys[0].text.lstrip("-").isdigit():
            index = int(keys[0].text)
            if -len(val.items) <= index < len(val.items):
                return val.items[index]
        if val.items and keys and (keys[0].text is None or UNKNOWN in keys[0].text):
            return replace(picked(val.items), handle=None)  # HOSTS[rand(HOSTS.size)]: any of them
        return replace(merge([val, *keys]), handle=None, items=None)

    # -- calls -----------------------------------------------------------------------------------------------------
    def _args(self, node: Node, scope: dict[str, Val]) -> tuple[list[Node], list[Val]]:
        arguments = node.child_by_field_name("arguments")
        if arguments is None:
            return [], []
        nodes = [c for c in arguments.named_children if c.type != "block_argument"]
        vals: list[Val] = []
        for child in nodes:
            if child.type == "splat_argument":
                inner = self.eval(child.named_children[0], scope) if child.named_children else EMPTY
                vals.extend(inner.items if inner.items is not None else [inner])
            else:
                vals.append(self.eval(child, scope))
        return nodes, vals

    def _block_symbol(self, node: Node) -> str | None:
        arguments = node.child_by_field_name("arguments")
        for child in arguments.named_children if arguments is not None else []:
            if child.type == "block_argument" and child.named_children:
                return self.src(child.named_children[0]).lstrip(":")
        return None

    def _call(self, node: Node, scope: dict[str, Val]) -> Val:
        receiver = node.child_by_field_name("receiver")
        method_node = node.child_by_field_name("method")
        method = self.src(method_node) if method_node is not None else "call"
        arg_nodes, args = self._args(node, scope)
        # send(:eval, x), public_send("sys" + "tem", ...), method(:eval).call(x): the name is a value
        if method in ("send", "public_send", "__send__") and args and args[0].text and UNKNOWN not in args[0].text:
            method, args, arg_nodes = args[0].text.lstrip(":"), args[1:], arg_nodes[1:]
        elif (
            method == "call"
            and receiver is not None
            and receiver.type == "call"
            and self.src(receiver.child_by_field_name("method") or receiver) in ("method", "public_method")
        ):
            _, inner = self._args(receiver, scope)
            if inner and inner[0].text:
                method, receiver = inner[0].text.lstrip(":"), receiver.child_by_field_name("receiver")
        klass = self._class_name(receiver, scope)
        result = self._dispatch(node, receiver, klass, method, arg_nodes, args, scope)
        block = node.child_by_field_name("block")
        if block is not None:
            plain = receiver is not None and receiver.type in ("identifier", "constant", "array")  # no act to redo
            each = self.eval(receiver, scope) if method in _ITERATORS and plain and receiver is not None else EMPTY
            # HOSTS.each { |h| ... }: the block sees every item in turn, so any of them
            self._call_block(block, replace(picked(each.items), handle=None) if each.items else result, scope)
        return result

    def _class_name(self, receiver: Node | None, scope: dict[str, Val]) -> str | None:
        if receiver is None:
            return None
        if receiver.type in ("constant", "scope_resolution"):
            name = self.src(receiver).lstrip(":")
            bound = self.globals.get(name)
            return bound.text if bound is not None and bound.text and bound.text[:1].isupper() else name
        if receiver.type == "call" and self.src(receiver.child_by_field_name("method") or receiver) == "const_get":
            _, inner = self._args(receiver, scope)
            return inner[0].text if inner and inner[0].text else None
        if receiver.type == "identifier" and receiver.text is not None:
            bound = scope.get(self.src(receiver))
            if bound is not None and bound.text and bound.text[:1].isupper() and "::" in bound.text:
                return bound.text
        return None

    def _call_block(self, block: Node, result: Val, scope: dict[str, Val]) -> None:
        params = block.child_by_field_name("parameters")
        inner = dict(scope)
        names = [c for c in params.named_children if c.type == "identifier"] if params is not None else []
        own = [self.src(n) for n in names]
        for index, param in enumerate(own):
            inner[param] = result if index == 0 else replace(result, handle=None)
        body = block.child_by_field_name("body")
        if body is not None:
            self.eval(body, inner)
        for key, val in inner.items():  # assignments in a block to outer names stay
            if key in scope and key not in own:
                scope[key] = val

    def _dispatch(
        self,
        node: Node,
        receiver: Node | None,
        klass: str | None,
        method: str,
        arg_nodes: list[Node],
        args: list[Val],
        scope: dict[str, Val],
    ) -> Val:
        start, end = self.span(node)
        line = self.line(node)
        sinks = self.sinks
        first = args[0] if args else EMPTY
        if klass == "ENV":
            if method in ("fetch", "[]", "key?", "dig"):
                name = first.text if first.text and UNKNOWN not in first.text else None
                val = env_value(name, line)
                sinks.read(start, end, val)
                default = args[1] if len(args) > 1 else EMPTY
                return merge([val, default], text=val.text or default.text) if method == "fetch" else val
            if method in _ENV_WHOLE:
                val = Val(secrets=(Secret("reads the whole environment", line),))
                sinks.read(start, end, val)
                return val
            return EMPTY
        if method in ("noecho", "getpass") or (method == "ask" and "echo" in self.src(node)):
            # STDIN.noecho(&:gets), IO.console.getpass("Password: "), HighLine's ask with echo off: a typed secret
            val = prompt_value(first.text if method != "noecho" else None, line)
            sinks.read(start, end, val)
            return val
        asked = first.text if method == "ask" and receiver is None else self.said
        if (
            method in ("gets", "readline", "ask")
            and (receiver is None or self.src(receiver) in ("$stdin", "STDIN", "ARGF"))
            and asked
            and SECRET_PROMPT.search(asked)
        ):
            # print "Password: "; pw = $stdin.gets: a secret asked for by name, echoed or not
            val = prompt_value(asked, line)
            sinks.read(start, end, val)
            return val
        recv = self.eval(receiver, scope) if receiver is not None and klass is None else EMPTY
        if klass is not None and receiver is not None and receiver.type == "constant":
            held = self.eval(receiver, scope)  # SERVICE.tr(...), HOSTS.sample: a constant holding a value, no class
            recv = held if held.text is not None or held.items is not None else recv
        if method in ("sample", "shuffle", "cycle", "min", "max") and receiver is not None:
            items = (recv if klass is None else self.eval(receiver, scope)).items
            if items:
                return replace(picked(items), handle=None)  # HOSTS.sample: any of them, chosen at run time
        # -- running code and commands
        if method in _EVALS and args:
            return sinks.execute(start, end, None, [first], code_language="ruby", what=method)
        if method == "eval" and not args and receiver is not None:
            return sinks.execute(start, end, None, [recv], code_language="ruby", what="eval")
        if klass in ("ERB", "Erubi::Engine", "Erubis::Eruby") and method == "new" and args:
            return replace(first, handle=("template", "erb"))  # its <% %> tags are Ruby, run when it is rendered
        if recv.handle == ("template", "erb") and method in ("result", "result_with_hash", "run", "src"):
            if recv.fetched:  # a downloaded template rendered here runs whatever Ruby its tags hold
                return sinks.execute(start, end, None, [replace(recv, handle=None)], code_language=None, what="ERB")
            return replace(recv, handle=None, fetched=None)
        if (
            (method in _SHELL_RUNNERS and klass in (None, "Kernel", "Process"))
            or (klass == "Open3" and method in _OPEN3)
            or (klass == "IO" and method == "popen")
            or (klass == "PTY" and method == "spawn")
        ):
            if receiver is None or klass is not None:
                mode = args[1].text if klass == "IO" and method == "popen" and len(args) > 1 else None
                if mode and ("w" in mode or "+" in mode):
                    # IO.popen(["crontab", "-"], "w") { |io| io.puts job }: what it writes is the command's input,
                    # judged where it is written
                    words = first.items or (first,)
                    command = " ".join(shell_quote(w.text if w.text is not None else UNKNOWN) for w in words)
                    self.ctx.cap("executes", command.split(" ", 1)[0].rsplit("/", 1)[-1] or "?", start, end, "IO.popen")
                    return Val(command, handle=("pipe", command))
                return self._run(start, end, args[:1] if mode else args, method)
        if method == "open" and klass in (None, "Kernel", "IO") and first.text and first.text.startswith("|"):
            return self._run(start, end, [replace(first, text=first.text[1:])], "open")
        # -- decoding
        decoded = self._decode(klass, method, recv, args)
        if decoded is not None:
            return decoded
        # -- the environment and the home folder
        if klass == "Dir" and method == "home":
            return Val("~")
        if klass == "Etc" and method in ("getpwuid", "getlogin"):
            return Val("~")
        if method == "dir" and recv.text == "~":
            return Val("~")
        if method in ("expand_path", "absolute_path") and klass == "File":
            return replace(first, text=first.text) if first.text is not None else first
        if method == "join" and klass in ("File", "Pathname"):
            return path_join(args)
        if (klass == "Pathname" and method == "new") or (method == "Pathname" and receiver is None):
            return replace(first, handle=None)
        if method == "join" and receiver is not None and klass is None:
            if recv.items is not None:
                sep = first.text if first.text is not None else ""
                return concat(list(recv.items), sep)
            if recv.text is not None and args:
                return path_join([recv, *args])
            return merge([recv, *args])
        if method in ("format", "sprintf") and (receiver is None or klass == "Kernel"):
            return format_text(first, args[1:])
        if (
            method
            in (
                "to_s",
                "to_str",
                "strip",
                "chomp",
                "freeze",
                "dup",
                "itself",
                "to_sym",
                "b",
                "force_encoding",
                "encode",
                "lstrip",
                "rstrip",
                "squish",
                "scrub",
                "unicode_normalize",
                "to_path",
                "chomp!",
                "strip!",
            )
            and receiver is not None
        ):
            return recv
        if method == "map" and recv.items is not None and self._block_symbol(node) == "chr":
            items = tuple(
                Val(chr(int(v.text))) if v.text and v.text.isdigit() and int(v.text) < 0x110000 else EMPTY
                for v in recv.items
            )
            return replace(merge(items), items=items, decoded=True)
        if (method == "URI" and receiver is None) or (klass == "URI" and method == "parse"):
            return replace(first, handle=None)
        if method == "const_get":
            return Val(first.text) if first.text else EMPTY
        # -- printing
        printer = method in _PRINTERS and receiver is None
        if printer or (self._stream(receiver) and method in ("puts", "print", "write", "printf", "<<")):
            self.said = first.text
            vals = [format_text(first, args[1:])] if method == "printf" else args
            sinks.say(start, end, vals)
            return EMPTY
        # -- the network
        sent = self._network(node, klass, method, recv, args, start, end)
        if sent is not None:
            return sent
        if method in ("host", "hostname") and not args and recv.text and "://" in recv.text:
            return Val(url_host_of(recv.text))  # Net::HTTP.start(uri.host, ...): the URL's host
        # -- a config the skill ships: File.read of it, YAML/JSON parsing it (hosts and lists kept in it)
        if klass in ("File", "IO") and method == "read" and first.text and (own := self._shipped(first.text)):
            return Val(own)
        if klass in ("File", "IO") and method in ("read", "binread", "readlines") and args:
            private = private_read(replace(first, secrets=()), line)
            if private.secrets:  # a file of the user's own on no list: its content (no capability of its own)
                return Val(secrets=private.secrets)
        if klass in ("YAML", "Psych", "JSON") and method in _CONFIG_LOADERS and args:
            source = self._shipped(first.text or "") if method.endswith("_file") else first.text
            parsed = _config(source, json_only=klass == "JSON") if source else None
            if parsed is not None:
                return parsed
        if method in _KEEPS_CONFIG and recv.handle == ("config", ""):
            return recv  # .transform_values { |v| v.to_i(8) }: the same keys, each value read as the config spells it
        if method in ("fetch", "dig") and args and receiver is not None and receiver.type in ("constant", "identifier"):
            held = recv if klass is None else self.eval(receiver, scope)  # CONFIG.fetch("url"): a constant's value
            if held.handle == ("config", ""):
                return _config_at(held, [a.text for a in args[: 1 if method == "fetch" else None]])
        # -- files
        if klass in ("File", "IO") and method in _WRITERS and args:
            sinks.write(start, end, first, concat(args[1:2]), append=any("a" in (a.text or "") for a in args[2:]))
            return EMPTY
        if klass in ("File", "IO") and method in ("open", "new") and args:
            mode = args[1].text if len(args) > 1 and args[1].text else "r"
            if any(m in mode for m in "wa+"):
                return Val(first.text, handle=("file", first.text or UNKNOWN), append="a" in mode)
        if klass in ("File", "FileUtils", "Pathname") and method in ("chmod", "chmod_R", "lchmod") and len(args) >= 2:
            for item in [t for a in args[1:] for t in (a.items or (a,))]:
                judge_mode(self.ctx, mode_number(first.text), home_path(item.text or UNKNOWN), start, end, method)
            return EMPTY
        if (
            klass == "FileUtils"
            and method in ("cp", "cp_r", "mv", "ln_s", "ln_sf", "install", "copy", "move", "copy_file")
            and len(args) >= 2
        ):
            # a file of the skill put in place carries its own text: a shipped hook copied into a start-up place
            # is judged by what it runs, as Python's shutil.copy and the shell's cp are
            texts = [t for item in (first.items or (first,)) if item.text for t in self._shipped_all(item.text)]
            carried = path_secret(first, line)
            if texts and method not in ("ln_s", "ln_sf"):
                carried = merge([carried, Val("\n".join(texts))], text="\n".join(texts))
            sinks.write(start, end, args[-1], carried)
            return EMPTY
        if (klass == "FileUtils" and method in _DELETERS) or (method == "rmtree" and receiver is not None):
            target = first if klass == "FileUtils" else recv
            for item in target.items or (target,):
                sinks.destroy(start, end, item, f"{klass or 'Pathname'}.{method}")
            return EMPTY
        if recv.handle is not None:
            return self._handle_call(recv, method, args, node, scope)
        # -- a method of this script
        if receiver is None and method in self.functions:
            return self._local_call(method, node, args, scope)
        if (
            receiver is not None
            and receiver.type in ("identifier", "instance_variable")
            and method in _MUTATORS
            and args
        ):
            self._pour(receiver, merge(args), scope)
        if receiver is not None and method in _SAME_ITEMS and not args:
            return recv  # Dir[glob].sort.each: the same items in another order (each returns its receiver)
        # -- anything else: a read when it is handed a credential place, else what it is given
        result = replace(merge([recv, *args]), handle=None, items=None)
        if method not in _PATH_BUILDERS:
            for arg in args:
                read = path_secret(replace(arg, secrets=()), line)
                if read.secrets:
                    sinks.read(start, end, read)
                    result = merge([result, read])
                    if read.secrets[0].store:
                        self.ctx.add(
                            "skillscope/exfiltration/credential-read",
                            f"{read.secrets[0].what} (line {line})",
                            start,
                            end,
                            "error",
                        )
        return result

    def _stream(self, receiver: Node | None) -> bool:
        return receiver is not None and self.src(receiver) in ("$stdout", "STDOUT", "$stderr", "STDERR", "Kernel")

    def _run(self, start: int, end: int, args: list[Val], how: str) -> Val:
        words = [a for a in args if a.handle is None]
        while words and words[0].text is None and words[0].items is None and len(words) > 1:
            words = words[1:]  # an environment hash before the command
        if len(words) == 1 and words[0].items is not None:
            words = list(words[0].items)
        if len(words) == 1:
            command = words[0].text if words[0].text is not None else UNKNOWN
        else:
            texts = [w.text if w.text is not None else UNKNOWN for w in words]
            if len(texts) >= 3 and texts[0].rsplit("/", 1)[-1] in ("sh", "bash", "zsh", "dash") and texts[1] == "-c":
                command = texts[2]
            else:
                command = " ".join(shell_quote(t) for t in texts)
        return self.sinks.execute(start, end, command, args)

    def _shipped(self, path: str) -> str | None:
        """The text of the one file of the skill ``path`` names (``File.join(__dir__, "cfg.yml")``), or None."""
        found = shipped(self.ctx.skill_files, self.ctx.path, path.replace(UNKNOWN, "$DIR")) if path else []
        return found[0][1] if len(found) == 1 else None

    def _shipped_all(self, path: str) -> list[str]:
        """The texts of the skill's files ``path`` names; a name left open in its last part (``hooks/#{h}`` over a
        list) is any file of that folder, so each of them."""
        head, _, name = path.rpartition("/")
        if UNKNOWN in name and UNKNOWN not in head and head:
            return [text for _, text in shipped(self.ctx.skill_files, self.ctx.path, f"{head}/*")]
        one = self._shipped(path)
        return [one] if one is not None else []

    def _decode(self, klass: str | None, method: str, recv: Val, args: list[Val]) -> Val | None:
        first = args[0] if args else EMPTY
        kind = None
        source = first
        if klass == "Base64" and method in ("decode64", "strict_decode64", "urlsafe_decode64"):
            kind = "base64"
        elif method in ("unpack", "unpack1") and first.text:
            source = recv
            kind = "base64" if first.text.startswith("m") else "hex" if first.text.upper().startswith("H") else "bytes"
        elif method == "pack" and recv.items is not None and first.text:
            if first.text.upper().startswith("H"):
                source, kind = recv.items[0], "hex"
            elif first.text.startswith("m"):
                source, kind = recv.items[0], "base64"
            elif first.text[:1] in ("c", "C", "U"):
                chars = [
                    chr(int(v.text)) if v.text and v.text.isdigit() and int(v.text) < 0x110000 else UNKNOWN
                    for v in recv.items
                ]
                return replace(merge(recv.items, text="".join(chars)), decoded=True)
        elif klass in ("Zlib::Inflate", "Zlib") and method in ("inflate", "gunzip"):
            kind = "zlib"
        elif method == "reverse" and recv.text and recv.items is None:
            source, kind = recv, "reverse"
        elif (
            method == "tr"
            and len(args) == 2
            and (first.text, args[1].text) in (("A-Za-z", "N-ZA-Mn-za-m"), ("a-zA-Z", "n-za-mN-ZA-M"))
        ):
            source, kind = recv, "rot13"
        elif (
            klass == "CGI"
            and method == "unescape"
            or klass == "URI"
            and method in ("decode_www_form_component", "decode_uri_component")
        ):
            kind = "url"
        if kind is None:
            return None
        from urllib.parse import unquote

        text = (
            unquote(source.text)
            if kind == "url" and source.text and UNKNOWN not in source.text
            else decode_constant(kind, source.text)
        )
        return replace(merge([source], text=text), decoded=True, handle=None)

    def _network(
        self, node: Node, klass: str | None, method: str, recv: Val, args: list[Val], start: int, end: int
    ) -> Val | None:
        sinks = self.sinks
        first = args[0] if args else EMPTY
        if klass == "Net::HTTP":
            if method in ("new", "start"):
                handle = Val(first.text, handle=("http", first.text or UNKNOWN))
                return handle
            if method in ("get", "get_response", "get_print"):
                dest = (
                    first
                    if first.text and ("://" in first.text or len(args) == 1)
                    else Val(f"{first.text}{args[1].text if len(args) > 1 and args[1].text else ''}")
                )
                sinks.send(start, end, dest, args[1:], how="GET")
                return Val(fetched=dest.text or UNKNOWN)
            if method in ("post", "post_form", "put", "patch", "request"):
                sinks.send(start, end, first, args[1:], how=method.upper())
                return Val(fetched=first.text or UNKNOWN)
        if klass and klass.startswith("Net::HTTP::") and method == "new":
            url = first.text
            return replace(merge(args[1:]), text=url, handle=("request", url or UNKNOWN))
        if (klass in _HTTP_CLIENTS or (klass or "").split("::")[0] in _HTTP_CLIENTS) and method in _HTTP_VERBS | {
            "new"
        }:
            if method == "new":
                url = first.text
                return Val(url, handle=("http", url or UNKNOWN))
            sinks.send(start, end, first, args[1:], how=method.upper())
            return Val(fetched=first.text or UNKNOWN)
        if (
            (klass == "URI" or klass is None and node.child_by_field_name("receiver") is None)
            and method == "open"
            and first.text
            and first.text.startswith(("http://", "https://", "ftp://", UNKNOWN))
        ):
            sinks.send(start, end, first, how="GET")
            return Val(fetched=first.text)
        if (
            method in ("open", "read")
            and klass is None
            and recv.text
            and recv.text.startswith(("http://", "https://"))
            and not recv.secrets
        ):
            sinks.send(start, end, recv, how="GET")
            return Val(fetched=recv.text)
        if klass in ("TCPSocket", "UDPSocket", "SSLSocket", "OpenSSL::SSL::SSLSocket", "Socket") and method in (
            "new",
            "open",
            "tcp",
            "udp",
        ):
            host = first.text if first.text and first.handle is None else first.handle[1] if first.handle else None
            port = args[1].text if len(args) > 1 and args[1].text else None
            dest = Val(f"{host}:{port}" if host and port else host)
            if host:
                sinks.ctx.cap("sends", (host.replace(UNKNOWN, "?") or "?"), start, end, "socket")
            return replace(dest, handle=("socket", dest.text or UNKNOWN))
        if klass in ("Resolv", "Resolv::DNS", "IPSocket", "Addrinfo", "Socket") and method in (
            "getaddress",
            "getaddresses",
            "getname",
            "getresource",
            "getresources",
            "getaddrinfo",
            "each_address",
            "gethostbyname",
            "tcp",
        ):
            sinks.send(start, end, first, [first], how="DNS lookup", dns=True)
            return EMPTY
        if klass == "Net::SMTP" and method == "start":
            return Val(first.text, handle=("socket", first.text or UNKNOWN))
        return None

    def _handle_call(self, handle_val: Val, method: str, args: list[Val], node: Node, scope: dict[str, Val]) -> Val:
        start, end = self.span(node)
        assert handle_val.handle is not None
        kind, target = handle_val.handle
        first = args[0] if args else EMPTY
        if kind == "file" and method in _HANDLE_WRITES:
            self.sinks.write(start, end, Val(target), concat(args, "\n"), append=handle_val.append)
            return EMPTY
        if kind == "socket" and method in _HANDLE_WRITES | {"send_message", "send_mail", "sendmail"}:
            self.sinks.send(start, end, Val(target), args, how="socket")
            return EMPTY
        if kind == "http" and method in _HTTP_VERBS | {"request", "send_request", "request_get", "request_post"}:
            request = next((a for a in args if a.handle and a.handle[0] == "request"), None)
            path = (
                first.text
                if request is None and first.text
                else request.handle[1]
                if request and request.handle
                else ""
            )
            url = (
                target
                if not path or "://" in path
                else target.rstrip("/") + ("" if path.startswith("/") else "/") + path
            )
            self.sinks.send(
                start, end, Val(url), args if method in _SENDING_VERBS or request else args[1:], how=method.upper()
            )
            return Val(fetched=url)
        if kind == "pipe" and method in _HANDLE_WRITES:
            # the text goes to the command's standard input: judged as that text piped into the command
            fed = concat(args, "\n")
            line = shell_quote(fed.text if fed.text is not None else UNKNOWN)
            return self.sinks.execute(start, end, f"printf '%s\\n' {line} | {target}", [fed])
        if kind == "request":
            return handle_val
        return replace(merge([handle_val, *args]), handle=None)

    def _local_call(self, name: str, node: Node, args: list[Val], scope: dict[str, Val]) -> Val:
        """Follow a call of the script's own function with the values it is given; a helper handed a credential
        place (``parse_ini(File.join(Dir.home, ".aws", "credentials"))``) gives back what it read there."""
        start, end = self.span(node)
        return with_places_read(self._follow(name, node, args, scope), args, self.sinks, start, end, self.line(node))

    def _follow(self, name: str, node: Node, args: list[Val], scope: dict[str, Val]) -> Val:
        method = self.functions[name]
        if self.depth >= _DEPTH or any(n == name for n, _ in self.sinks.via):
            return merge(args)
        params = method.child_by_field_name("parameters")
        inner: dict[str, Val] = {}
        rest: list[Val] = list(args)
        for param in params.named_children if params is not None else []:
            pname = param.child_by_field_name("name") or (param if param.type == "identifier" else None)
            if pname is None:
                continue
            if param.type == "splat_parameter":
                inner[self.src(pname)] = replace(merge(rest), items=tuple(rest))
                rest = []
            elif rest:
                inner[self.src(pname)] = rest.pop(0)
            else:
                default = param.child_by_field_name("value")
                inner[self.src(pname)] = self.eval(default, inner) if default is not None else EMPTY
        body = method.child_by_field_name("body")
        if body is None:
            return EMPTY
        returned, last = self.followed(name, node, body, inner)
        vals = [*returned, last]
        return merge(
            vals,
            text=next((v.text for v in vals if v.text is not None and "://" in v.text), None)
            or next((v.text for v in vals if v.text is not None), None),
        )


_RUBY_CONSTANTS = {"File::SEPARATOR": "/", "File::ALT_SEPARATOR": "/", "File::PATH_SEPARATOR": ":"}


def scan_ruby(ctx: Ctx) -> None:
    """Analyse a Ruby region: flows from secrets to sends, downloads and decodes to eval or a shell, start-up writes,
    deletes of the home folder, and the text it prints for the agent."""
    _Ruby(ctx).run()
