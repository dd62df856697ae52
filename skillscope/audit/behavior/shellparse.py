"""Shell code as pipelines of commands, through bashlex, with a tokenising fallback where it cannot parse."""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Cmd", "Pipeline", "parse_shell"]

_WRAPPERS = frozenset(
    {"sudo", "doas", "env", "nohup", "exec", "command", "time", "nice", "builtin", "stdbuf", "timeout", "xargs"}
)
_MAX_PARSE = 64 * 1024
"""Characters handed to bashlex at once; a longer script is parsed line by line (bashlex slows on big inputs)."""


@dataclass
class Cmd:
    """One simple command: its words (wrappers such as sudo stripped), where it is, redirects and substitutions."""

    words: list[str]
    start: int
    end: int
    redirects: list[tuple[str, str]] = field(default_factory=list)
    subs: list[Pipeline] = field(default_factory=list)
    assigns: list[tuple[str, str, list[Pipeline]]] = field(default_factory=list)

    @property
    def name(self) -> str:
        """The command's base name, lower-cased ('' for a bare assignment)."""
        return self.words[0].rsplit("/", 1)[-1].lower() if self.words else ""

    @property
    def args(self) -> list[str]:
        return self.words[1:]


Pipeline = list[list[Cmd]]
"""Stages joined by |; a stage is one command, or every command of a compound ( ... ) or { ... } stage."""


def _strip_wrappers(words: list[str]) -> list[str]:
    while words and words[0] in ("$", "%", "#", ">", "PS>"):  # a prompt copied from a terminal session
        words = words[1:]
    if len(words) > 1 and re.fullmatch(r"\(?[^()\s$`]+\)", words[0]):
        words = words[1:]  # a case arm's pattern (`*prod*) curl ... | sh ;;`) guards the command after it
    while words and words[0].rsplit("/", 1)[-1] in _WRAPPERS:
        rest = words[1:]
        while rest and (rest[0].startswith("-") or re.match(r"^[A-Za-z_]\w*=", rest[0]) or rest[0].isdigit()):
            rest = rest[1:]
        if not rest:
            break  # `env` or `sudo -l` on its own is the command itself
        words = rest
    return words


class _Collector:
    """Turns bashlex nodes into pipelines; every pipeline, nested ones included, lands in ``out``."""

    def __init__(self, offset: int) -> None:
        self.offset = offset
        self.out: list[Pipeline] = []

    def _subs(self, node: Any) -> list[Pipeline]:
        found: list[Pipeline] = []
        for part in getattr(node, "parts", None) or []:
            if part.kind in ("commandsubstitution", "processsubstitution"):
                inner = _Collector(self.offset)
                inner.visit(part.command)
                found.extend(inner.out)
                self.out.extend(inner.out)
            else:
                found.extend(self._subs(part))
        return found

    def command(self, node: Any) -> Cmd:
        cmd = Cmd([], node.pos[0] + self.offset, node.pos[1] + self.offset)
        for part in node.parts:
            if part.kind == "word":
                cmd.words.append(part.word)
                cmd.subs.extend(self._subs(part))
            elif part.kind == "assignment":
                name, _, value = part.word.partition("=")
                cmd.assigns.append((name, value, self._subs(part)))
            elif part.kind == "redirect":
                target = part.output
                if hasattr(target, "word"):
                    cmd.redirects.append((str(part.type), target.word))
                    cmd.subs.extend(self._subs(target))
        cmd.words = _strip_wrappers(cmd.words)
        return cmd

    def _stage(self, node: Any) -> list[Cmd]:
        if node.kind == "command":
            return [self.command(node)]
        inner = _Collector(self.offset)
        inner.visit(node)
        self.out.extend(inner.out)
        return [cmd for pipeline in inner.out for stage in pipeline for cmd in stage]

    def visit(self, node: Any) -> None:
        kind = node.kind
        if kind == "pipeline":
            stages = [self._stage(part) for part in node.parts if part.kind != "pipe"]
            self.out.append(stages)
        elif kind == "command":
            self.out.append([[self.command(node)]])
        else:
            for part in getattr(node, "parts", None) or getattr(node, "list", None) or []:
                if hasattr(part, "kind"):
                    self.visit(part)


_SUB = re.compile(r"\$\(([^()]*)\)|`([^`]*)`|<\(([^()]*)\)")
_SPLIT = re.compile(r"\s*(?:;|&&|\|\||&(?!>))\s*")


def _fallback_line(line: str, offset: int, out: list[Pipeline]) -> None:
    """Tokenise one line when bashlex cannot parse it: statements, pipes, redirects, $( ) substitutions."""
    subs: list[Pipeline] = []
    for match in _SUB.finditer(line):
        body = next(g for g in match.groups() if g is not None)
        before = len(out)
        _fallback_line(body, offset + match.start(), out)
        subs.extend(out[before:])
    line = _SUB.sub(lambda m: "S" * len(m.group(0)), line)  # keep offsets; the bodies were parsed above
    position = 0
    for statement in _SPLIT.split(line):
        at = line.find(statement, position)
        position = at + len(statement)
        stages: Pipeline = []
        stage_at = at
        for piece in re.split(r"(?<![|>])\|(?!\|)", statement):
            start = line.find(piece, stage_at)
            stage_at = start + len(piece)
            redirects = [(m.group(1), m.group(2)) for m in re.finditer(r"(>>|&>|>|<)\s*([^\s;|&]+)", piece)]
            bare = re.sub(r"\d?(?:>>|&>|>|<)\s*[^\s;|&]+", " ", piece)
            try:
                words = shlex.split(bare, comments=True)
            except ValueError:
                words = bare.split()
            assigns = []
            while words and re.match(r"^[A-Za-z_]\w*=", words[0]):
                name, _, value = words.pop(0).partition("=")
                assigns.append((name, value, [p for p in subs if value and p]))
            cmd = Cmd(
                _strip_wrappers(words), offset + start, offset + start + len(piece), redirects, list(subs), assigns
            )
            stages.append([cmd])
        if any(stage[0].words or stage[0].assigns for stage in stages):
            out.append(stages)


def _logical_lines(text: str) -> list[tuple[int, str]]:
    lines = []
    offset = 0
    pending = ""
    pending_at = 0
    for raw in text.split("\n"):
        if not pending:
            pending_at = offset
        offset += len(raw) + 1
        if raw.endswith("\\"):
            pending += raw[:-1] + " "
            continue
        lines.append((pending_at, pending + raw))
        pending = ""
    if pending:
        lines.append((pending_at, pending))
    return lines


def _parse_bashlex(text: str, offset: int) -> list[Pipeline] | None:
    import bashlex  # deferred: building its parser tables costs ~0.3 s, paid only when a shell text is parsed

    try:
        nodes = bashlex.parse(text)
    except Exception:  # bashlex raises assorted errors (ParsingError, NotImplementedError, IndexError...)
        return None
    collector = _Collector(offset)
    for node in nodes:
        collector.visit(node)
    return collector.out


def parse_shell(text: str) -> list[Pipeline]:
    """Every pipeline of a shell text, nested ones (from substitutions and compound commands) included."""
    if len(text) <= _MAX_PARSE:
        whole = _parse_bashlex(text, 0)
        if whole is not None:
            return whole
    out: list[Pipeline] = []
    for offset, line in _logical_lines(text[: 4 * _MAX_PARSE]):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        lead = len(line) - len(line.lstrip())
        parsed = _parse_bashlex(line, offset) if len(line) < 4096 else None
        if parsed is None:
            _fallback_line(line[lead:], offset + lead, out)
        else:
            out.extend(parsed)
    return out
