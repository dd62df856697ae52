"""Windows recovery destroyed, in any language: the words of ``vssadmin delete shadows /all`` (or WMI's shadow-copy
delete, ``wbadmin delete catalog``, boot recovery off) on one line, spelt as a command or as the strings of an
argument list (``@('delete', 'shadows', '/all')`` handed to vssadmin.exe through a helper). Ransomware takes these
steps first so nothing can be restored; a cleanup deletes only the oldest shadow copy, or one it names."""

from __future__ import annotations

import re

from skillscope.audit.behavior.base import Ctx

__all__ = ["scan_recovery_wipe"]

_SEP = r"""[\s'",@()\[\]{}=;]+"""
_WIPES = (
    (
        re.compile(rf"\bvssadmin(?:\.exe)?\b.*?\bdelete{_SEP}shadows\b(?![^\n]*/(?:oldest|shadow=))", re.IGNORECASE),
        "deletes every shadow copy of the system's volumes, so no earlier version of a file can be restored",
    ),
    (
        re.compile(
            r"\bwin32_shadowcopy\b[^\n]*\b(?:remove-wmiobject|remove-ciminstance|delete)\b|"
            rf"\bwmic(?:\.exe)?\b[^\n]*\bshadowcopy{_SEP}delete\b",
            re.IGNORECASE,
        ),
        "deletes every shadow copy through WMI, so no earlier version of a file can be restored",
    ),
    (
        re.compile(rf"\bwbadmin(?:\.exe)?\b[^\n]*\bdelete{_SEP}(?:catalog|systemstatebackup|backup)\b", re.IGNORECASE),
        "deletes Windows backups or their catalogue, so the machine cannot be restored",
    ),
    (
        re.compile(rf"\bbcdedit(?:\.exe)?\b[^\n]*\brecoveryenabled{_SEP}no\b", re.IGNORECASE),
        "turns Windows boot recovery off",
    ),
)


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
        for pattern, harm in _WIPES:
            found = pattern.search(line)
            if found is None or ctx.line(start) in taken:
                continue
            ctx.cap("destroys", "the system's restore points", start + found.start(), start + found.end(), "recovery")
            ctx.add(
                "skillscope/permissions/destructive",
                f"{harm} (line {ctx.line(start)})",
                start + found.start(),
                start + found.end(),
            )
            return
