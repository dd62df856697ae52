"""What a Python expression holds, worked out from constants alone (the code is never run).

The Python analyser asks two questions of an expression: what value it has (a string, bytes, a number,
a list, a dict) and, for a callee, which function it names (``getattr(__import__("o" + "s"), "system")``
is ``os.system``). Both are answered from constants, names bound to constants, and a closed set of pure
operations: concatenation, ``%`` and ``format``, f-strings, ``join``, slicing, ``os.path.join`` and
``Path /``, ``expanduser`` (home stays ``~``), the standard decoders (base64, base32, base85, hex, rot13,
zlib, gzip, bz2, lzma), ``chr``/``ord``/``bytes``, XOR with a constant key in a comprehension or loop, and
calls of the module's own functions that return such a value. Anything else is unknown (None), or ``*`` in a
lenient rendering, so a path with an unknown base still reads ``*/.ssh/id_rsa``.
"""

from __future__ import annotations

import ast
import base64
import binascii
import bz2
import codecs
import gzip
import json
import lzma
import re
import shlex
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Union

from skillscope.audit.behavior.base import TEXT_CAP
from skillscope.core.strictyaml import load_bounded

__all__ = ["Ref", "Value", "Values", "render", "as_text", "looks_like_python", "looks_like_shell"]

_LIMIT = 1 << 20
"""The largest value worked out (a decoder's output, a repeated string): bigger is unknown."""
_STEPS = 200_000
"""Loop and comprehension iterations worked out per module, at most."""
_DEPTH = 40


SITE_PACKAGES = "<python>/site-packages"
"""The interpreter's package folder, as a script names it (``site.getsitepackages()``, ``sysconfig.get_path
("purelib")``, a setup.py command's ``self.install_lib``): a ``.pth`` or ``sitecustomize.py`` there runs at every
interpreter start."""
_SITE_CALLS = frozenset(
    {
        "site.getsitepackages",
        "site.getusersitepackages",
        "sysconfig.get_path",
        "distutils.sysconfig.get_python_lib",
        "sysconfig.get_python_lib",
    }
)
_SITE_ATTRS = frozenset({"install_lib", "install_purelib", "install_platlib", "install_dir"})


@dataclass(frozen=True)
class Ref:
    """A module or one of its members, named by its real dotted path (``os.system``, ``builtins.exec``)."""

    name: str


Value = Union[str, bytes, int, float, bool, list["Value"], tuple["Value", ...], dict[str, "Value"], Ref, None]  # noqa: UP007

_DECODE_FUNCS: dict[str, Callable[[bytes], bytes]] = {
    "base64.b64decode": base64.b64decode,
    "base64.standard_b64decode": base64.standard_b64decode,
    "base64.urlsafe_b64decode": base64.urlsafe_b64decode,
    "base64.decodebytes": base64.decodebytes,
    "base64.b32decode": base64.b32decode,
    "base64.b16decode": lambda b: base64.b16decode(b, casefold=True),
    "base64.b85decode": base64.b85decode,
    "base64.a85decode": base64.a85decode,
    "binascii.unhexlify": binascii.unhexlify,
    "binascii.a2b_hex": binascii.a2b_hex,
    "binascii.a2b_base64": binascii.a2b_base64,
    "zlib.decompress": zlib.decompress,
    "gzip.decompress": gzip.decompress,
    "bz2.decompress": bz2.decompress,
    "lzma.decompress": lzma.decompress,
}
_ENCODE_FUNCS: dict[str, Callable[[bytes], bytes]] = {
    "base64.b64encode": base64.b64encode,
    "base64.urlsafe_b64encode": base64.urlsafe_b64encode,
    "base64.b32encode": base64.b32encode,
    "base64.b16encode": base64.b16encode,
    "base64.encodebytes": base64.encodebytes,
    "binascii.hexlify": binascii.hexlify,
    "zlib.compress": zlib.compress,
}
DECODE_NAMES = frozenset(_DECODE_FUNCS) | {"codecs.decode", "bytes.fromhex", "marshal.loads"}
"""The decoders by their real names: a value that went through one was hidden in the file."""

_HOME_KEYS = ("HOME", "USERPROFILE")


MAX_CHOICES = 8
"""Texts a value picked at run time keeps: a table of many hosts keeps the first few."""


def _texts(value: Value) -> list[str]:
    """The distinct texts among the items of a list, tuple or dict's values (its keys when no value is text)."""
    if isinstance(value, dict):
        values = _texts(list(value.values()))
        return values or _texts(list(value.keys()))
    if not isinstance(value, (list, tuple)):
        return []
    return _distinct([t for t in (as_text(v) if isinstance(v, (str, bytes)) else None for v in value) if t is not None])


def _distinct(texts: list[str]) -> list[str]:
    out: list[str] = []
    for text in texts:
        if text not in out:
            out.append(text)
    return out[:MAX_CHOICES]


def _bounded(value: Value) -> Value:
    if isinstance(value, (str, bytes)) and len(value) > _LIMIT:
        return None
    return value


def _codec(data: Value, name: Value) -> Value:
    if not isinstance(name, str):
        return None
    key = name.lower().replace("-", "_")
    raw = data.encode("latin-1", "replace") if isinstance(data, str) else data
    if key in ("rot13", "rot_13") and isinstance(data, str):
        return codecs.decode(data, "rot13")
    if not isinstance(raw, bytes):
        return None
    table: dict[str, Callable[[bytes], bytes]] = {
        "hex": binascii.unhexlify,
        "hex_codec": binascii.unhexlify,
        "base64": base64.b64decode,
        "base64_codec": base64.b64decode,
        "zlib": zlib.decompress,
        "zlib_codec": zlib.decompress,
        "bz2": bz2.decompress,
        "bz2_codec": bz2.decompress,
    }
    if key in table:
        return table[key](raw)
    return raw.decode(key, "replace") if isinstance(data, bytes) else None


def _interpreter(value: Value) -> Value:
    """``sys.executable`` inside text (an f-string, a concatenation) is the Python running the script: a command line
    built with it runs Python, so the text reads ``python3`` there, as an argv's first word already does."""
    if isinstance(value, Ref) and value.name.endswith("sys.executable"):
        return "python3"
    return value


def _has_gap(value: Value, depth: int = 0) -> bool:
    """Whether a dict or list holds an entry not worked out (None), at any depth."""
    if value is None:
        return True
    if depth > 6 or not isinstance(value, (dict, list, tuple)):
        return False
    return any(_has_gap(v, depth + 1) for v in (value.values() if isinstance(value, dict) else value))


def as_text(value: Value) -> str | None:
    """A value as text: a string, or bytes decoded as UTF-8 (None for anything else)."""
    if isinstance(value, str):
        return value
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).decode("utf-8", "replace")
    return None


def render(value: Value) -> str:
    """A value as one line of text for messages and targets; ``*`` for what is unknown."""
    if value is None:
        return "*"
    if isinstance(value, Ref):
        return value.name
    if isinstance(value, (list, tuple)):
        return " ".join(render(v) for v in value)
    if isinstance(value, dict):
        return json.dumps({k: render(v) for k, v in value.items()})
    text = as_text(value)
    return text if text is not None else str(value)


def looks_like_python(text: str) -> bool:
    """Whether decoded text parses as Python with at least one call or import in it."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return any(isinstance(n, (ast.Call, ast.Import, ast.ImportFrom)) for n in ast.walk(tree))


def looks_like_shell(text: str) -> bool:
    """Whether decoded text reads as a shell command line (a word, then arguments, pipes or redirects)."""
    head = text.strip().split(maxsplit=1)[:1]
    return bool(head) and head[0].replace("/", "").replace("-", "").replace(".", "").replace("_", "").isalnum()


_FIELD = re.compile(r"\{[^{}\x00\x01]*\}")
_BRACES = str.maketrans({"\x00": "{", "\x01": "}"})
_PERCENT = re.compile(r"%%|%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[sdifrxXoeEgGca]")


class Values:
    """Constant values of one module's names, and the functions it defines, for ``value`` and ``callee``."""

    def __init__(self, imports: dict[str, str] | None = None) -> None:
        self.names: dict[str, Value] = {}
        self.imports: dict[str, str] = dict(imports or {})
        """Local name -> real dotted name of what was imported (``sp`` -> ``subprocess``, ``r`` -> ``subprocess.run``)."""
        self.functions: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = {}
        self.depth = 0
        """How many of the module's own functions ``text`` is inside (a function that returns its own call stops)."""
        self.decoded: set[int] = set()
        """ids of values produced by a decoder (so a name bound to one is known as decoded text)."""
        self.steps = 0
        self._depth = 0
        self.cut = ""
        """Why a value was read only in part (nested past ``_DEPTH``, grown past ``TEXT_CAP``); "" when none was."""
        self.choices: dict[str, list[str]] = {}
        """Names bound to a value picked at run time from constants (``random.choice(HOSTS)``, a loop over a list),
        with every text they may hold."""
        self.shipped: Mapping[str, str] = {}
        """The skill's own files by path: ``json.load(open(HERE / "cfg.json"))`` reads the config the skill ships."""
        self.partial: Mapping[str, str] = {}
        """Names bound to a text known in part (``assets = site / "assets"`` as ``*/assets``): ``text`` reads a name
        through it, so a path built on the name keeps the part that is known."""

    # --- names and callees --------------------------------------------------------------------
    def learn_imports(self, tree: ast.AST) -> None:
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname:
                        self.imports[alias.asname] = alias.name
                    else:
                        self.imports.setdefault(alias.name.split(".")[0], alias.name.split(".")[0])
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for alias in node.names:
                    self.imports[alias.asname or alias.name] = f"{node.module}.{alias.name}"
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.functions.setdefault(node.name, node)

    def callee(self, node: ast.AST) -> str:
        """The real dotted name a callee expression names, as far as constants tell (else its dotted text)."""
        value = self.value(node)
        if isinstance(value, Ref):
            return value.name
        return _dotted(node)

    # --- values --------------------------------------------------------------------------------
    def value(self, node: ast.AST | None) -> Value:
        """The value of ``node`` from constants, or None when it depends on anything else."""
        if node is None:
            return None
        if self._depth > _DEPTH:
            self.cut = self.cut or f"a Python expression nested more than {_DEPTH} deep was not worked out"
            return None
        self._depth += 1
        try:
            return _bounded(self._value(node))
        except (ValueError, TypeError, KeyError, IndexError, OverflowError, ZeroDivisionError, AttributeError):
            return None
        except (binascii.Error, zlib.error, lzma.LZMAError, OSError, EOFError, UnicodeError, RecursionError):
            return None
        finally:
            self._depth -= 1

    def text(self, node: ast.AST | None) -> str:
        """``node`` as text with unknown pieces as ``*`` (``f"{base}/.ssh/id_rsa"`` -> ``*/.ssh/id_rsa``)."""
        value = self.value(node)
        # a dict or list with an entry one piece of which is unknown: each entry as far as it is known, not "*"
        partial = isinstance(value, (dict, list, tuple)) and _has_gap(value)
        if partial and isinstance(node, ast.Dict):
            keys = [render(self.value(k)) if k is not None else "**" for k in node.keys]
            return json.dumps({k: self.text(v) for k, v in zip(keys, node.values, strict=True)})
        if value is not None and not (partial and isinstance(node, (ast.List, ast.Tuple))):
            return render(value)
        if isinstance(node, ast.Name) and node.id in self.partial:
            return self.partial[node.id]
        if isinstance(node, ast.JoinedStr):
            return "".join(
                v.value
                if isinstance(v, ast.Constant) and isinstance(v.value, str)
                else self.text(v.value)
                if isinstance(v, ast.FormattedValue)
                else "*"
                for v in node.values
            )
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return self.text(node.left) + self.text(node.right)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            return self.text(node.left).rstrip("/") + "/" + self.text(node.right).lstrip("/")
        if isinstance(node, ast.Call) and _dotted(node.func).rsplit(".", 1)[-1] in ("join", "joinpath") and node.args:
            if _dotted(node.func).endswith(("path.join", "joinpath")):
                head = [] if _dotted(node.func).endswith("path.join") else [self.text(node.func.value)]  # type: ignore[attr-defined]
                return "/".join(p.strip("/") or p for p in head + [self.text(a) for a in node.args])
        if isinstance(node, ast.Call) and _dotted(node.func).rsplit(".", 1)[-1] in ("Path", "PurePath", "expanduser"):
            inner = node.args[0] if node.args else getattr(node.func, "value", None)
            return self.text(inner) if inner is not None else "*"
        if isinstance(node, ast.Call) and _dotted(node.func) == "str" and node.args:
            return self.text(node.args[0])
        if isinstance(node, ast.Call) and _dotted(node.func) == "shlex.join" and node.args:
            # shlex.join(["git", "push", *flags, remote]): the command line, its unknown words as *
            items = node.args[0]
            if isinstance(items, (ast.List, ast.Tuple)):
                words: list[str] = []
                for element in items.elts:
                    if isinstance(element, ast.Starred):
                        spread = self.value(element.value)
                        if isinstance(spread, (list, tuple)):
                            words.extend(i for i in spread if isinstance(i, str))
                        else:
                            words.append("*")
                    else:
                        words.append(self.text(element))
                return " ".join(words)
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in self.functions
            and node.func.id not in self.names
            and self.depth < 4
        ):
            # print(follow_up(n)): the text the module's own function returns, its unknown pieces as *
            return self._local_text(self.functions[node.func.id], [self.value(a) for a in node.args])
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
            # TEMPLATE.format(target=args.target): the template's words, each field the caller fills as unknown
            template = self.value(node.func.value)
            if isinstance(template, str):
                return _FIELD.sub("*", template.replace("{{", "\x00").replace("}}", "\x01")).translate(_BRACES)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
            template = self.value(node.left)  # TEMPLATE % (a, b): the same, for printf-style fields
            if isinstance(template, str):
                return _PERCENT.sub(lambda m: "%" if m.group(0) == "%%" else "*", template)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args:
            if node.func.attr == "with_name":  # Path(__file__).with_name("cfg.yaml"): a file beside the script
                return self.text(node.func.value).rsplit("/", 1)[0] + "/" + self.text(node.args[0])
        if isinstance(node, (ast.List, ast.Tuple)):
            return " ".join(self.text(e) for e in node.elts)
        return "*"

    def candidates(self, node: ast.AST | None) -> list[str]:
        """Every text ``node`` may hold when code picks it at run time from constants: an item of a constant list,
        tuple or dict (``random.choice(HOSTS)``, ``HOSTS[int(time.time()) % 2]``, ``ENDPOINTS[os.environ["R"]]``,
        ``next(iter(MIRRORS))``, a loop variable over them), either branch of a conditional, and texts assembled from
        such parts. At most ``MAX_CHOICES``; an empty list when nothing is picked (a single known text included)."""
        found = self._candidates(node, 0)
        return found if len(found) > 1 else []

    def _candidates(self, node: ast.AST | None, depth: int) -> list[str]:
        if node is None or depth > 6:
            return []
        known = self.value(node)
        if isinstance(known, (str, bytes)):
            text = as_text(known)
            return [text] if text is not None else []
        if isinstance(node, ast.Name):
            return list(self.choices.get(node.id, []))
        if isinstance(node, ast.IfExp):
            return _distinct(self._candidates(node.body, depth + 1) + self._candidates(node.orelse, depth + 1))
        if isinstance(node, ast.BoolOp):
            return _distinct([t for v in node.values for t in self._candidates(v, depth + 1)])
        if isinstance(node, ast.Subscript) and not isinstance(node.slice, ast.Slice):
            base = self.value(node.value)
            if isinstance(base, (list, tuple, dict)) and self.value(node.slice) is None:
                return _texts(base)  # an index or key only known at run time picks any item
            if isinstance(node.value, ast.Call):  # random.sample(HOSTS, 1)[0], random.choices(HOSTS)[0]
                return self._candidates(node.value, depth + 1)
            return []
        if isinstance(node, ast.Call):
            fn = self.callee(node.func)
            method = fn.rsplit(".", 1)[-1]
            first = node.args[0] if node.args else None
            if method in ("choice", "choices", "sample", "shuffle") and fn.split(".")[0] in (
                "random",
                "secrets",
                "builtins",
            ):
                return _texts(self.value(first))
            if fn.removeprefix("builtins.") in ("next", "min", "max", "sorted") and first is not None:
                inner = first.args[0] if isinstance(first, ast.Call) and first.args else first
                return _texts(self.value(inner))
            if isinstance(node.func, ast.Attribute) and method in ("get", "pop", "setdefault"):
                holder = self.value(node.func.value)
                if isinstance(holder, dict) and node.args and self.value(node.args[0]) is None:
                    default = [self.value(a) for a in node.args[1:2]]
                    return _distinct(_texts(holder) + _texts(default))
                if isinstance(holder, list) and method == "pop":
                    return _texts(holder)
            if isinstance(node.func, ast.Attribute) and method in ("strip", "lstrip", "rstrip") and not node.args:
                # line = line.strip() over a shipped list: each item, trimmed
                return _distinct([getattr(t, method)() for t in self._candidates(node.func.value, depth + 1)])
            if isinstance(node.func, ast.Attribute) and method == "format":
                template = self.value(node.func.value)
                if isinstance(template, str):
                    return self._assembled([template], [self._candidates(a, depth + 1) for a in node.args], fmt=True)
            return []
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and isinstance(self.value(node.left), str):
            # "https://%s/u" % host: each value a picked part may take, in the template's place for it
            template = re.sub(r"%[-#0 +]*\d*(?:\.\d+)?[sdrifx]", "{}", str(self.value(node.left)).replace("{}", "{ }"))
            args = node.right.elts if isinstance(node.right, ast.Tuple) else [node.right]
            return self._assembled([template], [self._candidates(a, depth + 1) for a in args], fmt=True)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return self._assembled(
                [], [self._candidates(node.left, depth + 1), self._candidates(node.right, depth + 1)], fmt=False
            )
        if isinstance(node, ast.JoinedStr):
            parts = [
                [str(v.value)]
                if isinstance(v, ast.Constant)
                else self._candidates(getattr(v, "value", None), depth + 1)
                for v in node.values
            ]
            return self._assembled([], parts, fmt=False)
        return []

    def _assembled(self, template: list[str], parts: list[list[str]], *, fmt: bool) -> list[str]:
        """Texts joined from parts that may each hold several texts (an unknown part as ``*``), at most
        ``MAX_CHOICES``; nothing unless some part held more than one."""
        if not any(len(p) > 1 for p in parts):
            return []
        out = [""] if not fmt else list(template)
        for part in parts:
            options = part or ["*"]
            if fmt:
                out = [t.replace("{}", o, 1) if "{}" in t else t for t in out for o in options]
            else:
                out = [t + o for t in out for o in options]
            out = out[: MAX_CHOICES * 4]
        return _distinct(out)

    def _value(self, node: ast.AST) -> Value:  # one dispatch over expression kinds
        if isinstance(node, ast.Constant):
            return node.value if isinstance(node.value, (str, bytes, int, float, bool)) else None
        if isinstance(node, ast.Name):
            if node.id in self.names:
                return self.names[node.id]
            if node.id in self.imports:
                return Ref(self.imports[node.id])
            if node.id in ("__builtins__", "builtins"):
                return Ref("builtins")
            if node.id in _BUILTINS:
                return Ref(f"builtins.{node.id}")
            return None
        if isinstance(node, ast.Attribute):
            if node.attr in _SITE_ATTRS and isinstance(node.value, ast.Name) and node.value.id == "self":
                return SITE_PACKAGES  # a setup.py install command's own target: the interpreter's site-packages
            base = self.value(node.value)
            if isinstance(base, Ref):
                if base.name == "builtins" and node.attr == "__dict__":
                    return Ref("builtins")
                return Ref(f"{base.name}.{node.attr}")
            return None
        if isinstance(node, ast.JoinedStr):
            parts: list[str] = []
            for piece in node.values:
                if isinstance(piece, ast.Constant):
                    parts.append(str(piece.value))
                elif isinstance(piece, ast.FormattedValue):
                    inner = _interpreter(self.value(piece.value))
                    if inner is None or isinstance(inner, Ref):
                        return None
                    spec = self.value(piece.format_spec) if piece.format_spec else ""
                    inner = repr(inner) if piece.conversion == ord("r") else inner
                    parts.append(format(inner, str(spec or "")))
            return "".join(parts)
        if isinstance(node, ast.BinOp):
            return self._binop(node)
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            items: list[Value] = []
            for element in node.elts:
                if isinstance(element, ast.Starred):
                    inner = self.value(element.value)
                    if not isinstance(inner, (list, tuple)):
                        return None
                    items.extend(inner)
                    continue
                items.append(self.value(element))
            return tuple(items) if isinstance(node, ast.Tuple) else items
        if isinstance(node, ast.Dict):
            out: dict[str, Value] = {}
            for key, val in zip(node.keys, node.values, strict=True):
                k = self.value(key) if key is not None else None
                if isinstance(k, str):
                    out[k] = self.value(val)
            return out
        if isinstance(node, ast.Subscript):
            return self._subscript(node)
        if isinstance(node, (ast.ListComp, ast.GeneratorExp, ast.SetComp)):
            return self._comprehension(node)
        if isinstance(node, ast.IfExp):
            return self.value(node.body)
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
            # os.environ.get("URL") or "https://default": a piece not known (the environment) may be empty, so
            # the first known truthy piece is what it holds when nothing else is given
            for piece in node.values:
                known = self.value(piece)
                if known is not None and not isinstance(known, Ref) and known:
                    return known
            return None
        if isinstance(node, ast.Call):
            return self._call(node)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            inner = self.value(node.operand)
            return -inner if isinstance(inner, (int, float)) and not isinstance(inner, bool) else None
        return None

    def _binop(self, node: ast.BinOp) -> Value:
        left, right = _interpreter(self.value(node.left)), _interpreter(self.value(node.right))
        op = node.op
        if isinstance(op, ast.Div) and isinstance(left, str) and isinstance(right, str):
            return left.rstrip("/") + "/" + right.lstrip("/") if left else right
        if isinstance(op, ast.Mod) and isinstance(left, str) and right is not None:
            args = tuple(right) if isinstance(right, (list, tuple)) else right
            return left % args
        if left is None or right is None or isinstance(left, Ref) or isinstance(right, Ref):
            return None
        if isinstance(op, ast.Add) and type(left) is type(right) and isinstance(left, (str, bytes, list, tuple, int)):
            joined = left + right  # type: ignore[operator]
            # s = s + s, sixty times: the text keeps its start (where a command or URL shows) and stops growing
            if isinstance(joined, (str, bytes)) and len(joined) > TEXT_CAP:
                self.cut = self.cut or f"a Python string grew past {TEXT_CAP:,} characters and was read only that far"
                return joined[:TEXT_CAP]
            return joined
        if isinstance(op, ast.Mult) and isinstance(left, (str, bytes, list)) and isinstance(right, int):
            return left * right if len(left) * right <= _LIMIT else None
        if isinstance(left, int) and isinstance(right, int):
            ops: dict[type[ast.operator], Callable[[int, int], int]] = {
                ast.BitXor: lambda a, b: a ^ b,
                ast.Add: lambda a, b: a + b,
                ast.Sub: lambda a, b: a - b,
                ast.Mult: lambda a, b: a * b,
                ast.Mod: lambda a, b: a % b,
                ast.BitAnd: lambda a, b: a & b,
                ast.BitOr: lambda a, b: a | b,
                ast.FloorDiv: lambda a, b: a // b,
                ast.LShift: lambda a, b: a << b if b < 64 else 0,
                ast.RShift: lambda a, b: a >> b,
            }
            fn = ops.get(type(op))
            return fn(left, right) if fn else None
        return None

    def _subscript(self, node: ast.Subscript) -> Value:
        base = self.value(node.value)
        if isinstance(base, Ref) and base.name in ("builtins", "os.environ"):
            key = self.value(node.slice)
            if base.name == "os.environ":
                return "~" if key in _HOME_KEYS else "$HISTFILE" if key == "HISTFILE" else None
            return Ref(f"builtins.{key}") if isinstance(key, str) else None
        if isinstance(node.slice, ast.Slice):
            if not isinstance(base, (str, bytes, list, tuple)):
                return None
            bounds = [
                self.value(p) if p is not None else None for p in (node.slice.lower, node.slice.upper, node.slice.step)
            ]
            if any(p is not None and not isinstance(p, int) for p in bounds):
                return None
            lower, upper, step = (p if isinstance(p, int) else None for p in bounds)
            return base[lower:upper:step]
        key = self.value(node.slice)
        if isinstance(base, dict) and isinstance(key, str):
            return base.get(key)
        if isinstance(base, dict) and key is None and base:
            return _any_flags(base)
        if isinstance(base, (str, bytes, list, tuple)) and isinstance(key, int):
            return base[key]
        return None

    def _comprehension(self, node: ast.ListComp | ast.GeneratorExp | ast.SetComp) -> Value:
        if len(node.generators) != 1:
            return None
        gen = node.generators[0]
        source = self.value(gen.iter)
        if isinstance(source, (str, bytes, list, tuple)) and len(source) + self.steps < _STEPS:
            self.steps += len(source)
            names = [n.id for n in ast.walk(gen.target) if isinstance(n, ast.Name)]
            saved = {n: self.names.get(n) for n in names}
            out: list[Value] = []
            try:
                for item in source:
                    self.bind(gen.target, item)
                    if all(bool(self.value(cond)) for cond in gen.ifs):
                        out.append(self.value(node.elt))
            finally:
                for n, v in saved.items():
                    if v is None:
                        self.names.pop(n, None)
                    else:
                        self.names[n] = v
            return out
        return None

    def bind(self, target: ast.AST, value: Value) -> None:
        """Bind a target (a name, or a tuple of names) to a value; unknown values unbind."""
        if isinstance(target, ast.Name):
            if value is None:
                self.names.pop(target.id, None)
            else:
                self.names[target.id] = value
        elif isinstance(target, (ast.Tuple, ast.List)):
            items = list(value) if isinstance(value, (list, tuple)) and len(value) == len(target.elts) else None
            for i, element in enumerate(target.elts):
                self.bind(element, items[i] if items is not None else None)

    # --- calls ---------------------------------------------------------------------------------
    def _call(self, node: ast.Call) -> Value:  # one dispatch over known pure functions
        fn = self.callee(node.func)
        args = [self.value(a) for a in node.args]
        kwargs: dict[str | None, Value] = {k.arg: self.value(k.value) for k in node.keywords if k.arg}
        first = args[0] if args else None
        if fn in ("builtins.getattr", "getattr") and len(args) >= 2:
            if isinstance(args[0], Ref) and isinstance(args[1], str):
                return Ref(f"{args[0].name}.{args[1]}")
            return None
        if fn in ("builtins.__import__", "__import__", "importlib.import_module") and isinstance(first, str):
            return Ref(first)
        if fn in ("builtins.vars", "builtins.globals", "builtins.locals") and not args:
            return Ref("builtins") if fn.endswith("globals") else None
        if fn == "shlex.join" and isinstance(first, (list, tuple)) and all(isinstance(i, str) for i in first):
            return " ".join(shlex.quote(i) for i in first)  # type: ignore[arg-type]
        if fn in _DECODE_FUNCS and isinstance(first, (str, bytes)):
            data = first.encode() if isinstance(first, str) else first
            if len(data) > _LIMIT:
                return None
            return _DECODE_FUNCS[fn](data)
        if fn in _ENCODE_FUNCS and isinstance(first, (str, bytes)):
            return _ENCODE_FUNCS[fn](first.encode() if isinstance(first, str) else first)
        if fn == "codecs.decode" and first is not None:
            return _codec(first, args[1] if len(args) > 1 else kwargs.get("encoding", "utf-8"))
        if fn == "codecs.encode" and isinstance(first, str) and len(args) > 1 and str(args[1]).startswith("rot"):
            return codecs.encode(first, "rot13")
        if fn in (
            "bytes.fromhex",
            "bytearray.fromhex",
            "builtins.bytes.fromhex",
            "builtins.bytearray.fromhex",
        ) and isinstance(first, str):
            return bytes.fromhex(first)
        if fn in ("builtins.bytes", "builtins.bytearray"):
            if isinstance(first, (list, tuple)) and all(isinstance(x, int) for x in first):
                return bytes(x & 0xFF for x in first)  # type: ignore[operator]
            if isinstance(first, str):
                return first.encode()
            return first if isinstance(first, bytes) else None
        if fn == "builtins.chr" and isinstance(first, int):
            return chr(first)
        if fn == "builtins.ord" and isinstance(first, str) and len(first) == 1:
            return ord(first)
        if fn == "builtins.int" and isinstance(first, str):
            base = args[1] if len(args) > 1 and isinstance(args[1], int) else 10
            return int(first, base)
        if fn == "builtins.str" and args:
            return first if isinstance(first, str) else (str(first) if isinstance(first, (int, float)) else None)
        if fn in ("builtins.list", "builtins.tuple") and isinstance(first, (str, bytes, list, tuple)):
            return list(first)
        if fn == "builtins.reversed" and isinstance(first, (str, bytes, list, tuple)):
            return list(reversed(first))
        if fn == "builtins.map" and len(args) == 2 and isinstance(args[1], (str, bytes, list, tuple)):
            return self._map(node.args[0], args[1])
        if fn == "builtins.zip":
            return None
        if fn in ("os.path.join", "posixpath.join", "ntpath.join") and args:
            texts = [a for a in args if isinstance(a, str)]
            if len(texts) == len(args):
                return "/".join(a.rstrip("/") for a in texts[:-1]) + ("/" if len(texts) > 1 else "") + texts[-1]
            return None
        if fn in ("os.path.expanduser", "os.path.expandvars", "posixpath.expanduser") and isinstance(first, str):
            return first.replace("$HOME", "~").replace("${HOME}", "~")
        if fn in ("pathlib.Path", "pathlib.PurePath", "pathlib.PosixPath", "pathlib.WindowsPath"):
            if not args:
                return "."
            if all(isinstance(a, str) for a in args):
                return "/".join(str(a).rstrip("/") for a in args[:-1]) + ("/" if len(args) > 1 else "") + str(args[-1])
            return None
        if fn in ("pathlib.Path.home", "pathlib.PurePath.home", "os.path.expanduser.home"):
            return "~"
        if fn in _SITE_CALLS:
            # where every interpreter start reads .pth files and sitecustomize: one folder, or a list of them
            return [SITE_PACKAGES] if fn == "site.getsitepackages" else SITE_PACKAGES
        if fn in ("os.getenv", "os.environ.get") and first in _HOME_KEYS:
            return "~"
        if fn in ("os.getenv", "os.environ.get") and first == "HISTFILE":
            return "$HISTFILE"  # the shell's history file, whatever default follows: a credential place
        if fn in ("os.getenv", "os.environ.get") and isinstance(first, str) and len(args) == 2:
            # os.environ.get("UPLOAD_URL", "https://...") runs with the skill's own default unless the user sets one
            return args[1]
        if fn == "shlex.join" and isinstance(first, list):
            # ["sh", "-c", shlex.join(argv)]: the command line the shell is handed (sys.executable is a python3)
            argv = ["python3" if isinstance(w, Ref) and w.name.endswith("sys.executable") else w for w in first]
            words = [w for w in argv if isinstance(w, str)]
            return shlex.join(words) if len(words) == len(argv) else None
        if fn == "shlex.quote" and isinstance(first, str):
            return shlex.quote(first)
        if fn in ("os.getcwd", "pathlib.Path.cwd"):
            return "."
        if fn == "json.loads" and isinstance(first, (str, bytes)):
            return _json_value(json.loads(first))
        if fn in _LOADERS and node.args:
            text = first if isinstance(first, (str, bytes)) and fn in _TEXT_LOADERS else self.shipped_text(node.args[0])
            return _parsed(fn, text) if text is not None else None
        if isinstance(node.func, ast.Attribute) and node.func.attr in ("read_text", "read_bytes", "read"):
            shipped = self.shipped_text(node.func.value)
            if shipped is not None:
                return shipped
        if fn in ("json.dumps",) and first is not None and not isinstance(first, Ref):
            return json.dumps(first, default=str)
        if isinstance(node.func, ast.Attribute):
            receiver = self.value(node.func.value)
            if receiver is not None and not isinstance(receiver, Ref):
                return self._method(receiver, node.func.attr, args, kwargs, node)
            if isinstance(receiver, Ref):
                return None
        if isinstance(node.func, ast.Name) and node.func.id in self.functions and node.func.id not in self.names:
            return self._local_call(self.functions[node.func.id], args)
        return None

    def shipped_text(self, node: ast.AST) -> str | None:
        """The text of a file the skill ships that ``node`` opens or names (``open(HERE / "cfg.json")``,
        ``Path(__file__).parent / "cfg.json"``), found by its name; None for any other file."""
        if not self.shipped:
            return None
        if isinstance(node, ast.Call) and self.callee(node.func) in ("builtins.open", "io.open", "codecs.open"):
            node = node.args[0] if node.args else node
        named = self.text(node).replace("\\", "/")
        name = named.rsplit("/", 1)[-1]
        if named.startswith(("~", "/")) or "*" in name or not name.lower().endswith(_CONFIG_SUFFIXES):
            return None  # the user's own files (~/.bashrc) are read at run time, not from the skill
        found = [text for path, text in self.shipped.items() if path == name or path.endswith("/" + name)]
        return found[0] if len(found) == 1 else None

    def _map(self, func: ast.AST, items: str | bytes | list[Value] | tuple[Value, ...]) -> Value:
        name = self.callee(func)
        if name == "builtins.chr":
            return [chr(x) if isinstance(x, int) else None for x in items]
        if name == "builtins.ord":
            return [ord(x) if isinstance(x, str) and len(x) == 1 else None for x in items]
        if isinstance(func, ast.Lambda) and len(func.args.args) == 1:
            if len(items) + self.steps >= _STEPS:
                return None
            self.steps += len(items)
            arg = func.args.args[0].arg
            saved = self.names.get(arg)
            out: list[Value] = []
            for item in items:
                self.names[arg] = item
                out.append(self.value(func.body))
            if saved is None:
                self.names.pop(arg, None)
            else:
                self.names[arg] = saved
            return out
        return None

    def _method(
        self, receiver: Value, attr: str, args: list[Value], kwargs: dict[str | None, Value], node: ast.Call
    ) -> Value:
        first = args[0] if args else None
        if isinstance(receiver, str):
            if attr == "join" and isinstance(first, (list, tuple)):
                if all(isinstance(x, str) for x in first):
                    return receiver.join(first)  # type: ignore[arg-type]
                return None
            if attr == "format":
                if any(a is None for a in args) or any(v is None for v in kwargs.values()):
                    return None
                return receiver.format(*args, **{k: v for k, v in kwargs.items() if k})
            if attr == "encode":
                return receiver.encode("utf-8", "replace")
            if attr == "replace" and isinstance(first, str) and len(args) > 1 and isinstance(args[1], str):
                return receiver.replace(first, args[1])
            if attr in ("upper", "lower", "strip", "lstrip", "rstrip", "title", "swapcase", "casefold"):
                out: str = getattr(receiver, attr)(*[a for a in args if isinstance(a, str)][:1])
                return out
            if attr == "split":
                return receiver.split(first if isinstance(first, str) else None)  # type: ignore[return-value]
            if attr == "splitlines":
                return receiver.splitlines()  # type: ignore[return-value]  # the lines of a list the skill ships
            if attr == "translate" and isinstance(first, dict):
                return None
            if attr == "expanduser":
                return receiver
            if attr in ("joinpath", "__truediv__") and all(isinstance(a, str) for a in args):
                return "/".join([receiver.rstrip("/"), *(str(a) for a in args)])
            if attr == "decode" and len(args) >= 1:
                return _codec(receiver, first)
            return None
        if isinstance(receiver, bytes):
            if attr == "decode":
                encoding = first if isinstance(first, str) else "utf-8"
                return (
                    _codec(receiver, encoding)
                    if encoding.lower() not in ("utf-8", "utf8", "ascii", "latin-1", "latin1")
                    else receiver.decode(encoding, "replace")
                )
            if attr == "hex":
                return receiver.hex()
            if attr == "join" and isinstance(first, (list, tuple)) and all(isinstance(x, bytes) for x in first):
                return receiver.join(first)  # type: ignore[arg-type]
            if attr in ("strip", "upper", "lower"):
                raw: bytes = getattr(receiver, attr)()
                return raw
            return None
        if isinstance(receiver, dict) and attr == "get" and isinstance(first, str):
            return receiver.get(first, args[1] if len(args) > 1 else None)
        return None

    def _enter(self, function: ast.FunctionDef | ast.AsyncFunctionDef, args: list[Value]) -> dict[str, Value]:
        """Bind a call's arguments to the function's parameters (an unknown one unbinds), returning the names as they
        were, for the caller to restore."""
        saved = dict(self.names)
        for i, param in enumerate(a.arg for a in function.args.args):
            if i < len(args) and args[i] is not None:
                self.names[param] = args[i]
            else:
                self.names.pop(param, None)
        return saved

    def _local_text(self, function: ast.FunctionDef | ast.AsyncFunctionDef, args: list[Value]) -> str:
        """The text a call of the module's own function returns, as ``text`` renders it (unknown pieces as ``*``)."""
        saved = self._enter(function, args)
        self.depth += 1
        try:
            for statement in function.body:
                if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                    continue  # the docstring
                if isinstance(statement, ast.Return):
                    return self.text(statement.value) if statement.value is not None else "*"
                if not self.execute(statement):
                    return "*"
            return "*"
        finally:
            self.depth -= 1
            self.names = saved

    def _local_call(self, function: ast.FunctionDef | ast.AsyncFunctionDef, args: list[Value]) -> Value:
        """A call of the module's own function whose body works out a constant from its arguments."""
        saved = self._enter(function, args)
        try:
            for statement in function.body:
                if isinstance(statement, ast.Return):
                    return self.value(statement.value)
                if not self.execute(statement):
                    return None
            return None
        finally:
            self.names = saved

    # --- statements ----------------------------------------------------------------------------
    def execute(self, statement: ast.stmt) -> bool:
        """Work out a simple statement's effect on the names (assignments, appends, loops over constants).

        Returns False for a statement it cannot follow (its names are left unknown)."""
        if isinstance(statement, ast.Assign):
            value = self.value(statement.value)
            for target in statement.targets:
                self.bind(target, value)
            return True
        if isinstance(statement, ast.AnnAssign):
            self.bind(statement.target, self.value(statement.value) if statement.value else None)
            return True
        if isinstance(statement, ast.AugAssign) and isinstance(statement.target, ast.Name):
            combined = ast.BinOp(left=ast.Name(statement.target.id, ast.Load()), op=statement.op, right=statement.value)
            self.bind(statement.target, self.value(combined))
            return True
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
            call = statement.value
            if (
                isinstance(call.func, ast.Attribute)
                and isinstance(call.func.value, ast.Name)
                and call.func.attr in ("append", "extend")
            ):
                current = self.names.get(call.func.value.id)
                item = self.value(call.args[0]) if call.args else None
                if isinstance(current, list):
                    if call.func.attr == "append":
                        current = [*current, item]
                    elif isinstance(item, (list, tuple, str, bytes)):
                        current = [*current, *item]
                    else:
                        current = None
                    self.bind(call.func.value, current)
                return True
            return True
        if isinstance(statement, ast.For) and not statement.orelse:
            source = self.value(statement.iter)
            if not isinstance(source, (str, bytes, list, tuple)) or len(source) + self.steps >= _STEPS:
                self._forget(statement)
                return True
            self.steps += len(source)
            for item in source:
                self.bind(statement.target, item)
                for inner in statement.body:
                    if not self.execute(inner):
                        self._forget(statement)
                        return True
            return True
        if isinstance(statement, (ast.Pass, ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef)):
            return True
        return False

    def _forget(self, statement: ast.stmt) -> None:
        for node in ast.walk(statement):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                self.names.pop(node.id, None)


_CONFIG_SUFFIXES = (".json", ".yaml", ".yml", ".toml", ".ini", ".cfg", ".conf", ".env", ".txt")
_TEXT_LOADERS = frozenset({"yaml.safe_load", "yaml.load", "yaml.full_load", "tomllib.loads", "toml.loads"})
_LOADERS = _TEXT_LOADERS | {"json.load", "tomllib.load", "toml.load"}


def _parsed(fn: str, text: str | bytes) -> Value:
    """A shipped config's parsed value (JSON, YAML or TOML by the loader named), or None when it does not parse."""
    raw = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
    if len(raw) > _LIMIT:
        return None
    try:
        if fn.startswith("json"):
            return _json_value(json.loads(raw))
        if fn.startswith("yaml"):
            return _json_value(load_bounded(raw))  # an alias bomb or a deep nest is refused: no value
        import tomllib

        return _json_value(tomllib.loads(raw))
    except Exception:  # a config that does not parse gives no value, whatever the parser raises
        return None


_JSON_NODES = 100_000
"""Values one parsed config may give (a bigger one gives no value rather than a copy without end)."""


def _json_value(data: object) -> Value:
    budget = [_JSON_NODES]

    def copy(item: object, depth: int) -> Value:
        budget[0] -= 1
        if budget[0] < 0 or depth > 64:
            raise ValueError("config too large or too deep to copy")
        if isinstance(item, (str, int, float, bool)):
            return item
        if isinstance(item, list):
            return [copy(x, depth + 1) for x in item]
        if isinstance(item, dict):
            return {str(k): copy(v, depth + 1) for k, v in item.items()}
        return None

    try:
        return copy(data, 0)
    except ValueError:
        return None


def _dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return f"{inner}.{node.attr}" if inner else node.attr
    if isinstance(node, ast.Call):
        inner = _dotted(node.func)
        return f"{inner}()" if inner else ""
    return ""


_BUILTINS = frozenset(
    {
        "exec",
        "eval",
        "compile",
        "getattr",
        "__import__",
        "open",
        "chr",
        "ord",
        "bytes",
        "bytearray",
        "int",
        "str",
        "list",
        "tuple",
        "map",
        "reversed",
        "zip",
        "vars",
        "globals",
        "locals",
        "print",
        "input",
    }
)


def _any_flags(table: dict[str, Value]) -> Value:
    """A table of option lists looked up by a key known only at run time (``PUBLISH[mode]``): any row may be the
    one used, and options add up, so every option of every row is what the command may carry. A table of anything
    else stays unknown."""
    rows = list(table.values())
    if not all(
        isinstance(row, list) and all(isinstance(item, str) and item.startswith("-") for item in row) for row in rows
    ):
        return None
    out: list[Value] = []
    for row in rows:
        out.extend(item for item in (row if isinstance(row, list) else []) if item not in out)
    return out
