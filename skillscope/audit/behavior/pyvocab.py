"""What the Python rules know: the names of network, decoding and process calls, and how a secret is tracked."""

from __future__ import annotations

import ast
from dataclasses import dataclass

from skillscope.audit.behavior.vocab import DOTENV, PERSISTENCE_PATH, credential_what

__all__ = [
    "NET_ROOTS",
    "SEND_METHODS",
    "NOT_DATA",
    "DECODERS",
    "RUNNERS",
    "FETCHERS",
    "Taint",
    "dotted",
    "strings",
    "built_path",
    "carries_content",
    "after_base",
]

NET_ROOTS = (
    "requests",
    "httpx",
    "aiohttp",
    "urllib3",
    "urllib",
    "http",
    "socket",
    "smtplib",
    "ftplib",
    "websocket",
    "websockets",
    "paramiko",
    "dns",
)
SEND_METHODS = frozenset(
    {
        "post",
        "put",
        "patch",
        "get",
        "request",
        "delete",
        "head",
        "stream",
        "send",
        "sendall",
        "sendto",
        "sendmail",
        "send_message",
        "urlopen",
        "storbinary",
        "storlines",
        "Request",
        "connect",
        "create_connection",
        "putrequest",
        "gethostbyname",
        "gethostbyname_ex",
        "getaddrinfo",
        "resolve",
        "query",
    }
)
NOT_DATA = frozenset(
    {"headers", "auth", "cookies", "timeout", "verify", "cert", "allow_redirects", "proxies", "stream"}
    # an SSH client's login key (paramiko's key_filename, pkey and passphrase, asyncssh's client_keys): it proves who
    # the user is to the server, as a client certificate does, and is never sent
    | {"key_filename", "pkey", "passphrase", "client_keys"}
)
DECODERS = frozenset(
    {
        "b64decode",
        "b32decode",
        "b16decode",
        "a85decode",
        "b85decode",
        "decodebytes",
        "urlsafe_b64decode",
        "fromhex",
        "unhexlify",
        "decompress",
        "loads",
        "chr",
        "rot13",
    }
)
RUNNERS = frozenset(
    {
        "subprocess.run",
        "subprocess.call",
        "subprocess.Popen",
        "subprocess.check_output",
        "subprocess.check_call",
        "subprocess.getoutput",
        "subprocess.getstatusoutput",
        "os.system",
        "os.popen",
        "os.execv",
        "os.execl",
        "os.execvp",
        "os.spawnl",
        "os.spawnv",
        "os.startfile",
        "os.execve",
        "os.execvpe",
        "os.execlp",
        "os.execle",
        "os.execlpe",
        "os.spawnvp",
        "os.spawnlp",
        "os.spawnve",
        "os.posix_spawn",
        "os.posix_spawnp",
        "pty.spawn",
        "commands.getoutput",
        "asyncio.create_subprocess_exec",
        "asyncio.create_subprocess_shell",
        "run",
        "call",
        "Popen",
        "check_output",
        "check_call",
        "system",
        "popen",
    }
)
FETCHERS = frozenset({"urlopen", "urlretrieve", "get", "request", "stream"})


@dataclass(frozen=True)
class Taint:
    """Where a secret came from: what was read, the line, and the variable's name when it is one named variable."""

    what: str
    line: int
    name: str | None = None
    private: bool = False
    """A private file of the user's home that no list names as a credential: harm only where its content is sent."""


def dotted(node: ast.AST) -> str:
    """A call or attribute chain as dotted text (``requests.Session().post``)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = dotted(node.value)
        return f"{inner}.{node.attr}" if inner else node.attr
    if isinstance(node, ast.Call):
        inner = dotted(node.func)
        return f"{inner}()" if inner else ""
    return ""


def strings(node: ast.AST) -> list[str]:
    """Every string constant under ``node``, in reading order."""
    found = [n for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    return [
        str(n.value) for n in sorted(found, key=lambda n: (n.lineno, n.col_offset))
    ]  # in reading order, not walk order


_PATH_CALLS = frozenset(
    {"join", "joinpath", "expanduser", "Path", "PurePath", "home", "abspath", "realpath", "resolve"}
)


def built_path(node: ast.AST, consts: dict[str, str]) -> str | None:
    """The credential, .env or start-up path an expression builds from pieces (``Path.home() / ".aws" / "credentials"``,
    os.path.join, expanduser, an f-string), joined with ``/``; None for any other expression."""
    if isinstance(node, ast.Call):
        if dotted(node.func).rsplit(".", 1)[-1] not in _PATH_CALLS:
            return None
    elif not (isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Div, ast.Add))) and not isinstance(
        node, ast.JoinedStr
    ):
        return None
    pieces = [p for p in strings(node) + [consts.get(n.id, "") for n in ast.walk(node) if isinstance(n, ast.Name)] if p]
    joined = "/".join(p.strip("/") for p in pieces)
    return (
        joined
        if pieces and (credential_what(joined) or DOTENV.search(joined) or PERSISTENCE_PATH.search(joined + "/"))
        else None
    )


def carries_content(node: ast.AST, contents: set[str]) -> bool:
    """Whether an expression carries a file's content (``open(p).read()``, ``Path(p).read_text()``, a name bound to one)."""
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name) and sub.id in contents:
            return True
        if isinstance(sub, ast.Call) and dotted(sub.func).rsplit(".", 1)[-1] in (
            "read",
            "read_text",
            "read_bytes",
            "readlines",
        ):
            return True
    return False


def after_base(url: ast.expr) -> ast.expr:
    """A URL built on a configured base (f"{base}/contacts", base + "/x") without that base: the base is where the
    data goes, and only what follows it (a path or query built around a secret) carries anything."""
    if isinstance(url, ast.JoinedStr) and url.values and isinstance(url.values[0], ast.FormattedValue):
        return ast.JoinedStr(values=url.values[1:])
    if isinstance(url, ast.BinOp) and isinstance(url.op, ast.Add):
        left = ast.Constant("") if isinstance(url.left, (ast.Name, ast.Attribute)) else after_base(url.left)
        return ast.BinOp(left=left, op=url.op, right=url.right)
    return url
