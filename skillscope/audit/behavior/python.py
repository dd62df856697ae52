"""The Python analyser over one file's AST (never executed): taint from secrets to the network, obfuscated execution."""

from __future__ import annotations

import ast
import copy
import re
import shlex
import stat as stat_module
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from skillscope.audit.behavior.base import Ctx
from skillscope.audit.behavior.flowcore import RUNS_ITS_ARGUMENTS, startup_shell_harm
from skillscope.audit.behavior.grants import judge_grants
from skillscope.audit.behavior.harvest import judge_kept
from skillscope.audit.behavior.modes import judge_mode
from skillscope.audit.behavior.pyvalues import (
    DECODE_NAMES,
    Ref,
    Values,
    as_text,
    looks_like_python,
    looks_like_shell,
    render,
)
from skillscope.audit.behavior.pyvocab import (
    DECODERS,
    FETCHERS,
    NET_ROOTS,
    NOT_DATA,
    RUNNERS,
    SEND_METHODS,
    Taint,
    after_base,
    built_path,
    carries_content,
    dotted,
    strings,
)
from skillscope.audit.behavior.vocab import (
    DIALOG_PROMPT,
    DIGEST_HEX,
    DOTENV,
    DOWNLOADERS,
    INTERPRETERS,
    NET_TOOLS,
    PERSISTENCE_PATH,
    PROMPT_TARGET,
    PROMPTED,
    SECRET_NAME,
    SECRET_PROMPT,
    STORE_COMMAND,
    TOKEN_COMMAND,
    climbed_path,
    credential_glob,
    credential_what,
    disguised_job,
    endpoint_kind,
    foreign_vendor_host,
    glob_place,
    header_leaves,
    home_path,
    is_local_host,
    loads_code,
    private_owner,
    private_place,
    prompt_name,
    prompt_owner,
    related_host,
    runs_on_open,
    url_host_of,
)
from skillscope.audit.capabilities import CapabilityKind
from skillscope.audit.findings import Severity
from skillscope.core.textsafe import safe_line

if TYPE_CHECKING:
    from skillscope.audit.behavior.pymodules import Modules

__all__ = ["Analyser", "Summary", "unnamed_target"]


def _returned_texts(function: ast.FunctionDef | ast.AsyncFunctionDef | None) -> list[str]:
    """The constant texts a function of the module may hand back: what it returns as a literal, and what it appends
    to (or lists in) the name it returns."""
    if function is None:
        return []
    returned = {r.value.id for r in ast.walk(function) if isinstance(r, ast.Return) and isinstance(r.value, ast.Name)}
    out: list[str] = []
    for node in ast.walk(function):
        pieces: list[ast.expr] = []
        if isinstance(node, ast.Return) and isinstance(node.value, (ast.Constant, ast.List, ast.Tuple)):
            pieces = node.value.elts if isinstance(node.value, (ast.List, ast.Tuple)) else [node.value]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("append", "insert", "extend")
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id in returned
            and node.args
        ):
            last = node.args[-1]
            pieces = list(last.elts) if isinstance(last, (ast.List, ast.Tuple)) else [last]
        out += [p.value for p in pieces if isinstance(p, ast.Constant) and isinstance(p.value, str)]
    return (out + _yielded_places(function))[:32]


def _yielded_places(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    """The credential or start-up places a generator hands out: ``for name in (".bash_history", ...): path = home /
    name; yield path`` yields each path it builds from the constant list it walks."""
    yielded = {y.value.id for y in ast.walk(function) if isinstance(y, ast.Yield) and isinstance(y.value, ast.Name)}
    if not yielded:
        return []
    builds = [
        (a.targets[0].id, a.value)
        for a in ast.walk(function)
        if isinstance(a, ast.Assign) and len(a.targets) == 1 and isinstance(a.targets[0], ast.Name)
    ]
    out: list[str] = []
    for loop in ast.walk(function):
        if not (isinstance(loop, ast.For) and isinstance(loop.target, ast.Name)):
            continue
        if not isinstance(loop.iter, (ast.Tuple, ast.List)):
            continue
        names = [e.value for e in loop.iter.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
        for name in names:
            for target, value in builds:
                if target in yielded and (path := built_path(value, {loop.target.id: name})):
                    out.append(path)
    return out


def _callee_name(call: ast.Call) -> str:
    return call.func.id if isinstance(call.func, ast.Name) else ""


_INDEX_KEYS = frozenset({"index-url", "extra-index-url", "index_url", "extra_index_url", "registry"})
"""Settings naming the package index a tool installs from (pip.conf, .npmrc): what it names, every install trusts."""

_HELPER_KEYS = {"credential_process": "~/.aws/config", "credential_helper": "a tool's config"}
"""Settings (set with configparser's ``cfg.set(section, key, value)``) naming a command a CLI runs for credentials."""

_ARCHIVERS = frozenset(
    {"tarfile.open", "tarfile.TarFile", "tarfile.TarFile.open", "zipfile.ZipFile", "zipfile.PyZipFile"}
)
"""Archives a script packs files into (``tar.add(path)``, ``zf.write(path)``), in a file or an in-memory buffer."""

_HARMFUL_PAYLOAD = re.compile(
    r"\b(?:curl|wget|nc|ncat|socat|base64|xxd|eval|openssl\s+enc|python[\d.]*\s+-c|perl\s+-e|bash\s+-i)\b|\bexec\s*\(|https?://|"
    r"/dev/tcp/|\balias\s+(?:sudo|su|ssh|git|ls|cd|cp|mv|rm)=|PROMPT_COMMAND|\btrap\b[^\n]*DEBUG|LD_PRELOAD|DYLD_INSERT|"
    r"mcpServers|[\"']hooks[\"']\s*:|/tmp/\.|>\s*/dev/null\s+2>&1\s*&|\bnohup\b|\bdisown\b"
)
"""What turns a start-up write into an attack: it fetches, sends, decodes, hijacks a command or hides in the background."""

_INTERPRETER_START = re.compile(r"(?:\.pth|(?:site|user)customize\.py)$")
_IMPORT_LINE = re.compile(r"^[ \t]*import[ \t]", re.MULTILINE)

_PLAIN_SETTING = re.compile(
    r"(?:(?:#[^\n]*|export\s+\w+=[^\n;|&`]*|\w+=[^\n;|&`]*|alias\s+\w+=[^\n;|&`]*|(?:source|\.)\s+[\w~./$-]+|"
    r"eval\s+\"\$\(\w+\s+(?:init|env)[\w\s-]*\)\"|set\s+-gx\s+\w+[^\n;|&`]*|fish_add_path[^\n;|&`]*|)\s*(?:\n|$))+"
)
"""A start-up payload that only sets variables, PATH or aliases, or sources a local file: a setting, not a program."""

_INSTALL_COMMANDS = frozenset(
    {
        "install",
        "develop",
        "egg_info",
        "build_py",
        "build_ext",
        "build",
        "sdist",
        "bdist_wheel",
        "bdist_egg",
        "install_lib",
        "install_scripts",
        "BuildHookInterface",
    }
)
"""Base classes of a setuptools command or hatch hook whose ``run``/``initialize`` runs when the package is built."""
_BACKEND_HOOKS = frozenset(
    {"build_wheel", "build_sdist", "build_editable", "prepare_metadata_for_build_wheel", "get_requires_for_build_wheel"}
)

AGENT_PLACE = re.compile(r"\.claude/|\.claude\.json|\.cursor/|claude_desktop_config\.json|Code/User/settings\.json")
"""Places the agent reads its own settings and hooks from."""

_INNER_LINES = re.compile(r", line \d+(?=\))|\s\(line \d+\)")

_GIT_HOOKS_CONFIG = re.compile(r"(?:^|/)\.git/config$")

_SETTINGS_ONLY = re.compile(r"\.aws/config\b|\.kube/config\b|\.docker/config\.json\b")
"""Credential places that are mostly settings (a region, contexts, registry names): reading one alone is no finding."""


def _pinned(text: str) -> bool:
    """Whether the script checks what it fetched against a SHA-256/512 digest it spells out (``hexdigest() != "…"``):
    the file it later runs is then one a reviewer can read in advance."""
    return "hexdigest" in text and DIGEST_HEX.search(text) is not None


_SECRET_URL = re.compile(r"DSN\b|DATABASE_URL|CONN(?:ECTION)?_?STR", re.IGNORECASE)
"""Environment names of connection strings, which carry a password."""


_HIDDEN_PROMPTS = frozenset(
    {
        "getpass.getpass",
        "getpass",
        "pwinput.pwinput",
        "stdiomask.getpass",
        "maskpass.askpass",
        "maskpass.advpass",
        "questionary.password",
    }
)
"""Calls that ask the user for a value without echoing it: what is typed there is a password or token."""
_PROMPTS = _HIDDEN_PROMPTS | {
    "input",
    "builtins.input",
    "raw_input",
    "click.prompt",
    "typer.prompt",
    "questionary.text",
}
"""Calls that ask the user for a value: one whose prompt names a secret (``input("API key: ")``) gives a secret."""


def _host(dest: str) -> str:
    """The host a destination names (a URL, ``host:port`` or a bare host), ``?`` when not resolvable."""
    host = url_host_of(dest) if dest != "a computed address" else ""
    return host if host and host.strip("*.") else "?"


def _home(path: str) -> str:
    """A path with the home folder written ``~`` (``/home/x/.ssh`` and ``/Users/x/.ssh`` -> ``~/.ssh``)."""
    path = path.replace("\\", "/")
    path = re.sub(r"^(?:/home/[^/]+|/Users/[^/]+|/root|\*?\$HOME|\$\{HOME\})(?=/|$)", "~", path)
    return path


_PERSONAL = ("~/Documents", "~/Desktop", "~/Downloads", "~/Pictures", "~/.config", "~/.local", "~/Library")


def unnamed_target(target: str) -> bool:
    """Whether a deleted path is one no cleanup names: the home folder or the root (or every entry in one, by a
    glob), or a credential or personal folder in home. Unknown paths (``*``, ``?``) are not judged."""
    path = target.replace("\\", "/").rstrip("/")
    if path in ("~", "", "/", "C:", "c:") or re.fullmatch(r"(?:~|/|[Cc]:)?/(?:\.?\*|\*\*)(?:/\*)*", path):
        return True
    return bool(re.fullmatch(r"~/[^/*?]+", path)) and (path in _PERSONAL or credential_what(path + "/") is not None)


def _telling_place(text: str) -> bool:
    """Whether a list item names a credential, a start-up file, or a folder no cleanup names (also as a path under home:
    a shipped list of folders is often joined to the home folder)."""
    return bool(text) and any(
        credential_what(path) or PERSISTENCE_PATH.search(path + "/") or unnamed_target(path)
        for path in (text, "~/" + text.lstrip("/"))
    )


def _package(word: str) -> str:
    """A pip requirement's package name (``requests==2.0`` -> ``requests``); a URL stays a URL."""
    if "://" in word:
        return word
    for mark in ("[", "=", "<", ">", "~", "!", ";", "@", " "):
        word = word.split(mark, 1)[0]
    return word.strip().lower() or "?"


_PURE_CALLS = frozenset(
    "str int repr shlex.join shlex.quote pathlib.Path Path PurePath json.dumps plistlib.dumps".split()
)
_PURE_METHODS = frozenset(
    {"format", "join", "resolve", "absolute", "expanduser", "strip", "replace", "lower", "encode", "decode"}
)
"""Calls that only reshape the values they are given (quoting, joining, making a path absolute, serialising)."""


def _method_open(call: ast.Call, fn: str) -> bool:
    """``(Path.home() / ".bashrc").open("a")``: a path's own open method on a receiver with no dotted name, which the
    callee's name alone (``open``) cannot tell from the builtin."""
    return fn == "open" and isinstance(call.func, ast.Attribute)


def _names_a_non_env_file(call: ast.Call) -> bool:
    """``dotenv_values("settings.ini")``: the file it reads is named, as a constant, and is not a .env file (with no
    path, or with one computed at run time, it reads the project's .env)."""
    given = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "dotenv_path"), None)
    return isinstance(given, ast.Constant) and isinstance(given.value, str) and not DOTENV.search(given.value)


_FILE_LOADERS = frozenset(
    {
        "runpy.run_path",
        "importlib.util.spec_from_file_location",
        "importlib.machinery.SourceFileLoader",
        "imp.load_source",
        "execfile",
    }
)
"""Calls that run (or load to run) the Python in a file they are given: its path is their last argument."""
_SERVER_CLIENTS = frozenset(
    {"smtplib.SMTP", "smtplib.SMTP_SSL", "smtplib.LMTP", "ftplib.FTP", "ftplib.FTP_TLS", "poplib.POP3", "imaplib.IMAP4"}
    | {"imaplib.IMAP4_SSL", "telnetlib.Telnet"}
)
"""Clients of one server named when they are made: every later send of theirs goes to it."""
_CONNECTION_SENDS = frozenset(
    {"send", "sendall", "write", "sendmail", "send_message", "storbinary", "storlines", "append"}
)
"""What a connection, mail or FTP client sends with."""
_HTTP_VERBS = frozenset({"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"})
_LOG_CALLS = frozenset({"debug", "info", "warning", "warn", "error", "critical", "exception", "log"})
"""A logger's methods: what they are handed is kept in the log."""


@dataclass
class Summary:
    """What a module hands its importers: functions that return secrets and functions that send their arguments."""

    returns: dict[str, Taint] = field(default_factory=dict)
    sends: dict[str, str] = field(default_factory=dict)


_PROBES = frozenset(
    ("exists", "lexists", "isfile", "isdir", "islink", "getsize", "getmtime", "getctime", "getatime")
    + ("stat", "lstat", "access", "chmod", "chown", "is_file", "is_dir", "is_symlink")
)
"""Calls on a path (``os.path.isfile``, ``Path.exists``, ``os.stat``, ``os.chmod``) that tell whether a file is there,
its size or its mode, or change its mode: none returns what the file holds."""


_CONTENT_READS = frozenset({"open", "read_text", "read_bytes"})
"""Calls that return what a file holds (not its name or whether it is there)."""


COMPUTED = "a computed address"
"""Where a send goes when constants do not tell."""


class Analyser:
    def __init__(self, ctx: Ctx, modules: Modules, *, report: bool = True) -> None:
        self._tree = ast.Module(body=[], type_ignores=[])
        self.ctx = ctx
        self.modules = modules
        self.report = report
        self.env: dict[str, Taint] = {}
        self.consts: dict[str, str] = {}
        self.decoded: set[str] = set()
        self.contents: set[str] = set()
        self.net_modules: set[str] = set()
        """Local names of network modules imported under another name (``import urllib.request as u``)."""
        self.fetched: dict[str, str] = {}
        self.net: set[str] = set()
        self.files: dict[str, str] = {}
        self.dropped: dict[str, str] = {}
        self.returned: dict[str, list[ast.expr]] = {}
        """What each local function returns, as written: a helper handing back a file it read."""
        self.imports: dict[str, tuple[str, str]] = {}
        self.summary = Summary()
        self.reads: list[tuple[Taint, ast.AST]] = []
        self.sent: set[Taint] = set()
        self.param: dict[str, Taint] = {}
        self._current = ""
        self._lines = ctx.text.split("\n")
        self._loops = 0
        self.bound: dict[str, ast.AST] = {}
        """The expression each name was last given, for judging what a start-up write holds piece by piece."""
        self.parts: dict[str, list[ast.expr]] = {}
        """What the module appends to each list name (``lines.append(ENTRY)``): a payload joined from a list holds them."""
        self.handles: dict[str, str] = {}
        """Names of open files, with the path each was opened at."""
        self.opened: dict[str, ast.Call] = {}
        self.written: set[str] = set()
        """Names of file handles the module writes to (``f.write``, ``print(file=f)``, ``json.dump(x, f)``)."""
        self.values = Values()
        """Constant values of names and real names of callees (``pyvalues``)."""
        self.values.shipped = ctx.skill_files
        self.values.partial = self.consts
        self.requests: dict[str, str] = {}
        self.connections: dict[str, str] = {}
        """Names of HTTP connections (``http.client.HTTPSConnection(host)``), with the host each talks to."""
        """Names of request objects built before they are sent (``req = Request(url, data=...)``), with the address."""
        self.bases: dict[str, str] = {}
        self.schemes: dict[str, str] = {}
        """The protocol of each mail, FTP or terminal client in ``connections`` (``smtp``, ``ftp``)."""
        """Clients made with a base_url (``httpx.Client(base_url=...)``): name -> that origin."""
        self.sink_at: dict[str, ast.AST] = {}
        self._built: set[int] = set()
        """The line inside each of the module's own functions that sends a parameter over the network."""
        self.depth = 0
        self._inlined = 0
        """How many one-line wrappers deep the call being judged was reached (``_forwarded``)."""
        self.install: str | None = None
        """How the file runs at build or install time (setup.py, a hatch hook, an in-tree backend), else None."""
        """How many decoded layers deep this analyser reads (a decoded script that decodes another)."""

    # --- positions and reports ------------------------------------------------------------
    def _span(self, node: ast.AST) -> tuple[int, int]:
        lines = self._lines
        line = getattr(node, "lineno", 1)
        end_line = getattr(node, "end_lineno", line) or line
        start = sum(len(x) + 1 for x in lines[: line - 1]) + len(
            lines[line - 1].encode()[: getattr(node, "col_offset", 0)].decode(errors="ignore")
        )
        end = (
            start
            if end_line != line
            else start
            + len(
                lines[line - 1]
                .encode()[getattr(node, "col_offset", 0) : getattr(node, "end_col_offset", 0)]
                .decode(errors="ignore")
            )
        )
        return start, max(end, start + 1)

    def _add(self, check: str, message: str, node: ast.AST, severity: Severity | None = None) -> None:
        if self.report:
            start, end = self._span(node)
            self.ctx.add(check, message, start, end, severity)

    def _line(self, node: ast.AST) -> int:
        return self.ctx.line(self._span(node)[0])

    # --- what an expression carries -------------------------------------------------------
    def taint(self, node: ast.AST | None) -> Taint | None:
        if node is None:
            return None
        if isinstance(node, ast.Name):
            return self.env.get(node.id) or self.param.get(node.id)
        chain = dotted(node)
        if chain in ("os.environ", "environ", "os.environ.copy()", "os.environ.items()"):
            return Taint("reads the whole environment", self._line(node))
        if isinstance(node, ast.Subscript) and self._callee(node.value) in ("os.environ", "environ"):
            return self._env_taint(node, self.values.value(node.slice))
        picked = _picked_keys(node)
        if picked is not None:
            held = self.taint(picked[0])
            keys = [self.values.value(k) for k in picked[1]]
            if (
                held is not None
                and held.private
                and all(isinstance(k, str) and not SECRET_NAME.search(k) for k in keys)
            ):
                return None  # one setting of a tool's config (its profile, its endpoint), not the file
        if isinstance(node, ast.Call):
            return self._call_taint(node, self._callee(node.func))
        if isinstance(node, (ast.Lambda, ast.FunctionDef)):
            return None
        for child in ast.iter_child_nodes(node):
            found = self.taint(child)
            if found:
                return found
        return None

    def _resolved_paths(self, node: ast.Call) -> list[str]:
        """The paths a read call's arguments and receiver work out to (a helper's return value, a shipped config's
        entry, pieces joined), so a credential path is known however the code spells it."""
        operands = [*node.args, *(k.value for k in node.keywords)]
        if isinstance(node.func, ast.Attribute):
            operands.append(node.func.value)
        out = []
        for operand in operands:
            # only a value constants fix: a lenient rendering's "*" stands for the unknown, not for a glob
            value = None if isinstance(operand, ast.Constant) else self.values.value(operand)
            if isinstance(value, str) and value.strip("/ "):
                out.append(value)
        return out

    def _env_taint(self, node: ast.AST, key: object) -> Taint | None:
        """A read of one environment variable: a secret when its name says so (``*TOKEN*``, ``*_KEY``, ``*PASSWORD*``)."""
        if not isinstance(key, str) or not (SECRET_NAME.search(key) or _SECRET_URL.search(key)):
            return None  # $HOME, $REGION, a name computed at run time: configuration, not a secret
        self._cap("reads", f"${key}", node, "a secret from the environment")
        return Taint(f"reads ${key}", self._line(node), key)

    def _call_taint(self, node: ast.Call, fn: str) -> Taint | None:
        if fn in ("os.getenv", "getenv", "os.environ.get", "environ.get", "os.environ.pop", "os.environ.setdefault"):
            return self._env_taint(node, self.values.value(node.args[0]) if node.args else None)
        asked = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg == "prompt"), None)
        prompt = as_text(self.values.value(asked)) if asked is not None and fn in _PROMPTS else None
        if (
            fn in _HIDDEN_PROMPTS
            or (
                fn.rsplit(".", 1)[-1] in ("prompt", "ask")
                and any(
                    k.arg in ("hide_input", "password") and self.values.value(k.value) is True for k in node.keywords
                )
            )
            or (prompt is not None and SECRET_PROMPT.search(prompt))  # input("Password: "): asked for by name
        ):
            prompt = prompt if prompt is not None else as_text(self.values.value(asked)) if asked is not None else None
            shown = f" ({safe_line(prompt.strip(), limit=40)})" if prompt and prompt.strip() else ""
            self._cap("reads", PROMPT_TARGET, node, f"{fn}{shown}")
            return Taint(f"{PROMPTED}{shown}", self._line(node), prompt_name(prompt))
        if fn in ("keyring.get_password", "keyring.get_credential"):
            # the system keychain through the keyring package: a stored password, named by the service it is for
            service = as_text(self.values.value(node.args[0])) if node.args else None
            self._cap("reads", f"keyring ({service or '?'})", node, "a credential store")
            said = f"reads a credential store (keyring: {safe_line(service or '?', limit=40)})"
            return Taint(said, self._line(node), prompt_name(service) if service else None)
        method = fn.rsplit(".", 1)[-1].rstrip("()")
        if method in _PROBES and "." in fn:
            return None  # os.path.isfile(key), key_path.exists(): whether the file is there, not what it holds
        if method in (
            "open",
            "read_text",
            "read_bytes",
            "Path",
            "expanduser",
            "glob",
            "iglob",
            "listdir",
            "copyfile",
            "copy",
            "connect",
        ) or fn.startswith(("subprocess.", "os.popen")):
            pieces = strings(node) + [self.consts.get(n.id, "") for n in ast.walk(node) if isinstance(n, ast.Name)]
            resolved = self._resolved_paths(node)
            pieces += resolved
            said = (
                " ".join(pieces) + " " + "/".join(p.strip("/") for p in pieces)
            )  # Path.home() / ".aws" / "credentials"
            store = STORE_COMMAND.search(said)
            printed = (
                TOKEN_COMMAND.search(said)
                if fn.startswith(("subprocess.", "os.popen")) or method in ("check_output", "run", "getoutput")
                else None
            )
            dialog = DIALOG_PROMPT.search(said) if fn.startswith(("subprocess.", "os.popen")) else None
            if dialog and not store:  # osascript -e 'display dialog ... with hidden answer': what the user types
                asked_for = re.search(r"dialog\s+\\?[\"']([^\"'\\]{1,80})", said)
                words = asked_for.group(1) if asked_for else None
                self._cap("reads", PROMPT_TARGET, node, "a password dialog")
                shown = f" ({safe_line(words.strip(), limit=40)})" if words and words.strip() else ""
                return Taint(f"{PROMPTED}{shown}", self._line(node), prompt_name(words))
            if printed and not store:
                tool = printed.group(0).split()[0]
                self._cap("reads", safe_line(printed.group(0), limit=60), node, "a command that prints a credential")
                return Taint(f"reads a credential ({safe_line(printed.group(0), limit=60)})", self._line(node), tool)
            what = (
                store.group(0)
                if store
                else next((p for p in pieces if credential_what(p)), None)
                or credential_what(said)
                or next((globbed for p in resolved if (globbed := credential_glob(p))), None)
            )
            if what:
                self._cap(
                    "reads",
                    self._read_target(node, what) if not store else "credential store",
                    node,
                    safe_line(what, limit=60),
                )
                taint = Taint(
                    f"reads {safe_line(what, limit=80)}"
                    if not store
                    else f"reads a credential store ({safe_line(what, limit=60)})",
                    self._line(node),
                )
                self.reads.append((taint, node))
                return taint
            dotenv = next((p for p in pieces if DOTENV.search(p)), None)
            if (
                dotenv
            ):  # a project's .env: reading it is ordinary, sending it anywhere is not (no credential-read of its own)
                return Taint(f"reads {safe_line(dotenv, limit=80)}", self._line(node), ".env")
            private = next((p for p in resolved if method in _CONTENT_READS and private_place(p)), None)
            if private is not None:  # a file of the user's own, on no list: its content is theirs, so a send is a leak
                place = private_place(private) or private
                return Taint(
                    f"reads {safe_line(place, limit=80)}", self._line(node), private_owner(place), private=True
                )
        root = fn.split(".")[0]
        if (
            method in SEND_METHODS
            and method != "Request"
            and (root in self.net or root in NET_ROOTS or root in self.net_modules)
        ):
            return None  # what a request returns is the server's answer, not the values that went into the request
        if fn.rsplit(".", 1)[-1] == "dotenv_values" and not _names_a_non_env_file(node):
            return Taint("reads .env (dotenv_values)", self._line(node), ".env")
        local = fn.split(".")[-1].rstrip("()")
        written = dotted(node.func)  # the name as written: how the skill's own modules are looked up
        target = self.imports.get(written.split(".")[0])
        summary = self.modules.by_name.get(target[0]) if target else None
        name = target[1] if target and target[1] else local
        if summary and name in summary.returns:
            return summary.returns[name]
        if local in self.summary.returns:
            return self.summary.returns[local]
        for child in [node.func, *node.args, *(k.value for k in node.keywords)]:
            found = self.taint(child)
            if found:
                return found
        return None

    def _resolve(self, node: ast.AST | None) -> str | None:
        """A string an expression holds, as far as constants tell (unknown pieces as ``*``), or None."""
        if node is None:
            return None
        value = self.values.value(node)
        if isinstance(value, (list, tuple)) and value:
            value = value[0]  # ("198.51.100.7", 443): the address of a socket
        text = as_text(value)
        if text is not None:
            return text
        if isinstance(node, ast.Tuple) and node.elts:
            return self._resolve(node.elts[0])
        lenient = self.values.text(node)
        if not lenient.strip("*/ :") and isinstance(node, ast.Name) and "://" in self.consts.get(node.id, ""):
            lenient = self.consts[node.id]  # URL = BASE + sys.argv[1]: still the BASE host
        return lenient if lenient.strip("*/ :") else None

    def _callee(self, func: ast.AST) -> str:
        """The real name of a callee (``sp.run`` -> ``subprocess.run``, ``getattr(os, "sys" + "tem")`` -> ``os.system``,
        a builtin by its bare name)."""
        name = self.values.callee(func)
        return name[len("builtins.") :] if name.startswith("builtins.") else name

    def _has_decoder(self, node: ast.AST) -> bool:
        for sub in ast.walk(node):
            if isinstance(sub, ast.Name) and sub.id in self.decoded:
                return True
            if isinstance(sub, ast.Call) and (
                self._callee(sub.func) in DECODE_NAMES
                or (
                    dotted(sub.func).rsplit(".", 1)[-1].rstrip("()") in DECODERS
                    and dotted(sub.func) not in ("json.loads", "loads")
                )
            ):
                return True
            if (
                isinstance(sub, ast.Call)
                and dotted(sub.func).endswith("decode")
                and any(
                    isinstance(a, ast.Constant)
                    and str(a.value).lower().replace("_", "") in ("rot13", "base64", "hex", "zlib", "bz2", "uu")
                    for a in sub.args
                )
            ):
                return True  # codecs.decode(s, "rot13"), s.decode("base64"): a plain .decode("utf-8") is not hiding anything
            if (
                isinstance(sub, ast.Subscript)
                and isinstance(sub.slice, ast.Slice)
                and isinstance(sub.slice.step, ast.UnaryOp)
            ):
                return True  # s[::-1]: reversed text
        return False

    def _fetch(self, node: ast.AST) -> str | None:
        for sub in ast.walk(node):
            if isinstance(sub, ast.Name) and sub.id in self.fetched:
                return self.fetched[sub.id]
            if isinstance(sub, ast.Call):
                fn = self._callee(sub.func)
                if (fn.split(".")[0] in NET_ROOTS + ("urlopen",) or fn.split(".")[0] in self.net_modules) and fn.rsplit(
                    ".", 1
                )[-1] in FETCHERS | {"urlopen"}:
                    return self._resolve(sub.args[0] if sub.args else None) or "the network"
        return None

    # --- statements --------------------------------------------------------------------------
    def run(self, tree: ast.Module) -> None:
        self._tree = tree
        _named_attribute_calls(tree)
        _communicated_input(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                for alias in node.names:
                    self.imports[alias.asname or alias.name] = (node.module.rsplit(".", 1)[-1], alias.name)
                    if node.module.split(".")[0] in NET_ROOTS:
                        self.net_modules.add(alias.asname or alias.name)  # from urllib import request as r
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    self.imports[alias.asname or alias.name] = (alias.name.rsplit(".", 1)[-1], "")
                    if alias.asname and alias.name.split(".")[0] in NET_ROOTS:
                        self.net_modules.add(alias.asname)  # import urllib.request as u
        self.values.learn_imports(tree)
        if self.install:
            self._install_hooks(tree)
        for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
            if isinstance(call.func, ast.Attribute) and call.func.attr in ("write", "writelines"):
                self.written.add(dotted(call.func.value))
            if isinstance(call.func, ast.Attribute) and call.func.attr in ("append", "extend", "insert") and call.args:
                self.parts.setdefault(dotted(call.func.value), []).append(call.args[-1])
            for value in [*call.args[1:2], *(k.value for k in call.keywords if k.arg in ("file", "fp"))]:
                self.written.add(dotted(value))
        for statement in tree.body:  # module constants first: a function defined above them still reads them
            if isinstance(statement, (ast.Assign, ast.AnnAssign)):
                self.values.execute(statement)
        seed = dict(self.values.names)
        functions = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
        for function in functions:  # what each local function returns and sends, before the calls are judged
            self._function_summary(function)
        report, self.report = self.report, False
        self.values.names = dict(seed)
        self._block(tree.body)
        self.report = report
        self.values.names = dict(seed)
        self._block(tree.body)
        if self.report:
            self._built_texts(tree)
            self._startup_helper_calls(tree)
        for taint, node in self.reads:
            # Read and kept: a capability. A settings file (~/.aws/config, ~/.kube/config) says nothing more; a key
            # file or store read with nothing sent is a note. Only a flow to the network or a start-up write is harm.
            if taint not in self.sent and self.report and not _SETTINGS_ONLY.search(taint.what):
                self._add("skillscope/exfiltration/credential-read", taint.what, node, "note")

    def _startup_helper_calls(self, tree: ast.Module) -> None:
        """A function of the module that writes a start-up place (a LaunchAgent, a unit, an rc file) with what its
        parameters hold, called with arguments that carry harm (``install_agent("com.apple.x", ["/usr/bin/osascript",
        "-e", 'do shell script "curl … | sh"'])``): the body alone cannot say what runs; each call's constant
        arguments can. An error at the call that hands the harm over."""
        starts = [
            self.ctx.line(c.start)
            for c in self.ctx.caps
            if c.kind == "writes" and PERSISTENCE_PATH.search(c.target.replace("\\", "/"))
        ]
        if not starts:
            return
        writers = {
            f.name
            for f in ast.walk(tree)
            if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
            and f.args.args
            and any(f.lineno <= line <= (f.end_lineno or f.lineno) for line in starts)
        }
        for call in ast.walk(tree):
            if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in writers):
                continue
            lines: list[str] = []  # each argument as the command line it would be: an argv list joined, a string
            for arg in [*call.args, *(k.value for k in call.keywords)]:
                value = self.values.value(arg)
                if isinstance(value, (list, tuple)) and value and all(isinstance(i, str) for i in value):
                    lines.append(shlex.join(value))  # type: ignore[arg-type]
                elif isinstance(value, str) and " " in value:
                    lines.append(value)
            harm = next((h for h in (startup_shell_harm(self.ctx, line) for line in lines) if h), None)
            if harm:
                start, end = self._span(call)
                self.ctx.add(
                    "skillscope/persistence/startup",
                    f"hands {call.func.id}() (which writes a start-up place, line {starts[0]}) a command that {harm} "
                    f"(line {self._line(call)}): it runs again on its own",
                    start,
                    end,
                    "error",
                )

    def _built_texts(self, tree: ast.Module) -> None:
        """A string the code builds from constant pieces (``"sk_live_51Hq" + "8ZkLm..."``, ``"".join([...])``, an
        f-string or ``%`` of constants) is read by the text rules as the literal it makes, at the expression: a key or
        a host written in pieces is the same key or host."""
        from skillscope.audit.behavior.hosts import built_secrets  # the text rules, over the value

        said: set[tuple[str, str]] = set()
        # the value of an index setting ({"index-url": ...}, cfg.set(s, "index-url", ...)): a package index every later
        # install of the tool takes packages from
        indexes = {
            id(value)
            for node in ast.walk(tree)
            for key, value in (
                zip(node.keys, node.values, strict=True)
                if isinstance(node, ast.Dict)
                else [(node.args[1], node.args[2])]
                if isinstance(node, ast.Call) and len(node.args) >= 3 and isinstance(node.func, ast.Attribute)
                else []
            )
            if isinstance(key, ast.Constant) and key.value in _INDEX_KEYS
        }
        for node in ast.walk(tree):
            if not isinstance(node, (ast.BinOp, ast.JoinedStr, ast.Call)):
                continue
            value = self.values.value(node)
            if not isinstance(value, str) or len(value) < 16 or value in self.ctx.text:
                continue
            for raw in built_secrets(value, self.ctx.path, self.ctx.text, said):
                if id(node) in indexes and raw.check == "skillscope/deception/lookalike-host":
                    message = f"{raw.message} (built from pieces), set as a package index: every later install comes from there"
                    self._add(raw.check, message, node, "error")
                    continue
                self._add(raw.check, f"{raw.message} (built from pieces)", node, raw.severity)

    def _function_summary(self, function: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        report, self.report = self.report, False
        saved = dict(self.param)
        self._current = function.name
        arguments = function.args
        # every way a helper takes data: def send(url, *, json) hands the payload over as a keyword-only argument
        names = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs, arguments.vararg, arguments.kwarg]
        self.param = {a.arg: Taint(f"argument {a.arg}", 0, "\x00param") for a in names if a is not None}
        self._block(function.body)
        for node in ast.walk(function):
            if isinstance(node, ast.Return) and node.value is not None:
                self.returned.setdefault(function.name, []).append(node.value)
                found = self.taint(node.value)
                if found and found.name != "\x00param":
                    self.summary.returns[function.name] = found
        place = next((p for p in _yielded_places(function) if credential_what(p)), None)
        if place is not None and function.name not in self.summary.returns:
            # a generator handing out credential files: what it yields is read and used where it is taken
            line = next(y.lineno for y in ast.walk(function) if isinstance(y, ast.Yield))
            self.summary.returns[function.name] = Taint(f"reads {home_path(place)}", line)
        if function.name not in self.summary.returns:
            # yield Path.home() / ".ssh" / "id_rsa", yield os.path.expanduser("~/.netrc"), yield base / name: any
            # expression a generator yields that resolves to a credential place hands that read to its taker
            for node in ast.walk(function):
                if (
                    isinstance(node, ast.Yield)
                    and node.value is not None
                    and (yielded := self._credential_place(node.value))
                ):
                    self.summary.returns[function.name] = Taint(f"reads {home_path(yielded)}", node.lineno)
                    break
        self.param = saved
        self.report = report

    def _archived(self, holder: ast.expr, member: ast.expr, node: ast.Call) -> None:
        """``tar.add(Path.home() / ".ssh")`` into ``tarfile.open(fileobj=buf)`` (or a ``zipfile.ZipFile``): the archive,
        and the buffer it is written into, now hold the credential file, so sending ``buf.getvalue()`` sends it."""
        archive = self.bound.get(holder.id) if isinstance(holder, ast.Name) else None
        if not isinstance(archive, ast.Call) or self._callee(archive.func) not in _ARCHIVERS:
            return
        place = self._credential_place(member)
        if place is None or not isinstance(holder, ast.Name):
            return
        taint = Taint(f"reads {home_path(place)}", self._line(node))
        self._cap("reads", home_path(place), node, "packed into an archive")
        into = [holder, *archive.args[:1], *(k.value for k in archive.keywords if k.arg == "fileobj")]
        for name in into:
            if isinstance(name, ast.Name):
                self.env.setdefault(name.id, taint)

    def _credential_place(self, node: ast.expr) -> str | None:
        """The credential place an expression resolves to (its value, the path it builds, a name bound to one, any
        of the paths a loop over constants makes of it), or None."""
        value = self.values.value(node)
        for text in (
            value if isinstance(value, str) else None,
            built_path(node, self.consts),
            self.consts.get(node.id) if isinstance(node, ast.Name) else None,
            *self.values.candidates(node),
        ):
            if text and credential_what(text):
                return text[max(text.rfind("~/"), 0) :]  # a piece that is a whole home path already replaces the base
        return None

    def _block(self, body: list[ast.stmt]) -> None:
        for statement in body:
            self._statement(statement)

    def _bind(self, target: ast.AST, value: ast.AST | None, *, loop: bool = False) -> None:
        names = [n.id for n in ast.walk(target) if isinstance(n, ast.Name)]
        if value is None:
            return
        taint = self.taint(value)
        fn = self._callee(value.func) if isinstance(value, ast.Call) else ""
        resolved = None if loop else self.values.value(value)
        if resolved is not None and isinstance(target, (ast.Name, ast.Tuple, ast.List)):
            self.values.bind(target, resolved)
        if isinstance(target, ast.Name):
            picked = [] if loop or resolved is not None else self.values.candidates(value)
            if picked:
                self.values.choices[target.id] = picked  # url = random.choice(HOSTS): any of them, judged each
            else:
                self.values.choices.pop(target.id, None)
        lenient = None if loop or resolved is not None else self.values.text(value)
        if isinstance(target, ast.Name):
            self.bound[target.id] = value
        for name in names:
            # session.headers["Authorization"] = token configures a client like headers= does: it is not data the client sends.
            if taint and not (name in self.net and not isinstance(target, ast.Name)):
                self.env[name] = taint
            text = as_text(resolved) if isinstance(resolved, (str, bytes)) else None
            if text is not None and isinstance(target, ast.Name):
                self.consts[name] = text
            elif lenient and lenient.strip("*/ ") and isinstance(target, ast.Name):
                self.consts[name] = lenient  # f"{base}/.ssh/id_rsa" is still a key, whatever the base
            if not loop and not isinstance(value, ast.Constant) and (path := built_path(value, self.consts)):
                self.consts.setdefault(name, path)
            if carries_content(value, self.contents):
                self.contents.add(name)
            if self._has_decoder(value):
                self.decoded.add(name)
            fetched = self._fetch(value)
            if fetched:
                self.fetched[name] = fetched
            if fn.split(".")[0] in NET_ROOTS or fn.rsplit(".", 1)[-1].rstrip("()") in (
                "Session",
                "Client",
                "AsyncClient",
                "socket",
                "SMTP",
                "SMTP_SSL",
                "HTTPSConnection",
                "HTTPConnection",
                "create_connection",
                "FTP",
                "FTP_TLS",
                "ClientSession",
                "PoolManager",
            ):
                self.net.add(name)
            if fn.rsplit(".", 1)[-1] in ("HTTPSConnection", "HTTPConnection") and isinstance(value, ast.Call):
                host = self._resolve(value.args[0] if value.args else None)
                if host:
                    self.connections[name] = host.split("://", 1)[-1].split("/", 1)[0]
            if isinstance(value, ast.Call) and fn.rsplit(".", 1)[-1] in ("create_connection", "connect"):
                # socket.create_connection(("host", 443)): what the socket sends goes to that host
                pair = value.args[0] if value.args else None
                host = self._resolve(pair.elts[0]) if isinstance(pair, ast.Tuple) and pair.elts else None
                if host and fn.split(".")[0] in ("socket", "ssl"):
                    self.connections[name] = host.split("://", 1)[-1].split("/", 1)[0]
                    self.schemes[name] = "tcp"
            if isinstance(value, ast.Call) and fn in _SERVER_CLIENTS and value.args:
                # smtplib.SMTP("mail.host"), ftplib.FTP("ftp.host"): what the client sends goes to that server
                host = self._resolve(value.args[0])
                if host:
                    self.connections[name] = host.split("://", 1)[-1].split("/", 1)[0]
                    self.schemes[name] = fn.split(".")[0].removesuffix("lib")  # smtp, ftp, pop, imap, telnet
            base = next((k.value for k in getattr(value, "keywords", []) if k.arg == "base_url"), None)
            if base is not None and (origin := self._resolve(base)) and "://" in origin:
                self.bases[name] = origin.rstrip("/")  # httpx.Client(base_url=...): its calls name paths under it
            if fn.rsplit(".", 1)[-1] == "Request" and isinstance(value, ast.Call) and isinstance(target, ast.Name):
                # Request(url, data=...) is built here and sent where it is opened: the flow is judged there.
                self.requests[name] = self._resolve(value.args[0] if value.args else None) or "a computed address"
                self._built.add(id(value))
            method_open = isinstance(value, ast.Call) and _method_open(value, fn)
            if (
                fn in ("open", "io.open", "codecs.open")
                and isinstance(value, ast.Call)
                and value.args
                and not method_open
            ):
                self.files[name] = self._resolve(value.args[0]) or dotted(value.args[0])
                self.handles[name] = self._path(value.args[0])
                self.opened[name] = value
            elif isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "open":
                by_path = method_open or fn not in ("open", "io.open", "codecs.open", "os.open")
                if by_path and fn.split(".")[0] not in NET_ROOTS:
                    self.files[name] = self._path(value.func.value)  # Path(...).open("a"): the path is the receiver
                    self.handles[name] = self.files[name]
                    self.opened[name] = value

    def _statement(self, node: ast.stmt) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            self._block(node.body)
            return
        if isinstance(node, ast.Assign):
            for target in node.targets:
                self._bind(target, node.value)
        elif isinstance(node, ast.AnnAssign):
            self._bind(node.target, node.value)
        elif isinstance(node, ast.AugAssign):
            # s += piece: the taint and content of the piece join s's; its value is s's old value and the piece
            # (inside a loop the loop was worked out whole before its body is read).
            combined = ast.BinOp(
                left=ast.Name(getattr(node.target, "id", "_"), ast.Load()), op=node.op, right=node.value
            )
            ast.copy_location(combined, node.value)
            self._bind(node.target, node.value if self._loops else combined, loop=bool(self._loops))
        elif isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                if item.optional_vars is not None:
                    self._bind(item.optional_vars, item.context_expr)
        elif isinstance(node, (ast.For, ast.AsyncFor)):
            if isinstance(node, ast.For):
                self.values.execute(node)  # out += chr(c ^ KEY) for c in DATA: the loop worked out over constants
            self._bind(node.target, node.iter, loop=True)
            self._loop_place(node.target, node.iter)
        compound = isinstance(node, (ast.If, ast.For, ast.While, ast.With, ast.Try, ast.AsyncWith, ast.AsyncFor))
        # A compound statement's own expressions (test, iterable, context managers); its body is a block of its own.
        parts = (
            [c for c in ast.iter_child_nodes(node) if not isinstance(c, (ast.stmt, ast.ExceptHandler))]
            if compound
            else [node]
        )
        for part in parts:
            for sub in ast.walk(part):
                if isinstance(sub, ast.Call):
                    self._call(sub)
        for field_name in ("body", "orelse", "finalbody", "handlers"):
            inner = getattr(node, field_name, None)
            if isinstance(inner, list) and isinstance(
                node, (ast.If, ast.For, ast.While, ast.With, ast.Try, ast.AsyncWith, ast.AsyncFor, ast.ExceptHandler)
            ):
                looping = isinstance(node, (ast.For, ast.While, ast.AsyncFor))
                self._loops += looping
                self._block(
                    [s for s in inner if isinstance(s, ast.stmt)]
                    + [s for h in inner if isinstance(h, ast.ExceptHandler) for s in h.body]
                )
                self._loops -= looping

    def _loop_place(self, target: ast.AST, iterable: ast.AST) -> None:
        """What a loop variable stands for as a place: the most telling path of a constant list (a config's list of
        files), or the file a glob takes in (``Path.home().glob(".*shrc")`` -> ``~/.bashrc``, ``glob(home + "/*")``)."""
        if not isinstance(target, ast.Name):
            return
        items = self.values.value(iterable)
        if isinstance(items, dict):
            items = list(items)  # a loop over a dict walks its keys
        if isinstance(items, (list, tuple)) and items and all(isinstance(i, str) for i in items):
            texts = [str(i) for i in items]
            if len(texts) > 1:
                # for m in MIRRORS: try each: every one is a destination. The items that name a credential, a start-up
                # file or a folder no cleanup names come first, so a long list cannot push them past the eight kept.
                telling = [t for t in texts if _telling_place(t.strip())]
                self.values.choices[target.id] = list(dict.fromkeys(telling + texts))[:8]
            self.consts[target.id] = next(
                (t for t in texts if credential_what(t)),
                next((t for t in texts if PERSISTENCE_PATH.search(t + "/") or unnamed_target(t)), texts[0]),
            )
            return
        if not isinstance(iterable, ast.Call):
            return
        if _callee_name(iterable) in ("sorted", "list", "reversed", "tuple", "set") and iterable.args:
            inner = iterable.args[0]  # for f in sorted(root.glob("*/SKILL.md")): the files the glob takes in
            if isinstance(inner, ast.Call):
                iterable = inner
        returned = _returned_texts(self.values.functions.get(getattr(iterable.func, "id", "")))
        if returned:  # for note in notes(): each text the helper may hand back (what it appends or returns)
            self.values.choices[target.id] = returned[:8]
            if place := next((t for t in returned if credential_what(t)), None):
                self.consts[target.id] = place  # for path in history_files(): each credential file it yields
            return
        fn = self._callee(iterable.func)
        method = fn.rsplit(".", 1)[-1]
        receiver = iterable.func.value if isinstance(iterable.func, ast.Attribute) else None
        if fn in ("glob.glob", "glob.iglob") and iterable.args:
            pattern = self._path(iterable.args[0])
        elif method in ("glob", "rglob") and receiver is not None and iterable.args:
            pattern = self._path(receiver).rstrip("/") + "/" + ("**/" if method == "rglob" else "")
            pattern += self.values.text(iterable.args[0])
        elif method in ("iterdir", "listdir", "scandir") and (receiver is not None or iterable.args):
            base = self._path(iterable.args[0] if iterable.args else receiver)  # type: ignore[arg-type]
            pattern = base.rstrip("/") + "/*"
        else:
            return
        self.consts[target.id] = pattern if unnamed_target(pattern) else glob_place(pattern) or pattern

    # --- calls ---------------------------------------------------------------------------------
    def _call(self, node: ast.Call) -> None:
        forwarded = self._forwarded(node)
        if forwarded is not None:  # run(cmd) where def run(c): return subprocess.call(c): judged as that call, here
            self._inlined += 1
            try:
                self._call(forwarded)
            finally:
                self._inlined -= 1
            return
        fn = self._callee(node.func)
        method = fn.rsplit(".", 1)[-1]
        root = fn.split(".")[0]
        if fn in ("exec", "eval", "compile", "builtins.exec", "builtins.eval") or (
            method in ("loads", "load") and root in ("marshal", "pickle")
        ):
            self._exec(node, fn)
        elif fn in ("getattr", "builtins.getattr") and len(node.args) >= 2:
            subject = dotted(node.args[0])
            name = node.args[1]
            if not isinstance(name, ast.Constant) and (
                subject in ("__builtins__", "builtins", "__builtins__.__dict__") or self._has_decoder(name)
            ):
                self._add(
                    "skillscope/obfuscation/dynamic-builtin",
                    f"calls a builtin whose name is computed at run time (getattr on {subject or 'an object'})",
                    node,
                )
        elif (
            fn in ("__import__", "importlib.import_module", "import_module")
            and node.args
            and not isinstance(node.args[0], ast.Constant)
        ):
            if self._has_decoder(node.args[0]):
                self._add(
                    "skillscope/obfuscation/dynamic-builtin", "imports a module whose name is decoded at run time", node
                )
        if method in ("append", "extend", "insert", "add", "update", "setdefault") and isinstance(
            node.func, ast.Attribute
        ):
            holder = node.func.value
            carried = next((t for t in (self.taint(a) for a in node.args) if t), None)
            if carried is not None and isinstance(holder, ast.Name) and holder.id not in self.env:
                self.env[holder.id] = carried  # out.append(key.read_text()): the list now holds the secret
        if method == "set" and len(node.args) >= 3 and self.values.value(node.args[1]) in _HELPER_KEYS:
            key = str(self.values.value(node.args[1]))
            self._cap("writes", f"{_HELPER_KEYS[key]} {key}", node, "credential helper")
            self._add(
                "skillscope/persistence/startup",
                f"sets {key} in {_HELPER_KEYS[key]}: the tool runs that command each time it needs credentials "
                f"(line {self._line(node)})",
                node,
                "note",
            )
        if method in ("add", "write") and node.args and isinstance(node.func, ast.Attribute):
            self._archived(node.func.value, node.args[0], node)
        self._sink(node, fn, method, root)
        self._runner(node, fn)
        self._writes(node, fn, method)

    def _forwarded(self, node: ast.Call) -> ast.Call | None:
        """The call a call of a one-line wrapper of the module's (or an imported sibling's) makes (``def post(u, *,
        data): return requests.post(u, data=data)``), its parameters replaced by this call's arguments and placed at
        this call; None for any other call. A wrapper hides nothing: what it does is the call it makes."""
        if not isinstance(node.func, ast.Name) or self._inlined > 3:
            return None
        imported = self.imports.get(node.func.id)
        function = (
            self.modules.functions.get(imported[0], {}).get(imported[1] or node.func.id)
            if imported
            else self.values.functions.get(node.func.id)
        )
        if function is None:
            return None
        arguments = function.args
        starred = [i for i, a in enumerate(node.args) if isinstance(a, ast.Starred)]
        if starred and (arguments.vararg is None or starred[0] < len(arguments.args)):
            return None  # git(*words) reaches def git(*args) whole; any other spread is not followed
        body = [s for s in function.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
        inner = body[0].value if len(body) == 1 and isinstance(body[0], (ast.Return, ast.Expr)) else None
        # return subprocess.run(...).stdout.strip(): what the wrapper does is the call whose result it trims
        while isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute):
            below = inner.func.value
            while isinstance(below, ast.Attribute):
                below = below.value
            if not isinstance(below, ast.Call):
                break
            inner = below
        if not isinstance(inner, ast.Call) or arguments.kwarg or arguments.posonlyargs:
            return None
        if len(node.args) > len(arguments.args) and arguments.vararg is None:
            return None
        given: dict[str, ast.expr] = dict(zip((a.arg for a in arguments.args), node.args, strict=False))
        if arguments.vararg is not None:  # def git(*args): the extra arguments, as the list the body spreads
            extra = ast.List(elts=list(node.args[len(arguments.args) :]), ctx=ast.Load())
            given[arguments.vararg.arg] = ast.copy_location(extra, node)
        for keyword in node.keywords:
            if keyword.arg is None:
                return None
            given[keyword.arg] = keyword.value
        defaults = dict(zip((a.arg for a in arguments.args[::-1]), arguments.defaults[::-1], strict=False))
        defaults |= {
            a.arg: d for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True) if d is not None
        }
        for param in [*arguments.args, *arguments.kwonlyargs]:
            if param.arg not in given:
                if param.arg not in defaults:
                    return None
                given[param.arg] = defaults[param.arg]

        class _Substitute(ast.NodeTransformer):
            def visit_Name(self, name: ast.Name) -> ast.AST:
                return given[name.id] if name.id in given and isinstance(name.ctx, ast.Load) else name

        made = _Substitute().visit(copy.deepcopy(inner))
        for sub in ast.walk(made):  # every piece stands where the wrapper is called, so that is the line reported
            if not any(sub is v for v in given.values()) and hasattr(sub, "lineno"):
                ast.copy_location(sub, node)
        return made if isinstance(made, ast.Call) else None

    def _exec(self, node: ast.Call, fn: str) -> None:
        code = node.args[0] if node.args else None
        if code is None:
            return
        self._cap(
            "executes", "python", node, f"{fn} of {'a constant' if isinstance(code, ast.Constant) else 'built code'}"
        )
        fetched = self._fetch(code)
        decoded = self._has_decoder(code)
        if fetched:
            self._add(
                "skillscope/obfuscation/download-exec",
                f"runs code it downloads from {safe_line(fetched, limit=100)} ({fn}, line {self._line(node)})",
                node,
            )
            return
        kept = self._dropped_read(code, 3) if self.dropped else None
        if kept is not None:  # a download kept in a file by one function and loaded here by another
            place, kind = kept
            self._add(
                "skillscope/obfuscation/download-exec" if kind == "download" else "skillscope/obfuscation/decode-exec",
                f"runs {safe_line(place, limit=80)}, written from {kind.rstrip('e')}ed data ({fn}, line {self._line(node)})",
                node,
                "note" if kind == "download" and _pinned(self.ctx.text) else None,
            )
            return
        source = as_text(self.values.value(code)) if fn not in ("marshal.loads", "pickle.loads") else None
        if decoded:
            shown = f": {safe_line(source.strip(), limit=80)}" if source and source.strip() else ""
            self._add(
                "skillscope/obfuscation/decode-exec",
                f"decodes hidden code and runs it ({fn}, line {self._line(node)}){shown}",
                node,
            )
        elif (
            not isinstance(code, ast.Constant)
            and source is None
            and fn in ("exec", "eval", "builtins.exec", "builtins.eval")
        ):
            self._add("skillscope/obfuscation/dynamic-exec", f"runs code that is not a constant ({fn})", node)
        if source:
            self._inner(source, node, f"code {'decoded' if decoded else 'built'} for {fn}")

    def _dropped_read(self, code: ast.AST, depth: int) -> tuple[str, str] | None:
        """(the file, download or decode) when ``code`` is what a file the script wrote from fetched or decoded data
        holds: ``open(p).read()``, ``Path(p).read_bytes()``, a handle opened on it, or a name bound to one of those."""
        for sub in ast.walk(code):
            if isinstance(sub, ast.Name) and depth > 0 and isinstance(self.bound.get(sub.id), ast.AST):
                found = self._dropped_read(self.bound[sub.id], depth - 1)
                if found is not None:
                    return found
            if not isinstance(sub, ast.Call):
                continue
            if isinstance(sub.func, ast.Name) and depth > 0 and sub.func.id in self.returned:
                for value in self.returned[sub.func.id]:  # load(helper()) where the helper returns the file's bytes
                    found = self._dropped_read(value, depth - 1)
                    if found is not None:
                        return found
            method = sub.func.attr if isinstance(sub.func, ast.Attribute) else ""
            places: list[ast.AST] = []
            if self._callee(sub.func) in ("open", "io.open") and sub.args:
                places.append(sub.args[0])
            elif method in ("read_text", "read_bytes", "open") and isinstance(sub.func, ast.Attribute):
                places.append(sub.func.value)
            for place in places:
                for key in (self._resolve(place) or dotted(place), self._path(place)):
                    if key and key in self.dropped:
                        return key, self.dropped[key]
        return None

    def _inner(self, source: str, node: ast.AST, where: str) -> None:
        """Read text the code runs (decoded, joined or written out whole) as Python, else as shell, and report what it
        does at ``node``: the line that runs it."""
        if self.depth >= 4 or not self.report and self.depth:
            return
        sub = Ctx(source, 0, source, self.ctx.path, documented=False)
        if looks_like_python(source):
            inner = Analyser(sub, self.modules, report=self.report)
            inner.depth = self.depth + 1
            try:
                inner.run(ast.parse(source))
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                return
            self.sent |= inner.sent
            self.ctx.network = self.ctx.network or inner.ctx.network
        elif looks_like_shell(source):
            from skillscope.audit.behavior.shell import scan_shell

            scan_shell(sub)
        else:
            return
        for raw in sub.hits:
            said = _INNER_LINES.sub("", raw.message)  # the inner code's own line numbers mean nothing in the file
            self._add(raw.check, f"{said} (in {where}, line {self._line(node)})", node, raw.severity)
        for cap in sub.caps:
            self._cap(cap.kind, cap.target, node, f"{cap.detail}, in {where}".strip(", "))
        if sub.sends and self.report:
            start, end = self._span(node)
            self.ctx.sends.extend((start, end, kind) for _, _, kind in sub.sends)

    def _install_hooks(self, tree: ast.Module) -> None:
        """A build or install hook is a capability of its own: what it does runs when the package is installed."""
        hooks = [
            node
            for node in ast.walk(tree)
            if isinstance(node, ast.ClassDef)
            and any(self._callee(base).rsplit(".", 1)[-1] in _INSTALL_COMMANDS for base in node.bases)
        ] + [
            node
            for node in tree.body
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in _BACKEND_HOOKS
        ]
        for hook in hooks:
            self._cap("executes", f"install hook {hook.name}", hook, f"runs at install time, {self.install}")
        if not hooks and self.install:
            first = tree.body[0] if tree.body else tree
            self._cap("executes", "install hook", first, f"runs at install time, {self.install}")

    def _cap(self, kind: CapabilityKind, target: str, node: ast.AST, detail: str = "") -> None:
        if self.report:
            start, end = self._span(node)
            self.ctx.cap(kind, safe_line(target, limit=120) or "?", start, end, detail)

    def _sink(self, node: ast.Call, fn: str, method: str, root: str) -> None:
        receiver = fn.rsplit(".", 1)[0].split(".")[0] if "." in fn else ""
        net = (
            ((root in NET_ROOTS or root in self.net_modules) and method in SEND_METHODS)
            or method in ("urlopen", "Request", "urlretrieve")
            or (receiver in self.net and method in SEND_METHODS | {"write"})
        )
        written = dotted(node.func)
        imported = self.imports.get(written.split(".")[0])
        summary = self.modules.by_name.get(imported[0]) if imported else None
        local = written.rsplit(".", 1)[-1]
        helper = (summary.sends.get(imported[1] or local) if summary and imported else None) or self.summary.sends.get(
            local if "." not in written else ""
        )
        if not net and helper is None:
            return
        self.ctx.network = self.ctx.network or net
        # An address read whole from the environment (SLACK_WEBHOOK_URL) is where data goes, not data; one built
        # around a secret (f"https://x/?k={key}") carries it.
        url_first = helper is None and method in (
            "post",
            "put",
            "patch",
            "get",
            "delete",
            "head",
            "stream",
            "urlopen",
            "Request",
            "urlretrieve",
        )
        built = node.args[0].id if node.args and isinstance(node.args[0], ast.Name) else ""
        if built not in self.requests:
            built = ""
        first = (
            [after_base(node.args[0]) if url_first and not built else node.args[0]]
            if node.args and (built or not url_first or isinstance(node.args[0], (ast.JoinedStr, ast.BinOp)))
            else []
        )
        values = [*first, *node.args[1:], *(k.value for k in node.keywords if k.arg not in NOT_DATA and k.arg != "url")]
        taint = next((t for t in (self.taint(v) for v in values) if t), None)
        passed = self._resolve(node.args[0]) if helper == COMPUTED and node.args else None
        dest = (
            # a helper that sends to the address it is given (def post(url, data)): the address is the caller's
            (passed if passed and "://" in passed else helper)
            or (self.requests[built] if built else None)
            or self._resolve(
                node.args[0] if node.args else next((k.value for k in node.keywords if k.arg in ("url", "host")), None)
            )
            or COMPUTED
        )
        if method == "Request" and id(node) in self._built:
            return  # the request is sent where it is opened (urlopen(req)): that line is the send
        verb = self._resolve(node.args[0]) if method == "request" and len(node.args) > 1 else None
        if verb and verb.upper() in _HTTP_VERBS and not helper:
            # pool.request("POST", url, body=...), requests.request("POST", url): the address comes second
            dest = self._resolve(node.args[1]) or COMPUTED
        if receiver in self.bases and not helper and node.args:
            path = self._resolve(node.args[1] if verb and verb.upper() in _HTTP_VERBS else node.args[0])
            if path is not None and "://" not in path:
                dest = self.bases[receiver] + ("" if path.startswith("/") else "/") + path
        if method in _CONNECTION_SENDS and receiver in self.connections and not helper:
            # a socket's, mail or FTP client's bytes go to its server
            dest = f"{self.schemes.get(receiver, 'https')}://{self.connections[receiver]}/"
        if method == "request" and receiver in self.connections and not helper:
            # conn.request("POST", "/u", body=f) on HTTPSConnection("host"): the address is the connection's
            path = self._resolve(node.args[1]) if len(node.args) > 1 else None
            dest = f"https://{self.connections[receiver]}{path if path and path.startswith('/') else '/'}"
        address = (
            node.args[0] if node.args else next((k.value for k in node.keywords if k.arg in ("url", "host")), None)
        )
        picked = [] if helper or built else [d for d in self.values.candidates(address) if "://" in d or "." in d]
        if picked:
            # A host picked at run time (random.choice(HOSTS), a loop over mirrors): the send goes to each one it may
            # be, so it is judged at the first that is not the data's own service.
            dest = next((d for d in picked if not self._owned(taint or self._vendor_header(node, d), d)), picked[0])
        if taint is None and net:
            taint = self._vendor_header(node, dest)
        if net:
            for other in [d for d in picked if d != dest]:
                self._cap("sends", _host(other), node, f"{fn}, a host picked at run time")
            self._cap(
                "sends",
                _host(dest),
                node,
                f"{fn}" + (f" of {taint.what}" if taint and taint.name != "\x00param" else ""),
            )
        if (net or helper) and self.report:
            # An upload to an address the skill names itself; one to an address the user configures is the user's choice.
            start, end = self._span(node)
            named = "://" in dest and bool(url_host_of(dest))
            self.ctx.sends.append(
                (
                    start,
                    end,
                    "upload"
                    if named
                    and (
                        (taint is not None and not self._owned(taint, dest) and self._in_payload(taint, values, first))
                        or any(carries_content(v, self.contents) for v in values)
                    )
                    else "network",
                )
            )
        if taint is None:
            return
        if taint.name == "\x00param":
            self.summary.sends.setdefault(self._enclosing_name(node), dest)
            self.sink_at.setdefault(self._enclosing_name(node), node)
            return
        host = url_host_of(dest)
        if taint.name and host and related_host(taint.name, host) and endpoint_kind(dest) is None:
            return  # a provider's token sent to that provider (GITHUB_TOKEN to api.github.com)
        if taint.private and not _private_leaves(taint, dest):
            return
        if taint.what.startswith(PROMPTED) and prompt_owner(taint.name or "", dest, self.ctx.purpose.names(host)):
            return  # a password typed for the user's own login, sent to it
        self.sent.add(taint)
        sink = self.sink_at.get(local) if helper and "." not in written and not imported else None
        if sink is not None:  # the module's own helper sends it: the harmful line is the helper's send
            self._add(
                "skillscope/exfiltration/data-flow",
                f"{taint.what} (line {taint.line}), passes it to {local}() (line {self._line(node)}) and sends it to "
                f"{safe_line(dest, limit=100)} (line {self._line(sink)})",
                sink,
            )
            return
        via = f" via {fn}()" if helper else ""
        self._add(
            "skillscope/exfiltration/data-flow",
            f"{taint.what} (line {taint.line}) and sends it to {safe_line(dest, limit=100)}{via} (line {self._line(node)})",
            node,
        )

    def _in_payload(self, taint: Taint, values: list[ast.expr], first: list[ast.expr]) -> bool:
        """Whether a send carries ``taint`` beyond its address: a caller's argument that only fills the URL's path
        (``get(f"{API}{path}")``) is an address, not data the helper uploads."""
        if taint.name != "\x00param":
            return True
        return any(self.taint(v) is not None for v in values[len(first) :])

    def _owned(self, taint: Taint | None, dest: str) -> bool:
        """Whether sending ``taint`` to ``dest`` is its own use (a provider's token to the provider, a typed password
        to the service its prompt names); True when nothing secret is sent."""
        if taint is None:
            return True
        host = url_host_of(dest)
        if taint.name and host and related_host(taint.name, host) and endpoint_kind(dest) is None:
            return True
        return taint.what.startswith(PROMPTED) and prompt_owner(taint.name or "", dest, self.ctx.purpose.names(host))

    def _vendor_header(self, node: ast.Call, dest: str) -> Taint | None:
        """A provider's token (its variable names the provider: GITHUB_TOKEN, OPENAI_API_KEY) in the headers or auth
        of a request to a named host that is not that provider's: the token leaves for a stranger. A token of no
        named provider (API_TOKEN) in a header is how an API is called, and stays quiet."""
        for keyword in node.keywords:
            if keyword.arg not in ("headers", "auth", "cookies"):
                continue
            taint = self.taint(keyword.value)
            if taint is not None and taint.name and foreign_vendor_host(taint.name, dest):
                return Taint(
                    f"{taint.what} ({taint.name}, a {foreign_vendor_host(taint.name, dest)} token)", taint.line, None
                )
            if taint is not None and header_leaves(taint.name, dest, self.ctx.purpose.names(url_host_of(dest))):
                return Taint(taint.what, taint.line, None)
        return None

    def _enclosing_name(self, node: ast.AST) -> str:
        return self._current

    def _command(self, command: ast.AST) -> tuple[list[str], str]:
        """A command's words (an argv list resolved word by word, unknown words as ``*``) and its text."""
        value = self.values.value(command)
        if isinstance(value, (list, tuple)):
            words = [
                "python3" if isinstance(v, Ref) and v.name.endswith("sys.executable") else render(v) for v in value
            ]
            if isinstance(command, (ast.List, ast.Tuple)) and len(command.elts) == len(value):
                # a word not known whole keeps what is known of it (["sh", "-c", shlex.join([...])]: the line)
                words = [
                    self.values.text(e) if v is None else w for e, v, w in zip(command.elts, value, words, strict=True)
                ]
            return words, " ".join(words)
        if isinstance(command, (ast.List, ast.Tuple)):
            words = [self.values.text(e) for e in command.elts]
            return words, " ".join(words)
        text = as_text(value) if value is not None else self.values.text(command)
        return [], text or ""

    def _docker_wipe(self, node: ast.Call, words: list[str]) -> None:
        """``docker system prune --volumes`` run from Python: its argv, or, when the argv takes its words from a
        parameter (``["docker", *shlex.split(step)]``), each constant string of the script that spells such a step
        (``STEPS = [..., "system prune -a -f --volumes"]``), reported on that string's line."""
        from skillscope.audit.behavior.shell import docker_wipe

        if "*" not in words[1:]:
            harm = docker_wipe(words[1:])
            if harm:
                self._add("skillscope/permissions/destructive", f"{harm} (line {self._line(node)})", node)
            return
        for const in ast.walk(self._tree):
            if not (isinstance(const, ast.Constant) and isinstance(const.value, str) and "volume" in const.value):
                continue
            try:
                step = shlex.split(str(const.value))
            except ValueError:
                continue
            harm = docker_wipe(step[1:] if step[:1] in (["docker"], ["podman"]) else step)
            if harm:
                self._add(
                    "skillscope/permissions/destructive",
                    f"{harm}, a step the script runs with docker (line {self._line(node)})",
                    const,
                )

    def _runner(self, node: ast.Call, fn: str) -> None:
        if fn not in RUNNERS or not node.args:
            return
        command = node.args[0]
        words, said = self._command(command)
        if fn.startswith(("os.exec", "os.spawn", "os.posix_spawn")) and len(node.args) >= 2:
            # os.execvp(file, args) / os.spawnv(mode, path, args): the argv is the last list argument
            argv = next((a for a in reversed(node.args) if isinstance(a, (ast.List, ast.Tuple, ast.Name))), None)
            if argv is not None and argv is not command:
                words, said = self._command(argv)
        head = words[0].rsplit("/", 1)[-1] if words else (said.split() or [""])[0].rsplit("/", 1)[-1]
        inner_code = self._inline(words)
        plain = _plain_command(inner_code[1]) if inner_code and inner_code[0] == "shell" else None
        if plain:  # ["sh", "-c", "crontab -"]: a plain command line is the argv the shell runs, judged as that argv
            said = inner_code[1] if inner_code else said
            words, inner_code, head = plain, None, plain[0].rsplit("/", 1)[-1]
        self._cap("executes", (inner_code[2] if inner_code else head) or "?", node, f"via {fn}")
        listed = self.bound.get(command.id) if isinstance(command, ast.Name) else command
        if isinstance(listed, ast.List) and listed.elts and self.values.value(listed.elts[0]) in ("docker", "podman"):
            head = head if head in ("docker", "podman") else "docker"
            words = words if words else ["docker", "*"]  # ["docker", *shlex.split(step)]: the words come from elsewhere
        if head in ("docker", "podman"):
            self._docker_wipe(node, words)
        self._installs(words or said.split(), node)
        feed = next((k.value for k in node.keywords if k.arg == "input"), None)
        if feed is not None and head == "crontab":
            self._persist(node, "crontab", feed)  # crontab - fed by input=: the entries are what it installs
        if (
            feed is not None
            and head in INTERPRETERS
            and not inner_code
            and (self._fetch(feed) or self._has_decoder(feed))
        ):
            # bash (or python, node) reading its program from input=: what it is fed is the code it runs
            fetched_feed = self._fetch(feed)
            check = "skillscope/obfuscation/download-exec" if fetched_feed else "skillscope/obfuscation/decode-exec"
            where = f"downloaded from {safe_line(fetched_feed, limit=100)}" if fetched_feed else "decoded at run time"
            self._add(check, f"feeds {head} a program {where} on its input ({fn}, line {self._line(node)})", node)
            return
        fetched = self._fetch(command)
        program = command.elts[0] if isinstance(command, (ast.List, ast.Tuple)) and command.elts else None
        data_only = (  # ["mkdir", "-p", b64decode(x)]: a fixed program that runs no code reads it as data
            isinstance(program, ast.Constant)
            and isinstance(program.value, str)
            and program.value.rsplit("/", 1)[-1] not in RUNS_ITS_ARGUMENTS
        )
        if (fetched or self._has_decoder(command)) and not data_only:
            check = "skillscope/obfuscation/download-exec" if fetched else "skillscope/obfuscation/decode-exec"
            where = f"downloaded from {safe_line(fetched, limit=100)}" if fetched else "decoded at run time"
            self._add(check, f"runs a command {where} ({fn}, line {self._line(node)})", node)
            return
        for key, kind in self.dropped.items():
            if (
                key
                and key in said
                or any(isinstance(n, ast.Name) and key in (n.id, self.consts.get(n.id)) for n in ast.walk(command))
            ):
                check = (
                    "skillscope/obfuscation/download-exec"
                    if kind == "download"
                    else "skillscope/obfuscation/decode-exec"
                )
                self._add(check, f"runs {safe_line(key, limit=80)}, written from {kind.rstrip('e')}ed data", node)
                return
        elements = command.elts if isinstance(command, (ast.List, ast.Tuple)) else []
        operands = elements[1:]
        if head in ("ssh", "scp", "sftp", "rsync"):
            # the key it logs in with (-i KEY, -o IdentityFile=KEY) proves who the user is; it is never sent
            said_at = [as_text(self.values.value(w)) or "" for w in elements]
            operands = [
                w
                for i, w in enumerate(elements[1:], 1)
                if said_at[i - 1] != "-i"
                and not (said_at[i - 1] == "-o" and said_at[i].startswith("IdentityFile"))
                and not said_at[i].startswith(("-oIdentityFile", "IdentityFile"))
            ]
        taint = (
            next((t for t in (self.taint(w) for w in operands) if t), None) if head in DOWNLOADERS | NET_TOOLS else None
        )
        if taint is not None:
            url = next((w for w in words if "://" in w), None) or f"the network ({head})"
            self._cap("sends", url_host_of(url) or "?", node, f"{head} of {taint.what}")
            owned = (taint.what.startswith(PROMPTED) and prompt_owner(taint.name or "", url)) or (
                taint.private and not _private_leaves(taint, url)
            )
            if not owned and not (
                taint.name and related_host(taint.name, url_host_of(url)) and endpoint_kind(url) is None
            ):
                self.sent.add(taint)
                self._add(
                    "skillscope/exfiltration/data-flow",
                    f"{taint.what} (line {taint.line}) and sends it to {safe_line(url, limit=100)} (line {self._line(node)})",
                    node,
                )
                return
        if inner_code:
            language, code, _ = inner_code
            if language == "python":
                self._inner(code, node, f"python -c run by {fn}")
                return
            said = code
        if said.strip("* ") and self.report:
            from skillscope.audit.behavior.shell import scan_shell

            said = self._shell_text(command, said) if not inner_code and not plain else said
            inner = Ctx(said, 0, said, self.ctx.path, documented=False)
            scan_shell(inner)
            for raw in inner.hits:
                said = _INNER_LINES.sub("", raw.message)  # line 1 of the argument list means nothing in the file
                self._add(raw.check, f"{said} (in {fn}, line {self._line(node)})", node, raw.severity)
            for cap in inner.caps:
                self._cap(cap.kind, cap.target, node, f"{cap.detail}, via {fn}".strip(", "))
            if inner.sends:
                start, end = self._span(node)
                self.ctx.sends.extend((start, end, kind) for _, _, kind in inner.sends)

    def _shell_text(self, command: ast.AST, said: str) -> str:
        """An argv as the shell rules read it: a word no constant gives (an argument, the environment) is a value of
        the caller's, written ``${1}``, not a ``*`` the shell would read as a glob over every file."""
        if not isinstance(command, (ast.List, ast.Tuple)):
            return said
        words: list[str] = []
        for element in command.elts:
            if isinstance(element, ast.Starred):  # ["git", *args]: each word the list holds, else the caller's words
                spread = self.values.value(element.value)
                if isinstance(spread, (list, tuple)):
                    words.extend(render(v) if v is not None else "${1}" for v in spread)
                else:
                    words.append("${@}")
                continue
            value = self.values.value(element)
            if isinstance(value, Ref) and value.name.endswith("sys.executable"):
                words.append("python3")
            else:
                words.append(render(value) if value is not None else self.values.text(element).replace("*", "${1}"))
        return " ".join(words)

    @staticmethod
    def _inline(words: list[str]) -> tuple[str, str, str] | None:
        """(language, code, command name) of ``bash -c CODE`` / ``python -c CODE`` in an argv, else None."""
        if len(words) < 3 or "-c" not in words[1:-1]:
            return None
        name = words[0].rsplit("/", 1)[-1]
        code = words[words.index("-c", 1) + 1]
        if name.startswith("python") or name == "*" and looks_like_python(code) and not looks_like_shell(code):
            return "python", code, "python"
        if name in ("sh", "bash", "zsh", "dash", "ksh"):
            head = (code.split() or [""])[0].rsplit("/", 1)[-1]
            return "shell", code, head or name
        return None

    def _installs(self, words: list[str], node: ast.AST) -> None:
        """``pip install X`` / ``python -m pip install X`` in a command: an install of each package named."""
        if "install" not in words:
            return
        at = words.index("install")
        if not any(w.rsplit("/", 1)[-1].startswith(("pip", "uv", "pipx")) for w in words[:at]):
            return
        index = next(
            (words[i + 1] for i, w in enumerate(words[:-1]) if w in ("--extra-index-url", "--index-url", "-i")), None
        )
        skip = False
        for word in words[at + 1 :]:
            if skip:
                skip = False
                continue
            if word.startswith("-"):
                skip = word in ("--extra-index-url", "--index-url", "-i", "-r", "--requirement", "-c", "--target", "-t")
                continue
            detail = "from a URL" if "://" in word else f"from the index {url_host_of(index)}" if index else "with pip"
            self._cap("installs", _package(word), node, detail)

    def _writes(self, node: ast.Call, fn: str, method: str) -> None:
        self._acts(node, fn, method)
        if method == "write" and isinstance(node.func, ast.Attribute) and node.args:
            handle = dotted(node.func.value)
            opened = node.func.value
            if isinstance(opened, ast.Call) and self._callee(opened.func) in ("open", "io.open") and opened.args:
                handle = f"\x00{id(opened)}"  # open(path, "wb").write(data): the file is named right there
                self.files[handle] = self._resolve(opened.args[0]) or dotted(opened.args[0])
            if handle in self.files and (self._has_decoder(node.args[0]) or self._fetch(node.args[0])):
                self.dropped[self.files[handle]] = "download" if self._fetch(node.args[0]) else "decode"
        if method in ("write_bytes", "write_text") and isinstance(node.func, ast.Attribute) and node.args:
            kind = "download" if self._fetch(node.args[0]) else "decode" if self._has_decoder(node.args[0]) else None
            if kind is not None:  # Path(p).write_bytes(urlopen(url).read()): the file holds what was fetched
                self.dropped[self._path(node.func.value)] = kind
        if method == "urlretrieve" and len(node.args) >= 2:
            self.dropped[self._resolve(node.args[1]) or dotted(node.args[1])] = "download"
        loaded = node.args[-1] if fn in _FILE_LOADERS and node.args else None
        if loaded is not None and self.dropped:
            # runpy.run_path(p), spec_from_file_location(name, p), SourceFileLoader(name, p): Python run from a file
            place = self._resolve(loaded) or dotted(loaded)
            kind = self.dropped.get(place)
            if kind is not None:
                check = (
                    "skillscope/obfuscation/download-exec"
                    if kind == "download"
                    else "skillscope/obfuscation/decode-exec"
                )
                self._add(
                    check, f"runs {safe_line(place, limit=80)}, written from {kind.rstrip('e')}ed data ({fn})", node
                )

    def _acts(self, node: ast.Call, fn: str, method: str) -> None:
        """Writes (with what they write), deletions, permission grants and printed text."""
        args = node.args
        keyword = {k.arg: k.value for k in node.keywords if k.arg}
        logger = dotted(node.func.value) if isinstance(node.func, ast.Attribute) else ""
        if method in _LOG_CALLS and (fn.startswith("logging.") or "log" in logger.lower()) and self.report:
            # logging.info("login %s", pw): what is logged is kept in the log
            typed = next(
                (t for a in [*args, *keyword.values()] if (t := self.taint(a)) is not None and not t.private), None
            )
            if typed is not None:
                judge_kept(
                    self.ctx,
                    [(typed.what, typed.line, typed.name)],
                    None,
                    *self._span(node),
                    log=f"a log ({safe_line(fn, limit=40)})",
                )
        if fn in ("open", "io.open", "os.open", "codecs.open") and args and not _method_open(node, fn):
            mode = self.values.value(args[1] if len(args) > 1 else keyword.get("mode"))
            if isinstance(mode, str) and mode[:1] in "wax":
                opened_at = self._path(args[0])
                self._cap("writes", opened_at, node, f"open mode {mode}")
                written = self._handle_of(node)
                if written is None or written not in self.written:
                    self._persist(node, opened_at, None)  # opened and handed on: the write is not in view, the place is
            return
        receiver = node.func.value if isinstance(node.func, ast.Attribute) else None
        if method == "open" and receiver is not None and fn.split(".")[0] not in NET_ROOTS:
            mode = self.values.value(args[0] if args else keyword.get("mode"))
            if isinstance(mode, str) and mode[:1] in "wax":
                opened_at = self._path(receiver)
                self._cap("writes", opened_at, node, f"open mode {mode}")
                written = self._handle_of(node)
                if written is None or written not in self.written:
                    self._persist(node, opened_at, None)
            return
        if (
            method == "new"
            and isinstance(receiver, ast.Name)
            and isinstance(tab := self.bound.get(receiver.id), ast.Call)
            and self._callee(tab.func).rsplit(".", 1)[-1] == "CronTab"
        ):
            # python-crontab: CronTab(user=True).new(command=...) adds a job the user's crontab runs
            self._cap("writes", "crontab", node, "python-crontab")
            self._persist(node, "crontab", keyword.get("command") or (args[0] if args else None))
            return
        if method in ("write", "writelines") and receiver is not None and args:
            handle = dotted(receiver)
            opened = receiver if isinstance(receiver, ast.Call) else None
            dest: str | None = (
                self.handles.get(handle)
                if opened is None
                else self._path(opened.args[0])
                if opened.args and self._callee(opened.func) in ("open", "io.open")
                else None
            )
            if dest is not None:
                self._persist(node, dest, args[0])
            return
        if fn in ("print", "json.dump", "yaml.dump", "yaml.safe_dump", "toml.dump", "plistlib.dump") and (
            (target := keyword.get("file") if fn == "print" else (args[1] if len(args) > 1 else keyword.get("fp")))
            is not None
        ):
            into = self.handles.get(dotted(target))
            if into is not None:
                self._persist(node, into, args[0] if args else None)
            # print(..., file=sys.stderr): the agent reads the script's error stream as it reads its output
            if fn != "print" or dotted(target) not in ("sys.stderr", "sys.stdout"):
                return
        if method in ("write_text", "write_bytes") and receiver is not None:
            dest = self._path(receiver)
            self._cap("writes", dest, node, method)
            self._persist(node, dest, args[0] if args else keyword.get("data"))
            return
        if (
            fn
            in (
                "shutil.copy",
                "shutil.copyfile",
                "shutil.copy2",
                "shutil.move",
                "os.rename",
                "os.replace",
                "os.symlink",
                "os.link",
            )
            and len(args) >= 2
        ):
            dest = self._path(args[1])
            self._cap("writes", dest, node, f"{fn} of {self._path(args[0])}")
            self._persist(node, dest, args[0], copied=True)
            return
        if method in ("symlink_to", "hardlink_to") and receiver is not None:
            dest = self._path(receiver)
            self._cap("writes", dest, node, method)
            self._persist(node, dest, args[0] if args else None, copied=True)
            return
        if fn in ("shutil.rmtree", "os.remove", "os.unlink", "os.rmdir", "os.removedirs") and args:
            for place in self._paths(args[0]):
                self._destroy(node, place, fn)
            return
        if method in ("unlink", "rmdir") and receiver is not None and fn not in ("os.unlink", "os.rmdir"):
            for place in self._paths(receiver):
                self._destroy(node, place, method)
            return
        if (fn == "os.chmod" or method == "chmod") and (args[1:] or (args and receiver is not None)):
            mode = self._mode(args[1] if fn == "os.chmod" else args[0])
            where = self._path(args[0] if fn == "os.chmod" else receiver)  # type: ignore[arg-type]
            if isinstance(mode, int) and mode & 0o002:
                self._cap("grants", f"write by anyone to {where}", node, f"chmod {oct(mode)}")
            if self.report:
                judge_mode(self.ctx, mode, where, *self._span(node), fn or f"{method}()")
            return
        if fn in ("print", "sys.stdout.write", "sys.stderr.write", "logging.info", "logging.warning"):
            shown = [self.values.text(a) for a in args]
            said = " ".join(t for t in shown if t.strip("* "))
            # the value printed, not the test choosing it (`'set' if key else 'unset'` prints no secret)
            shown_args = [b for a in args for b in ((a.body, a.orelse) if isinstance(a, ast.IfExp) else (a,))]
            leaked = next(
                (t for t in (self.taint(a) for a in shown_args) if t is not None and t.line and not t.private), None
            )
            if leaked is not None and self.report:  # an argument's taint has no line: not a secret read here
                start, end = self._span(node)
                self.ctx.stdout_secrets.append((start, end, f"{leaked.what} (line {leaked.line})"))
            if said and self.report:
                start, end = self._span(node)
                self.ctx.say(said, start, end)
            for arg in args if self.report else []:  # print(note) over a helper's notes: each one it may print
                for option in self.values.choices.get(arg.id, []) if isinstance(arg, ast.Name) else []:
                    self.ctx.say(option, *self._span(node))

    def _destroy(self, node: ast.Call, target: str, how: str) -> None:
        """A deletion: a capability, and an error when what it deletes is the home folder, the root, everything in
        one of them (a glob), or a credential or documents folder no user names for a cleanup."""
        target = climbed_path(target)  # judged where it lands: ~/.cache/../.ssh is ~/.ssh
        self._cap("destroys", target, node, how)
        if unnamed_target(target):
            self._add(
                "skillscope/permissions/destructive",
                f"deletes {safe_line(target, limit=60)} ({how}, line {self._line(node)}), which the user did not name",
                node,
            )

    def _read_target(self, node: ast.Call, what: str) -> str:
        """The whole path a credential read names (``~/.aws/credentials``), else the credential piece found."""
        places = [*node.args[:1]] + ([node.func.value] if isinstance(node.func, ast.Attribute) else [])
        for place in places:
            path = self._path(place)
            if credential_what(path) and path.startswith(("~", "/")):
                return path
        return _home(what)

    def _mode(self, node: ast.AST) -> int | None:
        """A file mode from constants and ``stat`` bits: ``stat.S_ISUID | 0o755``, ``S_ISGID + 0o755``, a variable."""
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.BitOr, ast.Add)):
            left, right = self._mode(node.left), self._mode(node.right)
            return None if left is None or right is None else left | right
        name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else None
        if name is not None and re.fullmatch(r"S_I[A-Z]+", name):
            bit = getattr(stat_module, name, None)
            if isinstance(bit, int):
                return bit
        value = self.values.value(node)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def _path(self, node: ast.AST) -> str:
        """Where a path expression points, with ``~`` for home and ``*`` for pieces not known."""
        value = self.values.value(node)
        text = as_text(value) if value is not None else None
        if text is None:
            text = self.values.text(node)
            if text.strip("*") == "" and isinstance(node, ast.Name) and node.id in self.consts:
                text = self.consts[node.id]
        return _home(text) if text else "?"

    def _paths(self, node: ast.AST) -> list[str]:
        """Every path ``node`` may point at: one per item when it is built from a loop over a list of constants (a
        cleanup's shipped list of folders), else the one ``_path`` gives. Each distinct path once."""
        picked = sorted({n.id for n in ast.walk(node) if isinstance(n, ast.Name) and self.values.choices.get(n.id)})
        if len(picked) != 1:
            return [self._path(node)]
        name = picked[0]
        had, saved = name in self.values.names, self.values.names.get(name)
        paths: list[str] = []
        try:
            for choice in self.values.choices[name]:
                self.values.names[name] = choice.strip()
                if (path := self._path(node)) not in paths:
                    paths.append(path)
        finally:
            if had:
                self.values.names[name] = saved
            else:
                self.values.names.pop(name, None)
        return paths

    def _handle_of(self, node: ast.Call) -> str | None:
        return next((name for name, opened in self.opened.items() if opened is node), None)

    def _persist(self, node: ast.Call, dest: str, payload: ast.AST | None, *, copied: bool = False) -> None:
        """A write to a place that runs later on its own: an error when what it writes fetches, decodes, sends or
        carries a secret; a warning outside the project; a note for a plain setting (a PATH line, a project hook)."""
        if self.report and payload is not None:  # sudoers, or a carried SSH key into authorized_keys
            written = as_text(self.values.value(payload)) or self.values.text(payload)
            judge_grants(self.ctx, dest, written, *self._span(node))
        typed = self.taint(payload) if payload is not None and self.report else None
        typed = None if typed is not None and typed.private else typed  # a private file's content is no typed secret
        if typed is not None:  # a typed password kept where no login reads it
            judge_kept(self.ctx, [(typed.what, typed.line, typed.name)], dest, *self._span(node))
        text = as_text(self.values.value(payload)) if payload is not None else None
        if text is None and isinstance(payload, ast.Name):  # a job written whole from a dict: its entries
            bound = self.bound.get(payload.id)
            text = self.values.text(bound) if isinstance(bound, (ast.Dict, ast.List, ast.Tuple)) else None
        place = PERSISTENCE_PATH.search(dest + "/") or (_GIT_HOOKS_CONFIG.search(dest) if dest else None)
        spelled = text if text is not None else self.ctx.text  # a config built line by line: the keys it spells
        if place is None and not runs_on_open(dest, text) and not loads_code(dest, spelled):
            return
        from skillscope.audit.behavior import shell  # the shell analyser reads what a start-up write will run

        local = shell.project_place(dest)
        harm = self._payload_harm(payload, copied=copied, local=local) if payload is not None else None
        outside = dest.startswith(("~", "/", "*", "?", "<python>"))
        agent = AGENT_PLACE.search(dest) is not None
        if not harm and text is not None and not agent:
            # a text known whole is read as the shell reads it when it runs: `uvx tool` in ~/.bashrc installs and
            # runs a package each time a shell starts, as the same line written by shell is judged
            shell_harm = startup_shell_harm(self.ctx, text, local=local)
            harm = f"does harm when it runs ({shell_harm})" if shell_harm else None
        if not harm and outside and (vendor := disguised_job(dest)):
            harm = f"is named as the system's own job ({vendor}…), dressed to pass unnoticed"
        if harm:
            severity: Severity | None = None
            why = f", and what it writes {harm}"
        elif text is not None and _INTERPRETER_START.search(dest) and _IMPORT_LINE.search(text):
            # a .pth line starting with import (or sitecustomize) runs in every interpreter on the machine, out of sight
            severity, why = "warning", ", and every Python interpreter started there runs its import line"
        elif (
            not outside
            or (text is not None and (_PLAIN_SETTING.fullmatch(text.strip()) or not agent))
            or (text is None and not agent and self._from_caller(payload, 0))
        ):
            # A fixed text the audit reads whole and finds harmless (the user's own service unit, a PATH line) is
            # the write the user asked for, and so is a harmless text whose only open slots are the values the user
            # passes (a unit template filled with the command and folder given on the command line); content
            # computed from anything else, or a change to the agent's own settings, outside the project is a warning.
            severity, why = "note", ""
        else:
            severity, why = "warning", ""
        self._add(
            "skillscope/persistence/startup",
            f"writes to {safe_line(dest, limit=80)} (line {self._line(node)}), which runs again later on its own{why}",
            node,
            severity,
        )

    def _from_caller(self, node: ast.AST | None, depth: int) -> bool:
        """Whether every piece of ``node`` the constants leave open is a value the user hands the script (a
        parameter, ``sys.argv``, the working folder), passed through formatting and path calls only: a file, the
        network or the environment behind any piece is content the script computes."""
        if node is None or depth > 6:
            return node is None
        if self.values.value(node) is not None or isinstance(node, ast.Constant):
            return True
        if dotted(node).startswith("sys.argv"):
            return True
        if isinstance(node, ast.Name):
            if (self.env.get(node.id) or self.param.get(node.id) or Taint("", 0)).name == "\x00param":
                return True
            bound = self.bound.get(node.id)
            return bound is not None and bound is not node and self._from_caller(bound, depth + 1)
        if isinstance(node, ast.Call):
            fn = self._callee(node.func)
            method = node.func.attr if isinstance(node.func, ast.Attribute) else ""
            if fn in ("pathlib.Path.cwd", "Path.cwd", "os.getcwd", "os.getcwdb"):
                return True
            pure = fn in _PURE_CALLS or fn.startswith("os.path.") or method in _PURE_METHODS
            receiver = node.func.value if isinstance(node.func, ast.Attribute) and fn not in _PURE_CALLS else None
            parts = [*node.args, *(k.value for k in node.keywords), *([receiver] if receiver is not None else [])]
            return pure and all(self._from_caller(part, depth + 1) for part in parts)
        if isinstance(node, (ast.Subscript, ast.Starred, ast.Attribute)):
            return self._from_caller(node.value, depth + 1)
        if isinstance(node, (ast.BinOp, ast.JoinedStr, ast.FormattedValue, ast.List, ast.Tuple, ast.Dict)):
            return all(
                self._from_caller(part, depth + 1) for part in ast.iter_child_nodes(node) if isinstance(part, ast.expr)
            )
        return False

    def _payload_harm(self, payload: ast.AST, *, copied: bool, local: bool = False) -> str | None:
        """What makes a start-up payload harmful (fetches, decodes, carries a secret, sends), or None. ``local``: the
        place is the repository's own, where a text known whole is read by the shell analyser, not by its words."""
        taint = self.taint(payload)
        if taint is not None and taint.name != "\x00param" and not taint.private:  # a caller's value: no secret read
            return f"carries a secret ({taint.what}, line {taint.line})"
        fetched = self._fetch(payload)
        if fetched:
            return f"was downloaded from {safe_line(fetched, limit=80)}"
        if self._has_decoder(payload):
            return "was decoded at run time"
        if copied:
            source = self._path(payload)
            kind = self.dropped.get(source)
            return f"was written from {kind.rstrip('e')}ed data" if kind else None
        pieces = [payload] + [
            part for name in ast.walk(payload) if isinstance(name, ast.Name) for part in self.parts.get(name.id, [])
        ]
        # a job or unit written whole from a dict or list (plistlib.dump(job, fh)): each known piece of each entry
        # counts, though one piece (the script's own folder) is known only at run time
        pieces += [
            bound
            for name in ast.walk(payload)
            if isinstance(name, ast.Name)
            and isinstance(bound := self.bound.get(name.id), (ast.Dict, ast.List, ast.Tuple))
        ]
        from skillscope.audit.behavior import shell  # the shell analyser reads what a start-up write will run

        for piece in pieces:
            known = as_text(self.values.value(piece))
            text = known or self.values.text(piece)
            found = _HARMFUL_PAYLOAD.search(text)
            if found and not shell.pinned_only(text, _HARMFUL_PAYLOAD):  # a download checked against a digest first
                if local and known is not None:
                    # the repository's own hook reaching a host the user gives at run time is the job
                    harm = shell.payload_harm(self.ctx, known, local=True)
                    if harm is None:
                        continue
                    return f"does harm when it runs ({harm})"
                return f"fetches, decodes or hides ({safe_line(found.group(0), limit=40)})"
        return None


def _plain_command(code: str) -> list[str] | None:
    """The words of a shell command line with nothing for the shell to do but split it (no pipe, list, redirect,
    expansion or glob), else None."""
    if re.search(r"[|;&<>$`(){}*?\[\n]", code):
        return None
    try:
        words = shlex.split(code)
    except ValueError:
        return None
    return words or None


def _folded_name(node: ast.AST) -> str | None:
    """A name written as constant text: ``"write_text"``, ``"write" + "_text"``, ``f"{'write'}_text"``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _folded_name(node.left), _folded_name(node.right)
        return left + right if left is not None and right is not None else None
    if isinstance(node, ast.JoinedStr):
        parts = [_folded_name(v.value if isinstance(v, ast.FormattedValue) else v) for v in node.values]
        return "".join(p for p in parts if p is not None) if all(p is not None for p in parts) else None
    return None


def _named_attribute_calls(tree: ast.Module) -> None:
    """Rewrite ``getattr(obj, "write" + "_text")(...)`` as ``obj.write_text(...)`` in place, so every rule that reads a
    method call's receiver and name reads this one too. A lookup on the builtins is left alone: the dynamic-builtin
    rule judges it as written."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if not (
            isinstance(func, ast.Call)
            and isinstance(func.func, ast.Name)
            and func.func.id == "getattr"
            and len(func.args) == 2
            and not func.keywords
            and dotted(func.args[0]) not in ("__builtins__", "builtins", "__builtins__.__dict__")
        ):
            continue
        name = _folded_name(func.args[1])
        if name is not None and name.isidentifier():
            node.func = ast.copy_location(ast.Attribute(value=func.args[0], attr=name, ctx=ast.Load()), func)


def _communicated_input(tree: ast.Module) -> None:
    """``subprocess.Popen([...], stdin=PIPE).communicate(data)`` feeds ``data`` to the process as ``input=data`` does
    for ``subprocess.run``: the Popen call is given that keyword in place, so the rules reading ``input=`` read it."""
    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "communicate"
        ):
            continue
        popen = node.func.value
        if not isinstance(popen, ast.Call) or not dotted(popen.func).endswith("Popen"):
            continue
        data = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg == "input"), None)
        if data is not None and not any(k.arg == "input" for k in popen.keywords):
            popen.keywords.append(ast.keyword(arg="input", value=data))


def _picked_keys(node: ast.AST) -> tuple[ast.AST, list[ast.expr]] | None:
    """(the container, the keys) of ``cfg["profile"]``, ``cfg.get("profile")``, ``parser.get("default", "region")``."""
    if isinstance(node, ast.Subscript):
        return node.value, [node.slice]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("get", "getint"):
        return (node.func.value, list(node.args)) if node.args else None
    return None


def _private_leaves(taint: Taint, dest: str) -> bool:
    """Whether a private file's content sent to ``dest`` leaves the user: a host the script names, not the user's
    machine and not the service of the tool whose file it is."""
    host = url_host_of(dest)
    if not host or "*" in host or "\x00" in host or is_local_host(host):
        return False
    return not (taint.name and related_host(taint.name, host))
