"""JavaScript and TypeScript over their tree-sitter grammars: what the code runs, sends, reads and writes.

Values are resolved as far as constants allow (``jsvalues``): variables, concatenation, template literals,
computed property names (``cp['ex' + 'ec']``), ``require`` of a computed name, ``path.join(os.homedir(), ...)``
and constant decodes. Secrets (``process.env`` tokens, key files, credential stores) are followed through
variables, objects, ``JSON.stringify`` and the parameters of the file's own functions to the network; downloaded
or decoded text is followed to ``eval``, ``Function``, ``vm`` and ``child_process``; writes to start-up places
are judged by what they write.
"""

from __future__ import annotations

import json
import posixpath
import re
import shlex
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from skillscope.audit.behavior.base import CUT, TEXT_CAP, Ctx
from skillscope.audit.behavior.flowcore import SHELL_SUFFIX
from skillscope.audit.behavior.grants import judge_grants
from skillscope.audit.behavior.harvest import judge_kept
from skillscope.audit.behavior.jsvalues import (
    UNKNOWN,
    Spans,
    Taint,
    Val,
    carried,
    decode_constant,
    merge,
    module_name,
    other_texts,
    prompted,
    shown,
    unescape,
)
from skillscope.audit.behavior.modes import judge_mode, mode_number
from skillscope.audit.behavior.shellvalues import shipped
from skillscope.audit.behavior.treesitter import Grammar, parse, text_of, walk
from skillscope.audit.behavior.vocab import (
    APPROVE_ALL_KEY,
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
    is_local_host,
    is_store,
    loads_code,
    private_owner,
    private_place,
    prompt_owner,
    related_host,
    runs_on_open,
    url_host_of,
)
from skillscope.audit.findings import Severity
from skillscope.core.textsafe import safe_line

if TYPE_CHECKING:  # only names node types; the binding loads with the first parse (treesitter.py)
    import tree_sitter

__all__ = [
    "scan_javascript",
    "PIPED_RUN",
    "dest_host",
    "normal_path",
    "payload_severity",
    "AGENT_CONFIG",
    "private_leaves",
    "generic_secret",
    "shell_rules",
    "index_taint",
    "unescape_one",
    "written",
]

FLOW = "skillscope/exfiltration/data-flow"
DOWNLOAD = "skillscope/obfuscation/download-exec"
DECODE = "skillscope/obfuscation/decode-exec"
DYNAMIC = "skillscope/obfuscation/dynamic-exec"
BUILTIN = "skillscope/obfuscation/dynamic-builtin"
PERSIST = "skillscope/persistence/startup"
CRED_READ = "skillscope/exfiltration/credential-read"
DESTROY = "skillscope/permissions/destructive"


def shell_rules(ctx: Ctx) -> None:
    """The shell analyser over a command the script runs (looked up when called: shell.py is its own module)."""
    from skillscope.audit.behavior import shell

    scan = getattr(shell, "scan_shell", None)
    if scan is not None:
        scan(ctx)


_GLOBAL_PREFIXES = ("globalThis.", "global.", "window.", "self.")
_RUNNERS = {
    "eval",
    "Function",
    "vm.runInThisContext",
    "vm.runInNewContext",
    "vm.runInContext",
    "vm.Script",
    "vm.compileFunction",
    "vm.SourceTextModule",
    "setTimeout",
    "setInterval",
    "module._compile",
}
_EXECA = frozenset(
    {"execa", "execaSync", "execaCommand", "execaCommandSync", "command", "commandSync", "$", "execaNode"}
)
"""The execa package's runners, imported by name (``import { execa } from "execa"``)."""
_CHILD = {"exec", "execSync", "spawn", "spawnSync", "execFile", "execFileSync", "fork", "execa", "execaSync", "$"}
_GLOB_PACKAGES = frozenset({"glob", "fast-glob", "globby", "tinyglobby", "tiny-glob"})
_NOT_MATCHES = frozenset(
    {"hasMagic", "escape", "unescape", "isDynamicPattern", "convertPathToPattern", "generateGlobTasks", "escapePath"}
)
"""A glob package's functions that answer about a pattern rather than list the files it matches."""


def _globs(root: str, method: str) -> bool:
    """Whether a call lists the files a pattern matches: a glob package's functions, node:fs ``glob``/``globSync``
    and Deno's ``expandGlob``."""
    if method in ("expandGlob", "expandGlobSync"):
        return True
    if root == "fs":
        return method in ("glob", "globSync")
    return root in _GLOB_PACKAGES and method not in _NOT_MATCHES


_FS_READ = {"readFileSync", "readFile", "createReadStream", "readTextFile", "readTextFileSync", "file", "readJson"}
_FS_WRITE = {
    "writeFileSync",
    "writeFile",
    "appendFileSync",
    "appendFile",
    "outputFile",
    "outputFileSync",
    "writeTextFile",
    "writeTextFileSync",
    "write",
}
_FS_COPY = {"copyFileSync", "copyFile", "cpSync", "cp", "symlinkSync", "symlink", "renameSync", "rename", "linkSync"}
_DELETE_PACKAGES = frozenset({"rimraf", "del", "fs-extra", "shelljs", "trash", "delete-empty"})
_PACKAGE_DELETES = frozenset(
    {"rimraf", "rimrafSync", "sync", "native", "manual", "deleteAsync", "deleteSync", "remove", "removeSync"}
    | {"emptyDir", "emptyDirSync", "rm", "default"}
)
"""Deleting packages and their deleting functions (``rimraf``, ``del``, ``fs-extra``, ``shelljs``' ``rm``)."""
_FS_DELETE = {"rmSync", "rm", "rmdirSync", "rmdir", "remove", "removeSync", "emptyDirSync", "unlinkSync", "unlink"}
_DECODERS = {"atob", "Buffer.from", "unescape", "decodeURIComponent", "String.fromCharCode", "zlib.inflateSync"}
PIPED_RUN = re.compile(
    r"\b(?:curl|wget|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b[^|;&]*\|\s*(?:sudo\s+)?(?:env\s+)?"
    r"(sh|bash|zsh|dash|ksh|python3?|node|perl|ruby|iex|pwsh|powershell)\b",
    re.IGNORECASE,
)
"""A resolved command line piping a download into an interpreter (a check over a resolved string, not over code)."""
_FUNCTIONS = frozenset({"arrow_function", "function_expression", "function", "method_definition", "generator_function"})
_FUNCTION_PROTO = "\x00function-prototype"
"""A function's prototype (``Object.getPrototypeOf(async function () {})``): its ``constructor`` is Function."""
_HTTP_MODULES = {"http", "https", "http2"}
_FILLERS = frozenset({"append", "set", "push", "unshift", "add"})
"""Methods that put a value into the container they are called on (FormData, URLSearchParams, an array, a Map)."""
_FETCHERS = {"fetch", "undici.fetch", "undici.request", "got", "ky", "needle", "request", "superagent", "axios"}
_SENDER_METHODS = {"post", "put", "patch", "get", "request", "delete", "head", "send", "ajax", "getJSON"}
_HARMFUL_TEXT = re.compile(
    r"\b(?:curl|wget|nc|ncat|socat|base64|xxd|eval|iex|Invoke-Expression|Invoke-WebRequest|irm|iwr)\b|https?://|"
    r"/dev/tcp/|\balias\s+(?:sudo|su|ssh|git|ls|cd|cp|mv|rm)=|PROMPT_COMMAND|\btrap\b[^\n]*DEBUG|LD_PRELOAD|"
    r"DYLD_INSERT|mcpServers|[\"']hooks[\"']\s*:|[\"']?permissions[\"']?\s*:",
    re.IGNORECASE,
)
AGENT_CONFIG = re.compile(
    r"\.claude/|\.claude\.json|\.cursor/|claude_desktop_config\.json|\.config/Code/User/settings\.json|"
    r"\.codex/|\.gemini/|\.skillscope/",
    re.IGNORECASE,
)
"""Places the agent reads its own settings, hooks, servers and skills from (and skillscope its ledgers)."""
_GENERIC_WORDS = frozenset(
    {"api", "token", "key", "secret", "access", "auth", "pat", "password", "pass", "app", "client", "bearer"}
)


def generic_secret(name: str | None) -> bool:
    """Whether a secret's name belongs to no vendor (API_TOKEN, ACCESS_KEY): a header carrying it is its use."""
    if not name:
        return False
    words = [w for w in re.split(r"[^a-z0-9]+", name.lower()) if w]
    return bool(words) and all(w in _GENERIC_WORDS for w in words)


def normal_path(path: str) -> str:
    """A path as capabilities name it: ``~`` for home, forward slashes."""
    out = path.replace("\\", "/")
    for home in ("$HOME", "${HOME}", "%USERPROFILE%", "$env:USERPROFILE", "$env:HOME", "$HOME"):
        out = out.replace(home, "~")
    out = re.sub(r"/+", "/", out)
    return out.replace(UNKNOWN, "?")


_INIT_RUN = re.compile(
    r"""^\s*(?:&\s*)?(?P<a>[\w.-]+)(?:\s+[\w.=:-]+)*\s*\|\s*(?:Invoke-Expression|iex)\s*;?\s*$|"""
    r"""^\s*(?:Invoke-Expression|iex)\s*\(\s*(?:&\s*)?(?P<b>[\w.-]+)(?:\s+[\w.=:-]+)*\s*\)[\s|]*(?:Out-String\s*)?;?\s*$|"""
    r"""^\s*eval\s+(["']?)\$\(\s*(?P<c>(?:~/|\$\{?HOME\}?/)?[\w./-]+)(?:\s+[\w.=:-]+)*\s*\)\4\s*;?\s*$""",
    re.IGNORECASE,
)
_NOT_A_TOOL = frozenset(
    {
        "curl", "wget", "iwr", "irm", "invoke-webrequest", "invoke-restmethod", "get-content", "gc", "cat", "type",
        "echo", "printf", "write-output", "base64", "xxd", "openssl", "certutil", "nc", "ncat", "python", "python3",
        "node", "perl", "ruby", "sh", "bash", "pwsh", "powershell", "cmd", "rev", "gunzip", "zcat",
    }
)  # fmt: skip


def _tool_init(line: str) -> bool:
    """Whether a start-up line only runs what an installed tool prints for this shell (``oh-my-posh init pwsh |
    Invoke-Expression``, ``eval "$(starship init bash)"``): the tool's own init, no download, decode or address."""
    match = _INIT_RUN.match(line)
    if match is None or "://" in line:
        return False
    path = match.group("a") or match.group("b") or match.group("c") or ""
    tool = path.rsplit("/", 1)[-1].lower()
    temp = path.startswith(("/tmp/", "/var/tmp/", "/dev/shm/")) or tool.startswith(".")
    return bool(tool) and tool.removesuffix(".exe") not in _NOT_A_TOOL and not temp


def _pinned_only(text: str) -> bool:
    """Every line of a start-up write that names a fetch or an address is a checked download (the shell analyser's
    reading, looked up when called)."""
    from skillscope.audit.behavior import shell

    return shell.pinned_only(text, _HARMFUL_TEXT)


def _project_reach_only(path: str, text: str) -> bool:
    """The repository's own start-up place (a hook under ``.git/``) whose text the shell analyser finds harmless
    there: what it reaches is a host the user gives at run time (a piece known only then), as for the hook the
    shell writes."""
    from skillscope.audit.behavior import shell

    if not shell.project_place(path):
        return False
    code = text.replace(UNKNOWN, "${1}")
    return shell.payload_harm(Ctx(code, 0, code, path), code, local=True) is None


_RUNNER_KEYS = (
    r"(?:hooks|statusLine|apiKeyHelper|awsAuthRefresh|awsCredentialExport|otelHeadersHelper|mcpServers|servers|"
    r"command|commands|env|PreToolUse|PostToolUse|SessionStart|SessionEnd|UserPromptSubmit|SubagentStop|PreCompact|"
    r"Notification)"
)
_RUNNER_KEY = re.compile(
    rf"\.(?!env\b){_RUNNER_KEYS}\b|[\"'`]{_RUNNER_KEYS}[\"'`]\s*[:\]]|[{{,]\s*{_RUNNER_KEYS}\s*:",
    re.IGNORECASE,
)
"""A key of an agent's settings that makes the client run something, or sets the environment it runs in, as code or
JSON spells it (``settings.hooks``, ``"mcpServers":``, ``{ env: ... }``; ``process.env`` is not one)."""


def payload_severity(path: str, payload: Val | None) -> tuple[Severity, str]:
    """How bad a write to a start-up place is by what it writes: harm, or an agent's config, is an error. In the
    repository's own place the text is read by the shell analyser, and content known only at run time is a note,
    as the Python analyser has it."""
    agent = AGENT_CONFIG.search(path) is not None
    if payload is None:
        return "warning", "content the script computes"
    if payload.fetched:
        return "error", f"text downloaded from {shown(payload.fetched)}"
    if payload.decoded:
        return "error", "decoded text"
    if payload.taint and not payload.taint.private:
        return "error", payload.taint.what.removeprefix("reads ")
    text = payload.text
    if text is not None:
        text = "\n".join(line for line in text.split("\n") if not _tool_init(line))
    harmful = _HARMFUL_TEXT.search(text) if text is not None else None
    if text is not None and harmful is not None and _pinned_only(text):
        harmful = None  # each line that looked harmful runs a download it checks against a digest first
    local = text is not None and _project_reach_only(path, text)
    if harmful is not None and local:
        harmful = None
    if text is not None and harmful is not None:
        start, end = text.rfind("\n", 0, harmful.start()) + 1, text.find("\n", harmful.end())
        said = text[start : len(text) if end < 0 else end].replace(UNKNOWN, "…").strip()  # the line that does it
        return "error", f"a command that fetches, sends or decodes ({safe_line(said, limit=60)})"
    if text is not None and UNKNOWN not in text and not agent:
        # a line known whole is read as the shell reads it when it runs: `npx pkg` in ~/.zshrc installs and runs a
        # package each time a shell starts, as the same line written by shell is judged
        from skillscope.audit.behavior import shell
        from skillscope.audit.behavior.flowcore import startup_shell_harm

        harm = startup_shell_harm(Ctx(text, 0, text, path), text, local=shell.project_place(path))
        if harm:
            return "error", f"a line that does harm when a shell runs it ({safe_line(text.strip(), limit=60)}: {harm})"
    if text is None or UNKNOWN in text:
        return ("note" if local else "warning"), "content the script computes"
    return ("warning" if agent else "note"), safe_line(text.strip(), limit=60) or "a fixed line"


_STDIN_SEND = re.compile(
    r"\bcurl\b[^\n;|&]*?(?:--data(?:-binary|-raw|-urlencode)?|-d|-F|-T|--upload-file)[ =][\"']?(?:@-|-(?=[\s\"']|$)|\w*=@-)|"
    r"\b(?:cat|tee)\b[^\n;]*\|\s*(?:curl|nc|ncat|wget)\b|\bwget\b[^\n;]*--post-file[ =]/dev/stdin"
)
"""A shell command that sends what it reads on standard input."""


def _in_project(path: str) -> bool:
    """Whether a written path is inside the folder the script works in (not home, not absolute, not above it)."""
    return not path.startswith(("~", "/", "$", "%", "*", "?")) and ".." not in path and not re.match(r"[A-Za-z]:", path)


def written(payload: Val | None) -> Val | None:
    """What a write to a file carries, as ``payload_severity`` judges it: a list of lines whose every line is known
    (``@('a', 'b')``, ``["a", "b"]``) is written as those lines, not as content the script computes."""
    if payload is None:
        return None
    out = carried(payload)
    items = payload.items or []
    if out.text is None and items and all(item.text is not None for item in items):
        out.text = "\n".join(item.text or "" for item in items)
    elif out.text is None and (payload.fields or items):
        # an object written as JSON: its known strings, one a line; an unknown piece keeps it "computed"
        leaves: list[str] = []
        _leaves(payload, leaves, 0)
        if any(leaf != UNKNOWN for leaf in leaves):
            out.text = "\n".join(leaves)
    return out


def _leaves(val: Val, out: list[str], depth: int) -> None:
    if depth > 6 or len(out) > 200:
        out.append(UNKNOWN)
        return
    if val.text is not None:
        out.append(val.text)
    elif val.fields or val.items:
        for sub in [*(val.fields or {}).values(), *(val.items or [])]:
            _leaves(sub, out, depth + 1)
    else:
        out.append(UNKNOWN)


@dataclass
class _Summary:
    sends: dict[str, tuple[int, str, int, int]] = field(default_factory=dict)
    """function name -> (parameter index, destination, sink start, sink end)"""
    returns: dict[str, Val] = field(default_factory=dict)


def _grammar(ctx: Ctx, language: str) -> Grammar:
    if language != "typescript":
        return "javascript"
    if ctx.path.endswith(".tsx"):
        return "tsx"
    return "typescript"


def _sole_statement(block: tree_sitter.Node) -> list[tree_sitter.Node]:
    """The statements of a function body, seen through one ``try`` around them: ``try { return
    readFile(p); } catch { return ""; }`` still hands on its call's value (the handler's is a fallback)."""
    statements = [c for c in block.named_children if c.type != "comment"]
    while len(statements) == 1 and statements[0].type == "try_statement":
        inner = statements[0].child_by_field_name("body")
        if inner is None:
            break
        statements = [c for c in inner.named_children if c.type != "comment"]
    return statements


def _one_of(holder: Val, items: list[Val]) -> Val:
    """One item of a list chosen at run time: what the list and any item carry, the first known text as its text and
    the others as its ``alts``, so a send is judged for every host it may be."""
    out = merge(holder, *items)
    texts = [t for item in items for t in (item.text, *item.alts) if t is not None]
    out.text = texts[0] if texts else None
    out.alts = other_texts(out.text, *texts)
    if len(items) == 1:
        out.fields = items[0].fields  # for (const e of expandGlob(p)): e.path is the one item's path
    return out


class _Analyser:
    def __init__(self, ctx: Ctx, tree: tree_sitter.Tree, data: bytes) -> None:
        self.ctx = ctx
        self.cut = False
        self.tree = tree
        self.data = data
        self.spans = Spans(ctx.text, data)
        self.env: dict[str, Val] = {}
        self.report = False
        self.summary = _Summary()
        self.current: str | None = None
        self.preset: dict[int, Val] = {}
        self.dropped: dict[str, str] = {}
        self.harmful_scripts: dict[str, str] = {}
        """Shell scripts this code wrote into the home folder whose text does harm: a start-up line sourcing one runs it."""
        self.granted: list[tuple[str, int]] = []
        """Approve-every-tool keys the script sets under a computed name, with their lines."""
        self.sent: set[Taint] = set()
        self.reads: list[tuple[Taint, tree_sitter.Node]] = []
        self.functions: dict[str, tree_sitter.Node] = {}
        self.local_names: dict[int, str] = {}
        self.siblings: dict[str, _Analyser] = {}
        """Sibling modules the file imports wrappers from, each read once (names only, no verdicts)."""
        self.depth = 0

    # --- places -------------------------------------------------------------------------
    def span(self, node: tree_sitter.Node) -> tuple[int, int]:
        return self.spans.of(node)

    def line(self, node: tree_sitter.Node) -> int:
        return self.ctx.line(self.span(node)[0])

    def add(self, check: str, message: str, node: tree_sitter.Node, severity: Severity | None = None) -> None:
        if self.report:
            start, end = self.span(node)
            self.ctx.add(check, message, start, end, severity)

    def cap(self, kind: str, target: str, node: tree_sitter.Node, detail: str = "") -> None:
        if self.report:
            start, end = self.span(node)
            self.ctx.cap(kind, safe_line(target, limit=120) or "?", start, end, detail)  # type: ignore[arg-type]

    def text(self, node: tree_sitter.Node) -> str:
        return text_of(node, self.data)

    # --- values -------------------------------------------------------------------------
    def ev(self, node: tree_sitter.Node | None) -> Val:
        val = self._ev(node)
        if val.text is not None and len(val.text) > TEXT_CAP:  # s = s + s, sixty times: kept, but cut
            val.text = val.text[:TEXT_CAP]
            # Noted on the reporting pass: the passes before it only learn names, and add() drops what they say.
            if node is not None and self.report and not self.cut:
                self.cut = True
                self.add(
                    CUT,
                    f"a JavaScript string grew past {TEXT_CAP:,} characters and was read only that far",
                    node,
                )
        return val

    def _ev(self, node: tree_sitter.Node | None) -> Val:
        if node is None:
            return Val()
        kind = node.type
        if kind == "string":
            return Val(text=unescape(node, self.data))
        if kind == "template_string":
            return self._template(node)
        if kind == "number":
            return Val(text=self.text(node))
        if kind in ("true", "false", "null", "undefined"):
            return Val(text=self.text(node))
        if kind == "identifier":
            return self._name(self.text(node))
        if kind in (
            "parenthesized_expression",
            "await_expression",
            "as_expression",
            "non_null_expression",
            "satisfies_expression",
            "type_assertion",
            "spread_element",
        ):
            inner = [c for c in node.named_children if c.type not in ("type_identifier", "predefined_type")]
            return self.ev(inner[0] if inner else None) if kind != "parenthesized_expression" else self.ev(inner[-1])
        if kind == "sequence_expression":
            return self.ev(node.named_children[-1] if node.named_children else None)
        if kind == "binary_expression":
            return self._binary(node)
        if kind == "ternary_expression":
            a, b = self.ev(node.child_by_field_name("consequence")), self.ev(node.child_by_field_name("alternative"))
            out = merge(a, b)
            out.text = a.text if a.text is not None else b.text
            out.alts = other_texts(out.text, a.text, b.text, *a.alts, *b.alts)
            out.ref = a.ref or b.ref
            return out
        if kind == "member_expression":
            prop = node.child_by_field_name("property")
            held = self.ev(node.child_by_field_name("object"))
            if _one_setting(held, self.text(prop) if prop else "", node):
                return Val()  # cfg.profile of a tool's own config: one setting, not the file
            return self._member(held, self.text(prop) if prop else "", node)
        if kind == "subscript_expression":
            holder = self.ev(node.child_by_field_name("object"))
            index = self.ev(node.child_by_field_name("index"))
            if index.text is not None and _one_setting(holder, index.text, node):
                return Val()
            if holder.fields and holder.ref is None:
                keys = [index.text, *index.alts] if index.text is not None and UNKNOWN not in index.text else []
                picked = [holder.fields[k] for k in keys if k in holder.fields] or (
                    [] if keys else list(holder.fields.values())  # a key not known may pick any field
                )
                if len(picked) > 1:
                    out = merge(*picked)
                    out.text = picked[0].text
                    out.alts = other_texts(out.text, *(v.text for v in picked), *(a for v in picked for a in v.alts))
                    return out
            if index.text is None or UNKNOWN in index.text:
                if holder.items and holder.ref is None:  # HOSTS[Math.floor(Math.random() * n)]: any item
                    return _one_of(holder, holder.items)
                return merge(holder, *(holder.items or []))
            return self._member(holder, index.text, node, computed=index)
        if kind in ("call_expression", "new_expression"):
            return self._call(node)
        if kind == "object":
            return self._object(node)
        if kind == "array":
            items = [self.ev(c) for c in node.named_children]
            out = merge(*items)
            out.items = items
            return out
        if kind in ("arrow_function", "function_expression", "function", "generator_function"):
            return Val(func=node)
        if kind == "assignment_expression":
            value = self.ev(node.child_by_field_name("right"))
            return value
        if kind == "augmented_assignment_expression":
            return merge(self.ev(node.child_by_field_name("left")), self.ev(node.child_by_field_name("right")))
        if kind == "unary_expression":
            return merge(*(self.ev(c) for c in node.named_children))
        if kind == "import":
            return Val(ref="import")
        return Val()

    def _name(self, name: str) -> Val:
        if name in self.env:
            return self.env[name]
        if name in self.functions:
            return Val(func=self.functions[name])
        return Val(ref=name)

    def _template(self, node: tree_sitter.Node) -> Val:
        parts: list[str] = []
        vals: list[Val] = []
        varied: list[tuple[int, tuple[str, ...]]] = []  # a substitution with other texts, and where it stands
        for child in node.children:
            if child.type == "string_fragment":
                parts.append(self.text(child))
            elif child.type == "escape_sequence":
                parts.append(unescape_one(self.text(child)))
            elif child.type == "template_substitution":
                inner = child.named_children[0] if child.named_children else None
                val = self.ev(inner)
                vals.append(val)
                if val.alts:
                    varied.append((len(parts), val.alts))
                parts.append(val.text if val.text is not None else UNKNOWN)
        out = merge(*(carried(v) for v in vals))
        out.text = "".join(parts)
        out.alts = other_texts(
            out.text, *("".join([*parts[:at], alt, *parts[at + 1 :]]) for at, alts in varied for alt in alts)
        )
        return out

    def _binary(self, node: tree_sitter.Node) -> Val:
        op = node.child_by_field_name("operator")
        operator = self.text(op) if op else ""
        left, right = self.ev(node.child_by_field_name("left")), self.ev(node.child_by_field_name("right"))
        out = merge(carried(left), carried(right))
        if operator == "+":
            out.text = (left.text if left.text is not None else UNKNOWN) + (
                right.text if right.text is not None else UNKNOWN
            )
            if left.text is None and right.text is None:
                out.text = None
            elif left.alts or right.alts:
                lhs, rhs = left.text or UNKNOWN, right.text or UNKNOWN
                out.alts = other_texts(out.text, *(a + rhs for a in left.alts), *(lhs + a for a in right.alts))
        elif operator in ("||", "??"):
            out.text = left.text if left.text is not None else right.text
            out.ref = left.ref or right.ref
        elif operator == "^" and left.text and right.text and left.text.isdigit() and right.text.isdigit():
            out.text = str(int(left.text) ^ int(right.text))
        return out

    def _object(self, node: tree_sitter.Node) -> Val:
        fields: dict[str, Val] = {}
        for child in node.named_children:
            if child.type == "pair":
                key_node = child.child_by_field_name("key")
                key = ""
                if key_node is not None:
                    if key_node.type == "string":
                        key = unescape(key_node, self.data)
                    elif key_node.type == "computed_property_name":
                        key = self.ev(key_node.named_children[0] if key_node.named_children else None).text or "?"
                    else:
                        key = self.text(key_node)
                fields[key] = self.ev(child.child_by_field_name("value"))
            elif child.type == "shorthand_property_identifier":
                name = self.text(child)
                fields[name] = self._name(name)
            elif child.type == "spread_element":
                inner = self.ev(child)
                fields.update(inner.fields or {})
                if inner.taint:
                    fields[f"...{len(fields)}"] = inner
            elif child.type == "method_definition":
                fields[self.text(child.child_by_field_name("name") or child)] = Val(func=child)
        out = Val(fields=fields)
        return out

    def _member(self, obj: Val, prop: str, node: tree_sitter.Node, computed: Val | None = None) -> Val:
        if prop == "constructor" and (obj.func is not None or obj.ref == _FUNCTION_PROTO):
            # (async function () {}).constructor, Object.getPrototypeOf(function* () {}).constructor: Function itself
            return Val(ref="Function")
        if obj.ref == "process.env" or obj.ref in ("Bun.env", "import.meta.env", "Deno.env.object"):
            return self._env(prop, node)
        if obj.fields is not None and prop in obj.fields:
            return obj.fields[prop]
        if obj.items is not None and prop.isdigit() and int(prop) < len(obj.items):
            return obj.items[int(prop)]
        if prop == "length":
            return Val()
        if obj.ref is not None:
            ref = f"{obj.ref}.{prop}"
            for prefix in _GLOBAL_PREFIXES:
                ref = ref.removeprefix(prefix)
            if ref in ("process.env", "Bun.env"):
                return Val(ref="process.env", taint=Taint("reads the whole environment", self.line(node), whole=True))
            if ref == "import.meta.env":
                return Val(ref="import.meta.env")
            if ref.startswith("fs.promises."):
                ref = "fs." + ref.removeprefix("fs.promises.")
            if ref == "fs.promises":
                ref = "fs"
            if computed is not None and (computed.decoded or UNKNOWN in (computed.text or "")):
                self.add(
                    BUILTIN,
                    f"calls {shown(ref, 60)} by a name decoded at run time, hiding which function is called",
                    node,
                )
            out = Val(ref=ref, fetched=obj.fetched, decoded=obj.decoded, taint=obj.taint, dest=obj.dest)
            out.path = obj.path
            return out
        out = merge(obj)
        out.dest, out.path = obj.dest, obj.path
        if obj.fetched:
            out.fetched = obj.fetched
        return out

    def _env(self, name: str, node: tree_sitter.Node) -> Val:
        if name in ("HOME", "USERPROFILE"):
            return Val(text="~")
        if name == "HISTFILE":
            return Val(text="$HISTFILE")  # the shell's history file: a path that reads as a credential place
        if SECRET_NAME.search(name) and not name.endswith(("_URL", "_HOST", "_PATH", "_FILE", "_DIR", "_URI")):
            return Val(taint=Taint(f"reads process.env.{name}", self.line(node), name))
        return Val()

    # --- calls ---------------------------------------------------------------------------
    def _callee(self, node: tree_sitter.Node) -> tuple[Val, str, Val | None, str]:
        """The called value, its reference name, the receiver of a method call, and the method's name."""
        fn = node.child_by_field_name("function") or node.child_by_field_name("constructor")
        if fn is None:
            return Val(), "", None, ""
        receiver = None
        method = ""
        if fn.type == "member_expression":
            receiver = self.ev(fn.child_by_field_name("object"))
            prop = fn.child_by_field_name("property")
            method = self.text(prop) if prop is not None else ""
        elif fn.type == "subscript_expression":
            receiver = self.ev(fn.child_by_field_name("object"))
            method = self.ev(fn.child_by_field_name("index")).text or ""
        callee = self.ev(fn)
        ref = callee.ref or ""
        for prefix in _GLOBAL_PREFIXES:
            ref = ref.removeprefix(prefix)
        return callee, ref, receiver, method or ref.rsplit(".", 1)[-1]

    def _fill(self, node: tree_sitter.Node, vals: list[Val]) -> None:
        """``form.append("doc", data)``, ``parts.push(secret)``: the named container now holds what was put in it,
        so sending it later sends that."""
        fn = node.child_by_field_name("function")
        holder = fn.child_by_field_name("object") if fn is not None else None
        while holder is not None and holder.type == "member_expression":  # settings.hooks.PostToolUse.push(entry)
            holder = holder.child_by_field_name("object")
        if holder is None or holder.type != "identifier" or self.text(holder) not in self.env:
            return
        # what was put in is kept beside the container's own fields, so a file written from it later is judged by
        # every piece put in (a task or hook pushed into settings read from disk)
        kept = self.env[self.text(holder)]
        if vals and len(kept.fields or {}) < 64:
            put = merge(*vals) if len(vals) > 1 else vals[0]
            kept.fields = {**(kept.fields or {}), f"\x00{len(kept.fields or {})}": put}
        added = merge(*(carried(v) for v in vals))
        if not (added.taint or added.content or added.fetched or added.decoded):
            return
        name = self.text(holder)
        grown = merge(self.env[name], added)
        kept = self.env[name]
        grown.text, grown.ref, grown.dest, grown.path = kept.text, kept.ref, kept.dest, kept.path
        grown.fields, grown.items, grown.func, grown.alts = kept.fields, kept.items, kept.func, kept.alts
        self.env[name] = grown

    def _args(self, node: tree_sitter.Node) -> list[tree_sitter.Node]:
        args = node.child_by_field_name("arguments")
        if args is None:
            return []
        if args.type == "template_string":
            return [args]
        return [c for c in args.named_children if c.type != "comment"]

    def _call(self, node: tree_sitter.Node) -> Val:
        callee, ref, receiver, method = self._callee(node)
        inner = self._forwarded(callee)
        if inner is not None:  # run(cmd) where function run(...a) { return cp.execSync(...a) }: that call, here
            callee, ref, receiver, method = self._callee(inner)
        elif (across := self._imported_wrapper(ref)) is not None:  # the same wrapper in a module the file imports
            callee, ref, receiver, method = across
        args = self._args(node)
        vals = [self.ev(a) for a in args]
        if any(a.type == "spread_element" for a in args):  # path.join(...parts): each item is one argument
            vals = [
                item
                for a, v in zip(args, vals, strict=True)
                for item in (v.items if a.type == "spread_element" and v.items is not None else [v])
            ]
        if inner is None and (gathered := self._gathered(callee, vals)) is not None:
            # const git = (...a) => execFileSync("git", a): a call of the wrapper is that call with these arguments
            made, vals = gathered
            callee, ref, receiver, method = self._callee(made)
            args = self._args(made)
        root = ref.split(".", 1)[0] if ref else ""
        if ref in ("require", "import", "module.require", "createRequire"):
            return self._require(node, vals)
        if ref == "os.homedir" or ref == "os.userInfo().homedir":
            return Val(text="~")
        if ref in ("Object.getPrototypeOf", "Reflect.getPrototypeOf") and vals and vals[0].func is not None:
            return Val(ref=_FUNCTION_PROTO)
        if ref == "process.cwd":  # the working folder: the project, as os.getcwd() is in Python
            return Val(text=".")
        if ref in ("path.join", "path.resolve", "path.posix.join", "path.win32.join", "join", "resolve"):
            pieces = [v.text if v.text is not None else UNKNOWN for v in vals]
            out = merge(*vals)
            out.text = "/".join(p.strip("/") if i else p.rstrip("/") for i, p in enumerate(pieces)) if pieces else None
            return out
        if ref == "URL" and len(args) == 2 and self.text(args[1]) == "import.meta.url" and vals[0].text is not None:
            # new URL('./cfg.json', import.meta.url): a file beside the module, like path.join(__dirname, ...)
            return Val(text=UNKNOWN + "/" + vals[0].text.removeprefix("./"))
        if ref in ("fileURLToPath", "url.fileURLToPath") and vals:
            return vals[0]
        if ref == "JSON.parse" and vals and vals[0].text is not None and UNKNOWN not in vals[0].text:
            parsed = _from_json(vals[0].text)  # a config the skill ships, read and parsed: its values are constants
            if parsed is not None:
                return parsed
        if ref in (
            "JSON.stringify",
            "String",
            "encodeURIComponent",
            "encodeURI",
            "Object.entries",
            "Object.values",
            "Object.keys",
            "Object.assign",
            "structuredClone",
            "qs.stringify",
            "querystring.stringify",
            "URLSearchParams",
            "Array.from",
        ):
            out = merge(*(carried(v) for v in vals))
            if ref == "Object.assign":
                out.fields = {}
                for v in vals:
                    out.fields.update(v.fields or {})
            out.text = vals[0].text if vals and ref in ("String", "encodeURIComponent", "encodeURI") else None
            if ref == "JSON.stringify" and vals:
                out.items = [vals[0]]  # the text holds the object's pieces: a file written from it is judged by them
            return out
        decoded = self._decoder(ref, method, receiver, vals)
        if decoded is not None:
            return decoded
        if ref.startswith("Deno.env.get") or ref in ("Deno.env.get",):
            name = vals[0].text if vals and vals[0].text else "?"
            return self._env(name, node)
        if ref in ("Deno.env.toObject",):
            return Val(taint=Taint("reads the whole environment", self.line(node), whole=True))
        local = self.local_names.get(callee.func.id) if callee.func is not None else None
        if local is None and ref.startswith("this.") and ref.removeprefix("this.") in self.functions:
            local = ref.removeprefix("this.")
        if local is not None:
            return self._local_call(node, local, vals)
        if callee.func is not None and ref == "":
            return merge(*vals)
        typed = self._hidden_prompt(node, ref, method, vals)
        if typed is not None:
            return typed
        result = self._sinks(node, ref, method, root, receiver, vals, callee)
        if result is not None:
            return result
        if receiver is not None and method in _FILLERS:
            self._fill(node, vals)
        # An unknown call passes on what its receiver and arguments carry (a.trim(), Buffer.concat([a, b])).
        out = merge(receiver, *(carried(v) for v in vals))
        if receiver is not None:
            out.fetched = receiver.fetched
            out.dest, out.path = receiver.dest, receiver.path
            if receiver.fetched and args:
                for arg, val in zip(args, vals, strict=False):
                    if val.func is not None:  # res.on('data', d => body += d), .then(r => r.text())
                        self._preset(val.func, [Val(fetched=receiver.fetched)])
                    if val.ref and self._runner(val.ref):
                        self._exec(node, val.ref, Val(fetched=receiver.fetched), arg)
            if method == "split" and receiver.text is not None and vals and vals[0].text == "":
                out.items = [Val(text=c) for c in receiver.text]
            elif method == "reverse" and receiver.items is not None:
                out.items = list(reversed(receiver.items))
            elif method == "join" and receiver.items is not None:
                sep = vals[0].text if vals and vals[0].text is not None else ","
                texts = [i.text for i in receiver.items]
                if all(t is not None for t in texts):
                    out.text = sep.join(t for t in texts if t is not None)
                elif any(t for t in texts):  # a piece computed at run time (git config user.name) is unknown there, as
                    out.text = sep.join(UNKNOWN if t is None else t for t in texts)  # in a template literal
                out.decoded = out.decoded or any(i.decoded for i in receiver.items)
            elif method in ("toString", "trim", "toUpperCase", "toLowerCase", "valueOf", "normalize"):
                text = receiver.text
                out.text = (
                    None
                    if text is None
                    else (
                        text.strip()
                        if method == "trim"
                        else text.upper()
                        if method == "toUpperCase"
                        else text.lower()
                        if method == "toLowerCase"
                        else text
                    )
                )
                if method == "toString" and vals and vals[0].text in ("base64", "hex") and receiver.text is None:
                    out.decoded = False
            elif method in ("replace", "replaceAll") and receiver.text is not None and len(vals) >= 2:
                if vals[0].text is not None and vals[1].text is not None:
                    out.text = receiver.text.replace(vals[0].text, vals[1].text)
            elif method == "concat" and receiver.text is not None:
                out.text = receiver.text + "".join(v.text or UNKNOWN for v in vals)
            elif method in ("map", "filter", "forEach", "then", "reduce", "catch", "finally", "find", "some", "every"):
                for val in vals:
                    if val.func is not None and receiver.items and method not in ("then", "catch", "finally", "reduce"):
                        self._preset(val.func, [_one_of(receiver, receiver.items)])  # HOSTS.forEach(h => ...)
                    elif val.func is not None and (receiver.taint or receiver.decoded):
                        self._preset(val.func, [merge(receiver)])
                    body = val.func.child_by_field_name("body") if val.func is not None else None
                    if method in ("map", "filter") and receiver.items and body is not None and val.func is not None:
                        each = self._each(val.func, body, receiver.items)  # cfg.files.map(f => join(home, f))
                        if each is not None and method == "map":
                            out.items = each
                            out.taint = out.taint or merge(*each).taint
                        elif each is not None:
                            out.items = list(receiver.items)
                    if method in ("map", "reduce") and body is not None and body.type != "statement_block":
                        mapped = self.ev(body)
                        out.decoded = out.decoded or mapped.decoded  # .map(b => String.fromCharCode(b ^ K))
                        if method == "map":  # keys.map(k => ({ k, v: readFileSync(k) })): each item holds the read
                            out.taint = out.taint or merge(mapped).taint
                if method == "then" and receiver.fetched:
                    out.fetched = receiver.fetched
        return out

    def _each(self, func: tree_sitter.Node, body: tree_sitter.Node, items: list[Val]) -> list[Val] | None:
        """What an arrow function with one plain parameter and an expression body gives for each of a list's items
        (at most 16), or None for any other function: ``[".npmrc", ".netrc"].map(f => path.join(home, f))`` is two
        paths, each known."""
        params = self.params(func)
        if body.type == "statement_block" or len(params) != 1 or params[0].type != "identifier":
            return None
        name = self.text(params[0])
        saved = self.env.get(name)
        try:
            out = []
            for item in items[:16]:
                self.env[name] = item
                out.append(self.ev(body))
            return out
        finally:
            if saved is not None:
                self.env[name] = saved
            else:
                self.env.pop(name, None)

    def _forwarded(self, callee: Val) -> tree_sitter.Node | None:
        """The call a one-line wrapper of the file's makes when it hands on its parameters as they came
        (``function post(url, opts) { return fetch(url, opts); }``, ``(...a) => cp.execSync(...a)``), else None:
        a call of the wrapper is judged as that call, at the caller's line."""
        func = callee.func
        if func is None or func.id not in self.local_names:
            return None
        body = func.child_by_field_name("body")
        params = func.child_by_field_name("parameters") or func.child_by_field_name("parameter")
        if body is None or params is None:
            return None
        if body.type == "statement_block":
            statements = _sole_statement(body)
            if len(statements) != 1 or statements[0].type not in ("return_statement", "expression_statement"):
                return None
            body = next((c for c in statements[0].named_children if c.type != "comment"), None)
            if body is None:
                return None
        if body.type == "await_expression":
            body = next(iter(body.named_children), body)
        if body.type != "call_expression" or (inner := body.child_by_field_name("arguments")) is None:
            return None
        names = [  # a TypeScript parameter's type is not part of what is handed on: (...a: string[]) hands ...a
            self.text(p).split(":", 1)[0].strip().rstrip("?")
            for p in (params.named_children if params.type == "formal_parameters" else [params])
        ]
        given = [a for a in inner.named_children if a.type != "comment"]
        handed = [self.text(a) for a in given]
        called = body.child_by_field_name("function")
        # readFileSync(p, "utf8"): an option spelled out after the parameters changes nothing of what flows
        trailing = all(a.type in ("string", "number", "true", "false") for a in given[len(names) :])
        if called is None or self.text(called) in self.functions or not names or handed[: len(names)] != names:
            return None
        if len(handed) != len(names) and not trailing:
            return None
        return body

    def _gathered(self, callee: Val, given: list[Val]) -> tuple[tree_sitter.Node, list[Val]] | None:
        """The call a one-line wrapper with one rest parameter makes (``(...a) => execFileSync("git", a, opts)``,
        ``(...a) => run("git", ...a).trim()``), with the arguments it would get from a call handed ``given``: the
        gathered array where the body names it, its items where it spreads it, every other argument as written.
        None for any other function, or when the body uses the parameter in another way."""
        func = callee.func
        if func is None or func.id not in self.local_names:
            return None
        body = func.child_by_field_name("body")
        params = func.child_by_field_name("parameters") or func.child_by_field_name("parameter")
        listed = [p for p in (params.named_children if params is not None else []) if p.type != "comment"]
        if body is None or len(listed) != 1 or listed[0].type != "rest_pattern" or not listed[0].named_children:
            return None
        rest = self.text(listed[0].named_children[0]).split(":", 1)[0].strip()
        if body.type == "statement_block":
            statements = _sole_statement(body)
            if len(statements) != 1 or statements[0].type not in ("return_statement", "expression_statement"):
                return None
            body = next((c for c in statements[0].named_children if c.type != "comment"), None)
        while body is not None and body.type in ("await_expression", "call_expression", "member_expression"):
            below = body.named_children[0] if body.named_children else None
            # execFileSync(...).trim(), (await run(...)).stdout: the wrapper's call is the one whose result it trims
            if body.type == "call_expression" and (below is None or below.type != "member_expression"):
                break
            if below is None or (body.type == "call_expression" and below.named_children[0].type != "call_expression"):
                break
            body = below.named_children[0] if body.type == "call_expression" else below
        if body is None or body.type != "call_expression" or (inner := body.child_by_field_name("arguments")) is None:
            return None
        vals: list[Val] = []
        for arg in (a for a in inner.named_children if a.type != "comment"):
            if arg.type == "identifier" and self.text(arg) == rest:
                vals.append(Val(items=list(given)))
            elif arg.type == "spread_element" and self.text(arg).lstrip(".").strip() == rest:
                vals.extend(given)
            elif any(n.type == "identifier" and self.text(n) == rest for n in walk(arg)):
                return None
            else:
                vals.append(self.ev(arg))
        return body, vals

    def _imported_wrapper(self, ref: str) -> tuple[Val, str, Val | None, str] | None:
        """What a one-line wrapper imported from a sibling module of the skill calls, when it hands on its parameters
        as they came (``const { run } = require('./util')``, ``import { run } from './util.mjs'``): the callee, its
        name, receiver and method as that module binds them, so a call of the wrapper is judged as that call here."""
        if self.depth or not ref.startswith(("./", "../")):
            return None
        module, _, name = ref.rpartition(".")
        base = posixpath.normpath(posixpath.join(posixpath.dirname(self.ctx.path), module))
        candidates = (base, *(base + s for s in (".js", ".mjs", ".cjs", ".ts", ".mts")), base + "/index.js")
        path = next((c for c in candidates if c in self.ctx.skill_files), None)
        if path is None or not name:
            return None
        sub = self.siblings.get(path)
        if sub is None:
            text = self.ctx.skill_files[path]
            grammar: Grammar = "typescript" if path.endswith((".ts", ".mts")) else "javascript"
            tree, data = parse(grammar, text)
            sub = _Analyser(Ctx(text, 0, text, path, skill_files=self.ctx.skill_files), tree, data)
            sub.depth = self.depth + 1
            functions = sub._function_nodes()
            sub.functions = dict(functions)
            sub.local_names = {node.id: fname for fname, node in functions}
            sub.visit(tree.root_node)  # the names the module binds (its requires and imports); report stays off
            self.siblings[path] = sub
        func = sub.functions.get(name)
        inner = sub._forwarded(Val(func=func)) if func is not None else None
        return sub._callee(inner) if inner is not None else None

    def _preset(self, func: tree_sitter.Node, vals: list[Val]) -> None:
        self.preset[func.id] = vals[0]

    def _require(self, node: tree_sitter.Node, vals: list[Val]) -> Val:
        name = vals[0] if vals else Val()
        if name.text is None or UNKNOWN in (name.text or ""):
            if name.decoded:
                self.add(BUILTIN, "loads a module whose name is decoded at run time", node)
            elif name.fetched:
                self.add(DOWNLOAD, f"imports code it downloads from {shown(name.fetched)}", node)
            return Val()
        text = name.text
        if text.lower().startswith("data:") and re.match(
            r"data:(?:text|application)/(?:x-)?(?:java|ecma)script", text, re.I
        ):
            self.add(
                DECODE,
                "imports a module written inline as a data: URL, running code the skill's files do not show",
                node,
            )
            return Val()
        if re.match(r"https?://", text):
            self.add(DOWNLOAD, f"imports code straight from {shown(text)}", node)
            self.cap("executes", url_host_of(text) or "?", node, "imports a module from the network")
            return Val()
        if name.decoded:
            self.add(BUILTIN, f"loads the module {shown(text, 40)} by a name decoded at run time", node)
        if text.startswith(("./", "../")) and text.endswith(".json"):
            # require('./cfg.json'): the config the skill ships, parsed: its values are constants
            found = shipped(self.ctx.skill_files, self.ctx.path, text)
            parsed = _from_json(found[0][1]) if len(found) == 1 else None
            if parsed is not None:
                return parsed
        return Val(ref=module_name(text))

    def _decoder(self, ref: str, method: str, receiver: Val | None, vals: list[Val]) -> Val | None:
        first = vals[0] if vals else Val()
        how = None
        if ref == "atob":
            how = "base64"
        elif ref == "Buffer.from" and len(vals) >= 2 and vals[1].text in ("base64", "hex", "base64url"):
            how = vals[1].text
        elif ref in ("String.fromCharCode", "String.fromCodePoint"):
            codes = [v.text for v in vals]
            out = merge(*vals)
            out.decoded = True
            if all(c is not None and c.isdigit() for c in codes):
                out.text = "".join(chr(int(c)) for c in codes if c is not None)
            return out
        elif ref in ("zlib.inflateSync", "zlib.gunzipSync", "zlib.inflateRawSync", "zlib.brotliDecompressSync"):
            out = merge(first)
            out.decoded = True
            out.text = first.text
            return out
        elif method == "toString" and receiver is not None and receiver.decoded and receiver.text is not None:
            out = merge(receiver)
            out.text = receiver.text
            return out
        elif method == "toString" and receiver is not None and vals and vals[0].text in ("base64", "hex"):
            return None
        if how is None:
            return None
        out = merge(first)
        out.decoded = True
        if first.text is not None and UNKNOWN not in first.text:
            out.text = decode_constant(first.text, how)
        return out

    def _runner(self, ref: str) -> bool:
        return ref in _RUNNERS or ref.rsplit(".", 1)[-1] in ("runInThisContext", "runInNewContext", "_compile")

    # --- sinks ---------------------------------------------------------------------------
    def _sinks(self, node, ref, method, root, receiver, vals, callee) -> Val | None:  # type: ignore[no-untyped-def]
        args = self._args(node)
        new = node.type == "new_expression"
        if self._runner(ref) or (ref == "Function" and new):
            code = vals[-1] if ref in ("Function",) and vals else (vals[0] if vals else Val())
            if ref in ("setTimeout", "setInterval") and code.func is not None:
                return Val()
            self._exec(node, ref, code, args[0] if args else node)
            return Val(ref="\x00compiled", fetched=code.fetched, decoded=code.decoded)
        fed_to = (vals[0].ref or "") if method == "pipe" and vals else (receiver.ref or "") if receiver else ""
        if fed_to.startswith("\x00stdin:") and fed_to.endswith(".stdin") and method in ("write", "end", "pipe"):
            # sh.stdin.write(code), res.pipe(sh.stdin): what reaches the interpreter's input is its program
            code = receiver if method == "pipe" and receiver is not None else merge(*vals)
            self._fed(node, fed_to.removeprefix("\x00stdin:").removesuffix(".stdin"), code)
            return Val()
        if (
            root == "child_process"
            and method in _CHILD
            or ref in ("execa", "execaSync", "execa.command", "zx.$")
            or (root == "execa" and method in _EXECA)
        ):
            return self._child(node, method, vals)
        if root in _DELETE_PACKAGES and method in _PACKAGE_DELETES | {root} and vals:
            # rimraf(dir), del.deleteAsync(glob), fse.remove(dir), shell.rm("-rf", dir): a package's delete
            targets = [item for v in vals for item in (v.items or [v]) if not (item.text or "").startswith("-")]
            for target in targets[:8] or vals[:1]:
                self._fs(node, "rmSync", [target], None)
            return Val()
        if vals and _globs(root, method):
            matched = self._glob(vals[0])
            if matched is not None:
                return matched
        if root == "fs" or ref.startswith(("Deno.", "Bun.")):
            out = self._fs(node, method, vals, receiver)
            if out is not None:
                return out
        if root == "os" and method in ("hostname", "userInfo", "networkInterfaces"):
            return Val()
        if root == "dns" and method.startswith(("resolve", "lookup")):
            host = vals[0] if vals else Val()
            self.ctx.network = True
            domain = (host.text or "").rsplit(UNKNOWN, 1)[-1].strip(".") or "?"
            self.cap("sends", domain, node, "DNS lookup")
            built = carried(host)
            if built.taint:
                self._flow(node, built.taint, f"DNS names under {shown(host.text, 60)}")
            return Val()
        return self._net(node, ref, method, root, receiver, vals, new)

    def _net(self, node, ref, method, root, receiver, vals, new) -> Val | None:  # type: ignore[no-untyped-def]
        base = ref.split(".", 1)[0]
        url = vals[0] if vals else Val()
        data: list[Val] = []
        headers: list[Val] = []
        dest: str | None = None
        opts: Val | None = None
        if new and ref in ("WebSocket", "ws", "ws.WebSocket", "EventSource", "socket.io-client", "Image"):
            dest = url.text
            self._note_send(node, dest, [url], [])
            return Val(ref="\x00socket", dest=dest or UNKNOWN)
        if new and ref == "XMLHttpRequest":
            return Val(ref="\x00xhr", dest=UNKNOWN)
        if receiver is not None and receiver.ref in ("\x00xhr",) and method == "open":
            receiver.dest = vals[1].text if len(vals) > 1 and vals[1].text else UNKNOWN
            self._note_send(node, receiver.dest, [vals[1]] if len(vals) > 1 else [], [])
            return Val()
        if receiver is not None and receiver.dest is not None and method in ("send", "write", "end", "emit"):
            payload = [v for v in vals if v.func is None]
            if receiver.path is not None:  # a write stream to a file
                self._write(node, receiver.path, payload[0] if payload else None, "write")
                return Val()
            self._note_send(node, receiver.dest, payload, [], quiet_cap=True)
            return Val()
        if receiver is not None and receiver.dest is not None and method == "setRequestHeader":
            self._note_send(node, receiver.dest, [], vals[1:2], quiet_cap=True)
            return Val()
        if base in _HTTP_MODULES and method in ("request", "get", "connect"):
            opts = next((v for v in vals if v.fields is not None), None)
            dest = self._url_of(url, opts)
            data = [url] if url.fields is None else [opts] if opts else []
            if opts is not None:
                data = [opts.fields.get("path", Val()) if opts.fields else Val(), url if url.fields is None else Val()]
                headers = [opts.fields.get("headers", Val())] if opts.fields else []
            for val in vals:
                if val.func is not None:
                    self._preset(val.func, [Val(fetched=dest or UNKNOWN)])
            self._note_send(node, dest, data, headers)
            return Val(ref="\x00request", dest=dest or UNKNOWN, fetched=dest or UNKNOWN)
        if base in ("net", "tls") and method in ("connect", "createConnection", "Socket"):
            port = vals[0].text if vals else None
            opts = vals[0] if vals and vals[0].fields is not None else None
            host = (opts.fields.get("host", Val()).text if opts and opts.fields else None) or (
                vals[1].text if len(vals) > 1 else None
            )
            dest = f"{host or UNKNOWN}:{(opts.fields.get('port', Val()).text if opts and opts.fields else port) or '?'}"
            self._note_send(node, dest, [], [])
            return Val(ref="\x00socket", dest=dest, fetched=dest)
        if ref == "dgram.createSocket":
            return Val(ref="\x00socket", dest=UNKNOWN)
        if ref in ("navigator.sendBeacon",):
            self._note_send(node, url.text, vals[1:] + [url], [])
            return Val()
        fetcher = base in _FETCHERS or ref in ("fetch", "$.post", "$.ajax", "$.get", "jQuery.ajax", "jQuery.post")
        if not fetcher or not (ref == base or method in _SENDER_METHODS or ref.startswith(("$.", "jQuery."))):
            return None
        if url.fields is not None:  # axios({url, data}), request({url, body})
            opts = url
            dest = (opts.fields or {}).get("url", Val()).text or (opts.fields or {}).get("uri", Val()).text
            urlval = (opts.fields or {}).get("url", Val())
        else:
            opts = vals[1] if len(vals) > 1 else None
            dest = url.text
            urlval = url
        data = [urlval]
        fields = (opts.fields or {}) if opts is not None else {}
        if base == "axios" and method in ("post", "put", "patch") or ref in ("$.post", "needle.post"):
            data.append(vals[1] if len(vals) > 1 else Val())
            fields = (vals[2].fields or {}) if len(vals) > 2 else {}
        for key, val in fields.items():
            if key.lower() in ("headers", "auth"):
                headers.append(val)
            elif key.lower() not in ("method", "timeout", "signal", "mode", "credentials", "redirect", "agent"):
                data.append(val)
        if opts is not None and opts.fields is None and base != "axios":
            data.append(opts)
        before = len(self.ctx.hits)
        self._note_send(node, dest, data, headers)
        for other in urlval.alts:  # a host picked at run time: each one it may be is a send, reported once
            if len(self.ctx.hits) > before:
                self.cap("sends", dest_host(other) or "?", node)
            else:
                self._note_send(node, other, data, headers)
        return Val(fetched=dest or UNKNOWN, dest=dest or UNKNOWN, ref="\x00response")

    @staticmethod
    def _url_of(url: Val, opts: Val | None) -> str | None:
        if url.fields is None and url.text is not None:
            return url.text
        fields = (opts or url).fields or {}
        host = fields.get("hostname", fields.get("host", Val())).text
        if host is None:
            return None
        return f"https://{host}{fields.get('path', Val()).text or ''}"

    def _note_send(
        self,
        node: tree_sitter.Node,
        dest: str | None,
        data: list[Val],
        headers: list[Val],
        *,
        quiet_cap: bool = False,
    ) -> None:
        """A send to ``dest``: record it, and report a secret in its data (or a vendor's secret in its headers)."""
        self.ctx.network = True
        host = dest_host(dest)
        if not quiet_cap or host:
            self.cap("sends", host or "?", node)
        body = merge(*(carried(v) for v in data))
        header = merge(*(carried(v) for v in headers))
        named = bool(host) and "://" in (dest or "")
        if self.report:
            start, end = self.span(node)
            self.ctx.sends.append((start, end, "upload" if named and (body.taint or body.content) else "network"))
        taint = body.taint
        where = shown(dest) if dest and dest.strip(UNKNOWN) else "a computed address"
        if taint is None and header.taint is not None:
            hdr = header.taint
            # A token in a header is how an API is called; the whole environment, a key file, any secret in a
            # header to a data-collection host, or a provider's token (OPENAI_API_KEY) to a host not that provider's
            # is not.
            if (
                (hdr.name or "").startswith("\x00param")
                or hdr.whole
                or (host and endpoint_kind(dest or ""))
                or foreign_vendor_host(hdr.name, dest or "")
                or header_leaves(hdr.name, dest or "", self.ctx.purpose.names(host or ""))
            ):
                taint = hdr
        if taint is None:
            return
        if taint.name and taint.name.startswith("\x00param"):
            if self.current:
                index = int(taint.name.rsplit(":", 1)[-1])
                start, end = self.span(node)
                self.summary.sends.setdefault(self.current, (index, where, start, end))
            return
        if taint.name and host and related_host(taint.name, host) and endpoint_kind(dest or "") is None:
            return  # a provider's token sent to that provider (GITHUB_TOKEN to api.github.com)
        if taint.what.startswith(PROMPTED) and prompt_owner(taint.name or "", dest or "", self.ctx.purpose.names(host)):
            return  # a password typed for the user's own login, sent to it
        self._flow(node, taint, where)

    def _hidden_prompt(self, node: tree_sitter.Node, ref: str, method: str, vals: list[Val]) -> Val | None:
        """A prompt that hides what is typed: ``password({message})`` (@inquirer/prompts), ``prompts({type:
        'password'})``, ``inquirer.prompt([{type: 'password'}])``, ``readlineSync.question(q, {hideEchoBack: true})``,
        ``read({silent: true})``. What it returns is a password or token the user hands over."""
        options = [v for val in vals for v in [val, *(val.items or [])] if v.fields]
        hidden = [
            o
            for o in options
            if (o.fields or {}).get("type", Val()).text in ("password", "invisible")
            or any((o.fields or {}).get(k, Val()).text == "true" for k in ("hideEchoBack", "silent", "mask", "hidden"))
        ]
        fields = (hidden or options or [Val()])[0].fields or {}
        asked = next((fields[k].text for k in ("message", "prompt", "query") if k in fields), None)
        asked = asked or next((v.text for v in vals if v.text), None)
        # rl.question("Password: ", cb), readlineSync.question("API key: "), prompt("Token"): asked for by name
        named = (method or ref.rsplit(".", 1)[-1]) in ("question", "prompt", "input") and bool(
            asked and SECRET_PROMPT.search(asked)
        )
        if not hidden and not named and not (method == "password" or ref.rsplit(".", 1)[-1] == "password"):
            return None
        self.cap("reads", PROMPT_TARGET, node, f"{ref or method} asking for a secret")
        typed = Val(taint=prompted(asked, self.line(node)))
        for val in vals:
            if val.func is not None:  # the answer is handed to a callback: its first parameter holds it
                self._preset(val.func, [typed])
        return typed

    def _flow(self, node: tree_sitter.Node, taint: Taint, where: str, via: str = "") -> None:
        if taint.private and not private_leaves(taint, where):
            return
        self.sent.add(taint)
        self.add(FLOW, f"{taint.what} (line {taint.line}){via} and sends it to {where} (line {self.line(node)})", node)

    def _local_call(self, node: tree_sitter.Node, name: str, vals: list[Val]) -> Val:
        sent = self.summary.sends.get(name)
        if sent is not None and self.report:
            index, where, start, end = sent
            val = carried(vals[index]) if index < len(vals) else Val()
            if val.taint and not (val.taint.name or "").startswith("\x00param"):
                self.sent.add(val.taint)
                self.ctx.add(
                    FLOW,
                    f"{val.taint.what} (line {val.taint.line}), passes it to {name}() (line {self.line(node)}) and "
                    f"sends it to {where} (line {self.ctx.line(start)})",
                    start,
                    end,
                )
        elif sent is not None and self.current and index_taint(vals, sent[0]):
            self.summary.sends.setdefault(self.current, (index_taint(vals, sent[0]) or 0, *sent[1:]))
        out = merge(self.summary.returns.get(name), *(carried(v) for v in vals))
        returned = self.summary.returns.get(name)
        if returned is not None:
            out.text = returned.text
            out.ref = returned.ref
        return out

    # --- exec -----------------------------------------------------------------------------
    def _exec(self, node: tree_sitter.Node, ref: str, code: Val, arg: tree_sitter.Node) -> None:
        self.cap("executes", ref, node, "runs JavaScript text")
        if code.fetched:
            self.add(DOWNLOAD, f"runs code it downloads from {shown(code.fetched)} ({ref})", node)
        elif code.decoded:
            said = f": {safe_line(code.text, limit=60)}" if code.text else ""
            self.add(DECODE, f"decodes hidden code and runs it ({ref}){said}", node)
            if code.text:
                self._inner(node, code.text, f"decoded and run by {ref}")
        elif code.text is not None and UNKNOWN not in code.text:
            self._inner(node, code.text, f"run by {ref}")
        elif code.func is None and ref != "setTimeout" and ref != "setInterval":
            self.add(DYNAMIC, f"runs code that is not a constant ({ref})", node)

    def _inner(self, node: tree_sitter.Node, code: str, how: str) -> None:
        """Analyse JavaScript text the script runs (a constant, or a decoded one) and report its hits here."""
        if not self.report or len(code) > 200_000:
            return
        inner = Ctx(code, 0, code, self.ctx.path)
        scan_javascript(inner)
        self.ctx.network = self.ctx.network or inner.network
        start, end = self.span(node)
        for raw in inner.hits:
            self.ctx.add(raw.check, f"{raw.message} ({how})", start, end, raw.severity)
        for cap in inner.caps:
            self.ctx.cap(cap.kind, cap.target, start, end, cap.detail)

    def _fed(self, node: tree_sitter.Node, tool: str, code: Val) -> None:
        """An interpreter started with no program is fed ``code`` on its standard input: run as its program."""
        if code.fetched:
            self.add(DOWNLOAD, f"feeds {tool} a program downloaded from {shown(code.fetched)} on its input", node)
        elif code.decoded:
            self.add(DECODE, f"feeds {tool} a program decoded at run time on its input", node)

    def _child(self, node: tree_sitter.Node, method: str, vals: list[Val]) -> Val:
        if not vals:
            return Val()
        head = vals[0]
        words: list[Val] = [head]
        if len(vals) > 1 and vals[1].items is not None:
            words += vals[1].items
        opts = next((v for v in vals[1:] if v.fields is not None), None)
        shell_opt = bool(opts and opts.fields and opts.fields.get("shell", Val()).text not in (None, "false"))
        texts = [w.text if w.text is not None else UNKNOWN for w in words]
        if method in ("exec", "execSync", "command") or len(words) == 1 and " " in (head.text or ""):
            command = texts[0]
        else:
            command = " ".join(shlex.quote(t) if not shell_opt else t for t in texts)
        command_shell = command.replace(UNKNOWN, '"$__VALUE"')
        name = (shlex.split(command_shell, posix=True) or [""])[0] if _splits(command_shell) else command.split(" ")[0]
        self.cap(
            "executes", name.rsplit("/", 1)[-1].replace(UNKNOWN, "?") or "?", node, safe_line(shown(command), limit=80)
        )
        tool = name.rsplit("/", 1)[-1]
        if len(words) == 1 and tool in INTERPRETERS and len(command.split()) == 1:
            # spawn("sh"), execSync("bash", {input}): the interpreter runs whatever reaches its standard input
            # (execSync("node /tmp/x.js") names its program: judged below as any command is)
            fed = opts.fields.get("input") if opts is not None and opts.fields else None
            if fed is not None:
                self._fed(node, tool, fed)
            return Val(ref=f"\x00stdin:{tool}")
        everything = merge(*(carried(w) for w in words))
        if everything.fetched:
            self.add(
                DOWNLOAD, f"runs a command downloaded from {shown(everything.fetched)} (child_process.{method})", node
            )
            return Val()
        if everything.decoded:
            said = f": {safe_line(command, limit=60)}" if UNKNOWN not in command else ""
            self.add(DECODE, f"runs a command decoded at run time (child_process.{method}){said}", node)
            return Val()
        for path, kind in self.dropped.items():
            base = path.rsplit("/", 1)[-1]
            if base and base in command:
                check = DOWNLOAD if kind == "download" else DECODE
                self.add(
                    check,
                    f"runs {shown(path, 80)}, written from {kind.rstrip('e')}ed data (child_process.{method})",
                    node,
                )
                return Val()
        tool = name.rsplit("/", 1)[-1]
        taint = merge(*(carried(w) for w in words[1:])).taint if len(words) > 1 else None
        if taint is None and UNKNOWN in command:
            taint = carried(head).taint
        if taint is not None and (tool in DOWNLOADERS or tool in NET_TOOLS):
            url = next((t for t in re.findall(r"https?://\S+", command)), None)
            host = url_host_of(url) if url else ""
            if not (taint.name and host and related_host(taint.name, host) and endpoint_kind(url or "") is None):
                self._flow(node, taint, shown(url) if url else f"the network ({tool})")
        piped = PIPED_RUN.search(command_shell)
        if piped:
            url = re.search(r"https?://[^\s'\"|]+", piped.group(0))
            self.add(
                DOWNLOAD,
                f"runs what it downloads{' from ' + shown(url.group(0)) if url else ''} (a download piped into "
                f"{piped.group(1)}, in child_process.{method})",
                node,
            )
        if self.report:
            inner = Ctx(command_shell, 0, command_shell, self.ctx.path)
            shell_rules(inner)
            self.ctx.network = self.ctx.network or inner.network
            start, end = self.span(node)
            for raw in inner.hits:
                self.ctx.add(raw.check, f"{raw.message} (in child_process.{method})", start, end, raw.severity)
            for cap in inner.caps:
                self.ctx.cap(cap.kind, cap.target, start, end, cap.detail)
        out = Val()
        store = STORE_COMMAND.search(command)
        printed = TOKEN_COMMAND.search(command)
        if store:
            out.taint = Taint(
                f"reads a credential store ({safe_line(store.group(0), limit=60)})", self.line(node), whole=True
            )
            self.reads.append((out.taint, node))
        elif printed:
            out.taint = Taint(
                f"reads a credential ({safe_line(printed.group(0), limit=60)})",
                self.line(node),
                printed.group(0).split()[0],
            )
        return out

    # --- files ----------------------------------------------------------------------------
    @staticmethod
    def _glob(patterns: Val) -> Val | None:
        """What a glob's matches stand for: when a pattern takes in a credential, .env or start-up file, each match is
        that file spelt out (a path, or an entry whose ``path`` is it), so reading a match reads it. None otherwise."""
        for pattern in patterns.items or [patterns]:
            place = glob_place(normal_path(pattern.text.replace(UNKNOWN, "*"))) if pattern.text else None
            if place is not None:
                name = place.rsplit("/", 1)[-1]
                return Val(items=[Val(text=place, fields={"path": Val(text=place), "name": Val(text=name)})])
        return None

    def _fs(self, node: tree_sitter.Node, method: str, vals: list[Val], receiver: Val | None) -> Val | None:
        first = vals[0] if vals else Val()
        path = first.text
        if method in _FS_READ or method in ("readdirSync", "readdir", "existsSync", "statSync", "open", "openSync"):
            out = Val(content=True)
            if path is None:
                return out
            kept = self.dropped.get(path) if method in _FS_READ else None
            if kept is not None:  # a file this script wrote from a download (in another function): that download
                out.fetched, out.decoded = (path, False) if kept == "download" else (None, True)
                return out
            if method in _FS_READ:
                # the skill's own file, named beside the script (path.join(__dirname, "cfg.json")): its text is known
                found = shipped(self.ctx.skill_files, self.ctx.path, path.replace(UNKNOWN, "$DIR"))
                if len(found) == 1:
                    out.text = found[0][1][:TEXT_CAP]
            what = credential_what(path.replace(UNKNOWN, "*") + ("" if path.endswith("/") else " "))
            if not what and UNKNOWN in path and path.startswith("~/"):
                # join(dir, name) over a listing of ~/.ssh: whichever file it names there, it is one of the keys
                what = credential_glob(path.replace(UNKNOWN, "*"))
            if what:
                store = is_store(what)
                taint = Taint(
                    f"reads {'a credential store (' + what + ')' if store else normal_path(path)}",
                    self.line(node),
                    whole=True,
                )
                self.cap("reads", normal_path(path), node, "a credential file" if not store else "a credential store")
                if method in _FS_READ:
                    out.taint = taint
                    self.reads.append((taint, node))
            elif DOTENV.search(path.rstrip()):
                out.taint = Taint(f"reads {normal_path(path)}", self.line(node), ".env")
                self.cap("reads", normal_path(path), node, "a .env file")
            elif method in _FS_READ and (place := private_place(normal_path(path))) is not None:
                # a file of the user's own on no list: its content is theirs (no capability, no finding of its own)
                out.taint = Taint(f"reads {place}", self.line(node), private_owner(place), private=True)
            return out
        if method in ("createWriteStream",):
            return Val(ref="\x00stream", dest=UNKNOWN, path=path or UNKNOWN)
        if method in _FS_WRITE and (method != "write" or receiver is None or receiver.ref in ("Bun",)):
            self._write(node, path or UNKNOWN, vals[1] if len(vals) > 1 else None, method)
            return Val()
        if method in _FS_COPY and len(vals) >= 2:
            source = vals[0]
            self._write(
                node, vals[1].text or UNKNOWN, Val(text=None, fetched=source.fetched), method, source=source.text
            )
            return Val()
        if method in _FS_DELETE:
            target = climbed_path(normal_path(path or UNKNOWN))  # where it lands: ~/.cache/../.ssh is ~/.ssh
            self.cap("destroys", target, node, f"fs.{method}")
            if (
                target.rstrip("/") in ("~", "", "/", "~/*", "/*", "C:", "c:")
                or re.fullmatch(r"~/\.?[\w-]+/?", target)
                and (credential_what(target + "/") or target.rstrip("/") in ("~/Documents", "~/Desktop", "~/.config"))
            ):
                self.add(
                    DESTROY,
                    f"deletes {safe_line(target, limit=60)}, which the user did not name (line {self.line(node)})",
                    node,
                )
            return Val()
        if method in ("chmodSync", "chmod", "lchmodSync", "lchmod"):
            mode = mode_number(vals[1].text) if len(vals) > 1 else None
            judge_mode(self.ctx, mode, normal_path(path or UNKNOWN), *self.span(node), f"fs.{method}")
            return Val()
        return None

    def _write(
        self, node: tree_sitter.Node, path: str, payload: Val | None, method: str, source: str | None = None
    ) -> None:
        target = normal_path(path)
        self.cap("writes", target, node, f"fs.{method}")
        if self.report and payload is not None:  # sudoers, or a carried SSH key into authorized_keys
            judge_grants(self.ctx, target, payload.text, *self.span(node))
        if self.report and payload is not None and payload.taint is not None and not payload.taint.private:
            judge_kept(self.ctx, [(payload.taint.what, payload.taint.line, payload.taint.name)], path, *self.span(node))
        if payload is not None and (payload.fetched or payload.decoded):
            self.dropped[path] = "download" if payload.fetched else "decode"
        place = PERSISTENCE_PATH.search(target) or AGENT_CONFIG.search(target)
        if (
            self.report
            and self.granted
            and place is not None
            and target.endswith((".json", ".jsonc", ".toml", ".yml", ".yaml"))
        ):
            key, at = self.granted[0]
            self.add(
                "skillscope/permissions/unrestricted-shell",
                f"writes {safe_line(target, limit=60)} (line {self.line(node)}), a client's own settings, with {key} "
                f"turned on (line {at}): every later session would run tools without asking the user",
                node,
                "error",
            )
        said = (written(payload) or Val()).text
        # a config file built line by line: the keys the script spells are what it writes
        spelled = said if said is not None and UNKNOWN not in said else self.ctx.text
        if place is None and self.report and SHELL_SUFFIX.search(target) and target.startswith("~") and said:
            # a shell script written into the user's home (~/.tool/env.sh that an rc line sources): what its text
            # runs is run later, by whatever starts it
            severity, what = payload_severity(target, written(payload))
            if severity == "error" and what.startswith(("a command that fetches", "a line that does harm")):
                self.harmful_scripts[target] = what
                self.add(
                    "skillscope/obfuscation/download-exec",
                    f"writes {safe_line(target, limit=60)}, a shell script with {what}, to be run later",
                    node,
                    "error",
                )
        if place is None and not runs_on_open(target, said) and not loads_code(target, spelled):
            return
        if payload is not None and payload.taint is not None and payload.taint.what == f"reads {target}":
            # the file's own lines written back with an edit (~/.npmrc read, a key added, written): no secret moves
            payload = replace(payload, taint=None)
        if source is not None and payload is not None and payload.text is None:
            payload = None if UNKNOWN in source or not source else Val(text="")
            if payload is not None and source and PERSISTENCE_PATH.search(source) is None:
                payload = None
        severity, what = payload_severity(target, written(payload))
        if severity == "warning" and what == "content the script computes" and _in_project(target):
            # the project's own place (its git hooks, its .claude/settings.json): content computed there is the
            # user's project being set up, a note, as the Python analyser has it; outside the project a warning
            severity = "note"
        if (
            severity != "error"
            and what == "content the script computes"
            and self._settings_without_runners(target, payload)
        ):
            severity, what = "note", "settings the script computes (no hook, command or server key)"
        dressed = ""
        sourced = next(
            (p for p in self.harmful_scripts if said and p.removeprefix("~/") in said.replace("\\", "/")), None
        )
        if severity != "error" and sourced is not None:
            severity, dressed = "error", f", which runs {sourced}, written with {self.harmful_scripts[sourced]}"
        if severity != "error" and target.startswith(("~", "/")) and (vendor := disguised_job(target)):
            severity, dressed = "error", f", under a name dressed as the system's own ({vendor}…) to pass unnoticed"
        if (
            severity != "error"
            and AGENT_CONFIG.search(target)
            and target.endswith((".json", ".jsonc", ".toml", ".yml", ".yaml"))
            and (hook := self._stdin_sender()) is not None
        ):
            # settings built by merging (the hook pushed into the user's list): the command the script built is known
            severity, dressed = "error", f", with a hook command that sends what the agent hands it to {hook}"
        self.add(
            PERSIST,
            f"writes {what} to {safe_line(target, limit=80)}, which runs again later on its own (line {self.line(node)})"
            + dressed,
            node,
            None if severity == "error" else severity,
        )

    def _stdin_sender(self) -> str | None:
        """The foreign host a command text the script built sends its standard input to (``curl --data-binary @-
        https://…``, ``| nc host``), or None: as an agent hook's command, that input is the user's prompt or a tool
        call."""
        from skillscope.audit.behavior.cooccur import well_known

        for val in self.env.values():
            text = val.text
            if not text or UNKNOWN in text or len(text) > 4000 or not _STDIN_SEND.search(text):
                continue
            host = next((url_host_of(u) for u in re.findall(r"https?://[^\s'\"`]+", text)), None)
            if host and not well_known(host) and not is_local_host(host):
                return host
        return None

    def _settings_without_runners(self, target: str, payload: Val | None) -> bool:
        """A project's own agent settings written with content the script computes, where neither the script nor any
        file the skill ships names a key that makes the client run something (a hook, a status line, a helper
        command, a server): the write can change permissions or options, never what starts on its own. A grant in
        it is judged as a grant."""
        if AGENT_CONFIG.search(target) is None or target.startswith(("~", "/", "$", "%")) or ".." in target:
            return False
        if payload is not None and (payload.fetched or payload.decoded or payload.taint):
            return False
        shipped = [text for name, text in self.ctx.skill_files.items() if not name.lower().endswith((".md", ".txt"))]
        return not any(_RUNNER_KEY.search(text) for text in (self.ctx.text, *shipped))

    # --- statements ------------------------------------------------------------------------
    def bind(self, target: tree_sitter.Node | None, val: Val) -> None:
        if target is None:
            return
        kind = target.type
        if kind in ("identifier", "shorthand_property_identifier_pattern"):
            self.env[self.text(target)] = val
        elif kind == "object_pattern":
            for child in target.named_children:
                if child.type == "shorthand_property_identifier_pattern":
                    name = self.text(child)
                    self.env[name] = self._member(val, name, child)
                elif child.type == "pair_pattern":
                    key = child.child_by_field_name("key")
                    keytext = (
                        unescape(key, self.data)
                        if key is not None and key.type == "string"
                        else (self.text(key) if key is not None else "")
                    )
                    self.bind(child.child_by_field_name("value"), self._member(val, keytext, child))
                elif child.type == "object_assignment_pattern":
                    left = child.child_by_field_name("left")
                    if left is not None:
                        self.env[self.text(left)] = self._member(val, self.text(left), child)
                elif child.type == "rest_pattern":
                    for sub in child.named_children:
                        self.bind(sub, val)
        elif kind == "array_pattern":
            for index, child in enumerate(target.named_children):
                item = val.items[index] if val.items is not None and index < len(val.items) else merge(val)
                if val.items is None:
                    item.fetched, item.ref = val.fetched, None
                self.bind(child, item)
        elif kind == "assignment_pattern":
            self.bind(target.child_by_field_name("left"), val)
        elif kind in ("required_parameter", "optional_parameter"):
            self.bind(target.child_by_field_name("pattern"), val)
        elif kind == "member_expression":
            obj = target.child_by_field_name("object")
            prop = target.child_by_field_name("property")
            holder = self.ev(obj)
            name = self.text(prop) if prop is not None else ""
            if holder.fields is not None:
                holder.fields[name] = val
            elif holder.ref == "\x00socket" and name == "src" or (name == "src" and holder.ref in ("\x00image",)):
                pass
            if name in ("src", "href") and (val.taint or carried(val).taint):
                self._note_send(target, val.text, [val], [])
            if obj is not None and obj.type == "identifier" and holder.fields is None and carried(val).taint:
                current = self.env.get(self.text(obj))
                if current is not None and current.ref is None and current.func is None:
                    current.taint = current.taint or carried(val).taint
            if self.text(target) in ("module.exports", "exports"):
                return
        elif kind == "subscript_expression":  # ctx[k] = v: the object now holds v under a key known or not
            obj = target.child_by_field_name("object")
            holder = self.ev(obj)
            said = self.ev(target.child_by_field_name("index")).text
            if said is not None and UNKNOWN not in said and APPROVE_ALL_KEY.search(f'"{said}": {val.text or ""}'):
                # settings[key] = true with the key computed ("chat.tools." + "autoApprove"): a grant spelt in pieces
                self.granted.append((said, self.line(target)))
            if holder.fields is not None and len(holder.fields) < 64:
                holder.fields[said if said is not None and UNKNOWN not in said else f"\x00[{len(holder.fields)}]"] = val
            elif obj is not None and obj.type == "identifier" and carried(val).taint:
                current = self.env.get(self.text(obj))
                if current is not None and current.ref is None and current.func is None:
                    current.taint = current.taint or carried(val).taint

    def params(self, func: tree_sitter.Node) -> list[tree_sitter.Node]:
        single = func.child_by_field_name("parameter")
        if single is not None:
            return [single]
        params = func.child_by_field_name("parameters")
        return [p for p in params.named_children if p.type != "comment"] if params is not None else []

    def visit(self, root: tree_sitter.Node) -> None:
        stack = [root]
        while stack:
            node = stack.pop()
            kind = node.type
            if kind in _FUNCTIONS or kind in ("function_declaration", "generator_function_declaration"):
                preset = self.preset.pop(node.id, None)
                for index, param in enumerate(self.params(node)):
                    self.bind(param, preset if preset is not None and index == 0 else Val())
            elif kind == "variable_declarator":
                value = node.child_by_field_name("value")
                if value is not None:
                    self.bind(node.child_by_field_name("name"), self.ev(value))
                    # The value's own calls are judged when the walk reaches them: skip re-evaluating sinks twice.
                    stack.extend([value] if value.type in _FUNCTIONS else self._nested(value))
                    continue
            elif kind == "assignment_expression":
                left = node.child_by_field_name("left")
                right = node.child_by_field_name("right")
                self.bind(left, self.ev(right))
                if right is not None:
                    stack.extend([right] if right.type in _FUNCTIONS else self._nested(right))
                continue
            elif kind == "augmented_assignment_expression":
                target = node.child_by_field_name("left")
                grown = merge(self.ev(target), self.ev(node.child_by_field_name("right")))
                if target is not None and target.type == "identifier":
                    self.env[self.text(target)] = grown
            elif kind in ("for_in_statement",):
                source = self.ev(node.child_by_field_name("right"))
                operator = node.child_by_field_name("operator")
                each = operator is not None and self.text(operator) == "of" and source.items and source.ref is None
                # for (const h of HOSTS): the body runs with each item in turn, so any of them
                self.bind(
                    node.child_by_field_name("left"), _one_of(source, source.items or []) if each else carried(source)
                )
            elif kind == "import_statement":
                self._import(node)
            elif kind in ("call_expression", "new_expression"):
                self.ev(node)
                stack.extend(self._nested(node))
                continue
            elif kind == "return_statement" and self.current:
                value = node.named_children[0] if node.named_children else None
                if value is not None:
                    got = self.ev(value)
                    # an object the function filled (ctx[k] = v over the environment) carries what it holds
                    if got.taint or got.fetched or got.decoded or got.text or carried(got).taint:
                        self.summary.returns.setdefault(self.current, got)
            stack.extend(reversed(node.children))

    def _nested(self, node: tree_sitter.Node) -> list[tree_sitter.Node]:
        """The parts of a call to walk after the call itself was judged: nested calls and function bodies."""
        out: list[tree_sitter.Node] = []
        todo = list(node.children)
        while todo:
            child = todo.pop()
            if child.type in ("call_expression", "new_expression"):
                # judged as part of its parent's value already; walk only its own nested functions
                todo.extend(child.children)
                continue
            if child.type in _FUNCTIONS:
                out.append(child)
                continue
            todo.extend(child.children)
        return out

    def _import(self, node: tree_sitter.Node) -> None:
        source = node.child_by_field_name("source")
        if source is None:
            return
        module = module_name(unescape(source, self.data))
        clause = next((c for c in node.named_children if c.type == "import_clause"), None)
        if clause is None:
            return
        for child in clause.named_children:
            if child.type == "identifier":
                self.env[self.text(child)] = Val(ref=module)
            elif child.type == "namespace_import":
                for sub in child.named_children:
                    self.env[self.text(sub)] = Val(ref=module)
            elif child.type == "named_imports":
                for spec in child.named_children:
                    name = spec.child_by_field_name("name")
                    alias = spec.child_by_field_name("alias") or name
                    if name is not None and alias is not None:
                        self.env[self.text(alias)] = Val(ref=f"{module}.{self.text(name)}")

    def _function_nodes(self) -> list[tuple[str, tree_sitter.Node]]:
        out = []
        for node in walk(self.tree.root_node):
            if node.type in ("function_declaration", "generator_function_declaration"):
                name = node.child_by_field_name("name")
                if name is not None:
                    out.append((self.text(name), node))
            elif node.type == "variable_declarator":
                value = node.child_by_field_name("value")
                name = node.child_by_field_name("name")
                if (
                    value is not None
                    and name is not None
                    and name.type == "identifier"
                    and value.type in ("arrow_function", "function_expression", "function")
                ):
                    out.append((self.text(name), value))
            elif node.type == "method_definition":
                name = node.child_by_field_name("name")
                if name is not None:
                    out.append((self.text(name), node))
        return out

    def run(self) -> None:
        functions = self._function_nodes()
        self.functions = dict(functions)
        self.local_names = {node.id: name for name, node in functions}
        self.visit(self.tree.root_node)
        self.preset.clear()
        # 1. What each function sends of its parameters and returns, twice so helpers calling helpers settle.
        for _ in range(2):
            for name, func in functions:
                saved = dict(self.env)
                self.current = name
                for index, param in enumerate(self.params(func)):
                    self.bind(param, Val(taint=Taint(f"argument {index}", 0, f"\x00param:{index}")))
                body = func.child_by_field_name("body")
                if body is not None:
                    if body.type not in ("statement_block", "class_body"):
                        got = self.ev(body)
                        if got.taint or got.fetched or got.decoded or got.text:
                            self.summary.returns.setdefault(name, got)
                    self.visit(body)
                self.current = None
                self.env = saved
        # A return built from a parameter says nothing of the caller's secret; but text the helper decodes or
        # downloads (out += String.fromCharCode(bytes[i] ^ KEY)) is decoded whatever it was given.
        returns: dict[str, Val] = {}
        for key, val in self.summary.returns.items():
            if not (val.taint and (val.taint.name or "").startswith("\x00param")):
                returns[key] = val
            elif val.decoded or val.fetched:
                returns[key] = Val(text=val.text, decoded=val.decoded, fetched=val.fetched)
        self.summary.returns = returns
        # 2. The names the file binds, then 3. the verdicts with those names known.
        self.visit(self.tree.root_node)
        self.preset.clear()
        self.report = True
        self.visit(self.tree.root_node)
        self._built_texts()
        for taint, node in self.reads:
            if taint not in self.sent and ("store" in taint.what):
                self.add(CRED_READ, taint.what, node, "note")  # read and kept: only a flow out is harm
        self._printed()

    def _built_texts(self) -> None:
        """A string the code builds from constant pieces (``'sk_live_51Hq' + '8ZkLm...'``, a template of constants,
        ``['sk_', '...'].join('')``) is read by the text rules as the literal it makes, at the expression: a key or a
        host written in pieces is the same key or host, as in Python."""
        from skillscope.audit.behavior.hosts import built_secrets  # the text rules, over the value

        said: set[tuple[str, str]] = set()
        reported: list[str] = []
        for node in walk(self.tree.root_node):
            if node.type == "call_expression":
                fn = node.child_by_field_name("function")
                receiver = fn.child_by_field_name("object") if fn is not None else None
                prop = fn.child_by_field_name("property") if fn is not None else None
                if receiver is None or prop is None or self.text(prop) != "join" or receiver.type != "array":
                    continue  # only a join of a written list: evaluating another call would judge it again
                if any(c.type not in ("string", "template_string", "identifier") for c in receiver.named_children):
                    continue
            elif node.type not in ("binary_expression", "template_string"):
                continue
            value = self.ev(node).text
            if value is None or len(value) < 16 or UNKNOWN in value or value in self.ctx.text:
                continue
            if any(done in value for done in reported):
                continue  # `Bearer ${KEY}` of a key already reported where it was built
            holder = node.parent
            while holder is not None and holder.type == "parenthesized_expression":
                holder = holder.parent
            name = holder.child_by_field_name("name") if holder is not None else None
            # const OPENAI_API_KEY = [...].join(''): read with the name it is given, as the literal would be
            text = f'{self.text(name)} = "{value}"' if name is not None and name.type == "identifier" else value
            for raw in built_secrets(text, self.ctx.path, self.ctx.text, said):
                reported.append(value)
                self.add(raw.check, f"{raw.message} (built from pieces)", node, raw.severity)

    def _printed(self) -> None:
        for node in walk(self.tree.root_node):
            if node.type != "call_expression":
                continue
            fn = node.child_by_field_name("function")
            if fn is None or self.text(fn) not in (
                "console.log",
                "console.info",
                "console.warn",
                "console.error",
                "process.stdout.write",
                "process.stderr.write",
                "print",
            ):
                continue
            pieces = [self.ev(a).text for a in self._args(node)]
            said = " ".join(p.replace(UNKNOWN, "…") for p in pieces if p)
            if said.strip():
                start, end = self.span(node)
                self.ctx.say(said, start, end)


def _from_json(text: str) -> Val | None:
    """The value a JSON text parses to, as constants (objects as fields, arrays as items), or None."""
    try:
        data = json.loads(text)
    except ValueError:
        return None

    def convert(item: object, depth: int) -> Val:
        if depth > 8:
            return Val()
        if isinstance(item, dict):
            return Val(fields={str(k): convert(v, depth + 1) for k, v in list(item.items())[:200]})
        if isinstance(item, list):
            return Val(items=[convert(v, depth + 1) for v in item[:200]])
        if isinstance(item, str):
            return Val(text=item)
        return Val(text=json.dumps(item))

    return convert(data, 0)


def dest_host(dest: str | None) -> str:
    """The host of an address when constants name it (not ``https://${host}/x``), else an empty string."""
    if not dest:
        return ""
    if "://" in dest:
        hostpart = dest.split("://", 1)[1].split("/", 1)[0]
        return "" if UNKNOWN in hostpart or not hostpart else url_host_of(dest.replace(UNKNOWN, ""))
    hostpart = dest.rsplit(":", 1)[0] if ":" in dest else dest
    return "" if UNKNOWN in hostpart or "/" in hostpart else hostpart.lower()


def index_taint(vals: list[Val], index: int) -> int | None:
    val = carried(vals[index]) if index < len(vals) else Val()
    if val.taint and (val.taint.name or "").startswith("\x00param"):
        return int((val.taint.name or "0").rsplit(":", 1)[-1])
    return None


def unescape_one(raw: str) -> str:
    import codecs

    try:
        return codecs.decode(raw, "unicode_escape") if raw[1:2] in "xunrtbfv0" else raw[1:]
    except UnicodeDecodeError:
        return raw[1:]


def _splits(text: str) -> bool:
    try:
        shlex.split(text)
    except ValueError:
        return False
    return True


def scan_javascript(ctx: Ctx, language: str = "javascript") -> None:
    """Run the JavaScript (or TypeScript, ``language="typescript"``) analyser over ``ctx.text``."""
    grammar = _grammar(ctx, language)
    tree, data = parse(grammar, ctx.text)
    if grammar == "typescript" and tree.root_node.has_error:
        other, other_data = parse("tsx", ctx.text)
        if not other.root_node.has_error:
            tree, data = other, other_data
    _Analyser(ctx, tree, data).run()


def private_leaves(taint: Taint, where: str) -> bool:
    """Whether a private file's content sent to ``where`` leaves the user: a host the script names, not the user's
    machine and not the service of the tool whose file it is."""
    host = url_host_of(where) if "://" in where else ""
    if not host or "\x00" in host or "…" in host or is_local_host(host):
        return False
    return not (taint.name and related_host(taint.name, host))


def _one_setting(held: Val, key: str, node: tree_sitter.Node) -> bool:
    """Whether ``held[key]`` picks one setting out of a private file's parsed content (``cfg.profile``,
    ``cfg["endpoint"]``): a key that names no secret, read as a value rather than called as a method."""
    taint = held.taint
    if taint is None or not taint.private or not key or UNKNOWN in key or SECRET_NAME.search(key):
        return False
    return node.parent is None or node.parent.type != "call_expression"
