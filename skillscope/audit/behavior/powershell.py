"""PowerShell rules: downloaded or decoded text run by Invoke-Expression, credentials posted by Invoke-RestMethod."""

from __future__ import annotations

import re

from skillscope.audit.behavior.base import Ctx
from skillscope.audit.behavior.shell import installer_severity
from skillscope.audit.behavior.vocab import credential_what
from skillscope.core.textsafe import safe_line

__all__ = ["scan_powershell"]

_RUN = re.compile(r"\b(?:Invoke-Expression|iex)\b|\[scriptblock\]::Create\s*\(", re.IGNORECASE)
_FETCH = re.compile(
    r"\b(?:Invoke-WebRequest|Invoke-RestMethod|iwr|irm|Start-BitsTransfer)\b|\.Download(?:String|Data|File)\s*\(",
    re.IGNORECASE,
)
_DECODE = re.compile(
    r"FromBase64String|\.GetString\s*\(|-bxor\b|\[char\]\s*\(?\s*\d|\[array\]::Reverse|(?:Deflate|GZip)Stream",
    re.IGNORECASE,
)
_ENCODED_RUN = re.compile(
    r"\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]*?\s-(?:e|ec|enc|encodedcommand)\s+['\"]?[A-Za-z0-9+/=]{20,}", re.IGNORECASE
)
_SEND = re.compile(
    r"\b(?:Invoke-RestMethod|Invoke-WebRequest|irm|iwr)\b|\.Upload(?:String|Data|File)\s*\(|\bSend-MailMessage\b",
    re.IGNORECASE,
)
_READ = re.compile(r"\b(?:Get-Content|gc|cat|type)\b|ReadAll(?:Text|Bytes|Lines)|\bImport-Clixml\b", re.IGNORECASE)
_WHOLE_ENV = re.compile(
    r"\b(?:Get-ChildItem|gci|ls|dir)\s+env:|\[Environment\]::GetEnvironmentVariables\(\)", re.IGNORECASE
)
_ASSIGN = re.compile(r"^\s*(\$[A-Za-z_]\w*)\s*=(?!=)\s*(.*)$")
_VAR = re.compile(r"\$[A-Za-z_]\w*")
_URL = re.compile(r"https?://[^\s'\"`)]+")


def _names(text: str) -> set[str]:
    """The variables a piece of PowerShell mentions (PowerShell names ignore case)."""
    return {name.lower() for name in _VAR.findall(text)}


def scan_powershell(ctx: Ctx) -> None:
    """Follow credentials, downloads and decoded text through a PowerShell script's variables, line by line."""
    text = ctx.text
    if not (_RUN.search(text) or _SEND.search(text) or _ENCODED_RUN.search(text)):
        return
    paths: dict[str, str] = {}
    secrets: dict[str, tuple[str, int]] = {}
    decoded: set[str] = set()
    fetched: set[str] = set()
    offset = 0
    for number, line in enumerate(text.split("\n"), start=ctx.line(0)):
        start, offset = offset, offset + len(line) + 1
        plain = line.split("#", 1)[0] if line.lstrip().startswith("#") else line
        if not plain.strip():
            continue
        said = plain.replace("\\", "/")
        used = _names(plain)
        place = credential_what(said) or next((paths[n] for n in used if n in paths), None)
        secret = ("reads the whole environment", number) if _WHOLE_ENV.search(plain) else None
        if secret is None and place and _READ.search(plain):
            secret = (f"reads {safe_line(place, limit=60)}", number)
        secret = secret or next((secrets[n] for n in used if n in secrets), None)
        assign = _ASSIGN.match(plain)
        if assign:
            name = assign.group(1).lower()
            if place and not _READ.search(plain):
                paths[name] = (
                    place  # $cfg = Join-Path $env:USERPROFILE '.docker\config.json': reading $cfg reads that file
                )
            if secret:
                secrets[name] = secret
            if _DECODE.search(assign.group(2)) or used & decoded:
                decoded.add(name)
            if _FETCH.search(assign.group(2)) or used & fetched:
                fetched.add(name)
        _line_rules(ctx, plain, start, used, secret, decoded, fetched)


def _line_rules(
    ctx: Ctx,
    line: str,
    start: int,
    used: set[str],
    secret: tuple[str, int] | None,
    decoded: set[str],
    fetched: set[str],
) -> None:
    run = _RUN.search(line)
    if run:
        span = (start + run.start(), start + run.end())
        # The shell rules may already have read this line as a download piped into a runner (`iwr URL | iex`).
        seen = any(
            raw.check == "skillscope/obfuscation/download-exec" and start <= raw.start < start + len(line)
            for raw in ctx.hits
        )
        if (_FETCH.search(line) or used & fetched) and not seen:
            # A vendor's documented one-line installer is judged as its curl | sh twin is; a script that does it is an error.
            url = _URL.search(line)
            where = f" from {safe_line(url.group(0), limit=100)}" if url else ""
            ctx.add(
                "skillscope/obfuscation/download-exec",
                f"runs what it downloads{where} (Invoke-Expression of a web response)",
                *span,
                installer_severity(ctx, url.group(0) if url else None),
            )
        elif (_DECODE.search(line) or used & decoded) and not seen:
            ctx.add(
                "skillscope/obfuscation/decode-exec", "decodes hidden code and runs it with Invoke-Expression", *span
            )
    encoded = _ENCODED_RUN.search(line)
    if encoded:
        ctx.add(
            "skillscope/obfuscation/decode-exec",
            "runs a base64-encoded PowerShell command (-EncodedCommand)",
            start + encoded.start(),
            start + encoded.end(),
        )
    send = _SEND.search(line)
    if send:
        span = (start + send.start(), start + len(line))
        ctx.network = True
        url = _URL.search(line)
        ctx.sends.append((*span, "upload" if secret and url else "network"))
        if secret:
            where = url.group(0) if url else "a computed address"
            ctx.add(
                "skillscope/exfiltration/data-flow",
                f"{secret[0]} (line {secret[1]}) and sends it to {safe_line(where, limit=100)} (line {ctx.line(span[0])})",
                *span,
            )
