"""Acts the user confirms at a prompt: a destructive step a script takes only after the user types an answer it
checks (``input("Type the repository URL to confirm: ")``, ``read -r -p "Delete? [y/N]" ok``, ``Read-Host``) is
done with the user's consent, on what the prompt names. It stays on the report as a warning, never a gate's stop;
deleting the home folder, the root, a system folder, a disk or the user's keys stays an error whatever was asked,
since a prompt can say one thing and the step do another."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

from skillscope.audit.behavior.purpose import Purpose
from skillscope.audit.findings import Hit, effective_severity

__all__ = ["confirmed_acts"]

DESTROY = "skillscope/permissions/destructive"
_ASK = re.compile(
    r"\binput\s*\(|\bread\s+(?:-[a-zA-Z]+\s+)*-[a-zA-Z]*p|\bRead-Host\b|\.question\s*\(|\bconfirm\s*\(|"
    r"\bgets\b|\bScanln?\s*\(|\bReadLine\s*\(|<STDIN>|\bprompt\s*\(|\bask\s*\("
)
_CHECKED = re.compile(r"!=|==|\s-ne\s|\s-eq\s|\bcase\b|=~|\s-notmatch\s|\s-match\s|\s!~\s|\bnot\s+in\b|\bin\s*\(")
_LEAVES = re.compile(r"\b(?:return|exit|die|throw|raise|Exit|abort)\b")
_CATASTROPHIC = re.compile(
    r"deletes (?:~|/|\$HOME|C:)(?:[\s,)]|/\*|$)|the disk|\bmkfs|\bshred\b|where the user's keys are kept|"
    r"never sets|home folder|every file"
)
_WINDOW = 15
"""Lines before the act within which the prompt and its check must sit."""


_STATED = {"force-push": re.compile(r"\bforce[- ]?push", re.IGNORECASE)}
"""Destructive acts a skill can state as its purpose, by the words of the finding that names one."""


def confirmed_acts(
    texts: Mapping[str, str], hits: list[tuple[str, Hit]], purpose: Purpose | None = None
) -> list[tuple[str, Hit]]:
    """``hits`` with each destructive error that a checked prompt guards lowered to a warning that says so; to a note
    when the skill's stated purpose is that very act (a history purge that force-pushes once the user confirms)."""
    out: list[tuple[str, Hit]] = []
    for path, hit in hits:
        line = hit.at.line
        if (
            hit.id != DESTROY
            or effective_severity(hit) != "error"
            or not line
            or path not in texts
            or path.lower().endswith((".md", ".markdown", ".txt", ".json", ".yaml", ".yml"))
            or _CATASTROPHIC.search(hit.message)
        ):
            out.append((path, hit))
            continue
        asked = _guard(texts[path].split("\n"), line)
        if asked is None:
            out.append((path, hit))
            continue
        message = f"{hit.message}, only after the user answers a prompt the script checks (line {asked})"
        stated = purpose is not None and any(
            act in hit.message and words.search(purpose.text) for act, words in _STATED.items()
        )
        if stated:
            message += ", as the skill says it does"
        out.append((path, replace(hit, message=message, severity="note" if stated else "warning")))
    return out


def _guard(lines: list[str], line: int) -> int | None:
    """The line of a prompt before ``line`` whose answer is checked with a way out before the act, or None."""
    first = max(0, line - 1 - _WINDOW)
    before = lines[first : line - 1]
    for index, text in enumerate(before):
        if not _ASK.search(text):
            continue
        rest = before[index:]
        checked = any(_CHECKED.search(t) for t in rest)
        leaves = any(_LEAVES.search(t) for t in rest) or any("||" in t and _LEAVES.search(t) for t in rest)
        if checked and leaves:
            return first + index + 1
    return None
