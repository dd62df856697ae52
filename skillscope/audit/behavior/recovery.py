"""Windows recovery destroyed, in any language: ``vssadmin delete shadows /all`` (or WMI's shadow-copy delete,
``wbadmin delete catalog``, boot recovery off), spelt as a command or as the strings of an argument list
(``@('delete', 'shadows', '/all')`` handed to vssadmin.exe through a helper). Ransomware takes these steps first so
nothing can be restored; a cleanup deletes only the oldest shadow copy, or one it names. ``recovery_harm`` is the one
reading of a command's words: the shell analyser asks it of each command it resolves, and ``scan_recovery_wipe`` of
the words on each line of any script."""

from __future__ import annotations

import re

from skillscope.audit.behavior.base import Ctx

__all__ = ["recovery_harm", "scan_recovery_wipe"]

_WORD = re.compile(r"""[^\s'",@()\[\]{}=;]+""")
"""A word of a command line or of an argument list's strings (quotes, commas, brackets and = between them)."""
_TOOLS = frozenset({"vssadmin", "wmic", "wbadmin", "bcdedit"})
_EVERY_COPY = "deletes every shadow copy of the system's volumes, so no earlier version of a file can be restored"
_THROUGH_WMI = "deletes every shadow copy through WMI, so no earlier version of a file can be restored"
_WMI_OBJECTS = re.compile(
    r"\bwin32_shadowcopy\b[^\n]*\b(?:remove-wmiobject|remove-ciminstance|delete)\b", re.IGNORECASE
)
"""PowerShell's shadow copies removed through WMI or CIM (``Get-CimInstance Win32_ShadowCopy | Remove-CimInstance``)."""


def _pair(words: list[str], first: str, seconds: tuple[str, ...]) -> bool:
    return any(a == first and b in seconds for a, b in zip(words, words[1:], strict=False))


def recovery_harm(tool: str, args: list[str]) -> str | None:
    """What a Windows command that destroys the means of recovery does, by its program and the words after it
    (``vssadmin`` and ``delete shadows /all``), or None."""
    tool = re.split(r"[\\/]", tool)[-1].lower().removesuffix(".exe")
    if tool not in _TOOLS:
        return None
    words = [a.lower() for a in args]
    if tool == "vssadmin" and _pair(words, "delete", ("shadows",)):
        if "/all" in words or not any(w.startswith(("/oldest", "/shadow=")) for w in words):
            return _EVERY_COPY
    if (
        tool == "vssadmin"
        and _pair(words, "resize", ("shadowstorage",))
        and any(
            w.startswith("/maxsize=") and w.removeprefix("/maxsize=") in ("401mb", "1", "0", "320mb") for w in words
        )
    ):
        return "shrinks shadow storage until Windows drops every shadow copy"
    if tool == "wmic" and "shadowcopy" in words and "delete" in words:
        return _THROUGH_WMI
    if tool == "wbadmin" and _pair(words, "delete", ("catalog", "systemstatebackup", "backup")):
        return "deletes Windows backups or their catalogue, so the machine cannot be restored"
    if tool == "bcdedit" and _pair(words, "recoveryenabled", ("no",)):
        return "turns Windows boot recovery off"
    return None


def _line_harm(line: str) -> tuple[str, int, int] | None:
    """The harm the words of one line spell, with the span from the program's word on, or None."""
    found = _WMI_OBJECTS.search(line)
    if found is not None:
        return _THROUGH_WMI, found.start(), found.end()
    spans = [(m.start(), m.end()) for m in _WORD.finditer(line)]
    words = [line[a:b] for a, b in spans]
    for index, word in enumerate(words):
        harm = recovery_harm(word, words[index + 1 :])
        if harm is not None:
            return harm, spans[index][0], spans[-1][1]
    return None


def scan_recovery_wipe(ctx: Ctx) -> None:
    """The first line of the script that destroys the means of recovery, unless a rule already judged it there."""
    text = ctx.text
    if not re.search(r"vssadmin|shadowcopy|wbadmin|bcdedit", text, re.IGNORECASE):
        return
    taken = {ctx.line(raw.start) for raw in ctx.hits if raw.check == "skillscope/permissions/destructive"}
    offset = 0
    for line in text.split("\n"):
        start, offset = offset, offset + len(line) + 1
        if len(line) > 2000 or line.lstrip().startswith(("#", "//", "REM ", "rem ", "::")):
            continue
        found = _line_harm(line)
        if found is None or ctx.line(start) in taken:
            continue
        harm, at, end = found
        ctx.cap("destroys", "the system's restore points", start + at, start + end, "recovery")
        ctx.add("skillscope/permissions/destructive", f"{harm} (line {ctx.line(start)})", start + at, start + end)
        return
