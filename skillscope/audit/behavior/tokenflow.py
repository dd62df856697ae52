"""Credentials followed to the network by tokens, for script languages with no grammar-based analyser (Perl, PHP, a
script of no named language); Ruby and Go have their own (ruby.py, golang.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from skillscope.audit.behavior.base import Ctx
from skillscope.audit.behavior.vocab import credential_what, is_local_host, url_host_of
from skillscope.core.textsafe import safe_line

__all__ = ["scan_tokens"]

_SEND = re.compile(
    r"\bNet::HTTP\.(?:post|post_form|put|patch)\b|\b(?:HTTParty|RestClient|Faraday|Excon)\.(?:post|put|patch)\b|\bhttp\.(?:Post|PostForm)\s*\(|"
    r"\bhttp\.NewRequest(?:WithContext)?\s*\([^\n]{0,400}\"(?:POST|PUT|PATCH)\"|\bcurl_exec\s*\(|\$\w+->(?:post|request)\s*\(|"
    r"\bureq::(?:post|put)\b|\breqwest::[^\n]{0,400}\.(?:post|put)\s*\(|\bsmtp\.SendMail\s*\(|\bnet\.Dial\s*\(|\bTCPSocket\.(?:new|open)\b|"
    r"->\s*(?:post|put|post_form|request)\s*\(|\bIO::Socket::INET->new\b|\bLWP::Simple::post\b|\bfsockopen\s*\(|"
    # R (curl with a handle, httr, httr2), Elixir (:httpc, Req, HTTPoison, Tesla), Dart (HttpClient, http, Dio),
    # Swift (a request's body), Java (a body publisher, a connection's output), Julia (HTTP.jl, Downloads)
    r"\bcurl_fetch_(?:memory|disk|stream)\s*\([^\n]{0,400}\bhandle\s*=(?!\s*new_handle\s*\(\s*nobody)|\b(?:httr::)?(?:POST|PUT|PATCH)\s*\(|\breq_body_\w+\s*\(|"
    r":httpc\.request\s*\(\s*:(?:post|put)\b|\b(?:Req|HTTPoison|Tesla|Finch)\.(?:post|put|patch|request)!?\s*\(|"
    r"\.(?:postUrl|putUrl|patchUrl)\s*\(|\bhttp\.(?:post|put|patch)\s*\(|\bdio\.(?:post|put)\s*\(|"
    r"\.httpBody\s*=|\.upload\s*\(\s*for\s*:|\bBodyPublishers\.of\w+\s*\(|\.getOutputStream\s*\(\s*\)|"
    r"\bHTTP\.(?:post|put|patch)\s*\(|\bHTTP\.request\s*\(\s*\"(?:POST|PUT|PATCH)\"|\bDownloads\.request\s*\([^\n]{0,400}method\s*=\s*\"(?:POST|PUT)"
)
# Code fetched from the network (Perl's LWP::Simple get, HTTP::Tiny, a backtick curl; PHP's file_get_contents of
# a URL) or decoded from a constant (decode_base64, base64_decode, gzinflate, pack "H*")...
_FETCH = re.compile(
    r"\b(?:LWP::Simple::)?(?:get|getstore)\s*\(\s*[\"'$]|->\s*get\s*\(|\bfile_get_contents\s*\(\s*[\"'$][^)]*(?:https?:|\$)|"
    r"`\s*(?:curl|wget)\b|\bqx\s*[{(/|]\s*(?:curl|wget)\b|\breadpipe\s*\(\s*[\"']\s*(?:curl|wget)\b|"
    r"\b(?:GetByteArrayAsync|GetStringAsync|GetStreamAsync|DownloadData|DownloadString|DownloadFile)\s*\(|"
    r"\bURL\s*\([^)]*\)\s*\.(?:readBytes|readText|openStream)\s*\(|"
    r"\bDownloads\.download\s*\(|\bHTTP\.(?:get|request)\s*\("  # Julia
)
_DECODE = re.compile(
    r"\b(?:decode_base64|base64_decode|gzinflate|gzuncompress|gzdecode|zlib_decode|bzdecompress|hex2bin|convert_uudecode|"
    r"str_rot13|MIME::Base64::decode)\s*\(|\bpack\s*\(\s*[\"']H\*"
)
# A read that fetches when handed an address (PHP's file_get_contents, fopen; curl_exec of a handle made from one).
_READ_NAMED = re.compile(r"\b(?:file_get_contents|fopen|readfile|file|curl_exec|get_headers)\s*\(\s*@?([$]?\w+)")
# An assignment inside a condition or a call: if (($code = gzdecode($blob)) !== false), while ($line = fgets($fh)).
_INNER_BIND = re.compile(r"[(,]\s*(?:my\s+)?([$@]?[A-Za-z_]\w*)\s*=(?![=~>])")
# Decoders of a constant worked out to show (and follow) the address a script hides: str_rot13('uggcf://...').
_CONSTANT_DECODE = re.compile(r"((?:\b(?:str_rot13|base64_decode|strrev|hex2bin)\s*\(\s*)+)(['\"])([^'\"\\]*)\2")
# ... reaching something that runs it: eval, system, exec, a pipe into a shell, PHP's assert or include.
_RUN = re.compile(
    r"\beval\b|\bsystem\s*\(|\bexec\s*\(|\bpassthru\s*\(|\bshell_exec\s*\(|\bassert\s*\(|\bcreate_function\s*\(|"
    r"\bopen\s*\([^)]*\|\s*(?:ba|z)?sh\b|\bopen\s*\([^)]*[\"']\|-[\"']|\b(?:include|require)(?:_once)?\s*\(?\s*\$|"
    r"\bAssembly\.(?:Load|LoadFrom|UnsafeLoadFrom)\s*\(|\bCSharpScript\.(?:EvaluateAsync|RunAsync)\s*\(|"
    r"\bGroovyShell\s*\(\s*\)\s*\.evaluate\s*\(|\bScriptEngineManager\b|"
    # PowerShell handed a download cradle from another language (a VBScript's WScript.Shell Run, a batch line)
    r"\biex\b|\bInvoke-Expression\b|\[scriptblock\]::Create\s*\(|"
    # Windows Script Host: WScript.Shell's Run and Exec, Shell.Application's ShellExecute
    r"\.(?:Run|Exec)\s*\(?\s*[A-Za-z_\"]|\bShellExecute\b|"
    r"\binclude_string\s*\("  # Julia: code given as text
)
_OPEN = re.compile(r"\bopen\s*\(?\s*(?:my\s+)?([$]?\w+)\s*,")
_STRING = re.compile(r"\"((?:[^\"\\\n]|\\.)*)\"|'((?:[^'\\\n]|\\.)*)'|`([^`\n]*)`")
_BIND = re.compile(
    r"^\s*(?:const\s+|var\s+|val\s+|let\s+|my\s+|local\s+|final\s+|(?:final\s+)?[A-Z][\w.]*(?:<[\w<>, ?.]*>)?(?:\[\])?\s+|"
    r"(?:byte|int|long|char)\[\]\s+)?"
    r"([A-Za-z_$@][\w$@.]*(?:\s*,\s*[A-Za-z_$@][\w$@]*)*)\s*(?::=|<<-|<-|=(?![=~>]))\s*(.*)$"
)
_NAME = re.compile(r"[A-Za-z_$@][\w$@]*")
# Data poured into a buffer or collection: report.Write(creds), fmt.Fprintf(&out, ..., creds), body << creds, msg += creds.
_INTO = re.compile(
    r"\b([A-Za-z_$@][\w$@]*)\.(?:Write|WriteString|write|append|push|concat|merge!?)\s*\(|\bfmt\.Fprint\w*\(\s*&?([A-Za-z_]\w*)|"
    r"\b([A-Za-z_$@][\w$@]*)\s*(?:<<|\+=|\.=)"
)
_DEF = re.compile(r"^\s*(?:def|func|function|sub|fn)\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)\s*\(([^)]*)\)", re.MULTILINE)
_COMMENT = ("#", "//", "/*", "*", "--")
_URL = re.compile(r"https?://[^\s'\"`)]+")


def _said(line: str, consts: dict[str, str]) -> str:
    """A line's string literals and the constants it names, joined as a path would be (File.join(AWS_DIR, "credentials"))."""
    found = [(m.start(), next(g for g in m.groups() if g is not None)) for m in _STRING.finditer(line)]
    found += [(m.start(), consts[m.group(0)]) for m in _NAME.finditer(line) if m.group(0) in consts]
    pieces = [piece for _, piece in sorted(found)]
    return line.replace("\\", "/") + " " + "/".join(p.strip("/") for p in pieces)


def scan_tokens(ctx: Ctx) -> None:
    """Data-flow for a script of no analysed language: a credential file named in a read, carried by names to a network send."""
    text = ctx.text
    sends = bool(_SEND.search(text))
    runs = bool(_RUN.search(text)) and bool(_FETCH.search(text) or _DECODE.search(text) or _READ_NAMED.search(text))
    if not sends and not runs:
        return
    # A comment keeps its length (the offsets of later lines stay right) but says nothing; each statement of a
    # one-line program (perl -e '...; ...') is read as a line of its own (";" and "\n" are one character each).
    lines = [(" " * len(line) if line.lstrip().startswith(_COMMENT) else line) for line in text.split("\n")]
    lines = [piece for line in lines for piece in line.split(";")]
    if runs:
        _runs_fetched(ctx, lines)
    if not sends:
        return
    consts: dict[str, str] = {}
    for line in lines:
        bind = _BIND.match(line)
        if bind and "," not in bind.group(1):
            consts[bind.group(1)] = " ".join(
                next(g for g in m.groups() if g is not None) for m in _STRING.finditer(bind.group(2))
            )
    tainted: dict[str, tuple[str, int]] = {}
    reads: list[tuple[str, int]] = []
    offset = 0
    for line in lines:
        at, offset = offset, offset + len(line) + 1
        what = credential_what(_said(line, consts)) if "(" in line else None
        bind = _BIND.match(line)
        opened = _OPEN.search(line)
        names = bind.group(1).split(",") if bind else [opened.group(1)] if opened else []
        if what:
            reads.append((what, ctx.line(at)))
            for name in names:
                if name.strip() not in ("_", ""):
                    tainted.setdefault(name.strip(), (what, ctx.line(at)))
    functions = {
        m.group(1): [p.split()[0].lstrip("*&$") for p in m.group(2).split(",") if p.strip()]
        for m in _DEF.finditer(text)
    }
    for _ in range(
        4
    ):  # names pass the data on in any order (a function defined above its caller); a few rounds settle it
        for line in lines:
            carried = next((tainted[n] for n in _NAME.findall(line) if n in tainted), None)
            if carried is None:
                continue
            bind = _BIND.match(line)
            targets = [n.strip() for n in bind.group(1).split(",")] if bind else []
            targets += [g for m in _INTO.finditer(line) for g in m.groups() if g]
            targets += [p for name, params in functions.items() if re.search(rf"\b{name}\s*\(", line) for p in params]
            for target in targets:
                if target not in ("_", "") and not _SEND.search(line):
                    tainted.setdefault(target, carried)
    if not _report(ctx, lines, tainted) and reads:
        _together(ctx, lines, reads[0])


def _decoded_constant(line: str) -> str | None:
    """The text a chain of decoders makes of a constant on ``line`` (``str_rot13('uggcf://...')`` -> ``https://...``)."""
    import base64
    import binascii
    import codecs

    found = _CONSTANT_DECODE.search(line)
    if found is None:
        return None
    text = found.group(3)
    for name in reversed(re.findall(r"\w+", found.group(1))):
        try:
            if name == "str_rot13":
                text = codecs.encode(text, "rot13")
            elif name == "strrev":
                text = text[::-1]
            elif name == "base64_decode":
                text = base64.b64decode(text + "=" * (-len(text) % 4)).decode("utf-8")
            else:
                text = bytes.fromhex(text).decode("utf-8")
        except (ValueError, binascii.Error, UnicodeDecodeError):
            return None
    return text


def _runs_fetched(ctx: Ctx, lines: list[str]) -> None:
    """Code fetched from the network or decoded from a constant, carried by names to eval, system or a shell; a fetched
    value stays fetched through the decoders it passes (gzdecode of a download is still the download)."""
    carried: dict[str, tuple[str, str | None]] = {}
    addresses: dict[str, str] = {}
    """Names holding an address (a URL constant, or one decoded from a constant): a read of one fetches."""
    offset = 0
    for line in lines:
        start, offset = offset, offset + len(line) + 1
        names = _NAME.findall(line)
        held = [carried[n] for n in names if n in carried]
        read = _READ_NAMED.search(line)
        fetch = _FETCH.search(line) or (read is not None and read.group(1) in addresses)
        url = _URL.search(line)
        origin: tuple[str, str | None] | None
        if fetch:
            address = url.group(0) if url else addresses.get(read.group(1)) if read is not None else None
            origin = ("download", address)
        else:
            origin = next((o for o in held if o[0] == "download"), None)
            if origin is None and _DECODE.search(line):
                origin = ("decode", None)
            elif origin is None and held:
                origin = held[0]
        run = _RUN.search(line)
        if origin is not None and run is not None:
            kind, address = origin
            if kind == "download":
                where = safe_line(address, limit=100) if address else "the network"
                ctx.add(
                    "skillscope/obfuscation/download-exec",
                    f"runs what it downloads from {where} (line {ctx.line(start)})",
                    start + run.start(),
                    start + len(line),
                )
            else:
                ctx.add(
                    "skillscope/obfuscation/decode-exec",
                    f"decodes hidden content and runs it (line {ctx.line(start)})",
                    start + run.start(),
                    start + len(line),
                )
            return
        bind = _BIND.match(line)
        bound = [n.strip() for n in bind.group(1).split(",")] if bind else []
        if fetch and not bind and isinstance(fetch, re.Match):
            # Downloads.download(url, buf): what is fetched lands in the buffer the call is handed
            bound = [n for n in _NAME.findall(line[fetch.end() :])[1:4] if n not in ("timeout", "true", "false")]
        bound += [m.group(1) for m in _INNER_BIND.finditer(line)]
        decoded = _decoded_constant(line)
        address = None
        if not fetch:  # what a fetch returns is the content, not an address
            address = url.group(0) if url else decoded if decoded and _URL.match(decoded) else None
            address = address or next((addresses[n] for n in names if n in addresses), None)
        for name in bound:
            if name in ("_", ""):
                continue
            if origin is not None:
                carried[name] = origin
            if address is not None:
                addresses[name] = address
            else:
                addresses.pop(name, None)


def _sends(lines: list[str]) -> Iterator[tuple[int, str, re.Match[str]]]:
    """(offset, line, the send's match) of each line that sends, in order."""
    offset = 0
    for line in lines:
        start, offset = offset, offset + len(line) + 1
        send = _SEND.search(line)
        if send:
            yield start, line, send


def _together(ctx: Ctx, lines: list[str], read: tuple[str, int]) -> None:
    """A credential read and a send in one script whose data path the tokens could not follow (a structure, a
    function's result): both acts, held together, at the first send to a host that is neither a well-known service
    nor the credential's own provider."""
    from skillscope.audit.behavior.cooccur import belongs, well_known

    for start, line, send in _sends(lines):
        url = _URL.search(line)
        host = url_host_of(url.group(0)) if url else ""
        host = host if re.fullmatch(r"(?:[\w-]+\.)+[A-Za-z]{2,}", host) else ""  # https://%s/, ${host}: computed
        if host and (well_known(host) or belongs(read[0], host) or is_local_host(host)):
            continue
        where = safe_line(host, limit=80) if host else "a computed address"
        ctx.add(
            "skillscope/exfiltration/data-flow",
            f"reads {safe_line(read[0], limit=60)} (line {read[1]}) and sends to {where} (line {ctx.line(start)}) in the "
            "same script; the data path between them was not followed",
            start + send.start(),
            start + len(line),
        )
        return


def _report(ctx: Ctx, lines: list[str], tainted: dict[str, tuple[str, int]]) -> bool:
    """Every send that carries a tainted name, as a flow; True when one was found."""
    reported = False
    for start, line, send in _sends(lines):
        ctx.network = True
        carried = next((tainted[n] for n in _NAME.findall(line[send.end() :]) if n in tainted), None)
        ctx.sends.append((start + send.start(), start + len(line), "upload" if carried else "network"))
        if carried:
            url = _URL.search(line)
            where = safe_line(url.group(0), limit=100) if url else "a computed address"
            ctx.add(
                "skillscope/exfiltration/data-flow",
                f"reads {safe_line(carried[0], limit=60)} (line {carried[1]}) and sends it to {where} "
                f"(line {ctx.line(start)})",
                start + send.start(),
                start + len(line),
            )
            reported = True
    return reported
