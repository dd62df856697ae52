"""Go programs (``.go``) on the tree-sitter-go grammar: what they run, send, read, write and delete, with values
resolved as far as constants allow (``const``, ``:=``, ``+``, ``fmt.Sprintf``, ``filepath.Join``, ``strings``
helpers, constant base64/hex decodes) and followed through the program's own functions."""

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
    format_text,
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
from skillscope.audit.behavior.modes import judge_mode
from skillscope.audit.behavior.treeflow import TreeFlow
from skillscope.audit.behavior.vocab import home_path

if TYPE_CHECKING:  # only names node types; the binding loads with the first parse (treesitter.py)
    from tree_sitter import Node

__all__ = ["scan_go"]


_BUDGET = 20000
_DEPTH = 4
_CONTAINERS = frozenset(
    {
        "source_file",
        "block",
        "statement_list",
        "if_statement",
        "for_statement",
        "expression_switch_statement",
        "type_switch_statement",
        "expression_case",
        "default_case",
        "type_case",
        "select_statement",
        "communication_case",
        "labeled_statement",
        "go_statement",
        "defer_statement",
        "expression_statement",
        "parenthesized_expression",
        "var_declaration",
        "const_declaration",
        "var_spec_list",
    }
)
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
)
_SEND_METHODS = frozenset({"Post", "PostForm", "Get", "Head", "Do"})
_WRITE_METHODS = frozenset({"Write", "WriteString", "WriteTo", "Encode", "WriteByte", "WriteRune", "ReadFrom"})
_STD_WRITES = frozenset({"Write", "WriteString"})
"""How a program writes to its standard output or error stream directly."""
_PATH_BUILDERS = frozenset(
    {
        "filepath.Join",
        "path.Join",
        "filepath.Abs",
        "filepath.Clean",
        "filepath.Dir",
        "filepath.Base",
        "os.Stat",
        "os.Lstat",
        "filepath.Glob",
        "filepath.Ext",
        "filepath.Rel",
    }
)
_PASS = frozenset(
    {
        "string",
        "[]byte",
        "strings.TrimSpace",
        "strings.ToLower",
        "strings.ToUpper",
        "strings.NewReader",
        "bytes.NewReader",
        "bytes.NewBuffer",
        "bytes.NewBufferString",
        "bufio.NewReader",
        "bufio.NewScanner",
        "io.ReadAll",
        "ioutil.ReadAll",
        "filepath.Clean",
        "filepath.Abs",
        "filepath.FromSlash",
        "filepath.ToSlash",
        "url.QueryEscape",
        "url.PathEscape",
        "json.Marshal",
        "json.MarshalIndent",
        "strconv.Quote",
        "base64.StdEncoding.EncodeToString",
        "base64.URLEncoding.EncodeToString",
        "base64.RawStdEncoding.EncodeToString",
        "base64.RawURLEncoding.EncodeToString",
        "hex.EncodeToString",
    }
)
_DNS = frozenset(
    {
        "net.LookupHost",
        "net.LookupIP",
        "net.LookupAddr",
        "net.LookupTXT",
        "net.LookupCNAME",
        "net.LookupMX",
        "net.LookupNS",
        "net.LookupSRV",
        "net.ResolveIPAddr",
        "net.ResolveTCPAddr",
        "net.ResolveUDPAddr",
        "net.DefaultResolver.LookupHost",
        "net.DefaultResolver.LookupIPAddr",
        "net.DefaultResolver.LookupTXT",
    }
)


_PASSWORD_READERS = frozenset(
    {
        "term.ReadPassword",
        "terminal.ReadPassword",
        "gopass.GetPasswd",
        "gopass.GetPasswdMasked",
        "speakeasy.Ask",
    }
)
"""Calls that read what the user types without echoing it: a password or token handed over by hand."""


def _go_int(text: str | None) -> int | None:
    """A Go integer literal's value (``0o600``, ``0600``, ``0x1ff``, ``420``, ``1_000``), or None."""
    if not text:
        return None
    value = text.strip().replace("_", "")
    try:
        return int(value, 8) if re.fullmatch(r"0[0-7]+", value) else int(value, 0)
    except ValueError:
        return None


class _Go(TreeFlow):
    def __init__(self, ctx: Ctx) -> None:
        super().__init__(ctx, "go", budget=_BUDGET)

    # -- the walk --------------------------------------------------------------------------------------------------
    def run(self) -> None:
        root = self.tree.root_node
        bodies = []
        for node in root.named_children:
            if node.type in ("function_declaration", "method_declaration"):
                name = node.child_by_field_name("name")
                if name is not None:
                    self.functions.setdefault(self.src(name), node)
                    bodies.append(node)
            elif node.type in ("const_declaration", "var_declaration"):
                self.eval(node, self.globals)
            elif node.type not in ("package_clause", "import_declaration", "type_declaration", "comment"):
                self.eval(node, self.globals)  # a snippet of statements without a function around them
        self.judge_bodies(bodies)

    def eval(self, node: Node, scope: dict[str, Val]) -> Val:
        self.budget -= 1
        if self.budget < 0:
            return EMPTY
        kind = node.type
        if kind in ("comment", "function_declaration", "method_declaration", "type_declaration", "import_declaration"):
            return EMPTY
        if kind in _CONTAINERS:
            last = EMPTY
            for child in node.named_children:
                last = self.eval(child, scope)
            return last
        handler = getattr(self, "_" + kind, None)
        if handler is not None:
            result: Val = handler(node, scope)
            return result
        vals = [self.eval(child, scope) for child in node.named_children]
        return merge(vals)

    def lookup(self, name: str, scope: dict[str, Val]) -> Val | None:
        if name in scope:
            return scope[name]
        return self.globals.get(name)

    # -- literals --------------------------------------------------------------------------------------------------
    def _interpreted_string_literal(self, node: Node, scope: dict[str, Val]) -> Val:
        out = []
        for child in node.named_children:
            if child.type == "escape_sequence":
                out.append(unescape(self.src(child)))
            else:
                out.append(self.src(child))
        return Val("".join(out))

    def _raw_string_literal(self, node: Node, scope: dict[str, Val]) -> Val:
        return Val(self.src(node)[1:-1])

    def _rune_literal(self, node: Node, scope: dict[str, Val]) -> Val:
        inner = self.src(node)[1:-1]
        return Val(unescape(inner) if inner.startswith("\\") else inner)

    def _int_literal(self, node: Node, scope: dict[str, Val]) -> Val:
        return Val(self.src(node))

    def _true(self, node: Node, scope: dict[str, Val]) -> Val:
        return EMPTY

    _false = _true
    _nil = _true
    _float_literal = _int_literal

    def _composite_literal(self, node: Node, scope: dict[str, Val]) -> Val:
        body = node.child_by_field_name("body")
        if body is None:
            return EMPTY
        items = []
        for element in body.named_children:
            if element.type == "keyed_element":
                parts = element.named_children
                key = self.eval(parts[0], scope) if parts else EMPTY
                val = self.eval(parts[-1], scope) if len(parts) > 1 else EMPTY
                if (key.text or "").lower() in _HEADER_KEYS:
                    val = replace(val, secrets=tuple(replace(s, header=True) for s in val.secrets))
                items.append(val)
            else:
                items.append(self.eval(element, scope))
        spelt = self._code_points(node, body)
        if spelt is not None:
            return Val(spelt)
        return replace(merge(items), items=tuple(items))

    def _code_points(self, node: Node, body: Node) -> str | None:
        """The text a ``[]byte{104, 116, ...}`` (or ``[]rune``) of constant code points spells: a URL or command
        kept out of sight as numbers is the same text as written out."""
        kind = node.child_by_field_name("type")
        if kind is None or self.src(kind).replace(" ", "") not in ("[]byte", "[]uint8", "[]rune", "[]int32"):
            return None
        out = []
        for element in body.named_children:
            literal = (
                element.named_children[0] if element.type == "literal_element" and element.named_children else element
            )
            point = _go_int(self.src(literal)) if literal.type == "int_literal" else None
            if literal.type == "rune_literal":
                out.append(self._rune_literal(literal, {}).text or "")
            elif point is not None and 0 < point < 0x110000:
                out.append(chr(point))
            else:
                return None
        return "".join(out) or None

    def _literal_element(self, node: Node, scope: dict[str, Val]) -> Val:
        return self.eval(node.named_children[0], scope) if node.named_children else EMPTY

    def _func_literal(self, node: Node, scope: dict[str, Val]) -> Val:
        body = node.child_by_field_name("body")
        if body is not None:
            inner = dict(scope)
            self.returns.append([])
            self.eval(body, inner)
            returned = self.returns.pop()
            return merge(returned)
        return EMPTY

    # -- names -----------------------------------------------------------------------------------------------------
    def _identifier(self, node: Node, scope: dict[str, Val]) -> Val:
        found = self.lookup(self.src(node), scope)
        return found if found is not None else EMPTY

    def _selector_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        operand = node.child_by_field_name("operand")
        field = node.child_by_field_name("field")
        name = self.src(field) if field is not None else ""
        if name == "HomeDir":
            return Val("~")
        if operand is None:
            return EMPTY
        base = self.eval(operand, scope)
        return replace(base, items=None) if name not in ("Stdout", "Stderr") else EMPTY

    def _unary_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        operand = node.child_by_field_name("operand")
        return self.eval(operand, scope) if operand is not None else EMPTY

    def _index_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        operand = node.child_by_field_name("operand")
        index = node.child_by_field_name("index")
        val = self.eval(operand, scope) if operand is not None else EMPTY
        key = self.eval(index, scope) if index is not None else EMPTY
        if val.items is not None and key.text and key.text.isdigit() and int(key.text) < len(val.items):
            return val.items[int(key.text)]
        if val.items and (key.text is None or UNKNOWN in key.text or not key.text.isdigit()):
            return replace(picked(val.items), items=None)  # hosts[rand.Intn(len(hosts))]: any of them
        return replace(merge([val]), items=None)

    def _type_conversion_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        operand = node.child_by_field_name("operand")
        return self.eval(operand, scope) if operand is not None else EMPTY

    # -- binding ---------------------------------------------------------------------------------------------------
    def _bind(self, target: Node, val: Val, scope: dict[str, Val], statement: Node | None = None) -> None:
        if target.type == "identifier":
            name = self.src(target)
            if name != "_":
                if name in scope or scope is self.globals or name not in self.globals:
                    scope[name] = val
                else:
                    self.globals[name] = val
            return
        if target.type == "selector_expression":
            field = target.child_by_field_name("field")
            operand = target.child_by_field_name("operand")
            owner = self._root_val(operand, scope) if operand is not None else None
            if (
                field is not None
                and self.src(field) == "Stdin"
                and owner is not None
                and owner.handle
                and owner.handle[0] == "command"
            ):
                start, end = self.span(statement or target)
                self.sinks.execute(start, end, owner.handle[1], [val])
                return
            if operand is not None:
                self._pour(operand, val, scope)
        elif target.type in ("index_expression", "unary_expression", "parenthesized_expression"):
            inner = target.child_by_field_name("operand") or (
                target.named_children[0] if target.named_children else None
            )
            if inner is not None:
                self._pour(inner, val, scope)

    def _root_val(self, node: Node, scope: dict[str, Val]) -> Val | None:
        while node.type in ("selector_expression", "index_expression", "unary_expression", "parenthesized_expression"):
            inner = node.child_by_field_name("operand") or (node.named_children[0] if node.named_children else None)
            if inner is None:
                return None
            node = inner
        return self.lookup(self.src(node), scope) if node.type == "identifier" else None

    def _pour(self, node: Node, val: Val, scope: dict[str, Val]) -> None:
        """Data written into an object (buf.Write(x), req.Header.Set(k, x), m[k] = x): the object carries it."""
        while node.type in ("selector_expression", "index_expression", "unary_expression", "parenthesized_expression"):
            inner = node.child_by_field_name("operand") or (node.named_children[0] if node.named_children else None)
            if inner is None:
                return
            node = inner
        if node.type != "identifier":
            return
        name = self.src(node)
        old = self.lookup(name, scope) or EMPTY
        new = replace(merge([old, val], text=old.text), handle=old.handle, items=old.items, append=old.append)
        if name in scope or name not in self.globals:
            scope[name] = new
        else:
            self.globals[name] = new

    def _assign(self, node: Node, scope: dict[str, Val]) -> Val:
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        if left is None or right is None:
            return EMPTY
        targets = left.named_children if left.type == "expression_list" else [left]
        sources = right.named_children if right.type == "expression_list" else [right]
        values = [self.eval(s, scope) for s in sources]
        operator = self.src(node)[len(self.src(left)) :].lstrip()[:2]
        if len(values) == 1 and len(targets) > 1:
            values = values + [EMPTY] * (len(targets) - 1)  # v, err := f(): the value and an error
        for target, val in zip(targets, values, strict=False):
            if operator == "+=":
                val = concat([self.eval(target, scope), val])
            self._bind(target, val, scope, node)
        return values[0] if values else EMPTY

    _short_var_declaration = _assign
    _assignment_statement = _assign

    def _spec(self, node: Node, scope: dict[str, Val]) -> Val:
        names = list(node.children_by_field_name("name"))
        value = node.child_by_field_name("value")
        values = [self.eval(v, scope) for v in value.named_children] if value is not None else []
        if len(values) == 1 and len(names) > 1:
            values = values + [EMPTY] * (len(names) - 1)
        for index, name in enumerate(names):
            self._bind(name, values[index] if index < len(values) else EMPTY, scope)
        return EMPTY

    _const_spec = _spec
    _var_spec = _spec

    def _range_clause(self, node: Node, scope: dict[str, Val]) -> Val:
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        val = self.eval(right, scope) if right is not None else EMPTY
        element = picked(val.items) if val.items else replace(val, items=None, handle=None)
        if left is not None:
            targets = left.named_children
            for index, target in enumerate(targets):
                self._bind(target, element if index == len(targets) - 1 else EMPTY, scope)
        return EMPTY

    def _binary_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        operator = node.child_by_field_name("operator")
        lval = self.eval(left, scope) if left is not None else EMPTY
        rval = self.eval(right, scope) if right is not None else EMPTY
        op = self.src(operator) if operator is not None else ""
        if op == "+":
            return concat([lval, rval])
        if op == "^" and lval.text and rval.text and lval.text.isdigit() and rval.text.isdigit():
            return Val(str(int(lval.text) ^ int(rval.text)), decoded=True)
        left_int, right_int = _go_int(lval.text), _go_int(rval.text)
        if op in ("&^", "&", "|") and left_int is not None and right_int is not None:  # a file mode from named bits
            bits = left_int & ~right_int if op == "&^" else left_int & right_int if op == "&" else left_int | right_int
            return Val(oct(bits))
        if op in ("==", "!=", "<", ">", "<=", ">=", "&&", "||"):
            return EMPTY
        return merge([lval, rval])

    def _return_statement(self, node: Node, scope: dict[str, Val]) -> Val:
        vals = [self.eval(child, scope) for child in node.named_children]
        if vals and node.named_children and node.named_children[0].type == "expression_list":
            inner = node.named_children[0].named_children
            first = self.eval(inner[0], scope) if inner else EMPTY
        else:
            first = vals[0] if vals else EMPTY
        if self.returns:
            self.returns[-1].append(first)
        return first

    def _expression_list(self, node: Node, scope: dict[str, Val]) -> Val:
        vals = [self.eval(child, scope) for child in node.named_children]
        return vals[0] if len(vals) == 1 else replace(merge(vals), items=tuple(vals))

    # -- calls -----------------------------------------------------------------------------------------------------
    def _name_of(self, function: Node, scope: dict[str, Val]) -> tuple[str, Node | None, str]:
        """(qualified name for a package call or "" for a method on a value, the value's node, the method name)."""
        if function.type == "identifier":
            return self.src(function), None, self.src(function)
        if function.type == "selector_expression":
            operand = function.child_by_field_name("operand")
            field = function.child_by_field_name("field")
            method = self.src(field) if field is not None else ""
            if operand is None:
                return method, None, method
            root = operand
            while root.type == "selector_expression":
                inner = root.child_by_field_name("operand")
                if inner is None:
                    break
                root = inner
            if root.type == "identifier" and self.lookup(self.src(root), scope) is None:
                return f"{self.src(operand)}.{method}", None, method
            return "", operand, method
        if function.type in ("slice_type", "array_type", "parenthesized_type"):
            return self.src(function), None, self.src(function)
        return "", function, ""

    def _call_expression(self, node: Node, scope: dict[str, Val]) -> Val:
        function = node.child_by_field_name("function")
        arguments = node.child_by_field_name("arguments")
        if function is None:
            return EMPTY
        if function.type == "func_literal":
            return self._func_literal(function, scope)
        args: list[Val] = []
        spread = False
        for child in arguments.named_children if arguments is not None else []:
            val = self.eval(child, scope)
            args.append(val)
        if arguments is not None and self.src(arguments).rstrip(")").rstrip().endswith("..."):
            spread = True
            last = args.pop() if args else EMPTY
            args.extend(last.items if last.items is not None else [replace(last, text=UNKNOWN)])
        qualified, value_node, method = self._name_of(function, scope)
        return self._dispatch(node, qualified, value_node, method, args, scope, spread)

    def _dispatch(
        self,
        node: Node,
        name: str,
        value_node: Node | None,
        method: str,
        args: list[Val],
        scope: dict[str, Val],
        spread: bool,
    ) -> Val:
        start, end = self.span(node)
        line = self.line(node)
        sinks = self.sinks
        first = args[0] if args else EMPTY
        recv = self.eval(value_node, scope) if value_node is not None else EMPTY
        short = name.rsplit(".", 1)[-1]
        pkg = name.split(".", 1)[0] if "." in name else ""
        # -- environment and home
        if name in ("os.Getenv", "syscall.Getenv", "os.LookupEnv"):
            val = env_value(first.text if first.text and UNKNOWN not in first.text else None, line)
            sinks.read(start, end, val)
            return val
        if name in _PASSWORD_READERS:  # term.ReadPassword(int(os.Stdin.Fd())): what is typed, unechoed
            val = prompt_value(first.text if name == "speakeasy.Ask" else None, line)
            sinks.read(start, end, val)
            return val
        if name == "os.Environ":
            if _child_env(node):
                return Val()  # cmd.Env = append(os.Environ(), "GOOS=linux"): handed on to a child, not read
            val = Val(secrets=(Secret("reads the whole environment", line),))
            sinks.read(start, end, val)
            return val
        if name == "os.UserHomeDir":
            return Val("~")
        if name in ("os.ExpandEnv", "os.Expand") and first.text:
            return replace(first, text=first.text.replace("$HOME", "~").replace("${HOME}", "~"))
        if name in ("filepath.Join", "path.Join"):
            return path_join(args)
        # -- strings
        if name in ("fmt.Sprintf", "fmt.Errorf"):
            return format_text(first, args[1:])
        if name in ("fmt.Sprint", "fmt.Sprintln", "strings.Join") and name != "strings.Join":
            return concat(args, " " if name.endswith("ln") else "")
        if name == "strings.Join":
            sep = args[1].text if len(args) > 1 and args[1].text is not None else ""
            return concat(list(first.items), sep) if first.items is not None else merge(args)
        if name in ("strings.ReplaceAll", "strings.Replace") and len(args) >= 3:
            if all(a.text is not None and UNKNOWN not in a.text for a in args[:3]):
                assert first.text is not None and args[1].text is not None and args[2].text is not None
                return replace(
                    merge(args[:1], text=first.text.replace(args[1].text, args[2].text)), decoded=first.decoded
                )
            return merge(args[:1])
        if name in ("strings.TrimSpace", "strings.ToLower", "strings.ToUpper") and first.text is not None:
            text = (
                first.text.strip()
                if short == "TrimSpace"
                else first.text.lower()
                if short == "ToLower"
                else first.text.upper()
            )
            return replace(first, text=text)
        if name in _PASS or (name.startswith(("bytes.", "strings.", "bufio.")) and short.startswith("New")):
            return replace(merge(args, text=first.text if len(args) == 1 else None), handle=first.handle)
        # -- decoding
        if short in ("DecodeString", "DecodeRune") and (
            "base64" in name or "hex" in name or pkg == "" and "base64" in self.src(value_node or node)
        ):
            which = "hex" if "hex" in name else "base64"
            return replace(merge([first], text=decode_constant(which, first.text)), decoded=True)
        if name in (
            "gzip.NewReader",
            "zlib.NewReader",
            "flate.NewReader",
            "lzw.NewReader",
            "base64.NewDecoder",
            "hex.NewDecoder",
        ):
            return replace(merge(args), decoded=True)
        # -- running
        if name in ("exec.Command", "exec.CommandContext", "syscall.Exec"):
            return self._exec(start, end, name, args, spread)
        # -- the network
        sent = self._network(node, name, short, recv, method, args, start, end, scope)
        if sent is not None:
            return sent
        # -- files
        if name in ("os.WriteFile", "ioutil.WriteFile") and len(args) >= 2:
            sinks.write(start, end, first, args[1])
            return EMPTY
        if name in ("os.Create", "os.OpenFile"):
            flags = self.src(node)
            if name == "os.Create" or re.search(r"O_(?:WRONLY|RDWR|APPEND|CREATE)", flags):
                return Val(first.text, handle=("file", first.text or UNKNOWN), append="O_APPEND" in flags)
        if name in ("os.RemoveAll",):
            sinks.destroy(start, end, first, name)
            return EMPTY
        if name in ("os.Chmod", "os.Lchmod") and len(args) >= 2:
            mode = _go_int(args[1].text)
            judge_mode(self.ctx, mode, home_path(first.text or UNKNOWN), start, end, name)
            return EMPTY
        if name in ("os.Rename", "os.Link", "os.Symlink") and len(args) >= 2:
            sinks.write(start, end, args[1], path_secret(first, line))
            return EMPTY
        # -- printing
        if name in (
            "fmt.Print",
            "fmt.Println",
            "fmt.Printf",
            "log.Print",
            "log.Println",
            "log.Printf",
            "log.Fatal",
            "log.Fatalf",
            "log.Fatalln",
            "println",
            "print",
        ):
            sinks.say(start, end, [format_text(first, args[1:])] if name.endswith("f") else args)
            return EMPTY
        if (
            name
            in ("fmt.Fprint", "fmt.Fprintln", "fmt.Fprintf", "io.WriteString", "io.Copy", "io.CopyN", "io.CopyBuffer")
            and args
        ):
            body = format_text(args[1], args[2:]) if name == "fmt.Fprintf" and len(args) > 1 else concat(args[1:], " ")
            if name.startswith("io.Copy"):
                body = args[1] if len(args) > 1 else EMPTY
            return self._into(node, first, body, start, end, scope)
        # -- a value's method
        if name.rsplit(".", 1)[0] in ("os.Stdout", "os.Stderr") and method in _STD_WRITES:
            sinks.say(start, end, args)  # os.Stdout.WriteString(note): printed, as fmt.Println prints
            return EMPTY
        if value_node is not None:
            # req.Header.Set(k, v), req.SetBasicAuth(u, p): a request's headers are written into the request itself
            header = (
                recv.handle is not None and recv.handle[0] == "request" and method in ("Set", "Add", "SetBasicAuth")
            )
            if recv.handle is not None and not header:
                return self._handle_call(recv, method, args, start, end)
            if method in _WRITE_METHODS | {"Set", "Add", "SetBasicAuth", "Store", "Push"} and args:
                data = merge(args[1:]) if method in ("Set", "Add") and len(args) > 1 else merge(args)
                key = (first.text or "").lower() if method in ("Set", "Add") else ""
                if method == "SetBasicAuth" or key in _HEADER_KEYS or header:  # any header of a request
                    data = replace(data, secrets=tuple(replace(s, header=True) for s in data.secrets))
                self._pour(value_node, data, scope)
                return EMPTY
            if method in self.functions and self.functions[method].type == "method_declaration":
                return self._local_call(method, node, args, scope)
            return replace(merge([recv, *args], text=recv.text if not args else None), handle=None, items=None)
        # -- the program's own functions
        if name in self.functions:
            return self._local_call(name, node, args, scope)
        if name in ("filepath.Glob", "path/filepath.Glob") and args:
            return replace(args[0], handle=None, items=None)  # the paths it lists, as their pattern (~/*)
        if name in ("os.ReadFile", "ioutil.ReadFile", "io/ioutil.ReadFile") and args:
            private = private_read(replace(args[0], secrets=()), line)
            if private.secrets:  # a file of the user's own on no list: its content (no capability of its own)
                return Val(secrets=private.secrets)
        # -- anything else: a read when it is handed a credential place
        result = replace(merge(args), handle=None, items=None)
        if name not in _PATH_BUILDERS:
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

    def _into(self, node: Node, dest: Val, body: Val, start: int, end: int, scope: dict[str, Val]) -> Val:
        if dest.handle is not None:
            return self._handle_call(dest, "Write", [body], start, end)
        arguments = node.child_by_field_name("arguments")
        first = arguments.named_children[0] if arguments is not None and arguments.named_children else None
        if first is not None and self.src(first) in ("os.Stdout", "os.Stderr"):
            self.sinks.say(start, end, [body])
        elif first is not None:
            self._pour(first, body, scope)
        return EMPTY

    def _exec(self, start: int, end: int, name: str, args: list[Val], spread: bool) -> Val:
        words = args[1:] if name == "exec.CommandContext" else args
        if name == "syscall.Exec" and len(args) > 1 and args[1].items is not None:
            words = list(args[1].items)
        texts = [w.text if w.text is not None else UNKNOWN for w in words]
        if (
            len(texts) >= 3
            and texts[0].rsplit("/", 1)[-1] in ("sh", "bash", "zsh", "dash", "ash")
            and texts[1] in ("-c", "-lc", "-ec")
        ):
            command = texts[2]
        elif (
            len(texts) >= 3
            and texts[0].rsplit("/", 1)[-1].lower() in ("powershell", "pwsh", "cmd", "cmd.exe")
            and texts[1].lower() in ("-command", "-c", "/c")
        ):
            command = " ".join(texts[2:])
        else:
            command = " ".join(shell_quote(t) for t in texts)
        result = self.sinks.execute(start, end, command, words)
        return replace(result, handle=("command", command))

    def _network(
        self,
        node: Node,
        name: str,
        short: str,
        recv: Val,
        method: str,
        args: list[Val],
        start: int,
        end: int,
        scope: dict[str, Val],
    ) -> Val | None:
        sinks = self.sinks
        first = args[0] if args else EMPTY
        client = name.startswith("http.") or (name == "" and method in _SEND_METHODS and recv.handle is None)
        if client and method in ("Get", "Head") and len(args) == 1:
            sinks.send(start, end, first, how="GET")
            return Val(fetched=first.text or UNKNOWN)
        if client and method in ("Post", "PostForm") and args:
            sinks.send(start, end, first, args[1:], how="POST")
            return Val(fetched=first.text or UNKNOWN)
        if client and method == "Do" and args:
            request = first
            url = request.handle[1] if request.handle and request.handle[0] == "request" else request.text
            sinks.send(start, end, Val(url), [replace(request, text=None)], how="request")
            return Val(fetched=url or UNKNOWN)
        if name in ("http.NewRequest", "http.NewRequestWithContext"):
            rest = args[1:] if name.endswith("Context") else args
            address = rest[1] if len(rest) > 1 else EMPTY
            body = rest[2] if len(rest) > 2 else EMPTY
            carried = merge([address, body])
            return Val(address.text, carried.secrets, body.fetched, body.decoded, ("request", address.text or UNKNOWN))
        if name in ("net.Dial", "net.DialTimeout", "tls.Dial", "net.DialTCP", "net.DialUDP", "tls.DialWithDialer") or (
            method in ("Dial", "DialContext") and name == ""
        ):
            address = next(
                (a for a in reversed(args[:3]) if a.text and (":" in a.text or "." in a.text)),
                args[1] if len(args) > 1 else EMPTY,
            )
            host = (address.text or UNKNOWN).rsplit(":", 1)[0] if address.text and ":" in address.text else address.text
            sinks.ctx.cap("sends", (host or "?").replace(UNKNOWN, "?") or "?", start, end, "socket")
            return Val(address.text, address.secrets, handle=("socket", address.text or UNKNOWN))
        if name in _DNS or (name == "" and method.startswith("Lookup")):
            target = next((a for a in reversed(args) if a.text is not None or a.secrets), first)
            sinks.send(start, end, target, [target], how="DNS lookup", dns=True)
            return EMPTY
        if name == "smtp.SendMail" and args:
            sinks.send(start, end, first, args[1:], how="mail")
            return EMPTY
        return None

    def _handle_call(self, handle_val: Val, method: str, args: list[Val], start: int, end: int) -> Val:
        assert handle_val.handle is not None
        kind, target = handle_val.handle
        if kind == "file" and method in _WRITE_METHODS | {"Write"}:
            self.sinks.write(start, end, Val(target), concat(args), append=handle_val.append)
            return EMPTY
        if kind == "socket" and method in _WRITE_METHODS | {"Write"}:
            self.sinks.send(start, end, Val(target), args, how="socket")
            return EMPTY
        if kind == "command" and method in ("Run", "Output", "CombinedOutput", "Start"):
            return replace(handle_val, handle=None)
        return replace(merge([handle_val, *args]), handle=None)

    def _xor_key(self, function: Node) -> int | None:
        """The constant a helper XORs each byte of its first parameter with, or None for any other function."""
        body = function.child_by_field_name("body")
        params = function.child_by_field_name("parameters")
        if body is None or params is None or "^" not in self.src(body):
            return None
        loop = _XOR_LOOP.search(self.src(body))
        first = next((p for p in params.named_children), None)
        names = [self.src(n) for n in first.children_by_field_name("name")] if first is not None else []
        if loop is None or loop.group(3) not in names[:1]:
            return None
        key = loop.group(4)
        value = _go_int(key) if key[0].isdigit() else _go_int(self.globals.get(key, EMPTY).text)
        return value if value is not None and 0 < value < 256 else None

    def _local_call(self, name: str, node: Node, args: list[Val], scope: dict[str, Val]) -> Val:
        """Follow a call of the script's own function with the values it is given; a helper handed a credential
        place (``parse_ini(File.join(Dir.home, ".aws", "credentials"))``) gives back what it read there."""
        start, end = self.span(node)
        return with_places_read(self._follow(name, node, args, scope), args, self.sinks, start, end, self.line(node))

    def _follow(self, name: str, node: Node, args: list[Val], scope: dict[str, Val]) -> Val:
        function = self.functions[name]
        if self.depth >= _DEPTH or any(n == name for n, _ in self.sinks.via):
            return merge(args)
        key = self._xor_key(function)
        if key is not None and args and args[0].text and UNKNOWN not in args[0].text:
            # a helper that XORs every byte of what it is given with one constant: its result is that decode
            return Val("".join(chr(ord(ch) ^ key) for ch in args[0].text), decoded=True)
        params = function.child_by_field_name("parameters")
        inner: dict[str, Val] = {}
        rest = list(args)
        for param in params.named_children if params is not None else []:
            names = param.children_by_field_name("name")
            for pname in names:
                if param.type == "variadic_parameter_declaration":
                    inner[self.src(pname)] = replace(merge(rest), items=tuple(rest))
                    rest = []
                else:
                    inner[self.src(pname)] = rest.pop(0) if rest else EMPTY
        body = function.child_by_field_name("body")
        if body is None:
            return EMPTY
        returned, _ = self.followed(name, node, body, inner)
        text = next((v.text for v in returned if v.text and "://" in v.text), None) or next(
            (v.text for v in returned if v.text is not None), None
        )
        out = merge(returned, text=text)
        handle = next((v.handle for v in returned if v.handle), None)
        return replace(out, handle=handle)


_XOR_LOOP = re.compile(
    r"for\s+(\w+)\s*,\s*(\w+)\s*:=\s*range\s+(\w+)\s*\{\s*\w+\[\1\]\s*=\s*(?:\w+\()?(?:\2|\3\[\1\])\)?\s*\^\s*(\w+)"
)
"""``for i, c := range b { out[i] = c ^ key }``: each byte of ``b`` XORed with one value."""


def scan_go(ctx: Ctx) -> None:
    """Analyse a Go region: flows from secrets to sends, downloads and decodes to a shell, start-up writes,
    deletes of the home folder, the text it prints for the agent, and the commands its ``//go:generate`` lines run."""
    _Go(ctx).run()
    _scan_generate(ctx)


# -- //go:generate -------------------------------------------------------------------------------------------------
_GENERATE = re.compile(r"^[ \t]*//go:generate[ \t]+(.*)$", re.MULTILINE)
_GENERATE_WORD = re.compile(r'"((?:[^"\\\n]|\\.)*)"|`([^`\n]*)`|(\S+)')
_GO_ESCAPE = re.compile(r"\\(?:[0-7]{3}|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)")
_SHELLS = ("sh", "bash", "zsh", "dash", "ash", "ksh")


def _generate_words(line: str) -> list[str]:
    """A ``//go:generate`` line's words as ``go generate`` splits them: a double-quoted word is a Go string, its escapes
    (``\\143``, ``\\x63``, ``\\u0063``, ``\\n``) decoded; a back-quoted one is taken as written."""
    words = []
    for found in _GENERATE_WORD.finditer(line):
        quoted, raw, bare = found.groups()
        if quoted is not None:
            words.append(_GO_ESCAPE.sub(lambda m: unescape(m.group(0)), quoted))
        else:
            words.append(raw if raw is not None else bare)
    return words


def _generate_command(words: list[str]) -> str:
    """The shell line a generator's words make: ``sh -c "..."`` is the text handed to the shell, anything else the
    words quoted back as one command."""
    if len(words) >= 3 and words[0].rsplit("/", 1)[-1] in _SHELLS and words[1] in ("-c", "-lc", "-ec", "-ce"):
        return " ".join([words[2], *(shell_quote(w) for w in words[4:])])
    return " ".join(shell_quote(w) for w in words)


def _scan_generate(ctx: Ctx) -> None:
    """The commands ``go generate`` runs, read by the shell rules line for line: each ``//go:generate`` line (an alias
    made with ``-command`` spelt out) becomes the shell text it runs, every other line blank, so a finding keeps its
    line and a download one line makes is followed to the line that runs it."""
    if "//go:generate" not in ctx.text:
        return
    lines = ctx.text.split("\n")
    out = [" " * len(line) for line in lines]
    aliases: dict[str, list[str]] = {}
    found_any = False
    longer: list[tuple[int, int, str]] = []
    """Commands longer than their line (an alias spelt out): read on their own, placed on their line."""
    at = 0
    for index, line in enumerate(lines):
        start, at = at, at + len(line) + 1
        found = _GENERATE.match(line)
        if found is None:
            continue
        words = _generate_words(found.group(1))
        if words[:1] == ["-command"]:
            if len(words) >= 3:
                aliases[words[1]] = words[2:]
            continue
        if words and words[0] in aliases:
            words = [*aliases[words[0]], *words[1:]]
        command = _generate_command(words).replace("\n", "; ")
        if not command.strip():
            continue
        if len(command) <= len(line):  # a line never longer than it was: the offsets of later lines stay right
            out[index] = command + " " * (len(line) - len(command))
            found_any = True
        else:
            longer.append((start, start + len(line), command))
    if found_any:
        _read_as_shell(ctx, "\n".join(out), 0, len(ctx.text))
    for start, end, command in longer:
        _read_as_shell(ctx, command, start, end)


def _read_as_shell(ctx: Ctx, text: str, start: int, end: int) -> None:
    """The shell rules' findings on ``text``, which stands at ``start`` of the region; each is kept within ``start:end``."""
    from skillscope.audit.behavior.shell import scan_shell  # shell imports nothing of Go; imported late like flowcore

    inner = Ctx(
        text,
        ctx.base + start,
        ctx.file_text,
        ctx.path,
        documented=ctx.documented,
        skill_files=ctx.skill_files,
        purpose=ctx.purpose,
    )
    scan_shell(inner)

    def place(offset: int) -> int:
        return min(max(start + offset, start), end)

    ctx.hits.extend(replace(raw, start=place(raw.start), end=place(raw.end)) for raw in inner.hits)
    ctx.caps.extend(replace(cap, start=place(cap.start), end=place(cap.end)) for cap in inner.caps)
    ctx.sends.extend((place(s), place(e), kind) for s, e, kind in inner.sends)
    ctx.printed.extend((place(s), place(e), said) for s, e, said in inner.printed)
    ctx.network = ctx.network or inner.network


def _child_env(node: Node) -> bool:
    """Whether a call is (a piece of) the value given to a command's ``Env`` (``cmd.Env = append(os.Environ(), …)``):
    the environment a child process starts with."""
    up = node.parent
    for _ in range(6):
        if up is None:
            return False
        if up.type in ("assignment_statement", "keyed_element"):
            left = up.child_by_field_name("left") if up.type == "assignment_statement" else up.named_children[0]
            return (
                left is not None and (left.text or b"").decode("utf-8", "replace").rsplit(".", 1)[-1].strip() == "Env"
            )
        up = up.parent
    return False
