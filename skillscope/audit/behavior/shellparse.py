"""Shell code as pipelines of commands, read from the tree-sitter-bash syntax tree with its values resolved.

The parser walks the tree in the order the shell would run it and keeps what constants allow it to know:
the values variables are assigned (plain words, quoted strings, ``$'\\x63'`` escapes, concatenations, for-loop
lists, ``${VAR:-default}``), the functions and aliases the script defines, and the output of a pipeline that
only decodes a constant (``echo Y3VybA== | base64 -d``). Each command's words come out unquoted and resolved
(``c'u'rl``, ``"cu""rl"`` and ``$'\\x63url'`` are all ``curl``), with wrappers (``sudo``, ``env``, ``nohup``,
``xargs``, ``busybox``) stripped. Code the shell runs from a string (``eval``, ``bash -c``, ``sh <<EOF``, a
decoded constant piped into ``sh``, an alias, a function body called with arguments) is parsed and walked
as well, so its commands reach the rules as if they were written out.

A variable whose value is not known stays as ``$NAME`` in the words, and a command substitution stays as its
source text, so the rules can still see that a word carries data from elsewhere.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import itertools
import re
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from skillscope.audit.behavior.base import TEXT_CAP
from skillscope.audit.behavior.shellvalues import json_path, shipped
from skillscope.audit.behavior.treesitter import parse
from skillscope.audit.behavior.vocab import SECRET_NAME

if TYPE_CHECKING:  # only names node types; the binding loads with the first parse (treesitter.py)
    import tree_sitter

__all__ = ["Cmd", "Pipeline", "Script", "parse_shell", "parse_script", "SHELLS", "decode_constant"]

SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "ash", "busybox"})
"""Interpreters whose program is shell code the parser can walk itself."""

_MAX_VALUES = 8
"""Values kept per word; a for-loop over many names keeps the first few."""
_MAX_WORDS = 64
"""Words kept where a value is spread into several (an array naming a command, an unquoted expansion, ``set --``)."""
_PLAIN_WORDS = re.compile(r"[\w./:@%+=~,-]+(?: [\w./:@%+=~,-]+)+")
"""A value an unquoted expansion splits into plain words (``busybox rm``), not shell text that merely holds spaces."""
_MAX_LIST = 64
"""Values kept for a word that takes each line of a shipped list (``while read -r p; do ...; done < list``) or one
piece that does (``"$HOME"/$p``): one list does not multiply, so each of its entries is judged, not the first few."""
_SCRIPT_FOLDER = re.compile(
    r"\$\((?:dirname\s+\"?\$(?:0|\{?BASH_SOURCE(?:\[0\])?\}?)\"?|cd\s+\"?\$\(dirname\s+\"?\$(?:0|\{?BASH_SOURCE(?:\[0\])?\}?)\"?\)\"?\s*&&\s*pwd(?:\s+-P)?)\)"
)
"""``$(dirname "$0")`` and ``$(cd "$(dirname "$0")" && pwd)``: the script's own folder, which the skill ships."""
_MAX_DEPTH = 6
"""Nesting of eval, bash -c, aliases and function calls followed before giving up (hostile recursion)."""


@dataclass
class Cmd:
    """One simple command: its words (wrappers such as sudo stripped), where it is, redirects and substitutions."""

    words: list[str]
    start: int
    end: int
    redirects: list[tuple[str, str]] = field(default_factory=list)
    """(operator, target) for each redirect; a target with several possible values is listed once per value."""
    subs: list[Pipeline] = field(default_factory=list)
    """The pipelines of the command substitutions in its words and redirects."""
    assigns: list[tuple[str, str, list[Pipeline]]] = field(default_factory=list)
    """(name, value, the value's command substitutions) of each assignment the command makes."""
    stdin: str | None = None
    """Text fed to the command's standard input when it is known: a here-document, a here-string, or the
    output of an earlier stage that decodes a constant."""
    alts: list[str] = field(default_factory=list)
    """Every value each argument may take beyond the first (a for-loop's other items, ``${X:-default}``)."""
    wrappers: list[str] = field(default_factory=list)
    """The wrappers stripped from the front (sudo, env, nohup, xargs, ...)."""
    via: str = ""
    """How the command was reached when it is not written out: ``eval``, ``bash -c``, ``function send``."""
    output: bytes | None = None
    """What a call of the script's own function prints, when its body prints a constant."""

    @property
    def name(self) -> str:
        """The command's base name, lower-cased ('' for a bare assignment)."""
        return self.words[0].rsplit("/", 1)[-1].lower() if self.words else ""

    @property
    def args(self) -> list[str]:
        return self.words[1:]


Pipeline = list[list[Cmd]]
"""Stages joined by |; a stage is one command, or every command of a compound ( ... ) or { ... } stage."""


@dataclass
class Script:
    """What a shell text does: its pipelines in running order and what the parser learnt about its names."""

    pipelines: list[Pipeline]
    assigned: set[str]
    """Every variable the text assigns anywhere (assignment, for, read, export, local)."""
    functions: set[str]
    cut: bool = False
    """True when a value grew past ``TEXT_CAP`` (a string doubled in a loop) and was kept only in part."""


# Wrappers whose own options take a value (sudo -u USER, timeout 10, nice -n 5, xargs -I {}).
_WRAPPERS: dict[str, frozenset[str]] = {
    "sudo": frozenset({"-u", "-g", "-h", "-p", "-C", "-U", "-r", "-t", "-D", "-R", "-T"}),
    "doas": frozenset({"-u", "-C"}),
    "env": frozenset({"-u", "--unset", "-C", "--chdir", "-S", "--split-string"}),
    "nohup": frozenset(),
    "exec": frozenset({"-a"}),
    "command": frozenset(),
    "builtin": frozenset(),
    "time": frozenset({"-f", "-o"}),
    "nice": frozenset({"-n", "--adjustment"}),
    "ionice": frozenset({"-c", "-n", "-p"}),
    "stdbuf": frozenset({"-i", "-o", "-e"}),
    "timeout": frozenset({"-s", "--signal", "-k", "--kill-after"}),
    "xargs": frozenset({"-I", "-i", "-n", "-P", "-d", "-L", "-s", "-E", "-a", "--arg-file", "--delimiter"}),
    "setsid": frozenset(),
    "busybox": frozenset(),
    "unbuffer": frozenset(),
    "caffeinate": frozenset({"-t", "-w"}),
    "chronic": frozenset(),
    "torsocks": frozenset(),
    "proxychains": frozenset({"-f"}),
    "proxychains4": frozenset({"-f"}),
    "watch": frozenset({"-n", "--interval", "-d"}),
    "flock": frozenset({"-w", "-E"}),
    "runuser": frozenset({"-u", "-g"}),
    "su": frozenset({"-s", "-g"}),
}
_VALUELESS_WRAPPERS = frozenset({"timeout"})
"""Wrappers that take one positional value before the command (timeout DURATION)."""
_PROMPTS = frozenset({"$", "%", "#", ">", "PS>"})


_WINDOWS_COPIES = {"copy": "cp", "xcopy": "cp", "move": "mv"}
_SWITCH = re.compile(r"/[A-Za-z?-]{1,4}(?::\S*)?")


def _windows_copy(words: list[str]) -> list[str]:
    """``copy /y src dst`` (xcopy, move) as the ``cp`` or ``mv`` it is: what it writes is judged the same way."""
    if not words:
        return words
    tool = _WINDOWS_COPIES.get(words[0].lower().removesuffix(".exe"))
    if tool is None:
        return words
    return [tool, *(w for w in words[1:] if not _SWITCH.fullmatch(w))]


def _strip_wrappers(words: list[str]) -> tuple[list[str], list[str]]:
    stripped: list[str] = []
    while words and words[0] in _PROMPTS:  # a prompt copied from a terminal session
        words = words[1:]
    while words:
        base = words[0].rsplit("/", 1)[-1]
        if base not in _WRAPPERS:
            break
        if base == "command" and any(w in ("-v", "-V") for w in words[1:2]):
            break  # `command -v curl` asks where curl is; it runs nothing
        if base == "su" and "-c" in words[1:]:
            index = words.index("-c")
            if index + 1 < len(words):
                words = ["sh", "-c", *words[index + 1 :]]
                stripped.append("su")
                continue
        takes = _WRAPPERS[base]
        rest = words[1:]
        while rest and (rest[0].startswith("-") or re.match(r"^[A-Za-z_]\w*=", rest[0])):
            flag = rest[0]
            rest = rest[2:] if flag in takes else rest[1:]
        if base in _VALUELESS_WRAPPERS and rest:
            rest = rest[1:]
        if base in ("nice", "flock") and rest and rest[0].lstrip("-").isdigit():
            rest = rest[1:]
        if not rest:
            break  # `env` or `sudo -l` on its own is the command itself
        stripped.append(base)
        words = rest
    return words, stripped


# --- decoding a constant -----------------------------------------------------------------------------


def _ansi_c(body: str) -> str:
    """The value of a ``$'...'`` string's body."""
    simple = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "e": "\x1b", "E": "\x1b", "f": "\f", "v": "\v"}

    def one(match: re.Match[str]) -> str:
        token = match.group(0)[1:]
        if token[0] in "xX":
            return chr(int(token[1:], 16))
        if token[0] in "uU":
            try:
                return chr(int(token[1:], 16))
            except ValueError:
                return ""
        if token[0] in "01234567":
            return chr(int(token, 8) & 0xFF)
        return simple.get(token, token)

    return re.sub(r"\\(?:[xX][0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|.)", one, body)


def _printf(args: list[str]) -> str | None:
    if not args:
        return None
    fmt, rest = args[0], args[1:]
    if "%" in fmt.replace("%%", ""):
        # printf '%s\n' line1 line2: the format (conversions and escapes only) is reused while values remain
        if re.fullmatch(r"(?:%[sb]|\s|\\[nt])+", fmt) and rest:
            pieces = re.split(r"(%[sb])", fmt)
            taken = sum(1 for piece in pieces if piece in ("%s", "%b"))
            out: list[str] = []
            for first in range(0, len(rest), taken):
                values = iter(rest[first : first + taken])
                for piece in pieces:
                    if piece in ("%s", "%b"):
                        value = next(values, "")
                        out.append(_ansi_c(value) if piece == "%b" else value)
                    else:
                        out.append(_ansi_c(piece))
            return "".join(out)
        return None
    return _ansi_c(fmt.replace("%%", "%"))


def _b64(data: bytes) -> bytes | None:
    cleaned = re.sub(rb"\s+", b"", data)
    try:
        return base64.b64decode(cleaned + b"=" * (-len(cleaned) % 4), validate=True)
    except (binascii.Error, ValueError):
        try:
            return base64.b32decode(cleaned + b"=" * (-len(cleaned) % 8))
        except (binascii.Error, ValueError):
            return None


def decode_constant(name: str, args: list[str], data: bytes) -> bytes | None:
    """What a decoding stage (``base64 -d``, ``xxd -r -p``, ``rev``, ``tr`` rot13, ``gunzip``) makes of ``data``, or None."""
    if name in ("base64", "base32", "b64") and any(
        a in ("-d", "--decode", "-D") or re.fullmatch(r"-\w*d\w*", a) for a in args
    ):
        return _b64(data)
    if name == "openssl" and "-d" in args and ("base64" in args or "-base64" in args or "-a" in args):
        return _b64(data)
    if name == "xxd" and any(a.startswith("-r") for a in args):
        try:
            return binascii.unhexlify(re.sub(rb"[^0-9a-fA-F]", b"", data))
        except (binascii.Error, ValueError):
            return None
    if name == "rev":
        return b"\n".join(line[::-1] for line in data.split(b"\n"))
    if name == "tr" and len(args) == 2 and args[0].replace("a-z", "").replace("A-Z", "") == "":
        text = data.decode("latin-1")
        if re.fullmatch(r"[A-Za-z-]+", args[1]) and ("N-Z" in args[1] or "n-z" in args[1]):
            return codecs.encode(text, "rot13").encode("latin-1")
    if name in ("gunzip", "zcat", "gzip") and (name != "gzip" or "-d" in args):
        try:
            return zlib.decompress(data, 47)
        except zlib.error:
            return None
    if name == "zlib-flate" and "-uncompress" in args:
        try:
            return zlib.decompress(data)
        except zlib.error:
            return None
    return None


def _emits(cmd: Cmd) -> bytes | None:
    """The output of a command that prints a constant (echo, printf, a here-string fed to cat, a function doing so)."""
    if cmd.output is not None:
        return cmd.output
    # printf's values may hold a variable left unresolved: what it prints is that text (a start-up block built as
    # lines); its format must be known
    if any("$" in w or "`" in w for w in (cmd.words[:2] if cmd.name == "printf" else cmd.words)):
        return None
    if cmd.name == "echo":
        args = [a for a in cmd.args if a not in ("-n", "-e", "-ne", "-en", "-E")]
        text = " ".join(args)
        return (_ansi_c(text) if "-e" in "".join(cmd.args) else text).encode("latin-1", "replace")
    if cmd.name == "printf":
        out = _printf(cmd.args)
        return out.encode("latin-1", "replace") if out is not None else None
    if cmd.name in ("cat", "") and cmd.stdin is not None and not cmd.args:
        return cmd.stdin.encode("latin-1", "replace")
    return None


def _as_text(data: bytes) -> str | None:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    printable = sum(ch.isprintable() or ch in "\n\t\r" for ch in text)
    return text if text and printable >= 0.9 * len(text) else None


# --- walking the tree ---------------------------------------------------------------------------------


class _Offsets:
    """Byte offsets of the UTF-8 tree to character offsets of the text."""

    def __init__(self, text: str, data: bytes) -> None:
        self.identity = len(text) == len(data)
        self.chars: list[int] = []
        if not self.identity:
            for index, ch in enumerate(text):
                self.chars.extend([index] * len(ch.encode("utf-8", "surrogatepass")))
            self.chars.append(len(text))

    def __call__(self, byte: int) -> int:
        if self.identity:
            return byte
        return self.chars[min(byte, len(self.chars) - 1)]


@dataclass
class _Scope:
    """Names in force: variables (each with its possible values), functions, aliases, positional arguments."""

    env: dict[str, list[str]] = field(default_factory=dict)
    functions: dict[str, tuple[tree_sitter.Node, bytes, _Offsets, int]] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)
    positional: list[list[str]] | None = None
    assigned: set[str] = field(default_factory=set)
    called: set[str] = field(default_factory=set)
    files: Mapping[str, str] = field(default_factory=dict)
    """The skill's own files by path, where a value read from a shipped config file is looked up."""
    here: str = ""
    """The path of the script being read (a relative path in it is looked up beside it first)."""
    sourced: set[str] = field(default_factory=set)
    foreign: set[str] = field(default_factory=set)
    """Functions defined in a file this one sources."""
    arrays: dict[str, list[str]] = field(default_factory=dict)
    """The items of each bash array assigned whole (``dirs=(dist build)``), at most ``_MAX_VALUES``; a longer one is
    left out, so its expansion stays unresolved rather than judged on its first few items."""
    array_words: dict[str, list[str]] = field(default_factory=dict)
    """The same arrays' items as words, up to ``_MAX_WORDS``: a command held in an array (``"${client[@]}" ...``) is
    spread into them, where no choice between items is made."""
    cut: bool = False
    """Set when a value was cut at ``TEXT_CAP``."""
    unknown: set[str] = field(default_factory=set)
    """The source of each ``$( )`` whose output the parser cannot know: a value holding one stays ``$name``."""


class _Walker:
    """Turns one parsed text into pipelines; nested texts (eval, bash -c, functions) get walkers of their own."""

    def __init__(
        self,
        text: str,
        scope: _Scope,
        out: list[Pipeline],
        base: int = 0,
        span: tuple[int, int] | None = None,
        via: str = "",
        depth: int = 0,
    ) -> None:
        self.tree, self.data = parse("bash", text)
        self.at = _Offsets(text, self.data)
        self.scope = scope
        self.out = out
        self.base = base
        self.span = span
        self.via = via
        self.depth = depth
        self.lines_in: str | None = None
        """The text a ``while read`` loop being walked is fed from a file the skill ships."""

    # positions

    def pos(self, node: tree_sitter.Node) -> tuple[int, int]:
        if self.span is not None:
            return self.span
        return self.base + self.at(node.start_byte), self.base + self.at(node.end_byte)

    def src(self, node: tree_sitter.Node) -> str:
        return self.data[node.start_byte : node.end_byte].decode("utf-8", "replace")

    # values

    def lookup(self, name: str) -> list[str]:
        scope = self.scope
        if name.isdigit() and scope.positional is not None:
            index = int(name) - 1
            return scope.positional[index] if 0 <= index < len(scope.positional) else [""]
        if name in ("@", "*") and scope.positional is not None:
            return [" ".join(v[0] for v in scope.positional)]
        if name in scope.env:
            return scope.env[name]
        return [f"${name}"]

    def values(self, node: tree_sitter.Node, subs: list[Pipeline]) -> list[str]:
        """Every value (at most a few) a word node may take, unquoted, its substitutions walked into ``subs``."""
        kind = node.type
        if kind == "word":
            return [re.sub(r"\\(.)", r"\1", self.src(node), flags=re.DOTALL)]
        if kind == "raw_string":
            return [self.src(node)[1:-1]]
        if kind == "ansi_c_string":
            return [_ansi_c(self.src(node)[2:-1])]
        if kind in ("string", "translated_string", "concatenation"):
            parts = [c for c in node.children if c.type not in ('"', "$")]
            if kind == "translated_string":
                parts = [c for c in node.children if c.type == "string"]
            values = [self.part(c, subs) for c in parts]
            if kind == "string" and parts:
                # the grammar leaves the line breaks (and blanks around them) of a quoted string between its
                # pieces: they are part of the value (a python -c program written over several lines)
                pieces: list[list[str]] = []
                at = parts[0].start_byte if node.children[0].type != '"' else node.children[0].end_byte
                for child, value in zip(parts, values, strict=True):
                    if child.start_byte > at:
                        pieces.append([self.data[at : child.start_byte].decode("utf-8", "replace")])
                    pieces.append(value)
                    at = child.end_byte
                closing = node.children[-1]
                if closing.type == '"' and closing.start_byte > at:
                    pieces.append([self.data[at : closing.start_byte].decode("utf-8", "replace")])
                values = pieces
            return self.product(values)
        return self.part(node, subs)

    def part(self, node: tree_sitter.Node, subs: list[Pipeline]) -> list[str]:
        kind = node.type
        if kind == "string_content":
            return [re.sub(r"\\([\\\"$`\n])", r"\1", self.src(node))]
        if kind == "simple_expansion":
            # the grammar puts the blanks before a "$name" inside a quoted string into the expansion (" $scope"):
            # they are text of the string, and the name is what follows the "$"
            source = self.src(node)
            name = source.lstrip()[1:]
            lead = source[: len(source) - len(source.lstrip())]
            return [lead + value for value in self.lookup(name)] if lead else self.lookup(name)
        if kind == "expansion":
            return self.expansion(node, subs)
        if kind in ("command_substitution", "process_substitution"):
            values, source = self.substitution(node, subs), self.src(node)
            lead = source[: len(source) - len(source.lstrip())]  # "a ${x} $(cmd)": the blank before "$(" is text
            return [lead + value if lead and not value.startswith(lead) else value for value in values]
        if kind in ("string", "raw_string", "ansi_c_string", "word", "concatenation", "translated_string"):
            return self.values(node, subs)
        return [self.src(node)]

    def expansion(self, node: tree_sitter.Node, subs: list[Pipeline]) -> list[str]:
        text = self.src(node)
        whole = re.fullmatch(r"\$\{([A-Za-z_]\w*)\[[@*]\]\}", text)
        if whole and whole.group(1) in self.scope.arrays:  # "${dirs[@]}": each item the array was given
            return self.scope.arrays[whole.group(1)][:_MAX_VALUES] or [text]
        item = re.fullmatch(r"\$\{([A-Za-z_]\w*)\[(.+)\]\}", text)  # [$RANDOM % ${#hosts[@]}] holds brackets
        if item and item.group(1) in self.scope.arrays and self.scope.arrays[item.group(1)]:
            items = self.scope.arrays[item.group(1)]
            if item.group(2).isdigit():
                return [items[int(item.group(2))]] if int(item.group(2)) < len(items) else [text]
            return items[:_MAX_VALUES]  # ${hosts[$RANDOM % 2]}: an index known only at run time picks any item
        names = [c for c in node.children if c.type in ("variable_name", "special_variable_name")]
        if names and text.startswith("${!") and not text.endswith(("[@]}", "[*]}", "*}", "@}")):
            # ${!n:-$(cmd)} with n="GH"; n+="_TOKEN": the variable n names, and a default whose $( ) still runs
            operator = next((c for c in node.children if self.src(c) in (":-", "-", ":=", "=")), None)
            if operator is not None:
                for c in node.children:
                    if c.start_byte >= operator.end_byte and c.type != "}":
                        self.values(c, subs)
            pointed = self.lookup(self.src(names[0]))
            if len(pointed) == 1 and re.fullmatch(r"[A-Za-z_]\w*", pointed[0]):
                return self.lookup(pointed[0])
            return [text]
        if not names or text.startswith(("${!", "${#")):
            return [text]
        name = self.src(names[0])
        known = name in self.scope.env or (name.isdigit() and self.scope.positional is not None)
        value = self.lookup(name)
        trim = next((c for c in node.children if self.src(c) in ("%", "%%", "#", "##")), None)
        pattern = next((self.src(c) for c in node.children if c.type == "regex"), None)
        if trim is not None and pattern is not None and not re.search(r"[*?\[$`]", pattern):
            # ${root%/.cache}: a literal suffix (or prefix) taken off each known value
            cut = self.src(trim)[0]
            return [
                v[: -len(pattern)]
                if cut == "%" and v.endswith(pattern)
                else v[len(pattern) :]
                if cut == "#" and v.startswith(pattern)
                else v
                for v in value
            ]
        operator = next((c for c in node.children if self.src(c) in (":-", "-", ":=", "=")), None)
        if operator is not None:
            rest = [c for c in node.children if c.start_byte >= operator.end_byte and c.type != "}"]
            default = self.product([self.values(c, subs) for c in rest]) if rest else [""]
            if known:
                return value
            if any(default) and not SECRET_NAME.search(name):
                # ${UPLOAD_URL:-https://...}: the skill's own default is what runs unless the user sets the name;
                # a secret's name keeps its read first (${TOKEN:-} is still a read of $TOKEN)
                return (default + value)[:_MAX_VALUES]
            return (value + default)[:_MAX_VALUES]
        return value

    def spread(self, node: tree_sitter.Node) -> list[str] | None:
        """The words ``"$@"`` (or ``$*``) stands for inside a called function, one per argument; None elsewhere."""
        if self.scope.positional is None or self.src(node) not in ('"$@"', "$@", '"${@}"', "${@}", "$*", "${*}"):
            return None
        return [values[0] for values in self.scope.positional]

    def spread_array(self, node: tree_sitter.Node) -> list[str] | None:
        """The words ``"${cmd[@]}"`` stands for where it names the command (``client=(wget -q -O -)``, then
        ``"${client[@]}" --post-file=f URL``): the program and its first arguments, one word each."""
        whole = re.fullmatch(r"\"?\$\{([A-Za-z_]\w*)\[[@*]\]\}\"?", self.src(node))
        if whole is None or not self.scope.array_words.get(whole.group(1)):
            return None
        return list(self.scope.array_words[whole.group(1)])

    def substitution(self, node: tree_sitter.Node, subs: list[Pipeline]) -> list[str]:
        """Walk a $( ) or <( ) body; its value is a decoded constant when it is one, each line a ``shuf`` may pick
        when it picks among constants, else its source text."""
        inner: list[Pipeline] = []
        walker = self.child(inner)
        for child in node.children:
            if child.type == "file_redirect":  # $(<file) reads the file, as $(cat file) does
                cmd = self.make(child, ["cat"], [])
                walker.apply_redirects(cmd, [child])
                cmd.words += [t for op, t in cmd.redirects if op == "<"]
                inner.append([[cmd]])
            else:
                walker.statement(child)
        subs.extend(inner)
        self.out.extend(inner)
        # $(jq -r .url "$(dirname "$0")/cfg.json"): the inner $( ) is walked too, but what prints is the outer one
        nested = {id(p) for pipeline in inner for stage in pipeline for cmd in stage for p in cmd.subs}
        own = [p for p in inner if id(p) not in nested and all(c.via == self.via for stage in p for c in stage)]
        if len(own) == 1 and node.type == "command_substitution":
            picks = _picks(own[0], self.file_output)
            if picks:
                return picks
            output = _pipeline_output(own[0], self.file_output)
            if output is not None:
                text = _as_text(output)
                if text is not None:
                    return [text.rstrip("\n")]
        if not _SCRIPT_FOLDER.fullmatch(self.src(node)):  # "$(dirname "$0")/list.conf" still names a shipped file
            self.scope.unknown.add(self.src(node))
        return [self.src(node)]

    def product(self, parts: list[list[str]]) -> list[str]:
        """Every joining of one value of each part (at most ``_MAX_VALUES``), each cut at ``TEXT_CAP``."""
        if not parts:
            return [""]
        out = []
        many = sum(1 for part in parts if len(part) > 1) <= 1  # one list among constants: as long as that list
        for combo in itertools.islice(itertools.product(*parts), _MAX_LIST if many else _MAX_VALUES):
            joined = "".join(combo)
            if len(joined) > TEXT_CAP:
                joined = joined[:TEXT_CAP]
                self.scope.cut = True
            out.append(joined)
        return out

    def child(self, out: list[Pipeline]) -> _Walker:
        clone = _Walker.__new__(_Walker)
        clone.__dict__.update(self.__dict__)
        clone.out = out
        return clone

    # statements

    def walk(self) -> None:
        self.statement(self.tree.root_node)

    def statement(self, node: tree_sitter.Node) -> list[Cmd]:
        """Walk one statement; the commands it is made of (for a pipeline stage) are returned."""
        kind = node.type
        if kind == "command":
            return self.command(node, [])
        if kind == "redirected_statement":
            return self.redirected(node)
        if kind == "pipeline":
            self.pipeline(node, [])
            return []
        if kind == "variable_assignment":
            cmd = self.make(node, [], [])
            self.assign(node, cmd)
            self.out.append([[cmd]])
            return [cmd]
        if kind == "variable_assignments":
            cmd = self.make(node, [], [])
            for child in node.children:
                if child.type == "variable_assignment":
                    self.assign(child, cmd)
            self.out.append([[cmd]])
            return [cmd]
        if kind == "declaration_command":
            return self.declaration(node)
        if kind == "function_definition":
            name_node = node.child_by_field_name("name")
            body = node.child_by_field_name("body")
            if name_node is not None and body is not None:
                self.scope.functions[self.src(name_node)] = (body, self.data, self.at, self.base)
            return []
        if kind == "for_statement":
            variable = node.child_by_field_name("variable")
            items = node.children_by_field_name("value")
            if variable is not None:
                name = self.src(variable)
                values: list[str] = []
                subs: list[Pipeline] = []
                for item in items:
                    values.extend(self.values(item, subs))
                self.scope.env[name] = values[: _MAX_LIST if len(items) == 1 else _MAX_VALUES] or [f"${name}"]
                self.scope.assigned.add(name)
                if subs:  # for x in $(cat key | xxd -p): the variable carries what the substitution prints
                    cmd = self.make(variable, [], [])
                    cmd.assigns.append((name, values[0] if values else "", subs))
                    self.out.append([[cmd]])
                    self.bind(name, values[:_MAX_VALUES] or [f"${name}"], subs)
            body = node.child_by_field_name("body")
            if body is not None:
                self.statement(body)
            return []
        if kind in ("comment", "heredoc_body", "heredoc_start", "heredoc_end"):
            return []
        commands: list[Cmd] = []
        for child in node.children:
            commands.extend(self.statement(child))
        return commands

    def pipeline(self, node: tree_sitter.Node, redirects: list[tree_sitter.Node]) -> Pipeline:
        stages: Pipeline = []
        for child in node.children:
            if child.type in ("|", "|&"):
                continue
            before = len(self.out)
            commands = self.statement(child)
            produced = self.out[before:]
            mine = {id(c) for c in commands}
            # a stage's own commands belong to this pipeline, not to pipelines of their own
            self.out[before:] = [p for p in produced if not all(id(c) in mine for st in p for c in st)]
            if not commands:
                commands = [c for p in produced for st in p for c in st]
            inner = self.run_as_stage(commands, self.out[before:])
            if inner is not None:  # ... | bash -c 'openssl enc -d -base64' | ...: the code's own stages, in place
                self.out.remove(inner)
                stages.extend(inner)
                continue
            if len(commands) > 1:  # ( crontab -l; sh -c "echo ..." ) | crontab -: each runner's command, in the group
                commands = [self.run_in_group(c, self.out[before:]) for c in commands]
            stages.append(commands)
        for redirect in redirects:
            heredoc = redirect.type in ("heredoc_redirect", "herestring_redirect")
            for cmd in (stages[0] if heredoc else stages[-1]) if stages else []:
                self.apply_redirects(cmd, [redirect])
        self.out.append(stages)
        self.expand_stages(stages)
        return stages

    def run_as_stage(self, commands: list[Cmd], produced: list[Pipeline]) -> Pipeline | None:
        """The one pipeline a pipeline stage's ``bash -c CODE``, ``eval CODE`` or call of the script's own function
        runs, when that is all the stage is: it reads the stage's input and writes its output, so it stands in the
        stage's place."""
        if len(commands) != 1 or commands[0].wrappers:
            return None  # xargs sh -c '...' reads its input as arguments, sudo sh -c runs as another user: kept
        cmd = commands[0]
        if cmd.name == "eval":
            via = "eval"
        elif cmd.name in SHELLS and "-c" in cmd.args[:3]:
            via = f"{cmd.name} -c"
        elif cmd.words and cmd.words[0] in self.scope.functions:
            via = f"function {cmd.words[0]}"  # run() { "$@"; } at the head of a pipeline: what it runs is the stage
        else:
            return None
        own = [p for p in produced if all(c.via == via for st in p for c in st)]
        return own[0] if len(own) == 1 and len(produced) == 1 and all(len(st) == 1 for st in own[0]) else None

    def run_in_group(self, cmd: Cmd, produced: list[Pipeline]) -> Cmd:
        """The one command a group's ``bash -c CODE`` or ``eval CODE`` runs (its output is the group's output too),
        taken out of the pipelines of its own; else ``cmd`` itself."""
        if cmd.wrappers or not (cmd.name == "eval" or (cmd.name in SHELLS and "-c" in cmd.args[:3])):
            return cmd
        via = "eval" if cmd.name == "eval" else f"{cmd.name} -c"
        own = [p for p in produced if all(c.via == via and cmd.start <= c.start <= cmd.end for st in p for c in st)]
        if len(own) != 1 or len(own[0]) != 1 or len(own[0][0]) != 1:
            return cmd
        self.out.remove(own[0])
        return own[0][0][0]

    def redirected(self, node: tree_sitter.Node) -> list[Cmd]:
        body = node.child_by_field_name("body")
        redirects = [c for c in node.children if c.type.endswith("redirect")]
        if body is None:
            cmd = self.make(node, [], [])
            self.apply_redirects(cmd, redirects)
            self.out.append([[cmd]])
            return [cmd]
        if body.type == "command":
            return self.command(body, redirects, outer=node)
        if body.type == "pipeline":
            self.pipeline(body, redirects)
            return []
        before = len(self.out)
        fed = None
        if body.type == "while_statement":  # while read -r p; do ...; done < list: p takes each line the skill ships
            probe = self.make(node, [], [])
            self.apply_redirects(probe, [r for r in redirects if r.type == "file_redirect"])
            fed = self.shipped_text(next((t for op, t in probe.redirects if op == "<"), ""))
        saved, self.lines_in = self.lines_in, fed
        try:
            commands = self.statement(body)
        finally:
            self.lines_in = saved
        if commands:
            for cmd in commands:
                self.apply_redirects(cmd, redirects)
            return commands
        # ( curl … | sh ) >/dev/null: the group's output is its pipelines' last stages' output, and what it reads
        # comes into their first stages; an inner stage still feeds the next one, so it keeps its own streams
        for pipeline in self.out[before:]:
            for at, stage in enumerate(pipeline):
                for cmd in stage:
                    if len(pipeline) == 1:
                        self.apply_redirects(cmd, redirects)
                        continue
                    kept = [
                        r
                        for r in redirects
                        if (at == 0 and _reads_in(self.src(r)))
                        or (at == len(pipeline) - 1 and not _reads_in(self.src(r)))
                    ]
                    self.apply_redirects(cmd, kept)
        return commands

    def apply_redirects(self, cmd: Cmd, redirects: list[tree_sitter.Node]) -> None:
        for redirect in redirects:
            if redirect.type == "heredoc_redirect":
                body = next((c for c in redirect.children if c.type == "heredoc_body"), None)
                start = next((c for c in redirect.children if c.type == "heredoc_start"), None)
                quoted = start is not None and self.src(start)[:1] in ("'", '"', "\\")
                if body is None:
                    continue
                text = self.src(body)
                if not quoted:
                    text = self.resolve_text(body, cmd.subs)
                cmd.stdin = text
                cmd.redirects.append(("<<", text))
                if cmd.name in SHELLS and self.depth < _MAX_DEPTH:
                    # bash <<EOF ... EOF: the body is a script at its own place in the file
                    exact = self.span is None and quoted
                    self.nested(
                        self.src(body) if exact else text,
                        base=self.pos(body)[0] if exact else 0,
                        span=None if exact else (cmd.start, cmd.end),
                        via=f"{cmd.name} here-document",
                    )
                continue
            op_node = next(
                (c for c in redirect.children if c.type not in ("file_descriptor",) and not c.is_named), None
            )
            op = self.src(op_node) if op_node is not None else ">"
            targets = redirect.children_by_field_name("destination") or [
                c for c in redirect.children if c.is_named and c.type != "file_descriptor"
            ]
            if redirect.type == "herestring_redirect":
                values = [v for t in targets for v in self.values(t, cmd.subs)]
                cmd.stdin = values[0] if values else ""
                cmd.redirects.append(("<<<", cmd.stdin))
                if cmd.name in SHELLS and self.depth < _MAX_DEPTH:
                    self.nested(cmd.stdin, span=(cmd.start, cmd.end), via=f"{cmd.name} <<<")
                continue
            for target in targets[:1]:
                for value in self.values(target, cmd.subs):
                    cmd.redirects.append((op, value))

    def resolve_text(self, body: tree_sitter.Node, subs: list[Pipeline]) -> str:
        """An unquoted here-document's text with its expansions replaced by their values."""
        pieces: list[str] = []
        at = body.start_byte
        for child in body.children:
            if child.type in ("simple_expansion", "expansion", "command_substitution"):
                pieces.append(self.data[at : child.start_byte].decode("utf-8", "replace"))
                pieces.append(self.part(child, subs)[0])
                at = child.end_byte
        pieces.append(self.data[at : body.end_byte].decode("utf-8", "replace"))
        return "".join(pieces)

    def make(self, node: tree_sitter.Node, words: list[str], alts: list[str]) -> Cmd:
        start, end = self.pos(node)
        return Cmd(words, start, end, alts=alts, via=self.via)

    def assign(self, node: tree_sitter.Node, cmd: Cmd, *, bind: bool = True) -> None:
        name_node = node.child_by_field_name("name")
        value_node = node.child_by_field_name("value")
        if name_node is None:
            return
        name = self.src(name_node)
        appended = name.endswith("+") or any(self.src(c) == "+=" for c in node.children)
        name = name.removesuffix("+")
        subs: list[Pipeline] = []
        values = self.values(value_node, subs) if value_node is not None else [""]
        if (
            appended
            and value_node is not None
            and value_node.type != "array"
            and name in self.scope.env
            and not any("$" in old for old in self.scope.env[name])
        ):
            # n=GH; n+=_TOKEN: the text grows (a name built in pieces is the whole name once joined)
            values = [old + value for old in self.scope.env[name][:_MAX_VALUES] for value in values][:_MAX_VALUES]
        if value_node is not None and value_node.type == "array":
            items = [v for c in value_node.named_children for v in self.values(c, subs)[:1]]
            values = [" ".join(items)]
            self.scope.arrays[name] = items[:_MAX_VALUES] if len(items) <= _MAX_VALUES else []
            self.scope.array_words[name] = items[:_MAX_WORDS]
        cmd.assigns.append((name, values[0], subs))
        cmd.subs.extend(subs)
        if bind:
            self.bind(name, values, subs)

    def bind(self, name: str, values: list[str], subs: list[Pipeline]) -> None:
        """Give ``name`` its values; one that is the output of a command the parser cannot know stays ``$name``
        in later words, so the rules can follow the variable by name."""
        self.scope.assigned.add(name)
        # a printed constant that itself spells "$(...)" (a start-up line written for later) is known text
        unknown = self.scope.unknown
        if subs and any(("$(" in v or "`" in v or "<(" in v) and any(u in v for u in unknown) for v in values):
            self.scope.env.pop(name, None)
            return
        if len(values) > _MAX_VALUES or any(len(v) > TEXT_CAP for v in values):
            self.scope.cut = True
            values = [v[:TEXT_CAP] for v in values[:_MAX_VALUES]]
        self.scope.env[name] = values

    def declaration(self, node: tree_sitter.Node) -> list[Cmd]:
        keyword = self.src(node.children[0]) if node.children else "declare"
        cmd = self.make(node, [keyword], [])
        for child in node.children[1:]:
            if child.type == "variable_assignment":
                self.assign(child, cmd)
                cmd.words.append(f"{cmd.assigns[-1][0]}={cmd.assigns[-1][1]}")
            elif child.type == "variable_name":
                self.scope.assigned.add(self.src(child))
                cmd.words.append(self.src(child))
            elif child.is_named:
                cmd.words.extend(self.values(child, cmd.subs)[:1])
        self.out.append([[cmd]])
        return [cmd]

    def command(
        self, node: tree_sitter.Node, redirects: list[tree_sitter.Node], outer: tree_sitter.Node | None = None
    ) -> list[Cmd]:
        cmd = self.make(outer or node, [], [])
        local: list[tree_sitter.Node] = []
        argument_nodes: list[tree_sitter.Node] = []
        for child in node.children:
            if child.type == "variable_assignment":
                self.assign(child, cmd, bind=False)
            elif child.type.endswith("redirect"):
                local.append(child)
            elif child.type == "command_name":
                inner = child.named_children[0] if child.named_children else child
                spread = self.spread(inner) or self.spread_array(inner)
                named = self.values(inner, cmd.subs)[:1] if spread is None else []
                if (
                    spread is None
                    and inner.type in ("expansion", "simple_expansion")
                    and named
                    and _PLAIN_WORDS.fullmatch(named[0])
                ):
                    # ${RM:-busybox rm} unquoted: the shell splits the value into the program and its words
                    spread = named[0].split()[:_MAX_WORDS]
                cmd.words.extend(spread if spread is not None else named)
                argument_nodes.extend([inner] * (len(spread) if spread is not None else 1))
            elif child.is_named and child.type != "comment" and (spread := self.spread(child)) is not None:
                cmd.words.extend(spread)  # "$@" in a function body: the caller's words, one each
                argument_nodes.extend([child] * len(spread))
            elif child.is_named and child.type != "comment":
                values = self.values(child, cmd.subs)
                if child.type in ("expansion", "simple_expansion") and _PLAIN_WORDS.fullmatch(values[0]):
                    # an unquoted expansion is split into words (_run ${RM:-busybox rm} -rf ...: the program, then
                    # its words); a quoted one stays one word
                    split = values[0].split()[:_MAX_WORDS]
                    cmd.words.extend(split)
                    cmd.alts.extend(values[1:])
                    argument_nodes.extend([child] * len(split))
                    continue
                cmd.words.append(values[0])
                cmd.alts.extend(values[1:])
                argument_nodes.append(child)
        if cmd.words[:2] == ["set", "--"]:
            # set -- "$base"/*: the script's own arguments from here on are these words
            self.scope.positional = [[w] for w in cmd.words[2:][:_MAX_WORDS]]
        if cmd.words and cmd.words[0] in self.scope.aliases and self.depth < _MAX_DEPTH:
            alias = self.scope.aliases[cmd.words[0]]
            expanded: list[Pipeline] = []
            _Walker(alias, self.scope, expanded, span=(cmd.start, cmd.end), depth=self.depth + 1).walk()
            simple = [c for p in expanded for st in p for c in st]
            if len(expanded) == 1 and len(simple) == 1 and simple[0].words:
                cmd.via = f"alias {cmd.words[0]}"
                cmd.words = [*simple[0].words, *cmd.words[1:]]  # a one-command alias stands in for its command
            else:
                self.nested(
                    " ".join([alias, *(_quote(w) for w in cmd.words[1:])]),
                    span=(cmd.start, cmd.end),
                    via=f"alias {cmd.words[0]}",
                )
        cmd.words, cmd.wrappers = _strip_wrappers(cmd.words)
        cmd.words = _windows_copy(cmd.words)
        self.apply_redirects(cmd, local + redirects)
        if not cmd.words:
            for name, value, subs in cmd.assigns:  # `A=1 B=2` alone sets shell variables
                self.bind(name, [value], subs)
        self.out.append([[cmd]])
        self.follow(cmd, argument_nodes)
        return [cmd]

    def follow(self, cmd: Cmd, argument_nodes: list[tree_sitter.Node]) -> None:
        """Walk the code a command runs from its words: eval, sh -c, alias definitions, find -exec, functions."""
        if self.depth >= _MAX_DEPTH or not cmd.words:
            return
        name, args = cmd.name, cmd.args
        if name in ("read", "mapfile", "readarray"):
            names = [a for a in args if re.fullmatch(r"[A-Za-z_]\w*", a)]
            known = self.shipped_text(next((t for op, t in cmd.redirects if op == "<"), ""))
            if known is None and self.lines_in is not None and name == "read" and len(names) == 1:
                lines = [s.strip() for s in self.lines_in.split("\n") if s.strip() and not s.strip().startswith("#")]
                self.scope.assigned.add(names[0])
                self.scope.env[names[0]] = lines[:_MAX_LIST] or [f"${names[0]}"]
                return
            line = known.split("\n", 1)[0].strip() if known is not None and name == "read" else None
            fields = line.split(None, max(len(names) - 1, 0)) if line is not None else []
            for index, arg in enumerate(names):
                self.scope.assigned.add(arg)
                if index < len(fields):  # read -r URL < endpoint.txt: the skill ships the value
                    self.scope.env[arg] = [fields[index]]
                else:
                    self.scope.env.pop(arg, None)
            return
        if name in ("source", ".") and args and self.depth < _MAX_DEPTH:
            self.source(args[0])
            return
        if name == "alias":
            for arg in args:
                key, eq, value = arg.partition("=")
                if eq:
                    self.scope.aliases[key] = value
            return
        if name == "eval" and args:
            self.nested(" ".join(args), span=(cmd.start, cmd.end), via="eval")
            return
        if name in SHELLS and "-c" in args[:3]:
            index = args.index("-c")
            if index + 1 < len(args):
                code = args[index + 1]
                node = _argument_node(argument_nodes, cmd, index + 1)
                if node is not None and node.type == "raw_string" and self.span is None:
                    start = node.start_byte + 1
                    self.nested(code, base=self.base + self.at(start), via=f"{name} -c")
                else:
                    self.nested(code, span=(cmd.start, cmd.end), via=f"{name} -c")
            return
        if name in ("find",) and any(a in ("-exec", "-execdir", "-ok", "-okdir") for a in args):
            found = _find_output(args)
            index = next(i for i, a in enumerate(args) if a in ("-exec", "-execdir", "-ok", "-okdir"))
            inner = []
            for word in args[index + 1 :]:
                if word in (";", "+", "\\;"):
                    break
                inner.append(word.replace("{}", found))
            if inner:
                words, wrappers = _strip_wrappers(inner)
                self.out.append([[Cmd(words, cmd.start, cmd.end, wrappers=wrappers, via="find -exec")]])
                self.follow(self.out[-1][0][0], [])
            return
        function = self.scope.functions.get(cmd.words[0])
        if function is not None and cmd.words[0] not in self.scope.called:
            self.call(cmd, function)

    def call(self, cmd: Cmd, function: tuple[tree_sitter.Node, bytes, _Offsets, int]) -> None:
        body, data, at, base = function
        positional = [[w] for w in cmd.args]
        saved = self.scope.positional
        self.scope.positional = positional
        self.scope.called.add(cmd.words[0])
        walker = _Walker.__new__(_Walker)
        walker.__dict__.update(self.__dict__)
        walker.data, walker.at, walker.base = data, at, base
        walker.via = f"function {cmd.words[0]}"
        before = len(self.out)
        walker.depth = self.depth + 1
        # a function from a sourced file is reported where this script calls it: its own lines are another file's
        walker.span = (cmd.start, cmd.end) if cmd.words[0] in self.scope.foreign else None
        try:
            walker.statement(body)
            ran = self.out[before:]
            nested = {id(p) for pipeline in ran for stage in pipeline for c in stage for p in c.subs}
            own = [p for p in ran if id(p) not in nested and all(c.via == walker.via for stage in p for c in stage)]
            if len(own) == 1:  # name() { printf '%s' https://x; } then "$(name)": the call prints that constant
                cmd.output = _pipeline_output(own[0], walker.file_output)
        finally:
            self.scope.called.discard(cmd.words[0])
            self.scope.positional = saved
        if cmd.subs:  # the data a call hands over ($(cat key) as $1) reaches the commands that use it
            handed = [a for a in cmd.args if "$(" in a or "`" in a or "<(" in a]
            for pipeline in self.out[before:]:
                for stage in pipeline:
                    for inner in stage:
                        if any(h in w for h in handed for w in inner.words):
                            inner.subs.extend(cmd.subs)

    def shipped_text(self, word: str) -> str | None:
        """The text of the one file of the skill a path word names, or None."""
        found = shipped(self.scope.files, self.scope.here, word) if word else []
        return found[0][1] if len(found) == 1 else None

    def source(self, word: str) -> None:
        """``source settings.env``: the variables and aliases a shipped file sets are in force afterwards (its
        commands are its own file's to report)."""
        found = shipped(self.scope.files, self.scope.here, word)
        if len(found) != 1 or found[0][0] in self.scope.sourced:
            return
        path, text = found[0]
        scope = _Scope(files=self.scope.files, here=path, sourced=self.scope.sourced | {path})
        scope.env.update(self.scope.env)
        try:
            _Walker(text[:200_000], scope, [], depth=self.depth + 1).walk()
        except RecursionError:
            return
        for key, values in scope.env.items():
            if key not in self.scope.env or self.scope.env[key] != values:
                self.scope.env[key] = values
                self.scope.assigned.add(key)
        self.scope.aliases.update(scope.aliases)
        for name, function in scope.functions.items():  # helpers.sh defines run(); this script calls it
            if name not in self.scope.functions:
                self.scope.functions[name] = function
                self.scope.foreign.add(name)

    def file_output(self, cmd: Cmd) -> bytes | None:
        """What a command prints when it only reads a file the skill ships: ``cat``, ``head -n1``, ``jq -r .a.b``;
        or where git keeps the repository's own files (``git rev-parse --git-dir`` is ``.git``, ``--show-toplevel`` is ``.``)."""
        if cmd.name == "git" and cmd.args[:1] == ["rev-parse"]:
            rest = cmd.args[1:]
            if rest in (["--git-dir"], ["--git-common-dir"], ["--absolute-git-dir"]):
                return b".git"
            if rest == ["--show-toplevel"]:  # the repository's own folder: its .git/hooks are the project's
                return b"."
            if rest[:1] == ["--git-path"] and len(rest) == 2:
                return f".git/{rest[1]}".encode()
            return None
        if cmd.name not in ("cat", "head", "jq", "yq", "tr", "grep", "base64", "xxd"):
            return None
        operands = [a for a in cmd.args if not a.startswith("-")]
        stdin = next((t for op, t in cmd.redirects if op == "<"), None)
        if cmd.name in ("jq", "yq"):
            if not operands:
                return None
            expression, paths = operands[0], operands[1:] or ([stdin] if stdin else [])
            text = self.shipped_text(paths[0]) if len(paths) == 1 else None
            value = json_path(text, expression) if text is not None else None
            return value.encode("utf-8") if value is not None else None
        if cmd.name in ("cat", "head"):
            paths = [a for a in operands if not a.isdigit()] or ([stdin] if stdin else [])
            text = self.shipped_text(paths[0]) if len(paths) == 1 else None
            if text is None:
                return None
            return (text.split("\n", 1)[0] if cmd.name == "head" else text).encode("utf-8")
        if stdin is not None:  # tr -d '\n' < url.txt, base64 -d < endpoint.b64
            text = self.shipped_text(stdin)
            if text is None:
                return None
            if cmd.name == "tr" and cmd.args[:1] == ["-d"]:
                gone = _ansi_c(cmd.args[1]) if len(cmd.args) > 1 else ""
                return "".join(ch for ch in text if ch not in gone).encode("utf-8")
            return decode_constant(cmd.name, cmd.args, text.encode("utf-8"))
        if cmd.name == "grep" and len(operands) == 2:
            text = self.shipped_text(operands[1])
            if text is None:
                return None
            try:
                lines = [line for line in text.splitlines() if re.search(operands[0], line)]
            except re.error:
                return None
            return "\n".join(lines[:1] if "-m1" in cmd.args or "-m" in cmd.args else lines).encode("utf-8")
        return None

    def nested(self, code: str, *, base: int = 0, span: tuple[int, int] | None = None, via: str) -> None:
        if not code.strip():
            return
        walker = _Walker(code, self.scope, self.out, base=base, span=span, via=via, depth=self.depth + 1)
        walker.walk()

    def expand_stages(self, stages: Pipeline) -> None:
        """Feed what a stage prints into the next: a decoded constant into sh, a listing into xargs."""
        output: bytes | None = None
        listing: str | None = None
        for stage in stages:
            for cmd in stage:
                if output is not None and cmd.stdin is None:
                    if cmd.name in SHELLS or (cmd.wrappers and cmd.name in SHELLS):
                        text = _as_text(output)
                        if text is not None and self.depth < _MAX_DEPTH:
                            cmd.stdin = text
                            self.nested(text, span=(cmd.start, cmd.end), via=f"decoded text piped into {cmd.name}")
                    else:
                        text = _as_text(output)
                        if (
                            text is not None
                            and cmd.name not in SHELLS
                            and decode_constant(cmd.name, cmd.args, output) is None
                        ):
                            cmd.stdin = text
                if "xargs" in cmd.wrappers and listing is not None:
                    _xargs(cmd, listing)
            if len(stage) == 1:
                cmd = stage[0]
                decoded = decode_constant(cmd.name, cmd.args, output) if output is not None else None
                if output is None:
                    output = _emits(cmd)
                    if output is None and cmd.stdin is not None and cmd.name not in SHELLS:
                        decoded = decode_constant(cmd.name, cmd.args, cmd.stdin.encode("latin-1", "replace"))
                        output = decoded
                else:
                    output = decoded
                listing = _listing(cmd)
            else:
                output, listing = None, None


def _reads_in(redirect: str) -> bool:
    """Whether a redirect feeds standard input (``< file``, a here-document or here-string), not an output."""
    return redirect.lstrip("0123456789").startswith("<") and not redirect.lstrip("0123456789").startswith("<>")


def _quote(word: str) -> str:
    return "'" + word.replace("'", "'\\''") + "'"


def _argument_node(nodes: list[tree_sitter.Node], cmd: Cmd, index: int) -> tree_sitter.Node | None:
    """The node of ``cmd.args[index]`` when no wrapper was stripped (so words and nodes line up)."""
    if cmd.wrappers or index + 1 >= len(nodes):
        return None
    return nodes[index + 1]


def _pipeline_output(pipeline: Pipeline, reads: Callable[[Cmd], bytes | None] | None = None) -> bytes | None:
    output: bytes | None = None
    for index, stage in enumerate(pipeline):
        if len(stage) != 1:
            return None
        cmd = stage[0]
        if output is None and index == 0 and reads is not None:
            output = reads(cmd)
            if output is not None:
                continue
        if output is not None and cmd.name in ("cut", "head", "tr", "xargs"):
            output = _filter(cmd, output)
            if output is None:
                return None
            continue
        if output is None:
            output = _emits(cmd)
            if output is None and cmd.stdin is not None:
                output = decode_constant(cmd.name, cmd.args, cmd.stdin.encode("latin-1", "replace"))
            if output is None:
                return None
        else:
            output = decode_constant(cmd.name, cmd.args, output)
            if output is None:
                return None
    return output


def _picks(pipeline: Pipeline, reads: Callable[[Cmd], bytes | None] | None = None) -> list[str]:
    """The lines a pipeline may print when it picks one at random among constants (``shuf -n1 -e a b``, ``printf
    '%s\\n' "${hosts[@]}" | shuf -n 1``, ``sort -R | head -n1``): each is a value it may take; else none."""
    stages = [stage[0] for stage in pipeline if len(stage) == 1]
    if len(stages) != len(pipeline) or not stages:
        return []
    at = next((i for i, c in enumerate(stages) if c.name == "shuf" or (c.name == "sort" and "-R" in c.args)), None)
    if at is None or any(c.name not in ("head", "tail", "tr", "xargs") for c in stages[at + 1 :]):
        return []
    picker = stages[at]
    if picker.name == "shuf" and "-e" in picker.args:
        after = picker.args[picker.args.index("-e") + 1 :]
        items = [a for a in [*after, *picker.alts] if not a.startswith("-")]
        # "-n 1" after the items is an option, not an item
        items = [a for i, a in enumerate(items) if not (a.isdigit() and i and after[i - 1 : i] == ["-n"])]
    elif at:
        feeder = stages[at - 1]
        if feeder.name in ("printf", "echo") and at == 1 and feeder.alts:
            items = [a for a in [*feeder.args[1 if feeder.name == "printf" else 0 :], *feeder.alts] if a[:1] != "-"]
        else:
            output = _pipeline_output(pipeline[:at], reads)
            text = _as_text(output) if output is not None else None
            items = text.split() if text is not None else []
    else:
        return []
    if any("$" in item or "`" in item for item in items):
        return []
    return list(dict.fromkeys(items))[:_MAX_VALUES] if len(items) > 1 else []


def _filter(cmd: Cmd, data: bytes) -> bytes | None:
    """What a text filter makes of a known value (``cut -d= -f2``, ``head -n1``, ``tr -d``, ``xargs`` trimming)."""
    text = data.decode("utf-8", "replace")
    args = cmd.args
    if cmd.name == "xargs" and not args:
        return " ".join(text.split()).encode("utf-8")
    if cmd.name == "head":
        return text.split("\n", 1)[0].encode("utf-8")
    if cmd.name == "tr" and args[:1] == ["-d"] and len(args) == 2:
        gone = _ansi_c(args[1])
        return "".join(ch for ch in text if ch not in gone).encode("utf-8")
    if cmd.name == "cut":
        joined = " ".join(args)
        delimiter = re.search(r"-d\s*(\S)", joined)
        fields = re.search(r"-f\s*(\d+)(-?)", joined)
        if not fields:
            return None
        sep = delimiter.group(1) if delimiter else "\t"
        number = int(fields.group(1))
        out = []
        for line in text.split("\n"):
            parts = line.split(sep)
            if number - 1 < len(parts):
                out.append(sep.join(parts[number - 1 :]) if fields.group(2) else parts[number - 1])
        return "\n".join(out).encode("utf-8")
    return None


def _find_output(args: list[str]) -> str:
    """What ``find`` lists, as a path pattern: its start folder and its -name pattern (``~/.ssh/id_*``)."""
    roots = []
    for arg in args:
        if arg.startswith("-") or arg in ("(", "!", ")"):
            break
        roots.append(arg)
    root = roots[0] if roots else "."
    pattern = next((args[i + 1] for i, a in enumerate(args[:-1]) if a in ("-name", "-iname", "-path")), "")
    if not pattern:
        return root
    if pattern.startswith(("/", "~", "$", "*/")) or "/" in pattern:
        return pattern if not pattern.startswith("*/") else root.rstrip("/") + "/" + pattern[2:]
    return root.rstrip("/") + "/" + pattern


def _listing(cmd: Cmd) -> str | None:
    """The paths a listing command prints, as one pattern (find's root and -name, ls's argument, echo's words)."""
    if cmd.name == "find":
        return _find_output(cmd.args)
    if cmd.name == "printf" and len(cmd.args) > 1 and re.fullmatch(r"(?:%s|\\[0nt]|\s)+", cmd.args[0]):
        return " ".join(cmd.args[1:])  # printf '%s\0' a b | xargs -0 ...: the format only separates its arguments
    if cmd.name == "ls" and not any(re.fullmatch(r"-\w*d\w*|--directory", a) for a in cmd.args):
        # ls of a folder prints the names of its entries, not its own path: `ls ~ | xargs -I{} rm -r ~/{}` deletes
        # ~/* (a folder is known as such only when it is the home folder, the root, or written with a final slash)
        items = [
            "*" if re.fullmatch(r"(?:~|\$\{?HOME\}?)/?|/|.*/", a) else a for a in cmd.args if not a.startswith("-")
        ]
        return " ".join(items) if items else None
    if cmd.name in ("ls", "echo", "printf"):
        items = [a for a in cmd.args if not a.startswith("-")]
        return " ".join(items) if items else None
    return None


def _xargs(cmd: Cmd, listing: str) -> None:
    """Put what the stage before prints where xargs puts it: in place of -I's marker, else at the end."""
    if any("{}" in w for w in cmd.words):
        cmd.words = [w.replace("{}", listing) for w in cmd.words]
    else:
        cmd.words = [*cmd.words, *listing.split()]


def parse_script(
    text: str, files: Mapping[str, str] | None = None, path: str = "", args: list[str] | None = None
) -> Script:
    """Every pipeline of a shell text in running order, nested ones (substitutions, eval, functions) included.

    Args:
        files: the skill's own files by path, where a value the script reads from a shipped file is looked up.
        path: the script's own path among them.
        args: the arguments the script is run with, when a caller is known (``bash b.sh ~/.ssh/id_rsa``).
    """
    out: list[Pipeline] = []
    scope = _Scope(files=files or {}, here=path, sourced={path} if path else set())
    if args is not None:
        scope.positional = [[a] for a in args]
    walker = _Walker(text, scope, out)
    walker.walk()
    for name, function in list(scope.functions.items()):
        if not any(c.words[:1] == [name] for p in out for st in p for c in st):
            # A function nobody calls here may be called by whoever sources the file: read its body as written.
            sub = _Walker.__new__(_Walker)
            sub.__dict__.update(walker.__dict__)
            sub.data, sub.at, sub.base = function[1], function[2], function[3]
            sub.via = f"function {name}"
            sub.span = None
            sub.statement(function[0])
    return Script(out, scope.assigned, set(scope.functions), scope.cut)


def parse_shell(text: str) -> list[Pipeline]:
    """Every pipeline of a shell text, nested ones (from substitutions and compound commands) included."""
    return parse_script(text).pipelines
