"""Mutation benchmark: do small rewrites of a caught sample stay caught? (issue #33)

    python benchmarks/detection/mutate.py [--corpus NAME]... [--operator OP]... [--limit N] [--json OUT] [--keep DIR]

For every malicious skill of a tuned split that the audit catches at its labelled line (``run.py``'s
"at line"), this writes rewrites that keep what the code does and change how it says it, each in a copy
of the skill, then audits all the copies in one run served by ``serve.py``, scored with ``run.py``'s own
code. Rewrites are made with real parsers: Python's ``ast`` (positions of literals, calls and statements;
new expressions written with ``repr`` and edited in place, so every untouched line keeps its text) and, for
shell, JavaScript/TypeScript, PowerShell, Ruby and Go, the tree-sitter grammars the audit itself parses
with. Each rewrite is parsed again and dropped (and counted) when it no longer parses.

Operators (each alone, and a few pairs ``a+b``):

- ``hoist-module``, ``hoist-local``, ``hoist-helper``: a string literal moves into a module-level
  variable, a variable just before its statement inside its function, or a one-line helper returning it;
- ``split-concat``, ``split-fstring`` (Python), ``split-template`` (JavaScript), ``split-join``,
  ``split-percent`` (Python), ``split-printf`` (shell): the literal is built from two halves;
- ``wrap-helper``, ``wrap-module``: the call (or command) on the labelled line goes through a helper
  defined in the same file, or in a second file of the skill that the first imports or sources;
- ``swap-interpreter`` (``python3``/``python``, ``bash``/``sh``, ``curl -fsSL``/``wget -qO-`` in commands
  and command strings), ``swap-curl`` (a shell ``curl`` call written with ``wget``), ``swap-http``
  (``requests``/``httpx``/``urllib.request``), ``swap-exec`` (``subprocess.run``/``Popen``/``os.system``);
- ``path-glob``, ``path-home``: a home path becomes a pattern (``~/.ssh/id_*``, ``glob(expanduser(...))``)
  or ``Path.home() / ... / ...`` (shell: ``~`` and ``$HOME`` swapped);
- ``config-json``: the literal moves into a ``settings.json`` the skill ships, read back at run time;
- ``runner-bash-c``, ``runner-sh-c``, ``runner-eval``, ``runner-env``, ``runner-xargs`` (shell): the labelled line's
  command runs through ``bash -c '...'``, ``sh -c "..."``, ``eval``, ``env X=1`` or ``printf '%s\0' ARG | xargs -0
  -I{} cmd {}``; ``runner-c``: a Python or JavaScript program moves whole into ``python3 -c '...'`` / ``node -e
  '...'`` in a shell script its old file launches; ``runner-sh`` (Python): a command goes through
  ``subprocess.run(["sh", "-c", ...])``;
- ``cmd-var``: the command or method itself held indirectly (``c=curl; "$c" ...``, ``cmd = [...]; run(cmd)``,
  ``getattr(obj, "wri" + "te")``, ``const m = 'exec'; cp[m](...)``);
- ``env-default``: a literal becomes the default of an environment variable nobody sets (``${X:-...}``,
  ``os.environ.get``, ``process.env.X || ...``, ``ENV.fetch``, PowerShell ``$env:``);
- ``loop-list``: the statement runs in a ``for`` loop over a one-item list holding the literal;
- ``alias-tool``: the same tool by another name (PowerShell ``iwr``/``Invoke-WebRequest``, ``irm``, ``iex``; Ruby
  ``Net::HTTP.get``/``URI.open``; Go ``http.Get``/``http.Post`` as ``http.NewRequest`` and ``DefaultClient.Do``).

A rewrite is scored like a labelled skill: **at line** is a warning or error of the labelled family on a
line the harm now sits on (the labelled line where it moved to; the helper's line when the call moved into one;
the line or config entry a literal of the labelled line moved to), in that file; **in file** relaxes that to anywhere in those files; **stopped** is an error on the
skill (the default gate). Each seed is also audited unchanged under its new name (``identity``), which
must stay caught: it shows the renaming and copying change nothing. There is no randomness: the same tree
gives the same rewrites.
"""

from __future__ import annotations

import argparse
import ast
import builtins
import json
import re
import shutil
import sys
import tempfile
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import run  # noqa: E402  (the detection runner beside this script: serving and scoring are its)

TUNED = ("corpus", "corpus2", "dev", "dev2", "dev3", "dev4", "dev5")
HELD_OUT = ("blind", "dev6", "dev7")
MAX_TARGETS = 2
"""Literals (or commands) rewritten per operator and seed: the labelled line's first, then the most telling."""

INTERESTING = re.compile(
    r"://|^~|\$HOME|/\.|^\.[\w-]+/|\b(curl|wget|bash|sh|python3?|node|pwsh|powershell|nc|base64|eval|exec|iex)\b"
    r"|[A-Za-z0-9+/]{24,}={0,2}|^[a-z0-9-]+(\.[a-z0-9-]+)+$|credential|id_rsa|id_ed25519|\.env\b|token|secret"
    r"|passw|cookie|login data|keychain|child_process|subprocess|crontab|\.\w*rc$|\.\w*profile|authorized_keys"
    r"|sudoers|\.kube|\.aws|\.ssh|\.npmrc|\.netrc|\.docker|\.gnupg|\.claude|hooks/|settings\.json",
    re.I,
)


# --- edits that keep every untouched line as it was ---------------------------------------------------------


@dataclass
class Editor:
    """Byte-range replacements inside lines plus whole lines inserted before a line; tracks where lines move."""

    text: str
    replacements: list[tuple[int, int, str]] = field(default_factory=list)
    inserts: list[tuple[int, int, list[str]]] = field(default_factory=list)

    def replace(self, start: int, end: int, new: str) -> None:
        if "\n" in new:
            raise ValueError("a replacement stays on its line")
        self.replacements.append((start, end, new))

    def insert(self, line: int, lines: list[str]) -> None:
        """Insert ``lines`` before 1-based ``line`` of the original text."""
        self.inserts.append((line, len(self.inserts), lines))

    def track(self, line: int) -> int:
        return line + sum(len(new) for at, _, new in self.inserts if at <= line)

    def inserted_line(self, line: int, index: int) -> int:
        """Where line ``index`` of the block inserted before ``line`` ends up (blocks at one line in order added)."""
        before = sum(len(new) for at, _, new in self.inserts if at < line)
        return line + before + index

    def inserted_text(self) -> list[str]:
        return [line for _, _, lines in self.inserts for line in lines]

    def result(self) -> str:
        data = self.text.encode("utf-8", "surrogatepass")
        spans = sorted(self.replacements)
        for (_, end, _), (start, _, _) in zip(spans, spans[1:], strict=False):
            if start < end:
                raise ValueError("overlapping replacements")
        for start, end, new in reversed(spans):
            data = data[:start] + new.encode("utf-8") + data[end:]
        lines = data.decode("utf-8", "surrogatepass").split("\n")
        for at, _, new in sorted(self.inserts, reverse=True):
            lines[at - 1 : at - 1] = new
        return "\n".join(lines)


@dataclass
class Change:
    """One rewrite of one file: the edit, extra places the harm now sits, files added to the skill."""

    editor: Editor
    sites: list[tuple[str, int]] = field(default_factory=list)
    new_files: dict[str, str] = field(default_factory=dict)
    whole: str | None = None
    """The file's new text when the rewrite replaces it as a whole (a launcher of code moved elsewhere)."""
    keep_site: bool = True
    """False when the labelled line left the file: the harm sits only at ``sites``."""


@dataclass
class Source:
    path: str
    text: str
    line: int
    language: str
    names: set[str] = field(default_factory=set)
    """Paths the skill already has (a new file must not overwrite one)."""

    def fresh_file(self, stem: str, suffix: str) -> str:
        folder = self.path.rsplit("/", 1)[0] + "/" if "/" in self.path else ""
        for n in range(1, 50):
            name = f"{folder}{stem}{'' if n == 1 else n}{suffix}"
            if name not in self.names:
                return name
        raise RuntimeError("no free file name")


def line_starts(data: bytes) -> list[int]:
    return [0] + [i + 1 for i, b in enumerate(data) if b == 10]


def indent_of(text: str, line: int) -> str:
    current = text.split("\n")[line - 1]
    return current[: len(current) - len(current.lstrip())]


def split_point(content: str) -> int | None:
    """A cut inside a literal's source body that splits no escape sequence, near the middle."""
    if len(content) < 2:
        return None
    mid = len(content) // 2
    for delta in range(len(content)):
        for p in (mid + delta, mid - delta):
            if 0 < p < len(content) and "\\" not in content[max(0, p - 10) : p]:
                return p
    return None


_SWAPS = [
    ("fetch", re.compile(r"\bcurl\s+-(?:fsSL|sSL|fsS|sSf|fSsL|sL|fL|s)\b"), "wget -qO-"),
    ("fetch", re.compile(r"\bwget\s+-qO-"), "curl -fsSL"),
    ("python", re.compile(r"(?<![\w.-])python3\b"), "python"),
    ("python", re.compile(r"(?<![\w.-])python\b(?![\d.])"), "python3"),
    ("shell", re.compile(r"(?<![\w.-])bash\b"), "sh"),
    ("shell", re.compile(r"(?<![\w./-])sh\b(?![.\w])"), "bash"),
]


def swap_words(text: str) -> str:
    """Command spellings swapped inside a command or command string: one rule per kind, the first that matches."""
    done: set[str] = set()
    for kind, pattern, new in _SWAPS:
        if kind in done:
            continue
        changed = pattern.sub(new, text)
        if changed != text:
            text = changed
            done.add(kind)
    return text


def glob_tail(segment: str) -> str:
    keep = max(1, min(len(segment) - 1, (len(segment) + 1) // 2))
    return segment[:keep] + "*"


HOME_PATH = re.compile(r"^(~|\$HOME|\$\{HOME\})/(.+)$|^(\.[\w.-]+/.+)$")


# --- Python: ast ------------------------------------------------------------------------------------------------


class PyFile:
    """A Python file with its tree, parents and byte offsets."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = text.split("\n")
        self.data = text.encode("utf-8", "surrogatepass")
        self.starts = line_starts(self.data)
        self.tree = ast.parse(text)
        self.parent: dict[ast.AST, ast.AST] = {}
        for node in ast.walk(self.tree):
            for child in ast.iter_child_nodes(node):
                self.parent[child] = node
        self.module_names = set(dir(builtins))
        for stmt in self.tree.body:
            if isinstance(stmt, ast.Import | ast.ImportFrom):
                self.module_names.update((a.asname or a.name).split(".")[0] for a in stmt.names)
            if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                self.module_names.add(stmt.name)
            if isinstance(stmt, ast.Assign):
                for target in stmt.targets:
                    self.module_names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))

    def span(self, node: Any) -> tuple[int, int]:
        return self.starts[node.lineno - 1] + node.col_offset, self.starts[node.end_lineno - 1] + node.end_col_offset

    def segment(self, node: ast.AST) -> str:
        start, end = self.span(node)
        return self.data[start:end].decode("utf-8", "surrogatepass")

    def ancestors(self, node: ast.AST) -> Iterator[ast.AST]:
        while node in self.parent:
            node = self.parent[node]
            yield node

    def top_statement(self, node: ast.AST) -> ast.stmt:
        last = node
        for up in self.ancestors(node):
            if isinstance(up, ast.Module):
                break
            last = up
        assert isinstance(last, ast.stmt)
        return last

    def first_line(self, stmt: ast.stmt) -> int:
        decorators = getattr(stmt, "decorator_list", [])
        return min([stmt.lineno] + [d.lineno for d in decorators])

    def starts_line(self, stmt: ast.stmt) -> bool:
        line = self.lines[stmt.lineno - 1]
        head = line[: len(line) - len(line.lstrip())]
        return len(head.encode()) == stmt.col_offset and not line.lstrip().startswith("elif")

    def inner_statement(self, node: ast.AST) -> ast.stmt | None:
        """The innermost statement holding ``node`` that starts its own line, when it sits inside a function."""
        chain = [node, *self.ancestors(node)]
        for i, up in enumerate(chain):
            if isinstance(up, ast.stmt) and self.starts_line(up):
                inside = any(isinstance(a, ast.FunctionDef | ast.AsyncFunctionDef) for a in chain[i + 1 :])
                return up if inside else None
        return None

    def literals(self, line: int) -> list[ast.Constant]:
        """String literals worth rewriting: the labelled line's first, then the telling ones nearest to it."""
        found = []
        for node in ast.walk(self.tree):
            if not (isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value):
                continue
            up = self.parent.get(node)
            if isinstance(up, ast.JoinedStr | ast.FormattedValue | ast.Expr) or node.lineno != node.end_lineno:
                continue
            if any(isinstance(a, ast.match_case) for a in self.ancestors(node)):
                continue
            if not re.match(r"[rRuU]?['\"]", self.segment(node)):
                continue
            on_line = node.lineno == line
            if on_line or INTERESTING.search(node.value):
                found.append((not on_line, abs(node.lineno - line), node.lineno, node.col_offset, node))
        found.sort(key=lambda item: item[:4])
        return [item[4] for item in found]

    def calls_on(self, line: int) -> list[ast.Call]:
        calls = [n for n in ast.walk(self.tree) if isinstance(n, ast.Call) and n.lineno == line]
        outer = [c for c in calls if not any(isinstance(a, ast.Call) and a.lineno == line for a in self.ancestors(c))]
        return sorted(outer, key=lambda c: c.col_offset)

    def fresh(self, stem: str) -> str:
        for n in range(1, 100):
            if f"{stem}{n}" not in self.text:
                return f"{stem}{n}"
        raise RuntimeError("no free name")

    def import_line(self) -> int:
        """Where a new import goes: before the first top-level statement that is not a docstring or future import."""
        for stmt in self.tree.body:
            if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
                continue
            if isinstance(stmt, ast.ImportFrom) and stmt.module == "__future__":
                continue
            return self.first_line(stmt)
        return len(self.lines) + 1

    def add_imports(self, ed: Editor, modules: list[str]) -> None:
        missing = [m for m in modules if not re.search(rf"^import\s+{re.escape(m)}\s*$", self.text, re.M)]
        if missing:
            ed.insert(self.import_line(), [f"import {m}" for m in missing])


def _py_hoist(src: Source, how: str) -> list[Change]:
    py = PyFile(src.text)
    out = []
    for node in py.literals(src.line)[:MAX_TARGETS]:
        ed = Editor(src.text)
        start, end = py.span(node)
        name = py.fresh("_v")
        if how == "local":
            stmt = py.inner_statement(node)
            if stmt is None:
                continue
            at, row = py.first_line(stmt), 0
            ed.insert(at, [f"{indent_of(src.text, stmt.lineno)}{name} = {node.value!r}"])
            ed.replace(start, end, name)
        elif how == "module":
            at, row = py.first_line(py.top_statement(node)), 0
            ed.insert(at, [f"{name} = {node.value!r}"])
            ed.replace(start, end, name)
        else:
            at, row = py.first_line(py.top_statement(node)), 1
            ed.insert(at, [f"def {name}():", f"    return {node.value!r}", ""])
            ed.replace(start, end, f"{name}()")
        out.append(Change(ed, sites=_moved(src, node.lineno, ed, at, row)))
    return out


def _moved(src: Source, line: int, ed: Editor, at: int, row: int) -> list[tuple[str, int]]:
    """Where a literal of the labelled line went, when the rewrite moved it to an inserted line."""
    return [(src.path, ed.inserted_line(at, row))] if line == src.line else []


def _py_split(src: Source, how: str) -> list[Change]:
    py = PyFile(src.text)
    out = []
    for node in py.literals(src.line)[:MAX_TARGETS]:
        value = node.value
        if len(value) < 2:
            continue
        left, right = value[: len(value) // 2], value[len(value) // 2 :]
        ed = Editor(src.text)
        if how == "concat":
            new = f"({left!r} + {right!r})"
        elif how == "join":
            new = f"''.join([{left!r}, {right!r}])"
        elif how == "percent":
            new = f"('%s%s' % ({left!r}, {right!r}))"
        else:
            name = py.fresh("_p")
            at = py.first_line(py.top_statement(node))
            ed.insert(at, [f"{name} = {left!r}"])
            moved = _moved(src, node.lineno, ed, at, 0)
            body = repr(right.replace("{", "{{").replace("}", "}}"))
            new = f"f{body[0]}{{{name}}}{body[1:]}"
        start, end = py.span(node)
        ed.replace(start, end, new)
        out.append(Change(ed, sites=moved if how == "fstring" else []))
    return out


def _py_call_helper(py: PyFile, call: ast.Call, name: str) -> list[str]:
    func = py.segment(call.func)
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return [f"def {name}(*args, **kwargs):", f"    return {func}(*args, **kwargs)"]
    params = [f"a{i}" for i in range(len(call.args))]
    keywords = [k.arg for k in call.keywords if k.arg]
    signature = ", ".join(params + (["*", *keywords] if keywords else []))
    arguments = ", ".join(params + [f"{k}={k}" for k in keywords])
    return [f"def {name}({signature}):", f"    return {func}({arguments})"]


def _root_name(node: ast.AST) -> str | None:
    while isinstance(node, ast.Attribute | ast.Call | ast.Subscript):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


def _py_wrap(src: Source, how: str) -> list[Change]:
    py = PyFile(src.text)
    out = []
    for call in py.calls_on(src.line)[:MAX_TARGETS]:
        if call.func.lineno != call.func.end_lineno:
            continue
        root = _root_name(call.func)
        module_level = root is not None and root in py.module_names
        ed = Editor(src.text)
        name = py.fresh("_call")
        body = _py_call_helper(py, call, name)
        start, end = py.span(call.func)
        ed.replace(start, end, name)
        if how == "module":
            if not module_level:
                continue
            helper = src.fresh_file("_support", ".py")
            imports = [
                py.segment(stmt)
                for stmt in py.tree.body
                if isinstance(stmt, ast.Import | ast.ImportFrom)
                and any((a.asname or a.name).split(".")[0] == root for a in stmt.names)
            ]
            if any("\n" in i for i in imports):
                continue
            text = "\n".join([*imports, "", "", *body, ""])
            ed.insert(py.first_line(py.top_statement(call)), [f"from {Path(helper).stem} import {name}"])
            out.append(Change(ed, sites=[(helper, len(imports) + 4)], new_files={helper: text}))
        elif module_level:
            at = py.first_line(py.top_statement(call))
            ed.insert(at, [*body, "", ""])
            out.append(Change(ed, sites=[(src.path, ed.inserted_line(at, 1))]))
        else:
            stmt = py.inner_statement(call)
            if stmt is None:
                continue
            at = py.first_line(stmt)
            ed.insert(at, [indent_of(src.text, stmt.lineno) + line for line in body])
            out.append(Change(ed, sites=[(src.path, ed.inserted_line(at, 1))]))
    return out


def _py_swap_interpreter(src: Source) -> list[Change]:
    py = PyFile(src.text)
    ed = Editor(src.text)
    for node in ast.walk(py.tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.lineno == node.end_lineno:
            if isinstance(py.parent.get(node), ast.JoinedStr | ast.FormattedValue | ast.Expr):
                continue
            new = swap_words(node.value)
            if new != node.value:
                start, end = py.span(node)
                ed.replace(start, end, repr(new))
    return [Change(ed)] if ed.replacements else []


_HTTP_VERBS = {"get", "post", "put", "patch", "delete", "head"}
_AS_BYTES = [
    "def _as_bytes(value):",
    "    if isinstance(value, bytes):",
    "        return value",
    "    if isinstance(value, dict):",
    "        return urllib.parse.urlencode(value).encode()",
    "    return str(value).encode()",
    "",
    "",
]


def _py_swap_http(src: Source) -> list[Change]:
    py = PyFile(src.text)
    changes = []
    for target in ("httpx", "requests", "urllib"):
        ed = Editor(src.text)
        needs: list[str] = []
        for call in ast.walk(py.tree):
            if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Attribute):
                continue
            func = call.func
            lib = func.value.id if isinstance(func.value, ast.Name) else None
            if lib in ("requests", "httpx") and func.attr in _HTTP_VERBS and lib != target:
                if target != "urllib":
                    start, end = py.span(func.value)
                    ed.replace(start, end, target)
                    needs = [target]
                    continue
                kw = {k.arg: py.segment(k.value) for k in call.keywords}
                if not call.args or call.lineno != call.end_lineno or set(kw) - {"data", "json", "headers", "content"}:
                    continue
                payload = (
                    f"json.dumps({kw['json']}).encode()"
                    if "json" in kw
                    else f"_as_bytes({kw.get('data') or kw['content']})"
                    if ("data" in kw or "content" in kw)
                    else "None"
                )
                new = (
                    f"urllib.request.urlopen(urllib.request.Request({py.segment(call.args[0])}, data={payload}, "
                    f"headers={kw.get('headers', '{}')}, method={func.attr.upper()!r}))"
                )
                start, end = py.span(call)
                ed.replace(start, end, new)
                needs = ["urllib.request", "urllib.parse", "json"]
                if "_as_bytes(" in new and "def _as_bytes(value):" not in ed.inserted_text():
                    ed.insert(py.first_line(py.top_statement(call)), list(_AS_BYTES))
            elif target == "requests" and py.segment(func) == "urllib.request.urlopen" and call.args:
                inner = call.args[0]
                if (
                    isinstance(inner, ast.Call)
                    and py.segment(inner.func) == "urllib.request.Request"
                    and inner.args
                    and call.lineno == call.end_lineno
                ):
                    kw = {k.arg: py.segment(k.value) for k in inner.keywords}
                    if set(kw) - {"data", "headers", "method"}:
                        continue
                    verb = "post" if "data" in kw else "get"
                    parts = [py.segment(inner.args[0])] + [f"{k}={kw[k]}" for k in ("data", "headers") if k in kw]
                    start, end = py.span(call)
                    ed.replace(start, end, f"requests.{verb}({', '.join(parts)})")
                    needs = ["requests"]
        if ed.replacements:
            py.add_imports(ed, needs)
            changes.append(Change(ed))
    return changes


_RUNNERS = {f"subprocess.{r}" for r in ("run", "call", "check_call", "check_output", "Popen")}


def _py_swap_exec(src: Source) -> list[Change]:
    py = PyFile(src.text)
    changes = []
    for target in ("system", "popen", "run"):
        ed = Editor(src.text)
        needs: list[str] = []
        for call in ast.walk(py.tree):
            if not isinstance(call, ast.Call) or call.lineno != call.end_lineno:
                continue
            name = py.segment(call.func)
            kw = {k.arg: k.value for k in call.keywords if k.arg}
            starred = any(k.arg is None for k in call.keywords)
            if name in _RUNNERS and call.args and not starred:
                cmd = call.args[0]
                shell_kw = kw.get("shell")
                shell = isinstance(shell_kw, ast.Constant) and shell_kw.value is True
                if target == "system" and "input" not in kw and name != "subprocess.check_output":
                    if not shell and not isinstance(cmd, ast.List | ast.Tuple):
                        continue
                    text = py.segment(cmd) if shell else f"shlex.join({py.segment(cmd)})"
                    start, end = py.span(call)
                    ed.replace(start, end, f"os.system({text})")
                    needs = ["os", "shlex"]
                elif target == "popen" and name != "subprocess.Popen":
                    dropped = ("check", "capture_output", "timeout", "input")
                    keep = [f"{k}={py.segment(v)}" for k, v in kw.items() if k not in dropped]
                    if "input" in kw:
                        keep.append("stdin=subprocess.PIPE")
                    if "capture_output" in kw or name == "subprocess.check_output":
                        keep += ["stdout=subprocess.PIPE", "stderr=subprocess.PIPE"]
                    arg = py.segment(kw["input"]) if "input" in kw else ""
                    args = ", ".join([py.segment(a) for a in call.args] + keep)
                    start, end = py.span(call)
                    ed.replace(start, end, f"subprocess.Popen({args}).communicate({arg})")
                    needs = ["subprocess"]
            elif name == "os.system" and target == "run" and len(call.args) == 1:
                start, end = py.span(call)
                ed.replace(start, end, f"subprocess.run({py.segment(call.args[0])}, shell=True).returncode")
                needs = ["subprocess"]
        if ed.replacements:
            py.add_imports(ed, needs)
            changes.append(Change(ed))
    return changes


def _py_path(src: Source, how: str) -> list[Change]:
    py = PyFile(src.text)
    out: list[Change] = []
    for node in py.literals(src.line):
        match = HOME_PATH.match(node.value)
        if not match or len(out) >= MAX_TARGETS:
            continue
        rest = match.group(2) or match.group(3)
        parts = [p for p in rest.split("/") if p]
        if not parts or any(c in rest for c in "*?[$"):
            continue
        ed = Editor(src.text)
        start, end = py.span(node)
        if how == "glob":
            pattern = "/".join([*parts[:-1], glob_tail(parts[-1])])
            ed.replace(start, end, f"sorted(glob.glob(os.path.expanduser({('~/' + pattern)!r})))[0]")
            py.add_imports(ed, ["glob", "os"])
        else:
            pieces = " / ".join(repr(p) for p in parts)
            ed.replace(start, end, f"str(pathlib.Path.home() / {pieces})")
            py.add_imports(ed, ["pathlib"])
        out.append(Change(ed))
    return out


def _py_config(src: Source) -> list[Change]:
    py = PyFile(src.text)
    out = []
    for node in py.literals(src.line)[:MAX_TARGETS]:
        settings = src.fresh_file("settings", ".json")
        ed = Editor(src.text)
        name = py.fresh("_cfg")
        reader = (
            f"{name} = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "
            f"{Path(settings).name!r}), encoding='utf-8'))"
        )
        ed.insert(py.first_line(py.top_statement(node)), [reader])
        start, end = py.span(node)
        ed.replace(start, end, f"{name}['value']")
        py.add_imports(ed, ["json", "os"])
        moved = [(settings, 2)] if node.lineno == src.line else []
        out.append(Change(ed, sites=moved, new_files={settings: json.dumps({"value": node.value}, indent=2) + "\n"}))
    return out


PYTHON_OPS: dict[str, Callable[[Source], list[Change]]] = {
    "hoist-module": lambda s: _py_hoist(s, "module"),
    "hoist-local": lambda s: _py_hoist(s, "local"),
    "hoist-helper": lambda s: _py_hoist(s, "helper"),
    "split-concat": lambda s: _py_split(s, "concat"),
    "split-fstring": lambda s: _py_split(s, "fstring"),
    "split-join": lambda s: _py_split(s, "join"),
    "split-percent": lambda s: _py_split(s, "percent"),
    "wrap-helper": lambda s: _py_wrap(s, "helper"),
    "wrap-module": lambda s: _py_wrap(s, "module"),
    "swap-interpreter": _py_swap_interpreter,
    "swap-http": _py_swap_http,
    "swap-exec": _py_swap_exec,
    "path-glob": lambda s: _py_path(s, "glob"),
    "path-home": lambda s: _py_path(s, "home"),
    "config-json": _py_config,
}


# --- tree-sitter languages ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Lang:
    grammar: str
    strings: frozenset[str]
    blocks: frozenset[str]
    """Node types whose children are statements (a hoisted line may go before any of them)."""
    functions: frozenset[str]
    hoist_module: Callable[[str, str], list[str]]
    hoist_local: Callable[[str, str], list[str]]
    ref: Callable[[str], str]
    interpolation: tuple[str, ...]
    """What makes a double-quoted (or any, for JavaScript/Go) literal more than plain text."""


class TsFile:
    def __init__(self, lang: Lang, text: str) -> None:
        from skillscope.audit.behavior import treesitter

        self.lang = lang
        self.text = text
        self.lines = text.split("\n")
        self.tree, self.data = treesitter.parse(lang.grammar, text)  # type: ignore[arg-type]
        self.nodes = list(treesitter.walk(self.tree.root_node))

    def text_of(self, node: Any) -> str:
        return str(self.data[node.start_byte : node.end_byte].decode("utf-8", "surrogatepass"))

    def ancestors(self, node: Any) -> Iterator[Any]:
        while node.parent is not None:
            node = node.parent
            yield node

    def starts_line(self, node: Any) -> bool:
        line = self.lines[node.start_point[0]]
        return len(line[: len(line) - len(line.lstrip())].encode()) == node.start_point[1]

    def statement_in(self, node: Any) -> Any | None:
        """The ancestor of ``node`` that is a statement of a block and starts its line."""
        for up in [node, *self.ancestors(node)]:
            parent = up.parent
            if parent is None or parent.type not in self.lang.blocks:
                continue
            if parent.type in ("if_statement", "elif_clause", "while_statement", "for_statement"):
                then = next((c for c in parent.children if c.type in ("then", "do")), None)
                if then is None or up.start_byte < then.end_byte:
                    continue
            return up if self.starts_line(up) else None
        return None

    def top_line(self, node: Any) -> int:
        """The first line of the top-level statement holding ``node``."""
        chain = [node, *self.ancestors(node)]
        for i, up in enumerate(chain):
            if up.parent is not None and up.parent.parent is None:
                if up.type == "statement_list" and i > 0:
                    return int(chain[i - 1].start_point[0]) + 1
                return int(up.start_point[0]) + 1
        return 1

    def module_line(self, node: Any) -> int:
        if self.lang.grammar in ("javascript", "typescript"):
            return min(self.prologue_line(), self.top_line(node))
        return self.top_line(node)

    def prologue_line(self) -> int:
        """The line module-level declarations go before: after imports, requires and ``'use strict'``."""
        line = 1
        for child in self.tree.root_node.children:
            text = self.text_of(child)
            if child.type in ("import_statement", "comment", "hash_bang_line") or (
                child.type == "expression_statement" and text.strip("'\";") == "use strict"
            ):
                line = child.end_point[0] + 2
                continue
            if child.type in ("lexical_declaration", "variable_declaration") and "require(" in text:
                line = child.end_point[0] + 2
                continue
            break
        return line

    def in_function(self, node: Any) -> bool:
        return any(a.type in self.lang.functions for a in self.ancestors(node))

    def literal_body(self, node: Any) -> tuple[str, str] | None:
        """(quote, body) of a plain literal: quotes around text with no interpolation or escape."""
        text = self.text_of(node)
        if "\n" in text or len(text) < 3 or text[0] not in "'\"`" or text[-1] != text[0]:
            return None
        body = text[1:-1]
        plain_quote = text[0] == "'" and self.lang.grammar in ("bash", "powershell", "ruby")
        if not plain_quote and any(m in body for m in self.lang.interpolation):
            return None
        if "\\" in body or (text[0] == "'" and "'" in body):
            return None
        return text[0], body

    def plain_word(self, node: Any) -> str | None:
        """A bare shell word with no expansion but a leading ``~``: its text, else None."""
        text = self.text_of(node)
        if self.lang.grammar != "bash" or node.type not in ("word", "concatenation"):
            return None
        if not text or any(c in text for c in "$`\\'\"(){}<>;&| \n"):
            return None
        return text

    def literals(self, line: int, *, values: bool = False) -> list[Any]:
        """Literals worth rewriting, the labelled line's first (``values``: shell assignment values too)."""
        found = []
        for node in self.nodes:
            if node.type not in self.lang.strings or node.start_point[0] != node.end_point[0]:
                continue
            parent = node.parent
            ptype = parent.type if parent is not None else ""
            if ptype in ("string", "concatenation", "command_name", "expression_statement", "string_literal"):
                continue
            if ptype == "variable_assignment" and not values:
                continue
            if ptype == "pair" and parent.child_by_field_name("key") == node:
                continue
            skip = ("import_statement", "import_spec", "import_declaration", "heredoc_body", "case_item")
            if any(a.type in skip for a in self.ancestors(node)):
                continue
            parts = self.literal_body(node)
            body = parts[1] if parts is not None else self.plain_word(node)
            if not body:
                continue
            on_line = node.start_point[0] + 1 == line
            if on_line or INTERESTING.search(body):
                found.append((not on_line, abs(node.start_point[0] + 1 - line), node.start_byte, node))
        found.sort(key=lambda item: item[:3])
        return [item[3] for item in found]

    def errors(self) -> int:
        return sum(1 for n in self.nodes if n.type == "ERROR" or n.is_missing)

    def fresh(self, stem: str) -> str:
        for n in range(1, 100):
            if f"{stem}{n}" not in self.text:
                return f"{stem}{n}"
        raise RuntimeError("no free name")


def _sh_ref(f: TsFile, node: Any, name: str) -> str:
    text = f.text_of(node)
    glob = node.type in ("word", "concatenation") and any(c in text for c in "*?[")
    return f"${name}" if glob else f'"${name}"'


def _ts_hoist(src: Source, lang: Lang, how: str) -> list[Change]:
    f = TsFile(lang, src.text)
    out = []
    for node in f.literals(src.line)[:MAX_TARGETS]:
        name = f.fresh("V" if lang.grammar == "ruby" and how == "module" else "_v")
        literal = f.text_of(node)
        if lang.grammar == "go" and any(a.type == "const_declaration" for a in f.ancestors(node)):
            continue
        ed = Editor(src.text)
        ref = _sh_ref(f, node, name) if lang.grammar == "bash" else lang.ref(name)
        if how == "local":
            stmt = f.statement_in(node)
            if stmt is None or not f.in_function(node):
                continue
            at = stmt.start_point[0] + 1
            ed.insert(at, [indent_of(src.text, at) + x for x in lang.hoist_local(name, literal)])
        elif how == "module":
            at = f.module_line(node)
            ed.insert(at, lang.hoist_module(name, literal))
        else:
            helper = {
                "bash": [f"{name}() {{ printf '%s' {literal}; }}"],
                "javascript": [f"function {name}() {{ return {literal}; }}"],
                "typescript": [f"function {name}(): string {{ return {literal}; }}"],
            }.get(lang.grammar)
            if helper is None or (lang.grammar == "bash" and any(c in literal for c in "~*?[")):
                continue
            at = f.module_line(node)
            ed.insert(at, helper)
            ref = f'"$({name})"' if lang.grammar == "bash" else f"{name}()"
        ed.replace(node.start_byte, node.end_byte, ref)
        out.append(Change(ed, sites=_moved(src, node.start_point[0] + 1, ed, at, 0)))
    return out


def _ts_split(src: Source, lang: Lang, how: str) -> list[Change]:
    f = TsFile(lang, src.text)
    out = []
    for node in f.literals(src.line, values=True)[:MAX_TARGETS]:
        parts = f.literal_body(node)
        if parts is None:
            word = f.plain_word(node)
            if word is None or word.startswith("~") or any(c in word for c in "*?["):
                continue
            parts = ("'", word)
        q, body = parts
        cut = split_point(body)
        if cut is None:
            continue
        left, right = q + body[:cut] + q, q + body[cut:] + q
        ed = Editor(src.text)
        js = lang.grammar in ("javascript", "typescript")
        new: str | None = None
        if how == "concat":
            new = left + right if lang.grammar == "bash" else f"({left} + {right})"
        elif how == "join" and js:
            new = f"[{left}, {right}].join('')"
        elif how == "template" and js and q != "`":
            name = f.fresh("_p")
            ed.insert(f.module_line(node), [f"const {name} = {left};"])
            new = "`${" + name + "}" + body[cut:].replace("`", "\\`") + "`"
        elif how == "printf" and lang.grammar == "bash" and q == "'" and "%" not in body:
            new = f"\"$(printf '%s%s' {left} {right})\""
        if new is None:
            continue
        ed.replace(node.start_byte, node.end_byte, new)
        out.append(Change(ed))
    return out


_SH_BUILTINS = {
    "cd", "export", "local", "declare", "readonly", "source", ".", "eval", "exit", "return", "set", "unset",
    "read", "trap", "shift", "exec", "alias", "typeset", "[", "[[", "test", "true", "false",
}  # fmt: skip


def _sh_wrap(src: Source, lang: Lang, how: str) -> list[Change]:
    f = TsFile(lang, src.text)
    commands = []
    for node in f.nodes:
        name = node.child_by_field_name("name") if node.type == "command" else None
        if name is None or node.start_point[0] + 1 != src.line or f.text_of(name) in _SH_BUILTINS:
            continue
        commands.append(node)
    out = []
    for command in sorted(commands, key=lambda n: n.start_byte)[:MAX_TARGETS]:
        name = f.fresh("_run")
        ed = Editor(src.text)
        at = f.top_line(command)
        body = f'{name}() {{ "$@"; }}'
        ed.replace(command.start_byte, command.start_byte, name + " ")
        if how == "module":
            helper = src.fresh_file("helpers", ".sh")
            ed.insert(at, ['. "$(dirname "$0")/' + Path(helper).name + '"'])
            out.append(Change(ed, sites=[(helper, 2)], new_files={helper: "# shared helpers\n" + body + "\n"}))
        else:
            ed.insert(at, [body])
            out.append(Change(ed, sites=[(src.path, ed.inserted_line(at, 0))]))
    return out


def _js_is_esm(src: Source, f: TsFile) -> bool:
    return src.path.endswith((".mjs", ".mts")) or any(c.type == "import_statement" for c in f.tree.root_node.children)


def _js_root(node: Any, f: TsFile) -> str | None:
    while node is not None and node.type in ("member_expression", "call_expression", "subscript_expression"):
        node = node.child_by_field_name("object") or node.child_by_field_name("function")
    return f.text_of(node) if node is not None and node.type == "identifier" else None


_JS_GLOBALS = {"fetch", "eval", "Function", "process", "Buffer", "globalThis", "require", "console", "setTimeout"}


def _js_wrap(src: Source, lang: Lang, how: str) -> list[Change]:
    f = TsFile(lang, src.text)
    line = src.line
    calls = [n for n in f.nodes if n.type == "call_expression" and n.start_point[0] + 1 == line]
    outer = [
        c
        for c in calls
        if not any(a.type == "call_expression" and a.start_point[0] + 1 == line for a in f.ancestors(c))
    ]
    out = []
    for call in sorted(outer, key=lambda c: c.start_byte)[:MAX_TARGETS]:
        callee = call.child_by_field_name("function")
        if callee is None or "\n" in f.text_of(callee) or f.text_of(callee) in ("require", "import"):
            continue
        root = _js_root(callee, f)
        if root in (None, "this", "super"):
            continue
        bound = None
        for child in f.tree.root_node.children:
            if child.type in ("import_statement", "lexical_declaration", "variable_declaration"):
                head = f.text_of(child).split("=")[0] if child.type != "import_statement" else f.text_of(child)
                if re.search(rf"(?<![\w$]){re.escape(root or '')}(?![\w$])", head):
                    bound = child
                    break
        known = bound is not None or root in _JS_GLOBALS
        name = f.fresh("_call")
        spread = "...a" if lang.grammar == "javascript" else "...a: any[]"
        body = f"function {name}({spread}) {{ return {f.text_of(callee)}(...a); }}"
        ed = Editor(src.text)
        ed.replace(callee.start_byte, callee.end_byte, name)
        if how == "module":
            if not known or (bound is not None and "\n" in f.text_of(bound)):
                continue
            esm = _js_is_esm(src, f)
            helper = src.fresh_file("_support", ".mjs" if esm else ".js")
            binding = [f.text_of(bound)] if bound is not None else []
            if esm:
                text = "\n".join([*binding, "", "export " + body, ""])
                ed.insert(f.prologue_line(), [f"import {{ {name} }} from './{Path(helper).name}';"])
            else:
                text = "\n".join([*binding, "", body, f"module.exports = {{ {name} }};", ""])
                ed.insert(f.prologue_line(), [f"const {{ {name} }} = require('./{Path(helper).name}');"])
            out.append(Change(ed, sites=[(helper, len(binding) + 2)], new_files={helper: text}))
            continue
        if known:
            at = f.prologue_line()
            ed.insert(at, [body])
        else:
            stmt = f.statement_in(call)
            if stmt is None:
                continue
            at = stmt.start_point[0] + 1
            ed.insert(at, [indent_of(src.text, at) + body])
        out.append(Change(ed, sites=[(src.path, ed.inserted_line(at, 0))]))
    return out


def _ts_swap_interpreter(src: Source, lang: Lang) -> list[Change]:
    f = TsFile(lang, src.text)
    ed = Editor(src.text)
    kinds = lang.strings | ({"command_name", "word", "string", "raw_string"} if lang.grammar == "bash" else set())
    for node in f.nodes:
        if node.type not in kinds or node.start_point[0] != node.end_point[0]:
            continue
        if any(a.type in kinds for a in f.ancestors(node)):
            continue  # only outermost nodes: the text swap covers what they hold
        text = f.text_of(node)
        new = swap_words(text)
        if new != text:
            ed.replace(node.start_byte, node.end_byte, new)
    return [Change(ed)] if ed.replacements else []


def _sh_swap_curl(src: Source, lang: Lang) -> list[Change]:
    f = TsFile(lang, src.text)
    ed = Editor(src.text)
    for node in f.nodes:
        name = node.child_by_field_name("name") if node.type == "command" else None
        if name is None or f.text_of(name) != "curl" or "\n" in f.text_of(node):
            continue
        args = [f.text_of(a) for a in node.children_by_field_name("argument")]
        wget, output, i, ok = ["wget", "-q"], "-O-", 0, True
        while i < len(args):
            a = args[i]
            flag = a.strip("'\"")
            more = i + 1 < len(args)
            if re.fullmatch(r"-[fsSLk]+", flag) or flag in ("--silent", "--fail", "--location", "--show-error"):
                if "k" in flag:
                    wget.append("--no-check-certificate")
            elif flag in ("-o", "--output") and more:
                output, i = "-O " + args[i + 1], i + 1
            elif flag in ("-d", "--data", "--data-binary", "--data-raw") and more:
                value = args[i + 1]
                post = "--post-file=" + value.replace("@", "", 1) if value.strip("'\"").startswith("@") else None
                wget.append(post or "--post-data=" + value)
                i += 1
            elif flag in ("-H", "--header") and more:
                wget.append("--header=" + args[i + 1])
                i += 1
            elif flag in ("-A", "--user-agent") and more:
                wget.append("-U " + args[i + 1])
                i += 1
            elif flag in ("-X", "--request") and more and args[i + 1].strip("'\"") in ("POST", "GET"):
                i += 1
            elif flag.startswith("-"):
                ok = False
                break
            else:
                wget.append(a)
            i += 1
        if ok:
            wget.insert(2, output)
            ed.replace(node.start_byte, node.end_byte, " ".join(wget))
    return [Change(ed)] if ed.replacements else []


def _sh_path(src: Source, lang: Lang, how: str) -> list[Change]:
    f = TsFile(lang, src.text)
    out: list[Change] = []
    for node in f.nodes:
        if len(out) >= MAX_TARGETS or node.type not in ("word", "string", "concatenation"):
            continue
        if node.parent is not None and node.parent.type in ("string", "concatenation"):
            continue
        if node.start_point[0] != node.end_point[0]:
            continue
        plain = f.text_of(node).replace('"', "")
        match = re.fullmatch(r"(~|\$HOME|\$\{HOME\})/([\w./-]+)", plain)
        if not match:
            continue
        parts = match.group(2).split("/")
        if how == "glob":
            if len(parts[-1]) < 2:
                continue
            root = "~" if match.group(1) == "~" else '"$HOME"'
            new = f"{root}/{'/'.join([*parts[:-1], glob_tail(parts[-1])])}"
        else:
            new = ('"$HOME"/' if match.group(1) == "~" else "~/") + match.group(2)
        ed = Editor(src.text)
        ed.replace(node.start_byte, node.end_byte, new)
        out.append(Change(ed))
    return out


def _sh_config(src: Source, lang: Lang) -> list[Change]:
    f = TsFile(lang, src.text)
    out = []
    for node in f.literals(src.line)[:MAX_TARGETS]:
        parts = f.literal_body(node)
        value = parts[1] if parts is not None else f.plain_word(node)
        if value is None or any(c in value for c in "$`\\~*?["):
            continue
        settings = src.fresh_file("settings", ".json")
        name = f.fresh("_v")
        ed = Editor(src.text)
        ed.insert(f.top_line(node), [f'{name}=$(jq -r .value "$(dirname "$0")/{Path(settings).name}")'])
        ed.replace(node.start_byte, node.end_byte, f'"${name}"')
        moved = [(settings, 2)] if node.start_point[0] + 1 == src.line else []
        out.append(Change(ed, sites=moved, new_files={settings: json.dumps({"value": value}, indent=2) + "\n"}))
    return out


def _js_config(src: Source, lang: Lang) -> list[Change]:
    f = TsFile(lang, src.text)
    out = []
    for node in f.literals(src.line)[:MAX_TARGETS]:
        parts = f.literal_body(node)
        if parts is None:
            continue
        settings = src.fresh_file("settings", ".json")
        name = f.fresh("_cfg")
        base = Path(settings).name
        if _js_is_esm(src, f):
            read = f"(await import('fs')).readFileSync(new URL('./{base}', import.meta.url), 'utf8')"
        else:
            read = f"require('fs').readFileSync(require('path').join(__dirname, '{base}'), 'utf8')"
        ed = Editor(src.text)
        ed.insert(f.module_line(node), [f"const {name} = JSON.parse({read});"])
        ed.replace(node.start_byte, node.end_byte, f"{name}.value")
        moved = [(settings, 2)] if node.start_point[0] + 1 == src.line else []
        out.append(Change(ed, sites=moved, new_files={settings: json.dumps({"value": parts[1]}, indent=2) + "\n"}))
    return out


_JS = {
    "strings": frozenset({"string", "template_string"}),
    "blocks": frozenset({"statement_block", "program"}),
    "functions": frozenset(
        {"function_declaration", "function_expression", "arrow_function", "method_definition", "function"}
    ),
    "hoist_module": lambda name, lit: [f"const {name} = {lit};"],
    "hoist_local": lambda name, lit: [f"const {name} = {lit};"],
    "ref": lambda name: name,
    "interpolation": ("${",),
}
LANGS = {
    "bash": Lang(
        "bash",
        frozenset({"string", "raw_string", "word", "concatenation"}),
        frozenset({"program", "compound_statement", "do_group", "if_statement", "elif_clause", "else_clause"}),
        frozenset({"function_definition"}),
        lambda name, lit: [f"{name}={lit}"],
        lambda name, lit: [f"local {name}={lit}"],
        lambda name: f'"${name}"',
        ("$", "`"),
    ),
    "javascript": Lang("javascript", **_JS),  # type: ignore[arg-type]
    "typescript": Lang("typescript", **_JS),  # type: ignore[arg-type]
    "powershell": Lang(
        "powershell",
        frozenset({"string_literal"}),
        frozenset({"statement_list"}),
        frozenset({"function_statement", "script_block_expression"}),
        lambda name, lit: [f"${name} = {lit}"],
        lambda name, lit: [f"${name} = {lit}"],
        lambda name: f"${name}",
        ("$", "`"),
    ),
    "ruby": Lang(
        "ruby",
        frozenset({"string"}),
        frozenset({"body_statement", "program", "then", "else", "do", "block_body"}),
        frozenset({"method", "singleton_method", "block", "do_block"}),
        lambda name, lit: [f"{name} = {lit}"],
        lambda name, lit: [f"{name} = {lit}"],
        lambda name: name,
        ("#{",),
    ),
    "go": Lang(
        "go",
        frozenset({"interpreted_string_literal", "raw_string_literal"}),
        frozenset({"statement_list"}),
        frozenset({"function_declaration", "method_declaration", "func_literal"}),
        lambda name, lit: [f"var {name} = {lit}"],
        lambda name, lit: [f"{name} := {lit}"],
        lambda name: name,
        (),
    ),
}


# --- round 2: other runners, the command itself indirect, environment defaults, loops, tool aliases ----------

_SAFE_VARS = re.compile(r"\$(?:\{?(?:HOME|USER|PWD|PATH|TMPDIR)\b\}?|\()")


def _sh_commands(f: TsFile, line: int, *, functions: bool = True) -> list[Any]:
    """Simple commands that start on ``line`` (no builtin; ``functions``: the file's own functions too)."""
    defined = {f.text_of(n.child_by_field_name("name")) for n in f.nodes if n.type == "function_definition"}
    found = []
    for node in f.nodes:
        name = node.child_by_field_name("name") if node.type == "command" else None
        if name is None or node.start_point[0] + 1 != line or node.start_point[0] != node.end_point[0]:
            continue
        word = f.text_of(name)
        if word in _SH_BUILTINS or (not functions and word in defined) or word.startswith("$"):
            continue
        found.append(node)
    return sorted(found, key=lambda n: n.start_byte)[:MAX_TARGETS]


def _sh_runner(src: Source, lang: Lang, how: str) -> list[Change]:
    """The labelled line's command run through another runner: bash -c, sh -c, eval, env or xargs."""
    f = TsFile(lang, src.text)
    out = []
    for command in _sh_commands(f, src.line, functions=how == "eval"):
        text = f.text_of(command)
        if any(m in text for m in ("[[", "<(", "$'", "\\")):
            continue
        if how == "bash-c":
            if "'" in text or "`" in text or _SAFE_VARS.sub("", text).count("$"):
                continue  # a single-quoted program sees only the environment: unexported variables would be lost
            new = f"bash -c '{text}'"
        elif how in ("sh-c", "eval"):
            if how == "eval" and "'" not in text:
                new = f"eval '{text}'"
            else:
                body = text.replace('"', '\\"')
                new = f'sh -c "{body}"' if how == "sh-c" else f'eval "{body}"'
        elif how == "env":
            new = f"env SKILL_RUN=1 {text}"
        else:
            args = command.children_by_field_name("argument")
            parent = command.parent
            if not args or parent is None or parent.type == "redirected_statement" or "{}" in text:
                continue
            if parent.type == "pipeline" and parent.children[0] != command:
                continue  # xargs gives the command no stdin
            # -0: xargs reads the item whole, with no quote or blank processing
            last = args[-1]
            head = f.text_of(command)[: last.start_byte - command.start_byte].rstrip()
            new = f"printf '%s\\0' {f.text_of(last)} | xargs -0 -I{{}} {head} {{}}"
        ed = Editor(src.text)
        ed.replace(command.start_byte, command.end_byte, new)
        out.append(Change(ed))
    return out


def _sh_cmd_var(src: Source, lang: Lang) -> list[Change]:
    """``c=curl; "$c" ...``: the command's own name read from a variable set just before its statement."""
    f = TsFile(lang, src.text)
    out = []
    for command in _sh_commands(f, src.line, functions=False):
        name = command.child_by_field_name("name")
        word = f.text_of(name)
        stmt = f.statement_in(command)
        if stmt is None or not re.fullmatch(r"[\w./-]+", word):
            continue
        var = f.fresh("_c")
        at = stmt.start_point[0] + 1
        ed = Editor(src.text)
        ed.insert(at, [f"{indent_of(src.text, at)}{var}={word}"])
        ed.replace(name.start_byte, name.end_byte, f'"${var}"')
        out.append(Change(ed))
    return out


def _launcher_name(src: Source, suffix: str) -> str:
    stem = Path(src.path).stem
    return src.fresh_file(f"{stem}_run", suffix)


def _py_runner_c(src: Source) -> list[Change]:
    """The Python program moved into ``python3 -c '...'`` in a shell script; the .py file launches that script."""
    if "__file__" in src.text or not src.path.endswith(".py"):
        return []
    folder = src.path.rsplit("/", 1)[0] + "/" if "/" in src.path else ""
    siblings = {n[len(folder) : -3] for n in src.names if n.startswith(folder) and n.endswith(".py")}
    imported = {
        (a.name if isinstance(stmt, ast.Import) else stmt.module or "").split(".")[0]
        for stmt in ast.walk(ast.parse(src.text))
        if isinstance(stmt, ast.Import | ast.ImportFrom)
        for a in stmt.names
    }
    if imported & siblings:
        return []  # python3 -c looks for modules in the working directory, not beside the script
    script = _launcher_name(src, ".sh")
    body = src.text.replace("'", "'\"'\"'").rstrip("\n").split("\n")
    text = "\n".join(["#!/bin/sh", "python3 -c '", *body, '\' "$@"', ""])
    launcher = (
        "import os, subprocess, sys\n\n"
        f"HERE = os.path.dirname(os.path.abspath(__file__))\n"
        f"sys.exit(subprocess.call(['sh', os.path.join(HERE, {Path(script).name!r}), *sys.argv[1:]]))\n"
    )
    return [Change(Editor(src.text), sites=[(script, src.line + 2)], new_files={script: text}, whole=launcher,
                   keep_site=False)]  # fmt: skip


def _js_runner_e(src: Source, lang: Lang) -> list[Change]:
    """The JavaScript program moved into ``node -e '...'`` in a shell script; the .js file launches that script."""
    if lang.grammar != "javascript" or any(w in src.text for w in ("__dirname", "__filename", "import.meta")):
        return []
    if re.search(r"""(?:require\(|from\s+)['"]\.\.?/""", src.text):
        return []  # node -e resolves relative modules from the working directory, not beside the script
    f = TsFile(lang, src.text)
    esm = _js_is_esm(src, f)
    script = _launcher_name(src, ".sh")
    body = src.text.replace("'", "'\"'\"'").rstrip("\n").split("\n")
    if body and body[0].startswith("#!"):
        body[0] = ""
    flag = "--input-type=module " if esm else ""
    text = "\n".join(["#!/bin/sh", f"node {flag}-e '", *body, '\' -- "$@"', ""])
    if esm:
        launcher = (
            "import { spawnSync } from 'child_process';\nimport { fileURLToPath } from 'url';\n"
            f"spawnSync('sh', [fileURLToPath(new URL('./{Path(script).name}', import.meta.url)), "
            "...process.argv.slice(2)], { stdio: 'inherit' });\n"
        )
    else:
        launcher = (
            "const { spawnSync } = require('child_process');\nconst path = require('path');\n"
            f"spawnSync('sh', [path.join(__dirname, '{Path(script).name}'), ...process.argv.slice(2)], "
            "{ stdio: 'inherit' });\n"
        )
    return [Change(Editor(src.text), sites=[(script, src.line + 2)], new_files={script: text}, whole=launcher,
                   keep_site=False)]  # fmt: skip


def _py_runner_sh(src: Source) -> list[Change]:
    """A command run through ``subprocess.run(["sh", "-c", ...])`` instead of a list, a shell string or os.system."""
    py = PyFile(src.text)
    ed = Editor(src.text)
    needs = ["subprocess"]
    for call in ast.walk(py.tree):
        if not isinstance(call, ast.Call) or call.lineno != call.end_lineno or not call.args:
            continue
        name = py.segment(call.func)
        kw = {k.arg: k.value for k in call.keywords if k.arg}
        if any(k.arg is None for k in call.keywords) or isinstance(call.args[0], ast.Starred):
            continue
        cmd = call.args[0]
        shell = isinstance(kw.get("shell"), ast.Constant) and kw["shell"].value is True  # type: ignore[union-attr]
        if name in _RUNNERS:
            if shell:
                start, end = py.span(call.args[0])
                ed.replace(start, end, f"['sh', '-c', {py.segment(cmd)}]")
                kstart, kend = py.span(next(k for k in call.keywords if k.arg == "shell"))
                ed.replace(kstart, kend, "shell=False")
            elif isinstance(cmd, ast.List | ast.Tuple):
                start, end = py.span(cmd)
                ed.replace(start, end, f"['sh', '-c', shlex.join({py.segment(cmd)})]")
                needs = ["subprocess", "shlex"]
        elif name == "os.system" and len(call.args) == 1:
            start, end = py.span(call)
            ed.replace(start, end, f"subprocess.run(['sh', '-c', {py.segment(cmd)}]).returncode")
    if not ed.replacements:
        return []
    py.add_imports(ed, needs)
    return [Change(ed)]


def _py_cmd_var(src: Source) -> list[Change]:
    """``cmd = [...]; subprocess.run(cmd)`` and ``getattr(os, "sys" + "tem")``: the command or call held indirectly."""
    py = PyFile(src.text)
    out = []
    for call in py.calls_on(src.line)[:MAX_TARGETS]:
        name = py.segment(call.func)
        stmt = py.inner_statement(call) or (py.top_statement(call) if py.starts_line(py.top_statement(call)) else None)
        if stmt is None:
            continue
        ed = Editor(src.text)
        if name in _RUNNERS | {"os.system", "os.popen"} and call.args and not isinstance(call.args[0], ast.Starred):
            cmd = call.args[0]
            if cmd.lineno != cmd.end_lineno or isinstance(cmd, ast.Name):
                continue
            var = py.fresh("_cmd")
            at = py.first_line(stmt)
            ed.insert(at, [f"{indent_of(src.text, stmt.lineno)}{var} = {py.segment(cmd)}"])
            start, end = py.span(cmd)
            ed.replace(start, end, var)
            out.append(Change(ed, sites=[(src.path, ed.inserted_line(at, 0))]))
        elif isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Name) and len(call.func.attr) > 1:
            if call.func.value.id not in py.module_names:
                continue
            attr = call.func.attr
            half = len(attr) // 2
            start, end = py.span(call.func)
            ed.replace(start, end, f"getattr({call.func.value.id}, {attr[:half]!r} + {attr[half:]!r})")
            out.append(Change(ed))
    return out


def _js_cmd_var(src: Source, lang: Lang) -> list[Change]:
    """``const m = 'exec'; cp[m](...)``: a method called through a computed name held in a variable."""
    f = TsFile(lang, src.text)
    out = []
    calls = [n for n in f.nodes if n.type == "call_expression" and n.start_point[0] + 1 == src.line]
    for call in sorted(calls, key=lambda c: c.start_byte)[:MAX_TARGETS]:
        callee = call.child_by_field_name("function")
        if callee is None or callee.type != "member_expression":
            continue
        prop = callee.child_by_field_name("property")
        obj = callee.child_by_field_name("object")
        stmt = f.statement_in(call)
        if prop is None or obj is None or stmt is None or prop.type != "property_identifier":
            continue
        if f.text_of(callee)[obj.end_byte - callee.start_byte :].startswith("?."):
            continue
        var = f.fresh("_m")
        at = stmt.start_point[0] + 1
        ed = Editor(src.text)
        ed.insert(at, [f"{indent_of(src.text, at)}const {var} = '{f.text_of(prop)}';"])
        ed.replace(obj.end_byte, prop.end_byte, f"[{var}]")
        out.append(Change(ed))
    return out


_ENV_PREFIX = "SKILL_OPT"


def _py_env_default(src: Source) -> list[Change]:
    py = PyFile(src.text)
    out = []
    for node in py.literals(src.line)[:MAX_TARGETS]:
        ed = Editor(src.text)
        start, end = py.span(node)
        ed.replace(start, end, f"os.environ.get({py.fresh(_ENV_PREFIX)!r}, {node.value!r})")
        py.add_imports(ed, ["os"])
        out.append(Change(ed))
    return out


def _ts_env_default(src: Source, lang: Lang) -> list[Change]:
    """A literal read as the default of an environment variable nobody sets, in the file's language."""
    f = TsFile(lang, src.text)
    out = []
    for node in f.literals(src.line)[:MAX_TARGETS]:
        parts = f.literal_body(node)
        var = f.fresh(_ENV_PREFIX)
        literal = f.text_of(node)
        if lang.grammar == "bash":
            word = parts[1] if parts is not None else f.plain_word(node)
            if word is None or any(c in word for c in "}$`\"'\\ "):
                continue
            tilde = parts is None and word.startswith("~")
            glob = parts is None and any(c in word for c in "*?[")
            new = f"${{{var}:-{word}}}" if tilde or glob else f'"${{{var}:-{word}}}"'
        elif lang.grammar in ("javascript", "typescript"):
            new = f"(process.env.{var} || {literal})"
        elif lang.grammar == "ruby":
            new = f"ENV.fetch('{var}', {literal})"
        elif lang.grammar == "powershell":
            new = f"$(if ($env:{var}) {{ $env:{var} }} else {{ {literal} }})"
        else:
            continue
        ed = Editor(src.text)
        ed.replace(node.start_byte, node.end_byte, new)
        out.append(Change(ed))
    return out


def _py_loop(src: Source) -> list[Change]:
    """A single literal put in a list the statement that uses it iterates over."""
    py = PyFile(src.text)
    out = []
    for node in py.literals(src.line)[:MAX_TARGETS]:
        stmt = next((a for a in [node, *py.ancestors(node)] if isinstance(a, ast.stmt)), None)
        if stmt is None or not py.starts_line(stmt) or stmt.lineno != stmt.end_lineno:
            continue
        if isinstance(stmt, ast.Global | ast.Nonlocal | ast.Return | ast.Yield | ast.Break | ast.Continue):
            continue
        if any(isinstance(a, ast.ClassDef) for a in py.ancestors(stmt)) and not py.inner_statement(stmt):
            continue
        var = py.fresh("_item")
        indent = indent_of(src.text, stmt.lineno)
        ed = Editor(src.text)
        ed.insert(stmt.lineno, [f"{indent}for {var} in [{node.value!r}]:"])
        line_start = py.starts[stmt.lineno - 1]
        ed.replace(line_start, line_start, "    ")
        start, end = py.span(node)
        ed.replace(start, end, var)
        out.append(Change(ed, sites=_moved(src, node.lineno, ed, stmt.lineno, 0)))
    return out


def _ts_loop(src: Source, lang: Lang) -> list[Change]:
    f = TsFile(lang, src.text)
    out = []
    for node in f.literals(src.line, values=lang.grammar == "bash")[:MAX_TARGETS]:
        stmt = f.statement_in(node)
        if stmt is None or stmt.start_point[0] != stmt.end_point[0]:
            continue
        if lang.grammar in ("javascript", "typescript") and stmt.type in (
            "lexical_declaration", "function_declaration", "class_declaration", "import_statement", "export_statement",
        ):  # fmt: skip
            continue  # a block would hide the declaration from what follows
        if lang.grammar == "bash" and any(c in f.text_of(node) for c in "*?[~"):
            continue
        var = f.fresh("_item")
        at = stmt.start_point[0] + 1
        indent = indent_of(src.text, at)
        literal = f.text_of(node)
        head, tail, ref = {
            "bash": (f"for {var} in {literal}; do", "done", f'"${var}"'),
            "javascript": (f"for (const {var} of [{literal}]) {{", "}", var),
            "typescript": (f"for (const {var} of [{literal}]) {{", "}", var),
            "powershell": (f"foreach (${var} in @({literal})) {{", "}", f"${var}"),
            "ruby": (f"for {var} in [{literal}]", "end", var),
        }.get(lang.grammar, (None, None, None))
        if head is None:
            continue
        ed = Editor(src.text)
        ed.insert(at, [indent + head])
        ed.insert(at + 1, [indent + tail])
        line_start = line_starts(f.data)[at - 1]
        ed.replace(line_start, line_start, "  ")
        ed.replace(node.start_byte, node.end_byte, ref)
        out.append(Change(ed, sites=_moved(src, node.start_point[0] + 1, ed, at, 0)))
    return out


_PS_ALIASES = {
    "iwr": "Invoke-WebRequest", "invoke-webrequest": "iwr", "irm": "Invoke-RestMethod",
    "invoke-restmethod": "irm", "iex": "Invoke-Expression", "invoke-expression": "iex",
}  # fmt: skip


def _ps_alias(src: Source, lang: Lang) -> list[Change]:
    """PowerShell's download and run commands under their other names (``iwr``/``Invoke-WebRequest``, ...)."""
    f = TsFile(lang, src.text)
    ed = Editor(src.text)
    for node in f.nodes:
        if node.type != "command_name":
            continue
        other = _PS_ALIASES.get(f.text_of(node).lower())
        if other:
            ed.replace(node.start_byte, node.end_byte, other)
    return [Change(ed)] if ed.replacements else []


def _rb_alias(src: Source, lang: Lang) -> list[Change]:
    """Ruby's HTTP reads the other way round: ``Net::HTTP.get(URI(u))`` and ``URI.open(u).read``."""
    f = TsFile(lang, src.text)
    ed = Editor(src.text)
    for node in f.nodes:
        if node.type != "call" or node.start_point[0] != node.end_point[0]:
            continue
        text = f.text_of(node)
        args = node.child_by_field_name("arguments")
        inner = list(args.named_children) if args is not None else []
        if re.fullmatch(r"Net::HTTP\.get\(.*\)", text) and len(inner) == 1:
            ed.replace(node.start_byte, node.end_byte, f"URI.open({f.text_of(inner[0])}.to_s).read")
        elif re.fullmatch(r"(URI\.)?open\(.*\)\.read", text) and node.child_by_field_name("receiver") is not None:
            receiver = node.child_by_field_name("receiver")
            rargs = receiver.child_by_field_name("arguments")
            if rargs is None or len(rargs.named_children) != 1:
                continue
            ed.replace(node.start_byte, node.end_byte, f"Net::HTTP.get(URI({f.text_of(rargs.named_children[0])}))")
    if not ed.replacements:
        return []
    if "require 'open-uri'" not in src.text and 'require "open-uri"' not in src.text:
        first = next((i + 1 for i, row in enumerate(src.text.split("\n")) if row.startswith("require")), 1)
        ed.insert(first, ["require 'open-uri'", "require 'net/http'"])
    return [Change(ed)]


def _go_alias(src: Source, lang: Lang) -> list[Change]:
    """Go's ``http.Get``/``http.Post`` written as ``http.NewRequest`` and ``http.DefaultClient.Do``."""
    f = TsFile(lang, src.text)
    ed = Editor(src.text)
    for node in f.nodes:
        if node.type != "call_expression" or node.start_point[0] != node.end_point[0]:
            continue
        callee = f.text_of(node.child_by_field_name("function"))
        args = node.child_by_field_name("arguments")
        inner = [f.text_of(c) for c in args.named_children] if args is not None else []
        if callee == "http.Get" and len(inner) == 1:
            new = (
                'func() (*http.Response, error) { r, e := http.NewRequest("GET", ' + inner[0] + ", nil); "
                "if e != nil { return nil, e }; return http.DefaultClient.Do(r) }()"
            )
        elif callee == "http.Post" and len(inner) == 3:
            new = (
                'func() (*http.Response, error) { r, e := http.NewRequest("POST", '
                + inner[0]
                + ", "
                + inner[2]
                + '); if e != nil { return nil, e }; r.Header.Set("Content-Type", '
                + inner[1]
                + "); return http.DefaultClient.Do(r) }()"
            )
        else:
            continue
        ed.replace(node.start_byte, node.end_byte, new)
    return [Change(ed)] if ed.replacements else []


PYTHON_OPS |= {
    "runner-c": _py_runner_c,
    "runner-sh": _py_runner_sh,
    "cmd-var": _py_cmd_var,
    "env-default": _py_env_default,
    "loop-list": _py_loop,
}


def ts_ops(lang: Lang) -> dict[str, Callable[[Source], list[Change]]]:
    ops: dict[str, Callable[[Source], list[Change]]] = {
        "hoist-module": lambda s: _ts_hoist(s, lang, "module"),
        "hoist-local": lambda s: _ts_hoist(s, lang, "local"),
        "split-concat": lambda s: _ts_split(s, lang, "concat"),
        "swap-interpreter": lambda s: _ts_swap_interpreter(s, lang),
    }
    if lang.grammar == "bash":
        ops |= {
            "hoist-helper": lambda s: _ts_hoist(s, lang, "helper"),
            "split-printf": lambda s: _ts_split(s, lang, "printf"),
            "wrap-helper": lambda s: _sh_wrap(s, lang, "helper"),
            "wrap-module": lambda s: _sh_wrap(s, lang, "module"),
            "swap-curl": lambda s: _sh_swap_curl(s, lang),
            "path-glob": lambda s: _sh_path(s, lang, "glob"),
            "path-home": lambda s: _sh_path(s, lang, "home"),
            "config-json": lambda s: _sh_config(s, lang),
            "runner-bash-c": lambda s: _sh_runner(s, lang, "bash-c"),
            "runner-sh-c": lambda s: _sh_runner(s, lang, "sh-c"),
            "runner-eval": lambda s: _sh_runner(s, lang, "eval"),
            "runner-env": lambda s: _sh_runner(s, lang, "env"),
            "runner-xargs": lambda s: _sh_runner(s, lang, "xargs"),
            "cmd-var": lambda s: _sh_cmd_var(s, lang),
        }
    if lang.grammar in ("javascript", "typescript"):
        ops |= {
            "hoist-helper": lambda s: _ts_hoist(s, lang, "helper"),
            "split-join": lambda s: _ts_split(s, lang, "join"),
            "split-template": lambda s: _ts_split(s, lang, "template"),
            "wrap-helper": lambda s: _js_wrap(s, lang, "helper"),
            "wrap-module": lambda s: _js_wrap(s, lang, "module"),
            "config-json": lambda s: _js_config(s, lang),
            "runner-c": lambda s: _js_runner_e(s, lang),
            "cmd-var": lambda s: _js_cmd_var(s, lang),
        }
    if lang.grammar != "go":
        ops["env-default"] = lambda s: _ts_env_default(s, lang)
        ops["loop-list"] = lambda s: _ts_loop(s, lang)
    alias = {"powershell": _ps_alias, "ruby": _rb_alias, "go": _go_alias}.get(lang.grammar)
    if alias is not None:
        ops["alias-tool"] = lambda s: alias(s, lang)
    return ops


OPERATORS: dict[str, dict[str, Callable[[Source], list[Change]]]] = {
    "python": PYTHON_OPS,
    **{name: ts_ops(lang) for name, lang in LANGS.items()},
}
PAIRS = [
    ("hoist-module", "split-concat"),
    ("path-glob", "hoist-helper"),
    ("swap-http", "wrap-helper"),
    ("swap-interpreter", "hoist-module"),
    ("split-join", "wrap-module"),
]


def language_of(path: str, text: str) -> str | None:
    by_suffix = {
        ".py": "python", ".sh": "bash", ".bash": "bash", ".js": "javascript", ".mjs": "javascript",
        ".cjs": "javascript", ".ts": "typescript", ".mts": "typescript", ".ps1": "powershell",
        ".rb": "ruby", ".go": "go",
    }  # fmt: skip
    suffix = Path(path).suffix
    if suffix in by_suffix:
        return by_suffix[suffix]
    first = text.split("\n", 1)[0]
    if first.startswith("#!") and not suffix:
        for word, lang in (("python", "python"), ("bash", "bash"), ("/sh", "bash"), ("node", "javascript")):
            if word in first:
                return lang
    return None


def valid(language: str, before: str, after: str) -> bool:
    """The rewrite still parses (tree-sitter: with no more error nodes than the original had)."""
    if language == "python":
        try:
            ast.parse(after)
        except SyntaxError:
            return False
        return True
    lang = LANGS[language]
    return TsFile(lang, after).errors() <= TsFile(lang, before).errors()


# --- rewriting and scoring the seeds ------------------------------------------------------------------------


@dataclass
class Rewrite:
    corpus: str
    seed: str
    operator: str
    language: str
    label: dict[str, Any]
    files: dict[str, str]
    sites: list[tuple[str, int]]
    name: str = ""
    outcome: dict[str, bool] = field(default_factory=dict)


def apply(src: Source, operator: str) -> list[tuple[str, list[tuple[str, int]], dict[str, str]]]:
    """Every rewrite ``operator`` (``a`` or ``a+b``) makes of ``src``: (new text, harm sites, new files)."""
    ops = OPERATORS[src.language]
    first, _, second = operator.partition("+")
    if first not in ops or (second and second not in ops):
        return []
    results = []
    for change in ops[first](src):
        try:
            text = change.whole if change.whole is not None else change.editor.result()
        except ValueError:
            continue
        kept = [(src.path, change.editor.track(src.line))] if change.keep_site else []
        sites = [*kept, *change.sites]
        if not second:
            results.append((text, sites, change.new_files))
            continue
        moved = replace(src, text=text, line=change.editor.track(src.line), names=src.names | set(change.new_files))
        for again in ops[second](moved)[:1]:
            try:
                final = again.editor.result()
            except ValueError:
                continue
            mapped = [(p, again.editor.track(n) if p == src.path else n) for p, n in sites]
            results.append((final, mapped + again.sites, {**change.new_files, **again.new_files}))
    return results


def skill_files(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


def rewrites_of(
    corpus: str, seed: str, label: dict[str, Any], operators: list[str], invalid: dict[tuple[str, str], int]
) -> list[Rewrite]:
    """The unchanged seed (``identity``) and every valid rewrite of its labelled file; invalid ones are counted."""
    files = skill_files(run.corpus_dir(corpus) / seed)
    path = label["file"]
    text = files[path].decode("utf-8", "surrogatepass")
    language = language_of(path, text)
    made = [Rewrite(corpus, seed, "identity", language or "other", label, {}, [(path, int(label["line"]))])]
    if language is None:
        return made
    src = Source(path, text, int(label["line"]), language, set(files))
    for operator in operators:
        try:
            results = apply(src, operator)
        except (SyntaxError, ValueError, RecursionError) as err:
            print(f"note: {corpus}/{seed}: {operator}: {err}", file=sys.stderr)
            results = []
        for new_text, sites, new_files in results:
            if new_text == text:
                continue
            helpers_ok = all(
                valid(language_of(p, t) or language, "", t)
                for p, t in new_files.items()
                if language_of(p, t) is not None
            )
            if not helpers_ok or not valid(language, text, new_text):
                invalid[(operator, language)] = invalid.get((operator, language), 0) + 1
                continue
            made.append(Rewrite(corpus, seed, operator, language, label, {path: new_text, **new_files}, sites))
    return made


def write_skill(root: Path, rewrite: Rewrite) -> None:
    target = root / rewrite.name
    shutil.copytree(run.corpus_dir(rewrite.corpus) / rewrite.seed, target, symlinks=True)
    for path, text in rewrite.files.items():
        (target / path).parent.mkdir(parents=True, exist_ok=True)
        (target / path).write_text(text, encoding="utf-8", errors="surrogatepass")
    page = target / "SKILL.md"
    lines = page.read_text(encoding="utf-8").split("\n")
    for i, line in enumerate(lines[1:40], 1):
        if line.strip() == "---":
            break
        if re.match(r"name:\s*", line):
            lines[i] = f"name: {rewrite.name}"
            break
    page.write_text("\n".join(lines), encoding="utf-8")


def audit_folder(root: Path, labels: dict[str, dict[str, Any]]) -> dict[str, run.Outcome]:
    """One ``skillscope audit`` of every skill folder under ``root`` served by ``serve.py``, scored by ``run.py``."""
    with tempfile.TemporaryDirectory(prefix="skillscope-mutate-home-") as tmp:
        done = run.audited([], run.isolated_env(tmp), corpus=root)
        outcomes, _ = run.score(json.loads(done.stdout), labels)
    return outcomes


def judge(outcome: run.Outcome, rewrite: Rewrite) -> dict[str, bool]:
    right = [f for f in outcome.severe() if run.family_of(f) == rewrite.label["family"]]

    def in_file(finding: dict[str, Any], path: str) -> bool:
        return str(finding.get("uri") or "").endswith("/" + path)

    return {
        "at line": any(in_file(f, p) and f.get("line") == n for f in right for p, n in rewrite.sites),
        "in file": any(in_file(f, p) for f in right for p, _ in rewrite.sites),
        "stopped": outcome.stopped,
    }


def seeds_of(corpus: str) -> dict[str, dict[str, Any]]:
    """The malicious skills of ``corpus`` the audit catches at the labelled line (one audit of the split)."""
    folder = run.corpus_dir(corpus)
    labels = run.load_labels(run.labels_path(folder))
    outcomes = audit_folder(folder, labels)
    return {
        name: labels[name]
        for name, outcome in sorted(outcomes.items())
        if labels[name]["label"] == "malicious" and run.right_reason(outcome, line=True)
    }


def tabulate(rewrites: list[Rewrite], invalid: dict[tuple[str, str], int], by: str) -> dict[str, dict[str, int]]:
    rows: dict[str, dict[str, Any]] = defaultdict(
        lambda: {"seeds": set(), "rewrites": 0, "invalid": 0, "at line": 0, "in file": 0, "stopped": 0}
    )
    for r in rewrites:
        row = rows[r.operator if by == "operator" else r.language]
        row["seeds"].add((r.corpus, r.seed))
        row["rewrites"] += 1
        for key in ("at line", "in file", "stopped"):
            row[key] += int(r.outcome[key])
    for (operator, language), count in invalid.items():
        rows[operator if by == "operator" else language]["invalid"] += count
    return {key: {**row, "seeds": len(row["seeds"])} for key, row in sorted(rows.items())}


def print_table(title: str, table: dict[str, dict[str, int]]) -> None:
    columns = ("seeds", "rewrites", "invalid", "at line", "in file", "stopped")
    print(f"{title:28}" + "".join(f"{c:>10}" for c in columns) + f"{'at line %':>11}")
    for key, row in table.items():
        share = f"{row['at line'] / row['rewrites']:.0%}" if row["rewrites"] else "-"
        print(f"{key:28}" + "".join(f"{row[c]:>10}" for c in columns) + f"{share:>11}")


def build(
    corpora: list[str], operators: list[str], *, limit: int | None = None, only: list[str] | None = None
) -> tuple[list[Rewrite], dict[tuple[str, str], int]]:
    """Seeds of each split and all their rewrites, named ``m<NNNNN>-<seed>`` in a fixed order."""
    invalid: dict[tuple[str, str], int] = {}
    rewrites: list[Rewrite] = []
    for corpus in corpora:
        seeds = seeds_of(corpus)
        if only:
            seeds = {k: v for k, v in seeds.items() if k in only}
        seeds = dict(list(seeds.items())[:limit]) if limit is not None else seeds
        print(f"{corpus}: {len(seeds)} seeds caught at the labelled line", file=sys.stderr, flush=True)
        for seed, label in seeds.items():
            rewrites += rewrites_of(corpus, seed, label, operators, invalid)
    for index, rewrite in enumerate(rewrites, 1):
        rewrite.name = f"m{index:05d}-{rewrite.seed}"[:64].rstrip("-")
    return rewrites, invalid


def audit_skills(
    skills: list[Rewrite], labels: dict[str, dict[str, Any]], keep: Path | None = None
) -> dict[str, run.Outcome]:
    """Write each skill into one folder (``keep``, emptied first, else a temporary one) and audit them all in one run."""
    with tempfile.TemporaryDirectory(prefix="skillscope-mutate-") as tmp:
        root = keep or Path(tmp) / "skills"
        if keep and root.exists():
            shutil.rmtree(root)
        root.mkdir(parents=True)
        for skill in skills:
            write_skill(root, skill)
        print(f"auditing {len(skills)} skills", file=sys.stderr, flush=True)
        return audit_folder(root, labels) if skills else {}


def score_all(rewrites: list[Rewrite], keep: Path | None = None) -> None:
    """Write every rewrite as a skill, audit them all in one run and record each one's outcome."""
    outcomes = audit_skills(rewrites, {r.name: {**r.label, "line": r.sites[0][1]} for r in rewrites}, keep)
    for rewrite in rewrites:
        rewrite.outcome = judge(outcomes[rewrite.name], rewrite)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    every = sorted({op for ops in OPERATORS.values() for op in ops}) + ["+".join(p) for p in PAIRS]
    parser.add_argument(
        "--corpus", action="append", metavar="NAME", help=f"a tuned split (default: {', '.join(TUNED)})"
    )
    parser.add_argument(
        "--operator", action="append", choices=every, metavar="OP", help="only this operator (repeatable)"
    )
    parser.add_argument("--limit", type=int, metavar="N", help="at most N seeds per split")
    parser.add_argument("--only", action="append", metavar="SKILL", help="only this seed (repeatable)")
    parser.add_argument("--json", type=Path, metavar="OUT", help="also write the tables and every rewrite's outcome")
    parser.add_argument("--keep", type=Path, metavar="DIR", help="keep the rewritten skills in DIR (emptied first)")
    args = parser.parse_args(argv)
    corpora = args.corpus or list(TUNED)
    for corpus in corpora:
        if Path(corpus).name in HELD_OUT or not run.corpus_dir(corpus).is_dir():
            parser.error(f"{corpus}: not a tuned split (held-out splits are never seeds)")
    rewrites, invalid = build(corpora, args.operator or every, limit=args.limit, only=args.only)
    score_all(rewrites, args.keep)
    mutated = [r for r in rewrites if r.operator != "identity"]
    identity = [r for r in rewrites if r.operator == "identity"]
    by_operator = tabulate(mutated, invalid, "operator")
    by_language = tabulate(mutated, invalid, "language")
    print("at line: a warning or error of the labelled family on a line the harm sits on after the rewrite;")
    print("in file: anywhere in the files it sits in; stopped: an error on the skill (the default gate)")
    print()
    print_table("operator", by_operator)
    print()
    print_table("language", by_language)
    print()
    lost = [r for r in identity if not r.outcome["at line"]]
    print(f"identity (each seed renamed, unchanged): {len(identity) - len(lost)}/{len(identity)} still caught at line")
    for r in lost:
        print(f"  lost by renaming alone: {r.corpus}/{r.seed}")
    total = {
        k: sum(row[k] for row in by_operator.values()) for k in ("rewrites", "invalid", "at line", "in file", "stopped")
    }
    if total["rewrites"]:
        print(
            f"all rewrites: {total['rewrites']} ({total['invalid']} invalid, dropped); at line {total['at line']} "
            f"({total['at line'] / total['rewrites']:.0%}), in file {total['in file']}, stopped {total['stopped']}"
        )
    if args.json:
        report = {
            "scoring": "at line: right family on a tracked harm line; in file: right family in a file the harm sits in",
            "corpora": corpora,
            "by operator": by_operator,
            "by language": by_language,
            "identity": {"seeds": len(identity), "lost": [f"{r.corpus}/{r.seed}" for r in lost]},
            "rewrites": [
                {k: getattr(r, k) for k in ("name", "corpus", "seed", "operator", "language", "sites")} | r.outcome
                for r in rewrites
            ],
        }
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
