"""Perl scripts (``.pl``, ``.pm``, a perl shebang, ``perl -e`` one-liners) read through tree-sitter-perl into the
shared flow engine.

What it follows: string literals (``'..'``, ``".."``, ``q()``, ``qq{}``, here-documents) with the scalars they
interpolate, ``.``/``.=``, ``join``, ``reverse``, ``split``, ``sprintf``, ``pack("H*")``/``decode_base64`` of
constants, ``my``/``our`` scalars, arrays and hashes, ``use constant``, and the file's own subs with the values they
are given. A scalar the file never sets interpolates as the empty string, as Perl does. Sources: ``$ENV{X}``,
``%ENV``, ``glob``, ``File::HomeDir``, files read through ``open``/``<$fh>``, ``File::Slurp``, ``Path::Tiny``; a
file opened by a name taken from a private file's content (``IdentityFile`` lines of ~/.ssh/config) is private too.
Sinks: commands (``system``, ``exec``, backticks, ``qx``, piped ``open``) read as shell lines, ``eval`` of a string,
writes through a handle, deletes (``unlink``, ``rmtree``, ``remove_tree``) read as ``rm -rf``, and the network
(``HTTP::Tiny``, ``LWP``, ``Mojo::UserAgent``, sockets, ``Net::SMTP``). The verdicts are the flow engine's
(``flowcore.Sinks``)."""

from __future__ import annotations

import re
from collections.abc import Callable
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
    format_text,
    merge,
    path_join,
    path_secret,
    picked,
    private_read,
    shell_quote,
    shown,
    unescape,
    with_places_read,
)
from skillscope.audit.behavior.treeflow import HandlerFlow

if TYPE_CHECKING:  # only names node types; the binding loads with the first parse (treesitter.py)
    from tree_sitter import Node

__all__ = ["scan_perl"]

_BUDGET = 20_000
"""Nodes one region may evaluate (subs are followed per call; this bounds a hostile file)."""
_DEPTH = 4
"""Calls of the file's own subs followed inside each other."""

_SKIPPED = frozenset(
    {"comment", "pod", "data_section", "eof_marker", "subroutine_declaration_statement", "heredoc_end"}
)
_AGENTS = frozenset(
    {"HTTP::Tiny", "LWP::UserAgent", "Mojo::UserAgent", "WWW::Mechanize", "Furl", "HTTP::Tinyish", "REST::Client"}
)
_FETCHING = frozenset({"get", "head", "mirror", "GET", "HEAD"})
_SENDING = frozenset({"post", "put", "patch", "post_form", "delete", "POST", "PUT", "PATCH", "DELETE"})
_SOCKETS = frozenset({"IO::Socket::INET", "IO::Socket::IP", "IO::Socket::SSL", "IO::Socket::INET6", "Net::SMTP"})
_SOCKET_WRITES = frozenset({"print", "printf", "say", "send", "syswrite", "write", "datasend", "data", "mail", "to"})
_HEADER_KEYS = frozenset({"authorization", "private-token", "cookie", "proxy-authorization", "headers", "token"})
_SLURPS = frozenset(
    {
        "read_file",
        "File::Slurp::read_file",
        "slurp",
        "read_text",
        "read_binary",
        "read_lines",
        "File::Slurper::read_text",
        "File::Slurper::read_binary",
        "File::Slurper::read_lines",
    }
)
_SPEWS = frozenset(
    {
        "write_file",
        "File::Slurp::write_file",
        "append_file",
        "File::Slurp::append_file",
        "overwrite_file",
        "write_text",
        "write_binary",
        "File::Slurper::write_text",
        "File::Slurper::write_binary",
    }
)
_DELETERS = frozenset(
    {
        "unlink",
        "rmdir",
        "rmtree",
        "remove_tree",
        "File::Path::rmtree",
        "File::Path::remove_tree",
        "File::Remove::remove",
    }
)
_DIRNAMES = frozenset({"dirname", "File::Basename::dirname"})
_ABSOLUTE = frozenset(
    {"abs_path", "realpath", "rel2abs", "canonpath", "Cwd::abs_path", "Cwd::realpath", "File::Spec::Functions::rel2abs"}
)
"""Calls that spell a path from the root: the same place, so a climb from it is the same climb."""
_DECODERS = {
    "decode_base64": "base64",
    "MIME::Base64::decode_base64": "base64",
    "decode_base64url": "base64",
    "MIME::Base64::decode_base64url": "base64",
    "MIME::Base64::decode": "base64",
}
_SIMPLE = frozenset({"get", "getstore", "getprint", "head", "mirror"})
"""LWP::Simple's functions: each fetches its first argument."""
_JSON_DECODERS = frozenset(
    {"decode_json", "from_json", "JSON::decode_json", "JSON::PP::decode_json", "JSON::XS::decode_json", "parse_json"}
)
_PATH_ONLY = frozenset(
    {
        "stat",
        "lstat",
        "chmod",
        "chown",
        "utime",
        "mkdir",
        "make_path",
        "mkpath",
        "dirname",
        "basename",
        "fileparse",
        "abs_path",
        "realpath",
        "rel2abs",
        "opendir",
        "exists",
        "defined",
        "die",
        "length",
        "ref",
    }
)
"""Builtins that take a path (or anything) and read no file's content: a credential place handed to them is no read."""
_NOT_READ = frozenset({"exists", "defined", "delete", "ref"})
"""Predicates whose argument is not read for its value (``exists $ENV{AWS_SECRET_ACCESS_KEY}``)."""
_SPECIAL = re.compile(r"^[$@%](?:\d+|_|0|ARGV|ENV|INC|STDIN|STDOUT|STDERR|a|b|\W.*|\^\w+)$")
"""Variables Perl itself sets: never "unset" in the file's sense."""


def _lcfirst(text: str) -> str:
    return text[:1].lower() + text[1:]


def _ucfirst(text: str) -> str:
    return text[:1].upper() + text[1:]


_UNARY_TEXT: dict[str, Callable[[str], str]] = {
    "lc": str.lower,
    "uc": str.upper,
    "lcfirst": _lcfirst,
    "ucfirst": _ucfirst,
}


class _Perl(HandlerFlow):
    SKIPPED = _SKIPPED

    def __init__(self, ctx: Ctx) -> None:
        super().__init__(ctx, "perl", budget=_BUDGET)
        self.heredocs: list[Node] = []
        self.heredoc_tokens: list[int] = []
        self.assigned: set[str] = set()
        """Variables some statement of the file sets (an assignment, a loop, ``open(my $fh)``, a ``\\$x`` handed out)."""
        self.modules: set[str] = set()
        self.constants: dict[str, Val] = {}

    # -- the walk --------------------------------------------------------------------------------------------------
    def run(self) -> None:
        root = self.tree.root_node
        stack = [root]
        while stack:
            node = stack.pop()
            kind = node.type
            if kind == "subroutine_declaration_statement":
                name = node.child_by_field_name("name")
                if name is not None:
                    self.functions.setdefault(self.src(name), node)
            elif kind == "heredoc_content":
                self.heredocs.append(node)
            elif kind == "heredoc_token":
                self.heredoc_tokens.append(node.start_byte)
            elif kind == "use_statement":
                module = node.child_by_field_name("module")
                if module is not None:
                    self.modules.add(self.src(module))
            elif kind == "assignment_expression":
                self._note_set(node.child_by_field_name("left"))
            elif kind in ("for_statement", "refgen_expression"):
                self._note_set(node.child_by_field_name("variable") if kind == "for_statement" else node)
            elif kind in ("function_call_expression", "ambiguous_function_call_expression"):
                function = node.child_by_field_name("function")
                if function is not None and self.src(function) in ("open", "read", "sysread", "recv", "chomp"):
                    arguments = node.child_by_field_name("arguments")
                    if arguments is not None:
                        listed = arguments.type == "list_expression" and arguments.named_children
                        self._note_set(arguments.named_children[0] if listed else arguments)
            stack.extend(node.children)
        self.heredocs.sort(key=lambda n: n.start_byte)
        self.heredoc_tokens.sort()
        self.eval(root, self.globals)
        self.judge_bodies(self.functions.values())

    def _note_set(self, node: Node | None) -> None:
        if node is None:
            return
        stack = [node]
        while stack:
            current = stack.pop()
            if current.type in ("scalar", "array", "hash"):
                self.assigned.add(self._name(current))
            elif current.type == "container_variable":
                self.assigned.add(self._name(current))
            stack.extend(current.named_children)

    def _name(self, node: Node) -> str:
        """``$x``, ``@x`` or ``%x`` for a variable node (``${x}`` as ``$x``)."""
        varname = next((c for c in node.named_children if c.type == "varname"), None)
        sigil = self.src(node)[:1]
        return sigil + (self.src(varname) if varname is not None else self.src(node)[1:]).strip("{}")

    def children_value(self, vals: list[Val]) -> Val:
        """A lone child's value whole (its items and handle too), else the children's merge."""
        if len(vals) == 1:
            return vals[0]
        return merge(vals, text=None)

    def _source_file(self, node: Node, scope: dict[str, Val]) -> Val:
        last = EMPTY
        for child in node.named_children:
            last = self.eval(child, scope)
        return last

    _block = _source_file
    _do_expression = _source_file

    # -- names -----------------------------------------------------------------------------------------------------
    def _lookup(self, name: str, scope: dict[str, Val]) -> Val:
        if name in scope:
            return scope[name]
        if name in self.globals:
            return self.globals[name]
        if name.startswith("$") and name not in self.assigned and not _SPECIAL.match(name):
            return Val("")  # a scalar no statement sets is undef: it interpolates as the empty string
        return EMPTY

    def _store(self, name: str, val: Val, scope: dict[str, Val], *, declared: bool = False) -> None:
        if declared or name in scope or scope is self.globals:
            scope[name] = val
        else:
            self.globals[name] = val

    def _scalar(self, node: Node, scope: dict[str, Val]) -> Val:
        return self._lookup(self._name(node), scope)

    def _array(self, node: Node, scope: dict[str, Val]) -> Val:
        inner = next((c for c in node.named_children if c.type == "block"), None)
        if inner is not None:
            return self.eval(inner, scope)  # @{$ref}
        name = self._name(node)
        val = self._lookup(name, scope)
        if val is EMPTY and name == "@_":
            return EMPTY
        return val

    def _hash(self, node: Node, scope: dict[str, Val]) -> Val:
        name = self._name(node)
        if name == "%ENV":
            start, end = self.span(node)
            val = Val(secrets=(Secret("reads the whole environment", self.line(node)),))
            self.sinks.read(start, end, val)
            return val
        return self._lookup(name, scope)

    def _bareword(self, node: Node, scope: dict[str, Val]) -> Val:
        name = self.src(node)
        return self.constants.get(name) or Val(name)

    def _autoquoted_bareword(self, node: Node, scope: dict[str, Val]) -> Val:
        return Val(self.src(node))

    def _number(self, node: Node, scope: dict[str, Val]) -> Val:
        return Val(self.src(node).replace("_", ""))

    # -- strings ---------------------------------------------------------------------------------------------------
    def _content(self, content: Node | None, scope: dict[str, Val], *, interpolate: bool) -> Val:
        if content is None:
            return Val("")
        pieces: list[Val] = []
        position = content.start_byte
        for child in content.named_children:
            if child.start_byte > position:
                pieces.append(Val(self.data[position : child.start_byte].decode("utf-8", "replace")))
            position = max(position, child.end_byte)
            kind = child.type
            raw = self.src(child)
            if kind == "escaped_delimiter":
                pieces.append(Val(raw[1:]))
            elif kind == "escape_sequence":
                pieces.append(Val(unescape(raw) if interpolate else raw[1:]))
            elif kind == "heredoc_end":
                position = child.start_byte
                break
            elif interpolate:
                val = self.eval(child, scope)
                if val.items is not None and val.text is None and kind == "array":
                    val = concat(list(val.items), " ")  # "@list": its items joined by spaces
                pieces.append(val)
            else:
                pieces.append(Val(raw))
        end = (
            content.end_byte
            if not content.named_children or content.named_children[-1].type != "heredoc_end"
            else position
        )
        if end > position:
            pieces.append(Val(self.data[position:end].decode("utf-8", "replace")))
        if not pieces:
            return Val("")
        return concat(pieces)

    def _string_literal(self, node: Node, scope: dict[str, Val]) -> Val:
        content = node.child_by_field_name("content")
        return self._blank(node) if content is None else self._content(content, scope, interpolate=False)

    def _interpolated_string_literal(self, node: Node, scope: dict[str, Val]) -> Val:
        content = node.child_by_field_name("content")
        return self._blank(node) if content is None else self._content(content, scope, interpolate=True)

    def _blank(self, node: Node) -> Val:
        """A string of white space only (``join(' ', ...)``), which the grammar gives no content node."""
        marks = node.children
        if len(marks) < 2:
            return Val("")
        return Val(self.data[marks[-2].end_byte : marks[-1].start_byte].decode("utf-8", "replace"))

    def _quoted_word_list(self, node: Node, scope: dict[str, Val]) -> Val:
        content = node.child_by_field_name("content")
        words = tuple(Val(w) for w in (self.src(content).split() if content is not None else []))
        return Val(" ".join(w.text or "" for w in words), items=words)

    def _heredoc_token(self, node: Node, scope: dict[str, Val]) -> Val:
        at = self.heredoc_tokens.index(node.start_byte) if node.start_byte in self.heredoc_tokens else -1
        if at < 0 or at >= len(self.heredocs):
            return EMPTY
        body = self.heredocs[at]
        return self._content(body, scope, interpolate="'" not in self.src(node))

    def _heredoc_content(self, node: Node, scope: dict[str, Val]) -> Val:
        return EMPTY  # read where its token stands

    def _command_string(self, node: Node, scope: dict[str, Val]) -> Val:
        command = self._content(node.child_by_field_name("content"), scope, interpolate=True)
        start, end = self.span(node)
        out = self.sinks.execute(start, end, command.text or UNKNOWN, [command])
        return replace(out, fetched=out.fetched or _downloaded(command.text))

    # -- lists and hashes ------------------------------------------------------------------------------------------
    def _flat(self, node: Node | None, scope: dict[str, Val]) -> list[Val]:
        """The values of a list as Perl flattens it (an array's items in place)."""
        if node is None:
            return []
        if node.type == "list_expression" or (
            node.type == "parenthesized_expression" and any(c.type == "list_expression" for c in node.named_children)
        ):
            inner = (
                node
                if node.type == "list_expression"
                else next(c for c in node.named_children if c.type == "list_expression")
            )
            out: list[Val] = []
            for child in inner.named_children:
                if child.type in ("comment",):
                    continue
                val = self.eval(child, scope)
                if child.type in ("array", "hash", "quoted_word_list") and val.items is not None:
                    out.extend(val.items)
                else:
                    out.append(val)
            return out
        val = self.eval(node, scope)
        if node.type in ("array", "quoted_word_list", "hash") and val.items is not None:
            return list(val.items)
        return [val]

    def _list_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        items = self._flat(node, scope)
        return replace(merge(items), items=tuple(items))

    def _parenthesized_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        inner = [c for c in node.named_children if c.type != "comment"]
        if not inner:
            return Val(items=())
        return self.eval(inner[0], scope)

    def _anonymous_array_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        inner = next((c for c in node.named_children if c.type != "comment"), None)
        items = self._flat(inner, scope)
        return replace(merge(items), items=tuple(items))

    def _anonymous_hash_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        inner = next((c for c in node.named_children if c.type != "comment"), None)
        return _hash_of(self._flat(inner, scope))

    def _refgen_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        inner = [self.eval(c, scope) for c in node.named_children]
        return inner[0] if len(inner) == 1 else merge(inner)

    def _hash_element_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        holder = node.child_by_field_name("hash")
        key_node = node.child_by_field_name("key")
        key = self.eval(key_node, scope) if key_node is not None else EMPTY
        if holder is not None and self._name(holder) == "$ENV":
            start, end = self.span(node)
            name = key.text if key.text and UNKNOWN not in key.text else None
            val = env_value(name, self.line(node))
            self.sinks.read(start, end, val)
            return val
        if holder is not None:
            base = self._lookup("%" + self._name(holder)[1:], scope)
        else:
            target = next((c for c in node.named_children if c != key_node), None)
            base = self.eval(target, scope) if target is not None else EMPTY
        return _at_key(base, key)

    def _array_element_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        holder = node.child_by_field_name("array")
        index_node = node.child_by_field_name("index")
        index = self.eval(index_node, scope) if index_node is not None else EMPTY
        if holder is not None:
            base = self._lookup("@" + self._name(holder)[1:], scope)
        else:
            target = next((c for c in node.named_children if c != index_node), None)
            base = self.eval(target, scope) if target is not None else EMPTY
        if base.items is None:
            return Val(secrets=base.secrets, fetched=base.fetched, decoded=base.decoded)
        if index.text is not None and re.fullmatch(r"-?\d+", index.text):
            at = int(index.text)
            return base.items[at] if -len(base.items) <= at < len(base.items) else Val("")
        return replace(picked(base.items), handle=None)

    # -- assignment ------------------------------------------------------------------------------------------------
    def _assignment_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        operator = node.child_by_field_name("operator")
        op = self.src(operator) if operator is not None else "="
        if left is None or right is None:
            return EMPTY
        val = self.eval(right, scope)
        if op != "=":
            old = self.eval(left, scope)
            if op == ".=":
                val = concat([old, val])
            elif op in ("||=", "//="):
                val = merge([old, val], text=old.text if old.text else val.text)
            else:
                val = merge([old, val], text=None)
        self._bind(left, val, scope, right)
        return val

    def _bind(self, target: Node, val: Val, scope: dict[str, Val], right: Node | None = None) -> None:
        kind = target.type
        declared = kind == "variable_declaration"
        if declared or kind == "localization_expression":
            names = [c for c in target.named_children if c.type in ("scalar", "array", "hash")]
            single = target.child_by_field_name("variable")
            if single is not None and len(names) == 1:
                self._bind_one(single, val, scope, declared=True, right=right)
                return
            self._bind_list(names, val, scope, declared=True)
            return
        if kind in ("parenthesized_expression", "list_expression"):
            names = [c for c in _leaves(target) if c.type in ("scalar", "array", "hash", "variable_declaration")]
            flat: list[Node] = []
            for item in names:
                if item.type == "variable_declaration":
                    flat.extend(c for c in item.named_children if c.type in ("scalar", "array", "hash"))
                else:
                    flat.append(item)
            self._bind_list(flat, val, scope, declared=any(n.type == "variable_declaration" for n in names))
            return
        if kind in ("scalar", "array", "hash"):
            self._bind_one(target, val, scope, declared=False, right=right)
            return
        if kind in ("hash_element_expression", "array_element_expression"):
            self._pour_element(target, val, scope)

    def _bind_one(self, target: Node, val: Val, scope: dict[str, Val], *, declared: bool, right: Node | None) -> None:
        name = self._name(target)
        if target.type == "hash" and val.handle != ("hash", "") and val.items is not None:
            val = _hash_of(list(val.items))
        elif target.type == "array" and val.items is None:
            val = replace(val, items=(val,) if val.text is not None or val.secrets else ())
        self._store(name, val, scope, declared=declared)

    def _bind_list(self, names: list[Node], val: Val, scope: dict[str, Val], *, declared: bool) -> None:
        items = list(val.items) if val.items is not None else [val]
        for at, target in enumerate(names):
            if target.type in ("array", "hash"):
                rest = items[at:]
                self._bind_one(target, replace(merge(rest), items=tuple(rest)), scope, declared=declared, right=None)
                return
            one = items[at] if at < len(items) else (val if val.items is None else Val(""))
            self._store(self._name(target), one, scope, declared=declared)

    def _pour_element(self, target: Node, val: Val, scope: dict[str, Val]) -> None:
        """``$h{$k} = $v`` / ``$a[0] = $v``: the container now holds the key and the value too."""
        if target.type == "hash_element_expression":
            holder = target.child_by_field_name("hash")
            key_node = target.child_by_field_name("key")
            key = self.eval(key_node, scope) if key_node is not None else EMPTY
            name = "%" + self._name(holder)[1:] if holder is not None else self._holder_name(target, key_node)
            if name is None or name == "%ENV":
                return
            old = self._lookup(name, scope)
            pairs = list(old.items) if old.handle == ("hash", "") and old.items is not None else []
            self._store(name, _hash_of([*pairs, key, val]), scope)
            return
        holder = target.child_by_field_name("array")
        name = "@" + self._name(holder)[1:] if holder is not None else None
        if name is None:
            return
        old = self._lookup(name, scope)
        items = [*(old.items or ()), val]
        self._store(name, replace(merge(items), items=tuple(items)), scope)

    def _holder_name(self, target: Node, key_node: Node | None) -> str | None:
        holder = next((c for c in target.named_children if c != key_node), None)
        return self._name(holder) if holder is not None and holder.type == "scalar" else None

    def _variable_declaration(self, node: Node, scope: dict[str, Val]) -> Val:
        for var in (c for c in node.named_children if c.type in ("scalar", "array", "hash")):
            name = self._name(var)
            self._store(name, EMPTY if name in self.assigned else Val(""), scope, declared=True)
        return EMPTY

    def _localization_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        return EMPTY  # local $/;

    # -- operators -------------------------------------------------------------------------------------------------
    def _binary_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        operator = node.child_by_field_name("operator")
        op = self.src(operator) if operator is not None else ""
        if op in ("=~", "!~") and left is not None and right is not None:
            return self._bind_match(left, right, scope)
        vals = [self.eval(n, scope) for n in (left, right) if n is not None]
        if len(vals) != 2:
            return merge(vals)
        if op == ".":
            return concat(vals)
        if op in ("//", "||", "or"):
            return merge(vals, text=vals[0].text if vals[0].text else vals[1].text)
        if op == "x" and vals[0].text is not None and (vals[1].text or "").isdigit() and int(vals[1].text or 0) < 64:
            return replace(vals[0], text=vals[0].text * int(vals[1].text or 0))
        return merge(vals, text=None)

    def _lowprec_logical_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        vals = [self.eval(n, scope) for n in (left, right) if n is not None]
        return vals[0] if vals else EMPTY  # open(...) or die: the statement's value is its left side

    def _postfix_conditional_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        condition = node.child_by_field_name("condition")
        if condition is not None:
            self.eval(condition, scope)  # `$x = $1 if $line =~ /(..)/`: the match sets $1 first
        body = [c for c in node.named_children if c != condition]
        vals = [self.eval(c, scope) for c in body]
        return vals[0] if vals else EMPTY

    def _bind_match(self, left: Node, right: Node, scope: dict[str, Val]) -> Val:
        subject = self.eval(left, scope)
        if right.type == "substitution_regexp":
            pattern = right.child_by_field_name("content")
            replacement = next((c for c in right.named_children if c.type == "replacement"), None)
            new = self._content(replacement, scope, interpolate=True) if replacement is not None else Val("")
            text = None
            if (
                subject.text is not None
                and pattern is not None
                and new.text is not None
                and UNKNOWN not in subject.text
            ):
                try:
                    text = re.sub(self.src(pattern), new.text.replace("\\", "\\\\"), subject.text, count=1)
                except (re.error, IndexError):
                    text = None
            result = merge([subject, new], text=text)
            target = _target_of(left)
            if target is not None:
                self._store(self._name(target), result, scope)
            return EMPTY
        self._captures(subject, scope)
        return EMPTY

    # -- loops -----------------------------------------------------------------------------------------------------
    def _for_statement(self, node: Node, scope: dict[str, Val]) -> Val:
        variable = node.child_by_field_name("variable")
        listed = node.child_by_field_name("list")
        block = node.child_by_field_name("block") or node.child_by_field_name("body")
        if listed is None:
            for child in node.named_children:
                self.eval(child, scope)  # for (my $i = 0; ...; ...)
            return EMPTY
        items = self._flat(listed, scope)
        name = self._name(variable) if variable is not None else "$_"
        self._store(name, replace(picked(items), handle=None), scope, declared=variable is not None)
        if block is not None:
            self.eval(block, scope)
        return EMPTY

    def _loop_statement(self, node: Node, scope: dict[str, Val]) -> Val:
        condition = node.child_by_field_name("condition")
        for child in node.named_children:
            val = self.eval(child, scope)
            if child == condition and child.type == "readline_expression":
                self._store("$_", val, scope)  # while (<$fh>): each line in $_
        return EMPTY

    def _match_regexp(self, node: Node, scope: dict[str, Val]) -> Val:
        subject = self._lookup("$_", scope)  # a bare /re/ matches $_
        self._captures(subject, scope)
        return EMPTY

    def _captures(self, subject: Val, scope: dict[str, Val]) -> None:
        """A match sets $1, $2, ... to pieces of what it matched: they carry its secrets, downloads and decodes."""
        captured = Val(secrets=subject.secrets, fetched=subject.fetched, decoded=subject.decoded)
        for group in range(1, 10):
            self._store(f"${group}", captured, scope)
        self._store("$&", captured, scope)

    def _postfix_for_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        listed = node.child_by_field_name("list")
        items = self._flat(listed, scope)
        self._store("$_", replace(picked(items), handle=None), scope)
        for child in node.named_children:
            if child != listed:
                self.eval(child, scope)
        return EMPTY

    def _map_grep_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        listed = node.child_by_field_name("list")
        callback = node.child_by_field_name("callback")
        items = self._flat(listed, scope)
        self._store("$_", replace(picked(items), handle=None), scope)
        if callback is not None and self.src(node).startswith("map"):
            out = self.eval(callback, scope)
            return replace(merge([out, *items]), items=(out,))
        return replace(merge(items), items=tuple(items))

    def _sort_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        items = self._flat(node.child_by_field_name("list"), scope)
        return replace(merge(items), items=tuple(items))

    # -- code and returns ------------------------------------------------------------------------------------------
    def _eval_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        inner = next((c for c in node.named_children if c.type != "comment"), None)
        if inner is None:
            return EMPTY
        if inner.type == "block":
            return self.eval(inner, scope)  # eval { ... }: a guard, not code from a string
        code = self.eval(inner, scope)
        start, end = self.span(node)
        return self.sinks.execute(start, end, None, [code], code_language=None, what="eval")

    def _return_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        vals = [self.eval(c, scope) for c in node.named_children]
        val = vals[0] if len(vals) == 1 else merge(vals)
        if self.returns:
            self.returns[-1].append(val)
        return val

    def _anonymous_subroutine_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        body = node.child_by_field_name("body")
        if body is not None:
            self.eval(body, scope)  # a callback (File::Find's wanted, a sort or a handler) runs with what is here
        return EMPTY

    def _use_statement(self, node: Node, scope: dict[str, Val]) -> Val:
        module = node.child_by_field_name("module")
        if module is None or self.src(module) != "constant":
            return EMPTY
        rest = [c for c in node.named_children if c != module]
        if not rest:
            return EMPTY
        val = self.eval(rest[0], scope)
        pairs = list(val.items) if val.items is not None else []
        if val.handle == ("hash", ""):
            pass
        elif len(pairs) >= 2:
            name, *value = pairs
            if name.text:
                self.constants[name.text] = value[0] if len(value) == 1 else replace(merge(value), items=tuple(value))
            return EMPTY
        for at in range(0, len(pairs) - 1, 2):
            if pairs[at].text:
                self.constants[pairs[at].text or ""] = pairs[at + 1]
        return EMPTY

    # -- calls -----------------------------------------------------------------------------------------------------
    def _function_call_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        function = node.child_by_field_name("function")
        name = self.src(function).lstrip("&") if function is not None else ""
        name = name.removeprefix("CORE::").removeprefix("main::")
        arguments = node.child_by_field_name("arguments")
        return self._call(node, name, arguments, scope)

    _ambiguous_function_call_expression = _function_call_expression

    def _func1op_call_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        function = node.child_by_field_name("function")
        if function is None:
            first = node.children[0] if node.children else None
            name = self.src(first) if first is not None else ""
        else:
            name = self.src(function)
        operands = [c for c in node.named_children if c != function]
        if name.startswith("-") and len(name) == 2:
            return EMPTY  # a file test (-e $path) reads no content
        arguments = operands[0] if len(operands) == 1 else None
        return self._call(node, name, arguments, scope)

    _func0op_call_expression = _func1op_call_expression

    def _call(self, node: Node, name: str, arguments: Node | None, scope: dict[str, Val]) -> Val:
        start, end = self.span(node)
        line = self.line(node)
        sinks = self.sinks
        if name in self.constants and arguments is None:
            return self.constants[name]
        if name in _NOT_READ:
            return EMPTY
        if name in ("print", "say", "printf"):
            return self._print(node, name, arguments, scope)
        if name in self.functions:
            args = self._flat(arguments, scope)
            return with_places_read(self._follow(name, node, args), args, sinks, start, end, line)
        if name == "open":
            return self._open(node, arguments, scope)
        if name in ("keys", "values", "each") and arguments is not None and arguments.type == "hash":
            if self._name(arguments) == "%ENV":
                return self._hash(arguments, scope) if name == "values" else EMPTY
            held = self.eval(arguments, scope)
            pairs = list(held.items or ())
            chosen = pairs[0::2] if name == "keys" else pairs[1::2]
            return replace(merge(chosen), items=tuple(chosen))
        if name in ("shift", "pop") and (arguments is None or arguments.type == "array"):
            return self._take(name, arguments, scope)
        if name in ("push", "unshift") and arguments is not None:
            listed = list(arguments.named_children) if arguments.type == "list_expression" else [arguments]
            if listed and listed[0].type == "array":
                target = self._name(listed[0])
                old = self._lookup(target, scope)
                added = [v for c in listed[1:] for v in self._flat(c, scope)]
                items = [*(old.items or ()), *added] if name == "push" else [*added, *(old.items or ())]
                self._store(target, replace(merge(items), items=tuple(items)), scope)
                return EMPTY
        args = self._flat(arguments, scope)
        first = args[0] if args else EMPTY
        if name in ("system", "exec"):
            return self._run(start, end, args)
        if name == "join":
            rest = [v for a in args[1:] for v in (a.items if a.items is not None else (a,))]
            return concat(rest, first.text if first.text is not None else UNKNOWN)
        if name == "reverse":
            if len(args) == 1 and first.items is None and first.text is not None:
                return replace(first, text=first.text[::-1], handle=None)  # a string reversed (scalar reverse)
            items = [v for a in args for v in (a.items if a.items is not None else (a,))][::-1]
            return replace(merge(items), items=tuple(items), handle=None)
        if name == "scalar" and args:
            return first
        if name == "split":
            return self._split(arguments, args)
        if name == "sprintf":
            return format_text(first, args[1:])
        if name in _UNARY_TEXT:
            return replace(first, text=_UNARY_TEXT[name](first.text) if first.text is not None else None)
        if name == "chr" and first.text and first.text.isdigit():
            return Val(chr(int(first.text) % 0x110000), decoded=True)
        if name == "pack" and first.text:
            return self._pack(first.text, args[1:])
        if name == "unpack" and first.text and first.text.startswith("m") and len(args) > 1:
            return replace(args[1], text=decode_constant("base64", args[1].text), decoded=True, handle=None)
        if name in _DECODERS:
            return replace(first, text=decode_constant(_DECODERS[name], first.text), decoded=True, handle=None)
        if name in _JSON_DECODERS:
            return Val(secrets=first.secrets)  # data, not code: what was downloaded is read, never run
        if name in ("glob", "bsd_glob", "File::Glob::bsd_glob") and first.text is not None:
            return Val(first.text, secrets=first.secrets, items=(Val(first.text),))
        if name in ("catfile", "catdir", "File::Spec::Functions::catfile"):
            return path_join(args)
        if name in ("path", "Path::Tiny::path"):
            return replace(path_join(args), handle=("path", path_join(args).text or UNKNOWN))
        if name in _SLURPS and args:
            return self._read(start, end, first, line)
        if name in _SPEWS and len(args) >= 2:
            sinks.write(start, end, first, concat(args[1:]), append="append" in name)
            return EMPTY
        if name in _DELETERS:
            for item in args:
                if item.handle != ("hash", ""):  # remove_tree($dir, { keep_root => 1 }): its options
                    self._destroy(start, end, item, name)
            return EMPTY
        if name in _DIRNAMES:
            return _parent(first)
        if name in _ABSOLUTE:
            return replace(first, handle=None, items=None)  # the same place, spelled from the root
        if name in ("POST", "PUT", "PATCH", "GET", "HEAD", "DELETE") and args:
            return replace(merge(args), text=first.text, handle=("request", first.text or UNKNOWN))
        # get() is LWP::Simple's whoever imported it (a use line, or perl -MLWP::Simple on a command line)
        lwp = "LWP::Simple" in self.modules or name.startswith("LWP::Simple::")
        short = name.removeprefix("LWP::Simple::")
        if (lwp or short in ("get", "getstore", "getprint")) and short in _SIMPLE and args:
            sinks.send(start, end, first, how="GET")
            if short in ("getstore", "mirror") and len(args) > 1:
                sinks.write(start, end, args[1], Val(fetched=first.text or UNKNOWN))
            return Val(fetched=first.text or UNKNOWN)
        if name in ("warn", "die"):
            return EMPTY  # a message to standard error, for the user at the terminal
        result = replace(merge(args), handle=None, items=None)
        if name not in _PATH_ONLY:
            result = with_places_read(result, args, sinks, start, end, line)
        return result

    def _take(self, name: str, arguments: Node | None, scope: dict[str, Val]) -> Val:
        """``shift``/``pop``: an item taken from ``@_`` in a sub (``@ARGV`` outside one) or from the array named."""
        target = self._name(arguments) if arguments is not None else "@_" if self.returns else "@ARGV"
        held = self._lookup(target, scope)
        if held.items is None or not held.items:
            return Val(secrets=held.secrets, fetched=held.fetched) if held.items is None else EMPTY
        items = list(held.items)
        taken = items.pop(0 if name == "shift" else -1)
        self._store(target, replace(merge(items), items=tuple(items)), scope)
        return taken

    def _split(self, arguments: Node | None, args: list[Val]) -> Val:
        subject = args[1] if len(args) > 1 else EMPTY
        pattern = None
        listed = arguments.named_children if arguments is not None and arguments.type == "list_expression" else []
        if listed and listed[0].type == "match_regexp":
            content = listed[0].child_by_field_name("content")
            pattern = self.src(content) if content is not None else ""
        elif args and args[0].text is not None:
            pattern = re.escape(args[0].text) if args[0].text != " " else r"\s+"
        if subject.text is None or UNKNOWN in subject.text or pattern is None:
            return Val(secrets=subject.secrets, fetched=subject.fetched, decoded=subject.decoded)
        try:
            pieces = list(subject.text) if pattern == "" else re.split(pattern, subject.text)
        except re.error:
            return Val(secrets=subject.secrets, fetched=subject.fetched, decoded=subject.decoded)
        items = tuple(replace(subject, text=p, items=None, handle=None) for p in pieces[:4000])
        return replace(subject, text=None, items=items, handle=None)

    def _pack(self, template: str, args: list[Val]) -> Val:
        data = args[0] if args else EMPTY
        if template.upper().startswith("H"):
            return replace(data, text=decode_constant("hex", data.text), decoded=True, handle=None)
        if template[:1] in ("C", "c", "U", "W"):
            numbers = [v for a in args for v in (a.items if a.items is not None else (a,))]
            if numbers and all(v.text and v.text.isdigit() for v in numbers):
                return Val("".join(chr(int(v.text or "0") % 0x110000) for v in numbers), decoded=True)
            return replace(merge(numbers), decoded=True)
        if template.startswith(("A", "a")):
            return concat(args)
        return merge(args)

    def _run(self, start: int, end: int, args: list[Val]) -> Val:
        words = [a for a in args if a.handle is None]
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
        out = self.sinks.execute(start, end, command, args)
        return replace(out, fetched=out.fetched or _downloaded(command))

    # -- files -----------------------------------------------------------------------------------------------------
    def _read(self, start: int, end: int, path: Val, line: int) -> Val:
        """What reading the file ``path`` names gives: a credential, a private file of the home folder, or a file
        named by a private file's content (an ``IdentityFile`` line of ~/.ssh/config), which is private too."""
        read = path_secret(replace(path, secrets=()), line)
        if read.secrets:
            self.sinks.read(start, end, read)
            return Val(secrets=read.secrets)
        secrets = list(private_read(replace(path, secrets=()), line).secrets)
        for secret in path.secrets:
            if secret.private:
                place = secret.what.removeprefix("reads ")
                secrets.append(Secret(f"reads the files {place} names", line, secret.name, private=True))
        return Val(secrets=tuple(secrets[:8]))

    def _open(self, node: Node, arguments: Node | None, scope: dict[str, Val]) -> Val:
        start, end = self.span(node)
        line = self.line(node)
        listed = list(arguments.named_children) if arguments is not None and arguments.type == "list_expression" else []
        if len(listed) < 2:
            return EMPTY
        holder, rest = listed[0], listed[1:]
        args = [v for n in rest for v in self._flat(n, scope)]
        mode_val = args[0]
        if len(rest) == 1:  # the two-argument form: the mode is part of the name
            spec = (mode_val.text or UNKNOWN).strip()
            if spec.startswith("|"):
                mode, args = "|-", [replace(mode_val, text=spec[1:].strip())]
            elif spec.endswith("|"):
                mode, args = "-|", [replace(mode_val, text=spec[:-1].strip())]
            else:
                found = re.match(r"(\+?(?:>>|>|<)?)\s*(.*)", spec, re.DOTALL)
                mode = found.group(1) if found else ""
                args = [replace(mode_val, text=found.group(2) if found else spec)]
        else:
            mode = (mode_val.text or "<").split(":", 1)[0].strip()
            args = args[1:]
        path = args[0] if args else EMPTY
        if rest and rest[-1].type == "refgen_expression":
            handle = Val(handle=("memory", ""))  # open(my $fh, '<', \$text): a string read as a file
        elif mode == "-|":
            out = self._run(start, end, args)
            handle = Val(secrets=out.secrets, fetched=out.fetched, decoded=out.decoded, handle=("command", ""))
        elif mode == "|-":
            command = " ".join(shell_quote(a.text if a.text is not None else UNKNOWN) for a in args)
            command = args[0].text or UNKNOWN if len(args) == 1 else command
            self.ctx.cap("executes", command.split(" ", 1)[0].rsplit("/", 1)[-1] or "?", start, end, "open |-")
            handle = Val(command, handle=("pipe", command))
        elif ">" in mode:
            handle = Val(path.text, handle=("file", path.text or UNKNOWN), append=">>" in mode)
        else:
            read = self._read(start, end, path, line)
            handle = replace(read, handle=("read", path.text or UNKNOWN))
        target = _target_of(holder)
        if target is not None:
            self._store(self._name(target), handle, scope, declared=holder.type == "variable_declaration")
        elif holder.type in ("bareword", "function"):
            self.globals["*" + self.src(holder)] = handle
        return handle

    def _readline_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        handle = next((c for c in node.named_children if c.type in ("filehandle", "scalar")), None)
        if handle is None:
            return EMPTY
        name = self.src(handle)
        held = self._lookup(name, scope) if name.startswith("$") else self.globals.get("*" + name, EMPTY)
        return Val(secrets=held.secrets, fetched=held.fetched, decoded=held.decoded)

    def _print(self, node: Node, name: str, arguments: Node | None, scope: dict[str, Val]) -> Val:
        start, end = self.span(node)
        target = next((c for c in node.named_children if c.type == "indirect_object"), None)
        handle: Val | None = None
        if target is not None:
            inner = target.named_children[0] if target.named_children else None
            if inner is not None and inner.type == "filehandle":
                held = self.globals.get("*" + self.src(inner))
                handle = held
            elif inner is not None:
                handle = self.eval(inner, scope)
        elif (
            arguments is not None
            and arguments.type == "ambiguous_function_call_expression"
            and (fn := arguments.child_by_field_name("function")) is not None
            and "*" + self.src(fn) in self.globals
        ):
            handle = self.globals["*" + self.src(fn)]  # print FH "text": the grammar reads FH as a call
            arguments = arguments.child_by_field_name("arguments")
        args = self._flat(arguments, scope)
        if name == "printf" and args:
            args = [_printf(args[0], args[1:])]
        return self._to_handle(start, end, handle, args)

    def _to_handle(self, start: int, end: int, handle: Val | None, args: list[Val]) -> Val:
        kind, target = handle.handle if handle is not None and handle.handle is not None else ("", "")
        if kind == "file":
            written = _each_written(concat(args))
            self.sinks.write(start, end, Val(target), written, append=bool(handle and handle.append))
        elif kind == "socket":
            self.sinks.send(start, end, Val(target), args, how="socket")
        elif kind == "pipe":
            fed = concat(args)
            line = shell_quote(fed.text.rstrip("\n") if fed.text is not None else UNKNOWN)
            self.sinks.execute(start, end, f"printf '%s\\n' {line} | {target}", [fed])
        else:
            self.sinks.say(start, end, args)
        return EMPTY

    # -- methods ---------------------------------------------------------------------------------------------------
    def _method_call_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        invocant = node.child_by_field_name("invocant")
        method_node = node.child_by_field_name("method")
        arguments = node.child_by_field_name("arguments")
        method = self.src(method_node) if method_node is not None else ""
        klass = self.src(invocant) if invocant is not None and invocant.type == "bareword" else None
        recv = self.eval(invocant, scope) if invocant is not None and klass is None else EMPTY
        args = self._flat(arguments, scope)
        start, end = self.span(node)
        line = self.line(node)
        sinks = self.sinks
        first = args[0] if args else EMPTY
        kind = recv.handle[0] if recv.handle is not None else ""
        if klass in _AGENTS and method == "new":
            return Val(secrets=_as_headers(merge(args)).secrets, handle=("agent", klass or ""))
        if kind == "agent":
            return self._agent(start, end, node, invocant, recv, method, args, scope)
        if klass == "HTTP::Request" and method == "new" and len(args) >= 2:
            return replace(merge(args[1:]), text=args[1].text, handle=("request", args[1].text or UNKNOWN))
        if kind == "request" and method in ("content", "header", "headers", "add_content", "authorization_basic"):
            poured = _as_headers(merge(args)) if method != "content" else merge(args)
            self._pour_into(invocant, merge([recv, poured], text=recv.text), scope)
            return EMPTY
        if klass in _SOCKETS and method == "new":
            return self._socket(start, end, klass or "", args)
        if kind == "socket" and method in _SOCKET_WRITES:
            sinks.send(start, end, Val(recv.handle[1] if recv.handle else None), args, how="socket")
            return EMPTY
        if kind in ("file", "pipe") and method in ("print", "printf", "say", "write", "syswrite"):
            return self._to_handle(start, end, recv, args)
        if kind in ("read", "command") and method in ("getline", "getlines", "slurp"):
            return Val(secrets=recv.secrets, fetched=recv.fetched, decoded=recv.decoded)
        if klass == "File::HomeDir" or (klass == "File::Spec" and method == "tmpdir"):
            return Val("~" if klass == "File::HomeDir" else "/tmp")
        if klass == "File::Spec" and method in ("catfile", "catdir", "join"):
            return path_join(args)
        if klass == "File::Spec" and method in ("updir", "curdir"):
            return Val(".." if method == "updir" else ".")
        if klass == "File::Spec" and method in ("rel2abs", "canonpath", "abs2rel") and args:
            return replace(first, handle=None, items=None)
        if klass in ("Path::Tiny", "Mojo::File") and method == "new":
            joined = path_join(args)
            return replace(joined, handle=("path", joined.text or UNKNOWN))
        if kind == "path":
            return self._path_method(start, end, recv, method, args, line)
        if (
            method in ("decode", "decode_json")
            and (klass or "").startswith(("JSON", "Cpanel::JSON"))
            or (method == "decode" and recv.handle is None and not recv.fetched and not recv.secrets)
        ):
            return Val(secrets=first.secrets)
        if klass in ("MIME::Base64",) and method.startswith("decode"):
            return replace(first, text=decode_constant("base64", first.text), decoded=True)
        if (
            klass is None
            and method in self.functions
            and invocant is not None
            and self.src(invocant)
            in (
                "__PACKAGE__",
                "main",
                "$self",
                "$class",
            )
        ):
            return self._follow(method, node, [recv, *args])
        result = replace(merge([recv, *args]), text=None, handle=None, items=None)
        if klass is not None:  # Config::Tiny->read("~/.aws/credentials"): a module handed a credential place
            result = with_places_read(result, args, sinks, start, end, line)
        return result

    def _agent(
        self,
        start: int,
        end: int,
        node: Node,
        invocant: Node | None,
        recv: Val,
        method: str,
        args: list[Val],
        scope: dict[str, Val],
    ) -> Val:
        sinks = self.sinks
        first = args[0] if args else EMPTY
        if method in ("default_header", "default_headers", "agent_header"):
            self._pour_into(invocant, merge([recv, _as_headers(merge(args))]), scope)
            return EMPTY
        if method == "request" and first.handle is not None and first.handle[0] == "request":
            url = first.handle[1]
            sinks.send(start, end, Val(url), [first, recv], how="request")
            return Val(fetched=url)
        if method == "request" and len(args) >= 2:  # HTTP::Tiny->request('POST', $url, { content => ... })
            verb = (first.text or "GET").upper()
            sinks.send(start, end, args[1], [*args[2:], recv], how=verb)
            return Val(fetched=args[1].text or UNKNOWN)
        if method in _FETCHING and args:
            sinks.send(start, end, first, [*(a for a in args[1:] if a.handle == ("hash", "")), recv], how="GET")
            return Val(fetched=first.text or UNKNOWN)
        if method in _SENDING and args:
            if first.handle is not None and first.handle[0] == "request":
                sinks.send(start, end, Val(first.handle[1]), [first, recv], how=method.upper())
                return Val(fetched=first.handle[1])
            sinks.send(start, end, first, [*args[1:], recv], how=method.upper())
            return Val(fetched=first.text or UNKNOWN)
        return replace(recv, handle=None)

    def _pour_into(self, invocant: Node | None, val: Val, scope: dict[str, Val]) -> None:
        target = _target_of(invocant) if invocant is not None else None
        if target is not None:
            self._store(self._name(target), val, scope)

    def _socket(self, start: int, end: int, klass: str, args: list[Val]) -> Val:
        host: str | None = None
        port: str | None = None
        if len(args) == 1:
            host = args[0].text
        else:
            pairs = {(args[at].text or ""): args[at + 1] for at in range(0, len(args) - 1, 2)}
            chosen = (
                pairs.get("PeerAddr")
                or pairs.get("PeerHost")
                or pairs.get("Host")
                or (args[0] if klass == "Net::SMTP" else EMPTY)
            )
            host = chosen.text
            port = (pairs.get("PeerPort") or EMPTY).text
        dest = f"{host}:{port}" if host and port and ":" not in host else host
        if host:
            self.ctx.cap("sends", host.replace(UNKNOWN, "?") or "?", start, end, "socket")
        return Val(dest, handle=("socket", dest or UNKNOWN))

    def _path_method(self, start: int, end: int, recv: Val, method: str, args: list[Val], line: int) -> Val:
        path = replace(recv, handle=None)
        if method.startswith(("slurp", "lines")):
            return self._read(start, end, path, line)
        if method.startswith(("spew", "append")):
            self.sinks.write(start, end, path, concat(args), append=method.startswith("append"))
            return EMPTY
        if method in ("remove_tree", "remove", "rmtree"):
            self._destroy(start, end, path, f"Path::Tiny {method}")
            return EMPTY
        if method == "parent":
            parent = _parent(path)
            return replace(parent, handle=("path", parent.text or UNKNOWN))
        if method in ("child", "path"):
            joined = path_join([path, *args])
            return replace(joined, handle=("path", joined.text or UNKNOWN))
        if method in ("children", "iterator"):
            place = path_join([path, Val("*")])
            return Val(place.text, items=(replace(place, handle=("path", place.text or UNKNOWN)),))
        if method in ("stringify", "canonpath", "absolute", "realpath"):
            return recv
        return replace(path, text=None)

    def _destroy(self, start: int, end: int, path: Val, how: str) -> None:
        """A delete: the flow engine's judgement of the place, or, for a recursive delete of a path that climbs above
        the folder it was given (``dirname($dir)``, ``"$dir/.."``, ``File::Spec->updir``), that climb: a place the
        user did not name."""
        above = _climbed_above(path.text) if how not in ("unlink", "rmdir") else None
        if above is None:
            self.sinks.destroy(start, end, path, how)
            return
        text = path.text or UNKNOWN
        self.ctx.cap("destroys", shown(text, 80), start, end, how)
        self.ctx.add(
            "skillscope/permissions/destructive",
            f"deletes {shown(text, 80)} ({above}) with {how}, which the user did not name"
            f"{''.join(f', passes it to {name}() (line {line})' for name, line in self.sinks.via)} "
            f"(line {self.ctx.line(start)})",
            start,
            end,
        )

    def _follow(self, name: str, node: Node, args: list[Val]) -> Val:
        func = self.functions[name]
        if self.depth >= _DEPTH or any(n == name for n, _ in self.sinks.via):
            return merge(args)
        body = func.child_by_field_name("body")
        if body is None:
            return EMPTY
        inner: dict[str, Val] = {"@_": replace(merge(args), items=tuple(args))}
        returned, last = self.followed(name, node, body, inner)
        vals = [*returned, last]
        return merge(
            vals,
            text=next((v.text for v in vals if v.text is not None and "://" in v.text), None)
            or next((v.text for v in vals if v.text is not None), None),
        )


_DOWNLOADER = re.compile(r"^\s*(?:curl|wget)\b(?!.*\s-(?:o|O|-output)\b)[^|;&]*?(https?://[^\s'\"|;&]+)")


def _downloaded(command: str | None) -> str | None:
    """The address a command line prints the download of (``curl -s URL``, ``wget -qO- URL``): what the script gets
    back from it is that download."""
    found = _DOWNLOADER.search(command or "")
    if found is None or re.search(r"\s-O\s", command or "") and "-O-" not in (command or ""):
        return None
    return found.group(1)


def _parent(path: Val) -> Val:
    """``dirname``: the folder holding ``path``. A last step the script spells is taken off; a last step known only at
    run time (a folder the user gives), ``.``, ``..`` or ``~`` is climbed out of with ``/..``, so the climb stays
    visible to the delete it reaches."""
    text = path.text if path.text is not None else UNKNOWN
    stripped = text.rstrip("/") or "/"
    if stripped == "/":
        return replace(path, text="/", handle=None, items=None)
    last = stripped.rsplit("/", 1)[-1]
    if "/" not in stripped or last in ("..", ".", "~") or UNKNOWN in last:
        parent = stripped + "/.."
    else:
        parent = stripped.rsplit("/", 1)[0] or "/"
    return replace(path, text=parent, handle=None, items=None)


def _climbed_above(text: str | None) -> str | None:
    """How a relative path climbs above where it starts (the folder it was given, or the one the script runs in)
    and stays there, or None: it stays inside, or climbs out only to name a folder beside it (``$dir/../x``). A path
    from the root or the home folder is judged where it lands instead."""
    if text is None or text.startswith(("/", "~", "$HOME")):
        return None
    steps = text.split("/")
    given = UNKNOWN in steps[0]
    depth = lowest = 0
    for step in steps[1:] if given else steps:
        if step == "..":
            depth -= 1
            lowest = min(lowest, depth)
        elif step not in ("", "."):
            depth += 1
    if depth >= 0 or lowest < depth:
        return None
    start = "the folder it was given" if given else "the folder it runs in"
    return f"the folder above {start}" if depth == -1 else f"{-depth} folders above {start}"


def _printf(template: Val, args: list[Val]) -> Val:
    """``printf`` filled in: for an argument that may hold other texts (the item of a loop), each of them too."""
    filled = format_text(template, args)
    alts = [
        format_text(template, [*args[:at], replace(arg, text=alt), *args[at + 1 :]]).text
        for at, arg in enumerate(args)
        for alt in arg.alts
    ]
    return replace(filled, alts=tuple(a for a in alts if a is not None)[:8])


def _each_written(val: Val) -> Val:
    """What a print into a file writes over every run of the loop around it (``print {$fh} "$_\\n" for @rc``): the
    text for each item it walks, one after another, so the file is judged by all of them, not by the first."""
    if val.text is None or not val.alts:
        return val
    lines = [val.text, *val.alts]
    return replace(val, text="".join(t if t.endswith("\n") else t + "\n" for t in lines)[:4000], alts=())


def _leaves(node: Node) -> list[Node]:
    """The variables a list on the left of ``=`` names, in order (``my ($a, $b)`` and ``($x, my $y)``)."""
    out: list[Node] = []
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type in ("scalar", "array", "hash", "variable_declaration"):
            out.append(current)
            continue
        stack.extend(reversed(current.named_children))
    return out


def _target_of(node: Node | None) -> Node | None:
    """The variable an expression binds or names: ``$fh``, ``my $fh``, ``(my $k = $1)``."""
    while node is not None:
        if node.type == "scalar":
            return node
        if node.type == "variable_declaration":
            return node.child_by_field_name("variable")
        if node.type == "assignment_expression":
            node = node.child_by_field_name("left")
            continue
        if node.type == "parenthesized_expression" and node.named_children:
            node = node.named_children[0]
            continue
        return None
    return None


def _hash_of(pairs: list[Val]) -> Val:
    """A hash built from key/value pairs: its values (and keys) carried, the pairs kept for lookups by a constant key;
    a value under a header or login key is sent as one (``Authorization => "token $t"``)."""
    kept: list[Val] = []
    for at in range(0, len(pairs) - 1, 2):
        key, value = pairs[at], pairs[at + 1]
        if (key.text or "").lower() in _HEADER_KEYS or (key.text or "").lower().startswith("x-"):
            value = _as_headers(value)
        kept.extend((key, value))
    if len(pairs) % 2:
        kept.append(pairs[-1])
    return replace(merge(kept), items=tuple(kept), handle=("hash", ""))


def _as_headers(val: Val) -> Val:
    return replace(val, secrets=tuple(replace(s, header=True) for s in val.secrets))


def _at_key(base: Val, key: Val) -> Val:
    """``$h{key}``: the value under a constant key of a hash the file built, else what the hash carries."""
    if base.handle == ("hash", "") and base.items is not None and key.text is not None:
        pairs = base.items
        for at in range(len(pairs) - 2 if len(pairs) % 2 == 0 else len(pairs) - 3, -1, -2):
            if pairs[at].text == key.text:
                return pairs[at + 1]
    return Val(secrets=base.secrets, fetched=base.fetched, decoded=base.decoded)


def scan_perl(ctx: Ctx) -> None:
    """Analyse a Perl region: commands and code it runs, what it reads, writes, deletes and sends, as the flow engine
    judges."""
    _Perl(ctx).run()
