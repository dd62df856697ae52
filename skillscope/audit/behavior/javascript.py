"""JavaScript and TypeScript rules by tokens: env and credential files to the network, decode then run."""

from __future__ import annotations

import re

from skillscope.audit.behavior.base import Ctx
from skillscope.audit.behavior.vocab import PERSISTENCE_PATH, credential_what, endpoint_kind, related_host, url_host_of
from skillscope.core.textsafe import safe_line

__all__ = ["scan_javascript"]

_ASSIGN = re.compile(
    r"\b(?:const|let|var)\s+(?:\{[^}]*\}|\[[^\]]*\]|([A-Za-z_$][\w$]*))\s*=\s*([^;\n]*(?:\n\s+[^;\n]*){0,3})"
)
_ENV_ALL = re.compile(
    r"\bprocess\.env\b(?!\s*(?:\.|\[))|Object\.(?:entries|keys|values)\(\s*process\.env\s*\)|Deno\.env\.toObject\(\)"
)
_ENV_ONE = re.compile(r"\bprocess\.env(?:\.([A-Za-z_]\w*)|\[\s*['\"]([^'\"]+)['\"]\s*\])")
_READ = re.compile(r"\b(?:readFileSync|readFile|createReadStream|Deno\.readTextFile|Bun\.file)\s*\(")
_SINK = re.compile(
    r"\b(?:fetch|axios(?:\.(?:post|put|patch|get|request))?|(?:https?|http2)\.(?:request|get)|got(?:\.post)?|"
    r"navigator\.sendBeacon|\$\.(?:post|ajax)|superagent\.post|needle\.post|ky\.post|request\.post|new\s+WebSocket|"
    r"(?:net|tls)\.connect|new\s+XMLHttpRequest)\s*\(|\.send\s*\(|\.write\s*\("
)
_EXEC = re.compile(
    r"\b(?:eval|Function|setTimeout|setInterval|execSync|exec|spawnSync|spawn|execFileSync|runInNewContext|runInThisContext|vm\.Script)\s*\(|new\s+Function\s*\("
)
_DECODE = re.compile(
    r"\batob\s*\(|Buffer\.from\([^)]*['\"](?:base64|hex|base64url)['\"]|String\.fromCharCode|\.split\(\s*['\"]{2}\s*\)\s*\.reverse\(\)|decodeURIComponent\(\s*escape|unescape\s*\("
)
_FETCH = re.compile(r"\b(?:fetch|axios(?:\.get)?|https?\.get|got)\s*\(")
_WRITE = re.compile(
    r"\b(?:writeFileSync|appendFileSync|writeFile|appendFile|createWriteStream|copyFileSync|copyFile|symlinkSync|cpSync|"
    r"Deno\.writeTextFile|Bun\.write)\s*\("
)
_THEN_RUN = re.compile(
    r"\b(?:fetch|axios(?:\.get)?|got)\s*\([^;]{0,300}?\.then\(\s*(?:eval|Function|new\s+Function|vm\.runInThisContext)\s*\)"
)
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


_FUNCTION = re.compile(
    r"\b(?:function\s*\*?\s*([A-Za-z_$][\w$]*)\s*\(([^)]*)\)|(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s+)?"
    r"(?:function\b[^(]*\(([^)]*)\)|\(([^)]*)\)\s*=>|([A-Za-z_$][\w$]*)\s*=>))\s*\{"
)


def _functions(text: str) -> list[tuple[str, list[str], int, int]]:
    """(name, parameter names, body start, body end) of each named function or arrow function with a block body."""
    out = []
    for match in _FUNCTION.finditer(text):
        name = match.group(1) or match.group(3)
        params = next(
            (g for g in (match.group(2), match.group(4), match.group(5), match.group(6)) if g is not None), ""
        )
        names = [re.sub(r"=.*", "", p).strip().lstrip(".") for p in params.split(",")]
        out.append(
            (
                name,
                [n for n in names if re.fullmatch(r"[A-Za-z_$][\w$]*", n)],
                match.end() - 1,
                _call_span(text, match.end() - 1, 20000),
            )
        )
    return out


def _arguments(text: str, open_paren: int) -> list[str]:
    """The top-level, comma-separated arguments of the call whose parenthesis opens at ``open_paren``."""
    inner = text[open_paren + 1 : _call_span(text, open_paren) - 1]
    parts, depth, current = [], 0, ""
    for char in inner:
        depth += char in "([{"
        depth -= char in ")]}"
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    return [*parts, current]


def _passed(
    text: str, senders: dict[str, tuple[int, str, int, int]], tainted: dict[str, tuple[str, str | None]], ctx: Ctx
) -> None:
    """Report a secret passed to a local function that sends the parameter it lands in."""
    for name, (index, where, start, end) in senders.items():
        for call in re.finditer(rf"(?<![\w$.]){re.escape(name)}\s*\(", text):
            if call.start() <= start <= _call_span(text, call.end() - 1) or re.search(
                r"function\s*$", text[max(0, call.start() - 12) : call.start()]
            ):
                continue  # the definition itself, or a call inside the sending function
            args = _arguments(text, call.end() - 1)
            found = _taint(args[index], tainted) if index < len(args) else None
            if found:
                ctx.add(
                    "skillscope/exfiltration/data-flow",
                    f"{found[0]}, passes it to {name}() (line {ctx.line(call.start())}) and sends it to {where} "
                    f"(line {ctx.line(start)})",
                    start,
                    end,
                )
                break


_DATA_MODULE = r"(['\"`])data:(?:text|application)/(?:x-)?(?:java|ecma)script\b"
_DATA_BIND = re.compile(rf"\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*{_DATA_MODULE}", re.IGNORECASE)
_IMPORT = re.compile(rf"\bimport\s*\(\s*(?:([A-Za-z_$][\w$]*)\s*\)|{_DATA_MODULE})", re.IGNORECASE)


def _data_imports(ctx: Ctx) -> None:
    """import() of a module written inline as a data: URL runs code no file of the skill shows (often base64)."""
    text = ctx.text
    if "data:" not in text or "import" not in text:
        return
    inline = {match.group(1) for match in _DATA_BIND.finditer(text)}
    for match in _IMPORT.finditer(text):
        if match.group(1) is None or match.group(1) in inline:
            ctx.add(
                "skillscope/obfuscation/decode-exec",
                "imports a module written inline as a data: URL, running code the skill's files do not show",
                match.start(),
                _call_span(text, text.index("(", match.start())),
            )


def scan_javascript(ctx: Ctx) -> None:
    """Run the JavaScript rules over ``ctx.text``."""
    text = ctx.text
    tainted: dict[str, tuple[str, str | None]] = {}
    functions = _functions(text) if "function" in text or "=>" in text else []
    senders: dict[str, tuple[int, str, int, int]] = {}
    contents: set[str] = set()
    paths: dict[str, str] = {}
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
        if _READ.search(value) or any(re.search(rf"(?<![\w$.]){re.escape(n)}\b", value) for n in contents):
            contents.add(name)  # a file's content, and what is computed from it
        if _DECODE.search(value) or any(re.search(rf"\b{re.escape(n)}\b", value) for n in decoded):
            decoded.add(name)
        if _FETCH.search(value) or "await" in value and any(re.search(rf"\b{re.escape(n)}\b", value) for n in fetched):
            fetched.add(name)
        literal = _URL.search(value)
        if literal:
            urls[name] = literal.group(1)
        quoted = "/".join(q.strip("/") for q in re.findall(r"['\"`]([^'\"`\n]*)['\"`]", value))
        if PERSISTENCE_PATH.search(quoted + "/"):
            paths[name] = quoted + "/"  # path.join(os.homedir(), "Library", "LaunchAgents")
    for match in _SINK.finditer(text):
        end = _call_span(text, match.end() - 1)
        args = text[match.end() : end - 1]
        if match.group(0).startswith((".send", ".write")) and not re.search(
            r"\b(?:socket|sock|client|ws|req|conn|xhr)\s*\.(?:send|write)\s*\($",
            text[max(0, match.start() - 8) : match.end()],
        ):
            continue
        ctx.network = True
        head, _, rest = args.partition(",")
        # An address read whole from the environment (fetch(process.env.WEBHOOK_URL, ...)) is where data goes, not data.
        whole = re.fullmatch(r"\s*(?:process\.env(?:\.\w+|\[[^\]]+\])|[A-Za-z_$][\w$]*)\s*", head) is not None
        found = _taint(rest if whole and not match.group(0).startswith((".send", ".write")) else args, tainted)
        carried = _READ.search(args) or any(re.search(rf"(?<![\w$.]){re.escape(n)}\b", args) for n in contents)
        url_match = _URL.search(args)
        named = url_match is not None or args.split(",", 1)[0].strip() in urls  # an address written into the script
        ctx.sends.append((match.start(), end, "upload" if named and (found or carried) else "network"))
        first = args.split(",", 1)[0].strip()
        url = url_match.group(1) if url_match else urls.get(first, "")
        if not found:
            data = rest if whole or url_match else args
            for name, params, body_start, body_end in functions:
                used = [
                    i
                    for i, p in enumerate(params)
                    if body_start < match.start() < body_end and re.search(rf"(?<![\w$.]){re.escape(p)}\b", data)
                ]
                if name and used:  # function backup(text) { fetch(URL, {body: text}) }: what callers pass is sent
                    senders.setdefault(
                        name, (used[0], safe_line(url, limit=100) if url else "the network", match.start(), end)
                    )
            continue
        if found[1] and url and related_host(found[1], url_host_of(url)) and endpoint_kind(url) is None:
            continue
        if (
            found[1]
            and re.search(r"headers\s*:\s*\{[^}]*" + re.escape(found[1]), args)
            and not re.search(r"body\s*:[^,}]*" + re.escape(found[1]), args)
        ):
            continue  # the token travels as a credential in a header, which is its use
        where = safe_line(url, limit=100) if url else "the network"
        ctx.add(
            "skillscope/exfiltration/data-flow",
            f"{found[0]} and sends it to {where} (line {ctx.line(match.start())})",
            match.start(),
            end,
        )
    if senders:
        _passed(text, senders, tainted, ctx)
    for match in _WRITE.finditer(text):
        end = _call_span(text, match.end() - 1)
        written = (
            text[match.end() : end]
            + " "
            + " ".join(paths.get(n, "") for n in re.findall(r"[A-Za-z_$][\w$]*", text[match.end() : end]))
        )
        target = PERSISTENCE_PATH.search(written.replace('" + "', "").replace("' + '", ""))
        if target:
            ctx.add(
                "skillscope/persistence/startup",
                f"writes to a start-up location ({safe_line(target.group(0), limit=60)}), which runs again later on its own",
                match.start(),
                end,
            )
    _data_imports(ctx)
    for match in _THEN_RUN.finditer(text):  # fetch(url).then(r => r.text()).then(eval): the response is the program
        ctx.add(
            "skillscope/obfuscation/download-exec",
            "runs code it downloads (a fetched response handed to eval or Function)",
            match.start(),
            match.end(),
        )
    for match in _EXEC.finditer(text):
        end = _call_span(text, match.end() - 1)
        args = text[match.end() : end - 1]
        constant = re.fullmatch(r"\s*(['\"])[^'\"]*\1\s*", args) is not None
        if (
            not args.strip()
            or (constant and not match.group(0).startswith(("exec", "spawn")))
            or args.lstrip().startswith(("function", "(", "async"))
        ):
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
