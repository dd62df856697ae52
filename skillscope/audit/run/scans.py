"""Content scans: the entry's server-written strings and paths, and every verified file's bytes."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from skillscope.audit.behavior.engine import SkillFileText, analyse_skill
from skillscope.audit.capabilities import Capability
from skillscope.audit.findings import Hit, TextSpan
from skillscope.audit.paths import path_hits, tool_file_hits
from skillscope.audit.run.results import ServerAudit, SkillAudit, finding
from skillscope.audit.text_scan import scan_bytes_kind, scan_string, scan_text
from skillscope.core.textsafe import safe_line
from skillscope.verify.filekind import FileText, read_as
from skillscope.verify.opener import SkillReport

__all__ = ["looks_like_text", "real_text", "scan_content", "scan_strings", "skill_capabilities"]


def _strings_of(value: Any, path: str) -> list[tuple[str, str]]:
    if isinstance(value, str):
        return [(path, value)]
    if isinstance(value, dict):
        out = []
        for key, inner in value.items():
            out.extend(_strings_of(str(key), f"{path} key"))
            out.extend(_strings_of(inner, f"{path}.{key}"))
        return out
    if isinstance(value, list):
        return [pair for index, inner in enumerate(value) for pair in _strings_of(inner, f"{path}[{index}]")]
    return []


_WORD = re.compile(r"[A-Za-z]{3,}")


def looks_like_text(string: str) -> bool:
    """Whether a binary's printable string is real text (words and spaces) rather than bytes that happen to print."""
    words = _WORD.findall(string)
    letters = sum(len(w) for w in words)
    return len(string) >= 8 and string.count(" ") >= 1 and letters * 10 >= len(string) * 6 and len(words) >= 2


def real_text(read: FileText) -> str:
    """A binary's printable strings that are real text, one per line (the others blanked, so lines still count strings)."""
    return "\n".join(s.text if looks_like_text(s.text) else "" for s in read.strings)


def _add(audit: ServerAudit, skill: SkillAudit, hit: Hit | str, message: str, uri: str | None) -> None:
    """Record one finding on the skill, named by the skill's entry."""
    skill.findings.append(finding(audit, hit, message, skill=skill.entry.name, uri=uri))


def scan_strings(audit: ServerAudit, skill: SkillAudit) -> None:
    """Scan the entry's frontmatter, URI and file paths (all written by the server)."""
    entry = skill.entry
    fields = _strings_of(entry.frontmatter or {}, "frontmatter") + [("uri", entry.uri or "")]
    fields += [(f"file name {safe_line(f.path, limit=80)!r}", f.path) for f in entry.files or ()]
    for where, value in fields:
        for hit in scan_string(value):
            _add(audit, skill, hit, f"{entry.name}: {hit.message} in {safe_line(where, limit=120)}", entry.uri)
    paths = [f.path for f in entry.files or ()]
    for path, hit in path_hits(paths) + tool_file_hits(paths):
        uri = next((f.uri for f in entry.files or () if f.path == path), entry.uri)
        _add(audit, skill, hit, f"{entry.name}: {hit.message}", uri)
    allowed = (entry.frontmatter or {}).get("allowed-tools", (entry.frontmatter or {}).get("allowed_tools"))
    if allowed:
        _add(
            audit,
            skill,
            "skillscope/allowed-tools",
            f"{entry.name} asks for tools: {safe_line(allowed, limit=200)}",
            entry.uri,
        )


def scan_content(audit: ServerAudit, skill: SkillAudit, report: SkillReport) -> None:
    """Scan the bytes of every file that was read and verified."""
    name = skill.entry.name
    texts: list[SkillFileText] = []
    uris: dict[str, str] = {}
    for result in report.files:
        if result.served is None:
            continue
        data = result.served.data
        for hit in scan_bytes_kind(data, result.path):
            _add(audit, skill, hit, f"{name}: {safe_line(result.path)}: {hit.message}", result.uri)
        read = read_as(data, result.path)
        uris[result.path] = result.uri
        texts.append(SkillFileText(result.path, real_text(read) if read.binary else read.text, read.binary))
        if read.binary:
            # Every binary's printable strings are scanned too: a URL or a command hides there as well.
            for hit in scan_text(read.text, result.path, markdown=False):
                if hit.id == "skillscope/script" or (
                    hit.id != "skillscope/url"
                    and hit.at.line
                    and not looks_like_text(read.strings[hit.at.line - 1].text)
                ):
                    continue  # a compressed stream's bytes spell `!` and | by chance: only real text counts
                where = (
                    f"string at byte offset 0x{read.strings[hit.at.line - 1].offset:x}" if hit.at.line else "strings"
                )
                hit = replace(hit, at=TextSpan(excerpt=hit.at.excerpt))
                _add(audit, skill, hit, f"{name}: {safe_line(result.path)}: {where}: {hit.message}", result.uri)
            continue
        markdown = result.path.lower().endswith((".md", ".markdown"))
        for hit in scan_text(read.text, result.path, markdown=markdown):
            _add(audit, skill, hit, f"{name}: {safe_line(result.path)}: {hit.message}", result.uri)
    analysis = analyse_skill(texts, skill.entry.frontmatter)
    skill.capabilities = list(analysis.capabilities)
    for path, hit in analysis.hits:
        uri = uris.get(path, skill.entry.uri)
        _add(audit, skill, hit, f"{name}: {safe_line(path)}: {hit.message}", uri)


def skill_capabilities(report: SkillReport) -> list[Capability]:
    """What the verified files of ``report`` can do, read as the audit reads them (no finding is made).

    For the views that show a skill without auditing it (``show``, ``diff``): the same texts the
    audit's behaviour analysers read, so both name the same capabilities.
    """
    texts: list[SkillFileText] = []
    for result in report.files:
        if result.served is None:
            continue
        read = read_as(result.served.data, result.path)
        texts.append(SkillFileText(result.path, real_text(read) if read.binary else read.text, read.binary))
    return analyse_skill(texts, report.entry.frontmatter).capabilities
