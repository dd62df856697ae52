"""The user's own audit rules: YARA files through yara-x, and YAML pattern rules matched with RE2."""

from __future__ import annotations

import fnmatch
import os
import re
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import yaml

from skillscope.audit.behavior.rules import FAMILIES
from skillscope.audit.findings import NOWHERE, AuditFinding, Hit, Severity, TextSpan, placed
from skillscope.core.errors import UsageError
from skillscope.core.textsafe import safe_line
from skillscope.verify.filekind import read_as

if TYPE_CHECKING:
    from skillscope.audit.run.results import ServerAudit, SkillAudit
    from skillscope.verify.opener import SkillReport

__all__ = [
    "KINDS",
    "MAX_SCAN_BYTES",
    "PatternRule",
    "RuleSet",
    "load_rules",
    "read_rule_text",
    "USER_PREFIX",
    "scan_user_rules",
    "user_findings",
]

USER_PREFIX = "user/"
"""Every user rule's id starts with this, so no user file can pass its findings off as built-in ones."""
KINDS = ("prose", "code", "any")
SEVERITIES = ("error", "warning", "note")
MAX_SCAN_BYTES = 4 * 1024 * 1024
"""Bytes of one file the user rules read; a skill may hold 16 MiB, but no rule needs more than this of one file."""
MAX_RULE_FILE = 1024 * 1024
MAX_HITS_PER_RULE = 20
"""Findings of one rule in one file; past it one more finding counts the rest."""
YARA_TIMEOUT_SECONDS = 20
"""A backstop only: yara-x has patterns that backtrack; a scan that hits it is reported, never silently passed."""
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}(?:/[A-Za-z0-9][A-Za-z0-9_.-]{0,63}){0,3}")
_PROSE_SUFFIXES = (".md", ".markdown", ".txt", ".rst")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})[^\n]*\n.*?(?:^ {0,3}\1[ \t]*$|\Z)", re.MULTILINE | re.DOTALL)
_INLINE_CODE = re.compile(r"`[^`\n]+`")
_YARA_SEVERITY = re.compile(r"\bseverity\s*=\s*\"([^\"\n]*)\"")
_YARA_RULE = re.compile(r"^\s*(?:(?:private|global)\s+)*rule\s+([A-Za-z_][A-Za-z0-9_]*)", re.MULTILINE)
_YARA_WHERE = re.compile(r"-->\s*(.+?):(\d+):(\d+)")


@dataclass(frozen=True)
class PatternRule:
    """One YAML rule: an RE2 pattern, the files and the kind of text it reads, and what a match means."""

    id: str
    severity: Severity
    message: str
    pattern: str
    regex: Any
    files: tuple[str, ...]
    kind: str
    family: str | None
    origin: str
    """``FILE:LINE`` of the rule, for messages about it."""

    def reads(self, path: str) -> bool:
        """Whether the rule applies to the file at ``path`` (relative to the skill directory)."""
        name = path.rsplit("/", 1)[-1]
        return not self.files or any(
            fnmatch.fnmatchcase(path, glob) or fnmatch.fnmatchcase(name, glob) for glob in self.files
        )


@dataclass(frozen=True)
class _YaraRule:
    severity: Severity
    message: str | None
    family: str | None


class RuleSet:
    """Every rule the user's files add, compiled once; ``scan`` runs them all over one verified file."""

    def __init__(self, patterns: Sequence[PatternRule] = (), yara: Any = None, sources: Sequence[str] = ()) -> None:
        self.patterns = tuple(patterns)
        self._yara = yara
        self.sources = tuple(sources)

    def __bool__(self) -> bool:
        return bool(self.patterns) or self._yara is not None

    def scan(self, data: bytes, path: str, *, binary: bool) -> list[Hit]:
        """Every user rule's matches in one file: YARA over the bytes, YAML patterns over the text of the right kind."""
        data = data[:MAX_SCAN_BYTES]
        text = data.decode("utf-8", errors="replace")
        hits = self._yara_hits(data, text if not binary else None)
        if not binary and self.patterns:
            views: dict[str, str] = {}
            for rule in self.patterns:
                if rule.reads(path):
                    if rule.kind not in views:
                        views[rule.kind] = _view(text, path, rule.kind)
                    hits.extend(_pattern_hits(rule, views[rule.kind], text))
        return hits

    def _yara_hits(self, data: bytes, text: str | None) -> list[Hit]:
        if self._yara is None:
            return []
        import yara_x

        scanner = yara_x.Scanner(self._yara)
        scanner.set_timeout(YARA_TIMEOUT_SECONDS)
        scanner.max_matches_per_pattern(MAX_HITS_PER_RULE)
        try:
            results = scanner.scan(data)
        except yara_x.TimeoutError:
            # ':' is no character of a rule id, so no user rule can stand in for this finding.
            return [
                Hit(
                    "user/yara:timeout",
                    f"the YARA rules did not finish within {YARA_TIMEOUT_SECONDS} s on this file; it was not fully checked",
                    severity="warning",
                )
            ]
        hits = []
        for match in results.matching_rules:
            meta = _meta(match.metadata)
            offsets = sorted(m.offset for p in match.patterns for m in p.matches)
            at = NOWHERE
            if offsets and text is not None:
                at = _place(text, len(data[: offsets[0]].decode("utf-8", errors="replace")))
            what = meta.message or f"matches YARA rule {match.identifier}"
            hits.append(
                Hit(
                    USER_PREFIX + match.identifier,
                    f"{safe_line(what, limit=300)} [{match.identifier}]",
                    at,
                    meta.severity,
                    family=meta.family,
                )
            )
        return hits


def scan_user_rules(audit: ServerAudit, skill: SkillAudit, report: SkillReport) -> None:
    """Run the audit's user rules over every file of the skill that was read and verified."""
    for result in report.files:
        if result.served is None:
            continue
        data = result.served.data
        binary = read_as(data, result.path).binary
        skill.findings.extend(user_findings(audit, skill.entry.name, result.uri, result.path, data, binary=binary))


def user_findings(
    audit: ServerAudit, skill: str, uri: str, path: str, data: bytes, *, binary: bool
) -> list[AuditFinding]:
    """The audit's findings for what the user's rules match in one verified file of ``skill``."""
    return [
        placed(hit, audit.label, skill, uri, message=f"{skill}: {safe_line(path)}: {hit.message}")
        for hit in audit.rules.scan(data, path, binary=binary)
    ]


def _meta(pairs: Iterable[tuple[str, Any]]) -> _YaraRule:
    meta = dict(pairs)
    severity = meta.get("severity", "warning")
    message = meta.get("message", meta.get("description"))
    family = meta.get("family")
    return _YaraRule(
        cast(Severity, severity) if severity in SEVERITIES else "warning",
        message if isinstance(message, str) else None,
        family if family in FAMILIES else None,
    )


def _view(text: str, path: str, kind: str) -> str:
    """The file's text with what the kind does not read blanked out (offsets, lines and columns kept).

    Markdown and plain-text files are prose except for their fenced blocks and code spans, which are
    code; every other text file (scripts, configuration) is code.
    """
    # RE2 reads UTF-8: a byte that was not UTF-8 became U+FFFD on decoding, one character for one.
    if kind == "any":
        return text
    prose_file = path.lower().endswith(_PROSE_SUFFIXES)
    if not prose_file:
        return text if kind == "code" else ""
    code = [(m.start(), m.end()) for m in _FENCE.finditer(text)]
    fenced = _blank(text, code)
    code += [(m.start(), m.end()) for m in _INLINE_CODE.finditer(fenced)]
    if kind == "prose":
        return _blank(text, code)
    keep = sorted(code)
    out, last = [], 0
    for start, end in keep:
        out.append(_spaces(text[last:start]))
        out.append(text[start:end])
        last = end
    out.append(_spaces(text[last:]))
    return "".join(out)


def _spaces(part: str) -> str:
    return re.sub(r"[^\n]", " ", part)


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    out, last = [], 0
    for start, end in sorted(spans):
        if start < last:
            continue
        out.append(text[last:start])
        out.append(_spaces(text[start:end]))
        last = end
    out.append(text[last:])
    return "".join(out)


def _place(text: str, index: int) -> TextSpan:
    """Where ``index`` is in ``text``, with its whole line as the excerpt."""
    line = text.count("\n", 0, index) + 1
    start = text.rfind("\n", 0, index) + 1
    end = text.find("\n", index)
    return TextSpan(line, index - start + 1, safe_line(text[start : end if end >= 0 else len(text)], limit=200))


def _pattern_hits(rule: PatternRule, view: str, text: str) -> list[Hit]:
    """Matches in ``view`` (the text with other kinds blanked), placed and quoted from the real ``text``."""
    hits = []
    for count, match in enumerate(rule.regex.finditer(view)):
        if count == MAX_HITS_PER_RULE:
            hits.append(
                Hit(
                    rule.id,
                    f"{rule.message} (more matches in this file; first {MAX_HITS_PER_RULE} reported)",
                    severity=rule.severity,
                    family=rule.family,
                )
            )
            break
        hits.append(Hit(rule.id, rule.message, _place(text, match.start()), rule.severity, family=rule.family))
    return hits


def load_rules(paths: Sequence[str | Path]) -> RuleSet:
    """Read and compile every rule file (``.yar``/``.yara`` as YARA, ``.yml``/``.yaml`` as pattern rules).

    Raises:
        UsageError: a file cannot be read, or a rule in it is invalid; the message names the file and line.
    """
    patterns: list[PatternRule] = []
    yara_sources: list[tuple[str, str]] = []
    for raw in paths:
        path = Path(raw)
        text = read_rule_text(path)
        if path.suffix.lower() in (".yar", ".yara"):
            yara_sources.append((str(path), text))
        elif path.suffix.lower() in (".yml", ".yaml"):
            patterns.extend(_yaml_rules(str(path), text))
        else:
            raise UsageError(
                f"rules file {path}: unknown kind; name it .yar or .yara (YARA) or .yml or .yaml (pattern rules)"
            )
    yara = _compile_yara(yara_sources) if yara_sources else None
    seen: dict[str, str] = {}
    for rule in patterns:
        if rule.id in seen:
            raise UsageError(f"{rule.origin}: rule id {rule.id!r} is already defined at {seen[rule.id]}")
        seen[rule.id] = rule.origin
    for origin, source in yara_sources:
        for match in _YARA_RULE.finditer(source):
            rule_id = USER_PREFIX + match.group(1)
            where = f"{origin}:{source.count(chr(10), 0, match.start(1)) + 1}"
            if rule_id in seen:
                raise UsageError(f"{where}: rule id {rule_id!r} is already defined at {seen[rule_id]}")
            seen[rule_id] = where
    return RuleSet(patterns, yara, [str(p) for p in paths])


def read_rule_text(path: Path, *, limit: int = MAX_RULE_FILE, what: str = "rules") -> str:
    """A user's rules or policy file as text: at most ``limit`` bytes, UTF-8, errors naming the file.

    Never blocks: a FIFO, a device or a folder is refused before anything is read.

    Raises:
        UsageError: the file cannot be read, is not a regular file, is too large, or is not UTF-8 (with the line).
    """
    try:
        # Non-blocking: opening a FIFO for reading would otherwise wait for a writer forever.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        raise UsageError(f"{what} file {path}: cannot be read ({exc.strerror or exc})") from None
    with os.fdopen(fd, "rb") as handle:
        mode = os.fstat(handle.fileno()).st_mode
        if not stat.S_ISREG(mode):
            kind = "a folder" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode) else "a device or socket"
            raise UsageError(f"{what} file {path}: is {kind}, not a regular file")
        try:
            data = handle.read(limit + 1)
        except OSError as exc:
            raise UsageError(f"{what} file {path}: cannot be read ({exc.strerror or exc})") from None
    if len(data) > limit:
        raise UsageError(f"{what} file {path}: larger than {limit // 1024} KiB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise UsageError(f"{path}:{line}: not UTF-8 text") from None


def _compile_yara(sources: list[tuple[str, str]]) -> Any:
    import yara_x

    # Includes would read files the user did not name; each file gets its own namespace.
    compiler = yara_x.Compiler(includes_enabled=False)
    try:
        for index, (origin, source) in enumerate(sources):
            for match in _YARA_SEVERITY.finditer(source):
                if match.group(1) not in SEVERITIES:
                    line = source.count("\n", 0, match.start()) + 1
                    raise UsageError(
                        f"{origin}:{line}: severity {safe_line(match.group(1), limit=40)!r} is not one of {', '.join(SEVERITIES)}"
                    )
            compiler.new_namespace(f"file{index}")
            try:
                compiler.add_source(source, origin=origin)
            except yara_x.CompileError as exc:
                raise UsageError(_yara_error(origin, str(exc))) from None
        return compiler.build()
    finally:
        # yara-x's compiler may only be freed on the thread that made it. An error leaving with the compiler still
        # a local of this frame keeps it alive in the traceback, and a caller that let go of that error on another
        # thread (or whose collector freed it there) got "Exception ignored ... Compiler is unsendable" on stderr.
        del compiler


def _yara_error(origin: str, text: str) -> str:
    first = text.strip().split("\n", 1)[0]
    first = re.sub(r"^error(\[\w+\])?:\s*", "", first)
    caret = re.search(r"\^+\s*(\S[^\n]*)", text)
    if caret:
        first += f": {caret.group(1)}"
    where = _YARA_WHERE.search(text)
    place = f"{where.group(1)}:{where.group(2)}" if where else origin
    return f"{place}: invalid YARA rule: {safe_line(first, limit=300)}"


def _yaml_rules(origin: str, text: str) -> list[PatternRule]:
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f"{mark.line + 1}" if mark is not None else "1"
        raise UsageError(
            f"{origin}:{line}: not valid YAML ({safe_line(getattr(exc, 'problem', None) or str(exc), limit=200)})"
        ) from None
    if isinstance(root, yaml.MappingNode):
        found = {key.value: value for key, value in root.value if isinstance(key, yaml.ScalarNode)}
        unknown = [key for key in found if key != "rules"]
        if unknown:
            raise UsageError(
                f"{origin}:{root.start_mark.line + 1}: unknown top-level key {safe_line(unknown[0], limit=60)!r} (expected 'rules')"
            )
        root = found.get("rules")
    if not isinstance(root, yaml.SequenceNode):
        where = root.start_mark.line + 1 if root is not None else 1
        raise UsageError(f"{origin}:{where}: expected a list of rules under 'rules:'")
    return [_pattern_rule(origin, node) for node in root.value]


_RULE_KEYS = ("id", "severity", "message", "regex", "files", "kind", "family", "ignore-case")


def _pattern_rule(origin: str, node: Any) -> PatternRule:
    at = f"{origin}:{node.start_mark.line + 1}"
    if not isinstance(node, yaml.MappingNode):
        raise UsageError(f"{at}: a rule is a mapping with id, severity, message and regex")
    fields = {key.value: value for key, value in node.value if isinstance(key, yaml.ScalarNode)}
    for key, _value in node.value:
        if not isinstance(key, yaml.ScalarNode) or key.value not in _RULE_KEYS:
            raise UsageError(
                f"{origin}:{key.start_mark.line + 1}: unknown rule key {safe_line(str(getattr(key, 'value', '?')), limit=60)!r} "
                f"(allowed: {', '.join(_RULE_KEYS)})"
            )

    def scalar(key: str, required: bool = True) -> str | None:
        value = fields.get(key)
        if value is None:
            if required:
                raise UsageError(f"{at}: the rule has no {key!r}")
            return None
        if not isinstance(value, yaml.ScalarNode) or not value.value.strip():
            raise UsageError(f"{origin}:{value.start_mark.line + 1}: {key!r} must be a non-empty string")
        return str(value.value)

    def line_of(key: str) -> str:
        return f"{origin}:{fields[key].start_mark.line + 1}"

    ident = scalar("id") or ""
    if not _ID.fullmatch(ident):
        raise UsageError(
            f"{line_of('id')}: id {safe_line(ident, limit=80)!r} must be letters, digits, '.', '_' or '-', in up to four '/'-separated parts"
        )
    severity = scalar("severity") or ""
    if severity not in SEVERITIES:
        raise UsageError(
            f"{line_of('severity')}: severity {safe_line(severity, limit=40)!r} is not one of {', '.join(SEVERITIES)}"
        )
    kind = scalar("kind", required=False) or "any"
    if kind not in KINDS:
        raise UsageError(f"{line_of('kind')}: kind {safe_line(kind, limit=40)!r} is not one of {', '.join(KINDS)}")
    family = scalar("family", required=False)
    if family is not None and family not in FAMILIES:
        raise UsageError(
            f"{line_of('family')}: family {safe_line(family, limit=40)!r} is not one of {', '.join(FAMILIES)}"
        )
    ignore_case = scalar("ignore-case", required=False) or "false"
    if ignore_case not in ("true", "false"):
        raise UsageError(f"{line_of('ignore-case')}: ignore-case is true or false")
    pattern = scalar("regex") or ""
    return PatternRule(
        USER_PREFIX + ident,
        cast(Severity, severity),
        safe_line(scalar("message") or "", limit=300),
        pattern,
        _compile_re2(pattern, ignore_case == "true", line_of("regex")),
        _globs(fields.get("files"), origin),
        kind,
        family,
        at,
    )


def _globs(node: Any, origin: str) -> tuple[str, ...]:
    if node is None:
        return ()
    items = node.value if isinstance(node, yaml.SequenceNode) else [node]
    if not items or not all(isinstance(item, yaml.ScalarNode) and item.value for item in items):
        raise UsageError(
            f"{origin}:{node.start_mark.line + 1}: 'files' is a glob or a list of globs, such as ['scripts/*', '*.md']"
        )
    return tuple(str(item.value) for item in items)


def _compile_re2(pattern: str, ignore_case: bool, where: str) -> Any:
    import re2  # type: ignore[import-untyped]  # google-re2 ships no type information

    # RE2 matches in time linear in the input: no pattern and no file can make a scan backtrack for ever.
    options = re2.Options()
    options.log_errors = False
    options.case_sensitive = not ignore_case
    try:
        return re2.compile(pattern, options)
    except re2.error as exc:
        reason = exc.args[0].decode("utf-8", "replace") if exc.args and isinstance(exc.args[0], bytes) else str(exc)
        raise UsageError(
            f"{where}: invalid regex {safe_line(pattern, limit=80)!r}: {safe_line(reason, limit=200)} "
            "(RE2 syntax: no look-around or back-references)"
        ) from None
