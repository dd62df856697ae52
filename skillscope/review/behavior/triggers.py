"""Trigger rules for any code: fixed dates or times, run counters and magic values that switch behaviour."""

from __future__ import annotations

import re

from skillscope.audit.behavior.base import Ctx
from skillscope.core.textsafe import safe_line

__all__ = ["scan_triggers", "scan_blobs"]

_NOW = r"(?:datetime\.(?:datetime\.)?(?:now|utcnow|today)\(\)|date\.today\(\)|time\.time\(\)|Date\.now\(\)|new\s+Date\(\)(?:\.getTime\(\))?|\$\(date\s+\+%[A-Za-z%]+\)|\bnow\b|\btoday\b)"
_MOMENT = r"(?:datetime\.?(?:datetime)?\(\s*20\d\d\s*,[^)]*\)|date\(\s*20\d\d\s*,[^)]*\)|new\s+Date\(\s*['\"]?20\d\d[^)]*\)|['\"]20\d\d-\d\d-\d\d[^'\"]*['\"]|\b1[6-9]\d{8}\b|\b20\d\d[01]\d[0-3]\d\b)"
_TIME_BOMB = re.compile(rf"{_NOW}[^\n]{{0,40}}?(?:[<>]=?|==|-gt|-ge|-lt|-le|-eq)\s*[^\n]{{0,10}}?{_MOMENT}|{_MOMENT}\s*(?:[<>]=?|==)\s*[^\n]{{0,10}}?{_NOW}", re.IGNORECASE)
_COUNTER = re.compile(r"\b(\w*(?:run|exec|invocation|call|launch|use|start)s?_?(?:count|counter|num|number|total)\w*|counter|run_count|runs)\s*"
                      r"(?:(?:>=|==|>|-ge|-eq|-gt)\s*(\d+)|%\s*(\d+)\s*==\s*0)", re.IGNORECASE)
_MAGIC = re.compile(r"(?:getuser\(\)|gethostname\(\)|os\.environ(?:\.get)?\(?\[?\s*['\"](?:USER|HOSTNAME|LOGNAME|CI|GITHUB_ACTIONS)['\"]\]?\)?|\$(?:USER|HOSTNAME)|"
                    r"os\.hostname\(\)|process\.env\.(?:USER|HOSTNAME))\s*(?:==|===|!=|-eq|=)\s*['\"][^'\"\n]{3,}['\"]|"
                    r"\bif\s+['\"][^'\"\n]{6,}['\"]\s+in\s+(?:prompt|user_input|message|query|text|request)\b")
_BLOB = re.compile(r"['\"`]([A-Za-z0-9+/=_-]{200,}|(?:[0-9a-fA-F]{2}){100,})['\"`]")
_DECODER = re.compile(r"b64decode|base64\s+-d|base64\s+--decode|fromhex|unhexlify|atob\(|Buffer\.from|decompress|codecs\.decode|xxd\s+-r")
_DECODER_WORDS = ("b64decode", "base64", "fromhex", "unhexlify", "atob(", "Buffer.from", "decompress", "codecs.decode", "xxd")
_EXEC = re.compile(r"\bexec\s*\(|\beval\s*\(|\bFunction\s*\(|subprocess|os\.system|child_process|\|\s*(?:ba)?sh\b|marshal\.loads|pickle\.loads")


_TRIGGERS = tuple(
    (pattern, check, what, words)
    for pattern, check, what, words in (
        (_TIME_BOMB, "skillscope/triggers/time-bomb", "acts differently after a fixed date or time", ("now", "today", "time()", "Date", "date")),
        (_COUNTER, "skillscope/triggers/run-counter", "counts its runs and acts on a given one", ("count", "runs", "number", "total", "num")),
        (_MAGIC, "skillscope/triggers/magic-value", "switches behaviour on a fixed user, host or input value",
         ("getuser", "hostname", "USER", "HOSTNAME", "LOGNAME", "CI", "GITHUB_ACTIONS", "if '", 'if "')),
    )
)


def scan_triggers(ctx: Ctx) -> None:
    """Dates, run counters and magic values compared in code."""
    text = ctx.text
    for pattern, check, what, hint in _TRIGGERS:
        if not any(word in text for word in hint):
            continue  # a cheap test for the words every match holds
        for match in pattern.finditer(text):
            if check == "skillscope/triggers/run-counter" and (match.group(2) or match.group(3) or "0") in ("0", "1"):
                continue
            ctx.add(check, f"{what}: {safe_line(match.group(0), limit=100)!r}", match.start(), match.end())


def _entropy(data: str) -> float:
    from math import log2

    counts: dict[str, int] = {}
    for char in data:
        counts[char] = counts.get(char, 0) + 1
    return -sum(n / len(data) * log2(n / len(data)) for n in counts.values())


def scan_blobs(ctx: Ctx) -> None:
    """Long high-entropy strings in code that also decodes (an error when it can run code too)."""
    text = ctx.text
    if not any(word in text for word in _DECODER_WORDS) or not _DECODER.search(text):
        return
    runs = _EXEC.search(text) is not None
    for match in _BLOB.finditer(text):
        blob = match.group(1)
        if _entropy(blob[:4096]) < 3.5:
            continue
        ctx.add("skillscope/obfuscation/encoded-blob", f"{len(blob):,}-character encoded blob next to a decoder" + (" in code that runs code" if runs else ""),
                match.start(), match.start() + min(len(match.group(0)), 80), "error" if runs else None)
