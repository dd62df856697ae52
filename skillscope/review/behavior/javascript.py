"""JavaScript and TypeScript rules by tokens: env and credential files to the network, decode then run."""

from __future__ import annotations

import re

from skillscope.audit.behavior.base import Ctx
from skillscope.audit.behavior.vocab import credential_what, endpoint_kind, related_host, url_host_of
from skillscope.core.textsafe import safe_line

__all__ = ["scan_javascript"]

_ASSIGN = re.compile(r"\b(?:const|let|var)\s+(?:\{[^}]*\}|\[[^\]]*\]|([A-Za-z_$][\w$]*))\s*=\s*([^;\n]*(?:\n\s+[^;\n]*){0,3})")
_ENV_ALL = re.compile(r"\bprocess\.env\b(?!\s*(?:\.|\[))|Object\.(?:entries|keys|values)\(\s*process\.env\s*\)|Deno\.env\.toObject\(\)")
_ENV_ONE = re.compile(r"\bprocess\.env(?:\.([A-Za-z_]\w*)|\[\s*['\"]([^'\"]+)['\"]\s*\])")
_READ = re.compile(r"\b(?:readFileSync|readFile|createReadStream|Deno\.readTextFile|Bun\.file)\s*\(")
_SINK = re.compile(r"\b(?:fetch|axios(?:\.(?:post|put|patch|get|request))?|(?:https?|http2)\.(?:request|get)|got(?:\.post)?|"
                   r"navigator\.sendBeacon|\$\.(?:post|ajax)|superagent\.post|needle\.post|ky\.post|request\.post|new\s+WebSocket|"
                   r"(?:net|tls)\.connect|new\s+XMLHttpRequest)\s*\(|\.send\s*\(|\.write\s*\(")
_EXEC = re.compile(r"\b(?:eval|Function|setTimeout|setInterval|execSync|exec|spawnSync|spawn|execFileSync|runInNewContext|runInThisContext|vm\.Script)\s*\(|new\s+Function\s*\(")
_DECODE = re.compile(r"\batob\s*\(|Buffer\.from\([^)]*['\"](?:base64|hex|base64url)['\"]|String\.fromCharCode|\.split\(\s*['\"]{2}\s*\)\s*\.reverse\(\)|decodeURIComponent\(\s*escape|unescape\s*\(")
_FETCH = re.compile(r"\b(?:fetch|axios(?:\.get)?|https?\.get|got)\s*\(")
_URL = re.compile(r"['\"`]((?:https?|wss?)://[^'\"`\s]+)")


def _call_span(text: str, open_paren: int, limit: int = 2000) -> int:
    """The index just past the parenthesis that closes the one at ``open_paren``."""
    depth = 0
    for index in range(open_paren, min(len(text), open_paren + limit)):
        char = text[index]
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
            if depth == 0:
                return index + 1
    return min(len(text), open_paren + limit)


def _taint(expression: str, tainted: dict[str, tuple[str, str | None]]) -> tuple[str, str | None] | None:
    if _ENV_ALL.search(expression):
        return "reads the whole environment", None
    one = _ENV_ONE.search(expression)
    if one:
        name = one.group(1) or one.group(2)
        return f"reads process.env.{name}", name
    if _READ.search(expression):
        what = credential_what(expression)
        if what:
            return f"reads {what}", None
    for name in re.findall(r"[A-Za-z_$][\w$]*", expression):
        if name in tainted:
            return tainted[name]
    return None


def scan_javascript(ctx: Ctx) -> None:
    """Run the JavaScript rules over ``ctx.text``."""
    text = ctx.text
    tainted: dict[str, tuple[str, str | None]] = {}
    decoded: set[str] = set()
    fetched: set[str] = set()
    urls: dict[str, str] = {}
    for match in _ASSIGN.finditer(text):
        name, value = match.group(1), match.group(2)
        if not name:
            continue
        found = _taint(value, tainted)
        if found:
            tainted[name] = found
        if _DECODE.search(value) or any(re.search(rf"\b{re.escape(n)}\b", value) for n in decoded):
            decoded.add(name)
        if _FETCH.search(value) or "await" in value and any(re.search(rf"\b{re.escape(n)}\b", value) for n in fetched):
            fetched.add(name)
        literal = _URL.search(value)
        if literal:
            urls[name] = literal.group(1)
    for match in _SINK.finditer(text):
        end = _call_span(text, match.end() - 1)
        args = text[match.end() : end - 1]
        if match.group(0).startswith((".send", ".write")) and not re.search(r"\b(?:socket|sock|client|ws|req|conn|xhr)\s*\.(?:send|write)\s*\($", text[max(0, match.start() - 8) : match.end()]):
            continue
        ctx.network = True
        head, _, rest = args.partition(",")
        # An address read whole from the environment (fetch(process.env.WEBHOOK_URL, ...)) is where data goes, not data.
        whole = re.fullmatch(r"\s*(?:process\.env(?:\.\w+|\[[^\]]+\])|[A-Za-z_$][\w$]*)\s*", head) is not None
        found = _taint(rest if whole and not match.group(0).startswith((".send", ".write")) else args, tainted)
        if not found:
            continue
        url_match = _URL.search(args)
        first = args.split(",", 1)[0].strip()
        url = url_match.group(1) if url_match else urls.get(first, "")
        if found[1] and url and related_host(found[1], url_host_of(url)) and endpoint_kind(url) is None:
            continue
        if found[1] and re.search(r"headers\s*:\s*\{[^}]*" + re.escape(found[1]), args) and not re.search(r"body\s*:[^,}]*" + re.escape(found[1]), args):
            continue  # the token travels as a credential in a header, which is its use
        where = safe_line(url, limit=100) if url else "the network"
        ctx.add("skillscope/exfiltration/data-flow", f"{found[0]} and sends it to {where} (line {ctx.line(match.start())})", match.start(), end)
    for match in _EXEC.finditer(text):
        end = _call_span(text, match.end() - 1)
        args = text[match.end() : end - 1]
        constant = re.fullmatch(r"\s*(['\"])[^'\"]*\1\s*", args) is not None
        if not args.strip() or (constant and not match.group(0).startswith(("exec", "spawn"))) or args.lstrip().startswith(("function", "(", "async")):
            continue
        names = set(re.findall(r"[A-Za-z_$][\w$]*", args))
        if _FETCH.search(args) or names & fetched:
            ctx.add("skillscope/obfuscation/download-exec", "runs code it downloads", match.start(), end)
        elif _DECODE.search(args) or names & decoded:
            ctx.add("skillscope/obfuscation/decode-exec", "decodes hidden code and runs it", match.start(), end)
        elif match.group(0).startswith(("exec", "spawn", "execSync", "execFile")):
            from skillscope.audit.behavior.shell import scan_shell

            command = " ".join(m.group(2) for m in re.finditer(r"(['\"`])((?:(?!\1).)*)\1", args))
            inner = Ctx(command, 0, command, ctx.path)
            scan_shell(inner)
            for raw in inner.hits:
                ctx.add(raw.check, f"{raw.message} (in child_process)", match.start(), end, raw.severity)
        elif match.group(0).startswith(("eval", "Function", "new")):
            ctx.add("skillscope/obfuscation/dynamic-exec", "runs code that is not a constant", match.start(), end)
