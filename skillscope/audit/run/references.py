"""skill:// references in a skill's verified text that point past what its manifest covers."""

from __future__ import annotations

import re
from urllib.parse import unquote

from skillscope.audit.findings import Hit, TextSpan
from skillscope.audit.run.results import ServerAudit, SkillAudit, finding
from skillscope.core.textsafe import safe_line
from skillscope.verify.filekind import read_as
from skillscope.verify.opener import SkillReport

__all__ = ["REFERENCE_LIMIT", "reference_checks", "skill_references"]

_REFERENCE = re.compile(r"\bskill://[^\s<>\"'`)\]]+", re.IGNORECASE)
REFERENCE_LIMIT = 20
"""Reference findings per file; past it one finding counts the rest."""


def _normalise(uri: str) -> str | None:
    """``uri`` with ``.`` and ``..`` segments resolved, or None when ``..`` climbs past the authority."""
    scheme, _, rest = uri.partition("://")
    out: list[str] = []
    for index, segment in enumerate(rest.split("/")):
        if index and segment == ".":
            continue
        if index and segment == "..":
            if len(out) <= 1:
                return None
            out.pop()
            continue
        out.append(segment)
    return f"{scheme.lower()}://" + "/".join(out)


def skill_references(text: str) -> list[tuple[str, int, int, int]]:
    """Every ``skill://`` URI written in ``text``: (uri, line, column, end column), sentence punctuation dropped."""
    found = []
    for match in _REFERENCE.finditer(text) if "://" in text else ():
        uri = match.group(0).rstrip(".,;:!?")
        start = match.start()
        line = text.count("\n", 0, start) + 1
        column = start - (text.rfind("\n", 0, start) + 1) + 1
        found.append((uri, line, column, column + len(uri)))
    return found


def reference_checks(audit: ServerAudit, skill: SkillAudit, report: SkillReport) -> None:
    """Report each ``skill://`` reference, in SKILL.md or any listed text file, to a file the manifest omits.

    A reference inside the skill's directory to an unlisted file is an error: the agent is told to
    load content that nothing verified and no approval covers. A reference to another skill is a
    warning: that file is verified, if at all, as part of a skill the reviewer did not approve here.
    """
    entry = skill.entry
    if entry.files is None or entry.directory is None or report.failure is not None:
        return
    directory = entry.directory
    listed = {f.uri for f in entry.files} | {unquote(f.uri) for f in entry.files}
    folders = {u.rsplit("/", 1)[0] + "/" for u in listed}
    for result in report.files:
        if result.served is None:
            continue
        read = read_as(result.served.data, result.path)
        if read.binary:
            continue
        counts: dict[str, int] = {}
        lines: list[str] | None = None
        for uri, line, column, end in skill_references(read.text):
            normal = _normalise(uri.split("#", 1)[0].split("?", 1)[0])  # a section of a file is that file
            if normal is not None and (normal in listed or unquote(normal) in listed):
                continue
            if (
                normal is not None
                and normal.endswith("/")
                and any(f.startswith(normal) for f in folders | {directory + "/"})
            ):
                continue  # a folder of the skill, not a file
            inside = normal is not None and unquote(normal).startswith(unquote(directory) + "/")
            check = "skillscope/unlisted-reference" if inside else "skillscope/outside-reference"
            counts[check] = counts.get(check, 0) + 1
            if counts[check] > REFERENCE_LIMIT:
                continue
            shown, where = safe_line(uri, limit=200), f"{safe_line(result.path)} line {line}"
            if inside:
                message = (
                    f"{entry.name}: {where} refers to {shown}, which is not in the skill's file list: "
                    "nothing verifies what the server serves there, and approving the skill does not cover it"
                )
            else:
                message = f"{entry.name}: {where} refers to {shown}, outside this skill: approving {entry.name} does not cover it"
            lines = lines if lines is not None else read.text.split("\n")
            excerpt = safe_line(lines[line - 1], limit=280)
            hit = Hit(check, message, TextSpan(line, column, excerpt, line, end))
            skill.findings.append(finding(audit, hit, message, skill=entry.name, uri=result.uri))
        for check, count in counts.items():
            if count > REFERENCE_LIMIT:
                skill.findings.append(
                    finding(
                        audit,
                        check,
                        f"{entry.name}: {safe_line(result.path)}: {count - REFERENCE_LIMIT} more "
                        f"references of this kind (first {REFERENCE_LIMIT} reported)",
                        skill=entry.name,
                        uri=result.uri,
                    )
                )
