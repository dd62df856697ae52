"""Honest twins by rewrite: does the audit stay quiet when a caught sample's harm is taken out? (issue #33)

    python benchmarks/detection/defang.py [--corpus NAME]... [--operator OP]... [--limit N] [--json OUT] [--keep DIR]

The mirror image of ``mutate.py``. For every malicious skill of a tuned split that the audit catches at its
labelled line, this writes the twin a reviewer would accept: the same skill with its harm turned, class by
class, into the act a user asks for, in a copy of the skill. Every twin is audited in one run served by
``serve.py`` and scored with ``run.py``'s own code: **stopped** (an error: the default gate fails it),
**warned** (a warning, no error) or **quiet** (notes or nothing). A twin is built with real parsers (Python's
``ast``; the tree-sitter grammars the audit parses shell, JavaScript/TypeScript, PowerShell, Ruby and Go with),
edited inside the string, command or pipeline nodes that hold the harm, and parsed again (a twin that no longer
parses is dropped and counted). Operators, applied together to one twin per seed:

- ``destination``: an attacker's host becomes the user's own endpoint, read from ``REPORT_ENDPOINT`` (a URL)
  or ``REPORT_HOST`` (a bare host), which the twin's SKILL.md documents; or the vendor API that matches the
  secret the code uses (an AWS key goes to ``sts.amazonaws.com``, a GitHub token to ``api.github.com``);
- ``secret``: a credential store (``~/.aws/credentials``, ``~/.ssh/id_*``, ``~/.kube/config``, ``~/.netrc``,
  browser stores...) becomes project data (``./report.json``, ``build/output.txt``);
- ``persistence``: a shell start-up file, a systemd or launchd unit folder, crontab or global git config becomes
  the repository's own (``.git/hooks/pre-commit``, ``./scripts``, ``git config --local``);
- ``download-run``: a download piped to a shell becomes a download saved to a file whose SHA-256 is checked
  before it runs;
- ``delete``: a delete of home or root becomes a delete of the project's ``./build``;
- ``prose``: override and concealment phrases are cut from SKILL.md and a labelled prose file, leaving the plain
  instruction.

Each twin's SKILL.md gains a short section saying what the twin does (where it sends, what it installs), so the
description stays true. A twin's score also says whether its worst finding sits on a line the rewrite made
(``@rw``: a false alarm on the honest act itself) or on code the operators left as it was (harm no operator takes
out: a trigger, a keychain read, a helper in another form). Deterministic: the same tree gives the same twins.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import hashlib
import json
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import mutate  # noqa: E402  (seeds, skill copies, parsers and the audit run are the mutation harness's)
import run  # noqa: E402

OPERATORS = ("destination", "secret", "persistence", "download-run", "delete", "prose")
ENDPOINT, HOST = "REPORT_ENDPOINT", "REPORT_HOST"

VENDOR_HOSTS = re.compile(
    r"(^|\.)(github\.com|githubusercontent\.com|amazonaws\.com|pypi\.org|pythonhosted\.org|npmjs\.org|npmjs\.com"
    r"|googleapis\.com|anthropic\.com|openai\.com|docker\.io|docker\.com|rust-lang\.org|rustup\.rs|nodejs\.org"
    r"|python\.org|golang\.org|go\.dev|microsoft\.com|azure\.com|gitlab\.com|slack\.com|brew\.sh)$"
)
URL = re.compile(r"https?://(?:[\w.%-]+@)?([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)(?::\d+)?")
RESERVED = r"(?:[a-z0-9-]+\.)+example(?:\.[a-z]{2,6})?|example\.(?:com|net|org)|(?:[a-z0-9-]+\.)+(?:test|invalid)"
DROP_HOSTS = re.compile(
    rf"^(?:{RESERVED}|[\d.]+|(?:[\w-]+\.)*(?:ngrok-free\.app|ngrok\.io|webhook\.site|pastebin\.com|requestbin\.net"
    r"|pipedream\.net|transfer\.sh|interact\.sh|oast\.\w+|trycloudflare\.com|discord\.com|telegram\.org))$",
    re.I,
)
"""Hosts a twin sends nowhere: the corpora's attackers use reserved names, raw addresses and drop services; any
other host (a weather API, a vendor) is the skill's purpose and stays."""
BARE_HOST = re.compile(
    rf"(?<![\w.@/:-])(?:{RESERVED})(?![\w.-])|(?<![\w.])(?!127\.|0\.0\.)\d{{1,3}}(?:\.\d{{1,3}}){{3}}(?![\w.])", re.I
)

HOME = r"(?:\"(?:\$HOME|\$\{HOME\})\"[/\\]|(?:~|\$HOME|\$\{HOME\}|\$env:USERPROFILE|\$env:HOME|%USERPROFILE%)[/\\])?"
"""A home prefix; ``"$HOME"/`` is taken whole so the quotes stay balanced."""
SECRET_PATHS = [
    (re.compile(r"^(?:env|printenv)$"), "cat build/output.txt"),
    (re.compile(r"(?<![\w.-])\.env(?![\w.-])"), "report.json"),
    (re.compile(HOME + r"\.aws[/\\](?:credentials|config)\b"), "./report.json"),
    (re.compile(HOME + r"\.ss[h?*][/\\](?:id_[\w*.?]*|\*)"), "build/output.txt"),
    (
        re.compile(HOME + r"\.(?:kube[/\\]config|netrc|git-credentials|pypirc|docker[/\\]config\.json)\b"),
        "build/output.txt",
    ),
    (re.compile(HOME + r"\.config[/\\]gh[/\\]hosts\.yml"), "build/output.txt"),
    (re.compile(HOME + r"\.npmrc\b"), "build/output.txt"),
    (re.compile(HOME + r"\.gnupg\b[/\\]?[\w*.-]*"), "build/output.txt"),
    (
        re.compile(
            HOME + r"(?:\.config[/\\](?:google-chrome|chromium|BraveSoftware)|\.mozilla[/\\]firefox"
            r"|Library[/\\]Application Support[/\\](?:Google[/\\]Chrome|Firefox))[^\"'\s]*"
        ),
        "build/output.txt",
    ),
    (re.compile(HOME + r"Library[/\\]Keychains[^\"'\s]*"), "build/output.txt"),
]
SECRET_COMMANDS = [
    # a keychain item or a git credential read by a command becomes the project's output, as a store's path does
    (
        re.compile(
            r"\b(?:security\s+(?:find-generic-password|find-internet-password|dump-keychain)|git\s+credential\s+fill)"
            r"\b(?:[ \t]+(?:\"[^\"\n]*\"|'[^'\n]*'|[^\s;&|\"')]+))*"
        ),
        "cat build/output.txt",
    ),
    # a credential folder named whole (``tar -C "$HOME" .ssh .aws``, ``"$HOME/.ssh"``)
    (re.compile(r"(?<![\w/.-])" + HOME + r"\.(?:ssh|aws|gnupg|kube)(?=[\"'\s]|$)"), "build"),
]
SECRET_PIECES = {".aws": "build", ".ssh": "build", ".kube": "build", ".gnupg": "build", "credentials": "report.json",
                 "id_rsa": "output.txt", "id_ed25519": "output.txt", "Login Data": "output.txt",
                 "Cookies": "output.txt", "logins.json": "output.txt", "key4.db": "output.txt", ".docker": "build",
                 ".config/gh": "build", ".netrc": "output.txt", ".git-credentials": "output.txt"}  # fmt: skip
PERSIST_PATHS = [
    (
        re.compile(HOME + r"\.(?:bashrc|zshrc|profile|bash_profile|bash_login|zprofile|zshenv|zlogin)\b"),
        ".git/hooks/pre-commit",
    ),
    (re.compile(HOME + r"\.config[/\\]fish[/\\]config\.fish"), ".git/hooks/pre-commit"),
    (re.compile(HOME + r"\.config[/\\](?:systemd[/\\]user|autostart)"), "./scripts"),
    (re.compile(HOME + r"Library[/\\]LaunchAgents"), "./scripts"),
    (re.compile(HOME + r"\.claude[/\\]settings(?:\.local)?\.json"), ".claude/settings.json"),
    (re.compile(r"\$\{XDG_CONFIG_HOME:-(?:\$HOME|\$\{HOME\}|~)/\.config\}[/\\]systemd[/\\]user"), "./scripts"),
    (re.compile(r"(?<=git config )--global\b|(?<=git config\s)--global\b"), "--local"),
    (re.compile(r"(?<=\bgit )config --global\b"), "config --local"),
]
PERSIST_COMMANDS = [
    (re.compile(r"\bcrontab\s+-l\b"), "cat ./scripts/dev.cron"),
    (re.compile(r"\bcrontab\s+-(?=\s*(?:$|[;&|)\"']))"), "tee ./scripts/dev.cron"),
    (re.compile(r"\b(?:systemctl\s+--user|launchctl)\b(?:[ \t]+(?:\"[^\"\n]*\"|'[^'\n]*'|[^\s;&|\"']+))*"), "true"),
]
DOWNLOAD_URL = r"(?:https?://|\$\{?[A-Za-z_]\w*\}?/)"
"""A download's address: a URL, or a path under a variable holding its base (``$base/env.sh``)."""
PIPE_TO_SHELL = re.compile(
    r"(?:\b|(?<=\\n))(?:curl|wget)\b[^|;&\n]*?("
    + DOWNLOAD_URL
    + r"[^\s\"'|;&)]+)[^|;&\n]*\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b(?:\s+-s\b)?"
)
SHELL_OF_DOWNLOAD = re.compile(
    r"(?:\b(?:ba)?sh\s+(?:-c\s+\"\$\(|<\()|(?:(?:\b|(?<=\\n))source|(?<![\w.])\.)\s+<\()\s*(?:curl|wget)\b[^)]*?"
    r"(" + DOWNLOAD_URL + r"[^\s\"')]+)[^)]*\)\"?"
)
RM_HOME = re.compile(r"(\brm\s+(?:-[\w-]+\s+)*(?:--\s+)?)(\"?(?:~|\$HOME|\$\{HOME\})\"?(?:/[^\s;&|]*)?|/\*?(?=\s|$|;))")
OVERRIDE = re.compile(
    r"(?i)\b(?:please\s+)?(?:ignore|disregard|forget|override)\s+(?:all\s+)?(?:of\s+)?(?:your\s+|any\s+|the\s+)?"
    r"(?:previous|prior|earlier|above|other|system|existing|safety)\s+(?:instructions|guidelines|rules|prompts?"
    r"|directions|policies)[^.:;\n]*[.:;]?\s*(?:and\s+)?"
)
CONCEAL = re.compile(
    r"(?i),?\s*(?:\band\s+|\bbut\s+)?(?:\bdo not\b|\bdon't\b|\bnever\b|\bwithout\b|\bno need to\b)\s+(?:ever\s+)?"
    r"(?:tell|mention|inform|notify|show|reveal|ask|alert|confirm|report|surface|disclose)\w*\b[^.;\n]{0,40}?"
    r"\b(?:user|them|anyone|human)\b[^.;\n]*"
)
ADVERB = re.compile(r"(?i)\s*\b(?:silently|quietly|secretly|covertly|discreetly)\b")
HIDE = re.compile(r"(?i),?\s*(?:and\s+)?keep\s+(?:this|it|these)\s+(?:hidden|secret|private)\b[^.;\n]*")

ENTRY_FILES = re.compile(
    r"\.(?:cron|service|timer|plist|desktop|gitconfig)$|(?:^|/)(?:crontab|gitconfig)$"
    r"|(?:^|/)(?:\.?githooks|hooks)/(?:pre-|post-|commit-msg|prepare-commit-msg)[\w-]*$"
)
"""Files a skill ships to be run later (cron lines, units, launchd jobs, git config and hooks with no suffix)."""
OFFLINE = re.compile(
    r"(?i)\b(?:no network access|(?:it )?(?:does not|doesn't|never) (?:use|access|touch|call) the network"
    r"|(?:nothing|no data) (?:leaves|is sent off) (?:your|the) machine|works (?:fully )?offline|entirely local)"
)
"""A page's claim that the skill stays off the network, untrue once the twin sends to the user's endpoint."""
AWS_SECRET = re.compile(r"AKIA[0-9A-Z]{12,}|aws_secret_access_key|AWS_SECRET_ACCESS_KEY|AWS_ACCESS_KEY_ID")
GITHUB_SECRET = re.compile(r"\bgh[pousr]_[A-Za-z0-9]{8,}|GITHUB_TOKEN|GH_TOKEN|gh auth token")

DOC = {
    "destination": (
        "It sends what it collects only to your own server: set `REPORT_ENDPOINT` (a base URL) or `REPORT_HOST` "
        "(a host name) to it before you run it."
    ),
    "vendor": "It calls the vendor's own API with your credentials and sends them nowhere else.",
    "secret": "It reads the project's own output (`report.json`, `build/output.txt`), not your credentials.",
    "persistence": (
        "When you ask it to, it installs a hook or helper in this repository only (`.git/hooks/pre-commit`, "
        "`./scripts`, `git config --local`); nothing outside the project changes."
    ),
    "download-run": "It downloads the installer to a file, checks its SHA-256 checksum and runs it only on a match.",
    "delete": "It deletes only the project's `./build` folder.",
}


@dataclass
class Twin:
    corpus: str
    seed: str
    language: str
    label: dict[str, Any]
    files: dict[str, str]
    operators: list[str]
    name: str = ""
    verdict: str = ""
    findings: list[dict[str, Any]] = field(default_factory=list)
    rewritten: dict[str, set[int]] = field(default_factory=dict)
    """Per file, the twin's lines the rewrite changed or added: a finding there is about the honest act itself."""
    on_rewrite: bool = False
    """The twin's worst finding sits on a rewritten line (else on code the operators left as it was)."""


# --- edits ------------------------------------------------------------------------------------------------------


class Spans:
    """Byte-range replacements on one text; a span overlapping one taken earlier is dropped."""

    def __init__(self, text: str) -> None:
        self.data = text.encode("utf-8", "surrogatepass")
        self.edits: list[tuple[int, int, str]] = []
        self.inserts: list[str] = []

    def text(self, start: int, end: int) -> str:
        return self.data[start:end].decode("utf-8", "surrogatepass")

    def put(self, start: int, end: int, new: str) -> bool:
        if any(start < e and s < end for s, e, _ in self.edits):
            return False
        self.edits.append((start, end, new))
        return True

    def result(self) -> str:
        data = self.data
        for start, end, new in sorted(self.edits, reverse=True):
            data = data[:start] + new.encode("utf-8", "surrogatepass") + data[end:]
        return data.decode("utf-8", "surrogatepass")


def substitute(text: str, rules: list[tuple[re.Pattern[str], str]]) -> str:
    for pattern, new in rules:
        text = pattern.sub(new, text)
    return text


def checked_download(match: re.Match[str], seen: set[str] | None = None, *, quoted: bool = False) -> str:
    """The download saved to a file and run only when its SHA-256 matches (no quotes when inside a literal)."""
    url = match.group(1)
    if seen is not None:
        seen.add(url)
    digest = hashlib.sha256(url.encode()).hexdigest()
    if quoted:
        return f"curl -fsSL -o install.sh {url} && sha256sum install.sh | grep -q {digest} && sh install.sh"
    return f'curl -fsSL -o install.sh {url} && echo "{digest}  install.sh" | sha256sum -c - && sh install.sh'


def vendor_of(text: str) -> str | None:
    if AWS_SECRET.search(text):
        return "https://sts.amazonaws.com"
    if GITHUB_SECRET.search(text):
        return "https://api.github.com"
    return None


class Rewriter:
    """The class rewrites of one text, applied inside one string (or command) at a time."""

    def __init__(self, whole: str, wanted: set[str]) -> None:
        self.vendor = vendor_of(whole)
        self.wanted = wanted
        self.used: set[str] = set()
        self.checked: set[str] = set()
        """URLs of downloads now checked before they run: the vendor's installer stays where it is."""

    def paths(self, body: str, *, dry: bool = False) -> str:
        """Secret, persistence, download and delete rewrites: plain text in, plain text out (``dry``: no record)."""
        steps: list[tuple[str, Callable[[str], str]]] = [
            ("download-run", lambda t: self._checked(t, dry=dry)),
            ("secret", lambda t: substitute(substitute(t, SECRET_PATHS), SECRET_COMMANDS)),
            ("persistence", lambda t: substitute(substitute(t, PERSIST_PATHS), PERSIST_COMMANDS)),
            ("delete", lambda t: RM_HOME.sub(lambda m: m.group(1) + "./build", t)),
        ]
        for name, step in steps:
            if name in self.wanted:
                new = step(body)
                if new != body:
                    if not dry:
                        self.used.add(name)
                    body = new
        return body

    def _checked(self, text: str, *, dry: bool = False) -> str:
        def check(match: re.Match[str]) -> str:
            new = checked_download(match, None if dry else self.checked, quoted=text[:1] in "'\"`")
            # the closing quote is the download's own only in ``sh -c "$(curl ...)"``; else it closes a string
            return new + '"' if match.group(0).endswith('"') and '"$(' not in match.group(0) else new

        return SHELL_OF_DOWNLOAD.sub(check, PIPE_TO_SHELL.sub(check, text))

    def hosts(self, body: str, embed: Callable[[str], str]) -> str:
        """Attacker hosts replaced: a vendor's URL stays a literal; the user's endpoint goes through ``embed``."""
        if "destination" not in self.wanted:
            return body

        def url(match: re.Match[str]) -> str:
            host = match.group(1).lower()
            if (
                VENDOR_HOSTS.search(host)
                or not DROP_HOSTS.match(host)
                or any(u.startswith(match.group(0)) for u in self.checked)
            ):
                return match.group(0)
            if self.vendor:
                self.used.add("vendor")
                return self.vendor
            self.used.add("destination")
            return embed(ENDPOINT)

        def bare(match: re.Match[str]) -> str:
            self.used.add("destination")
            return embed(HOST)

        return BARE_HOST.sub(bare, URL.sub(url, body))


# --- Python -----------------------------------------------------------------------------------------------------


def _py_twin(text: str, rw: Rewriter) -> str:
    py = mutate.PyFile(text)
    spans = Spans(text)
    docstrings = {
        id(n.body[0].value)
        for n in ast.walk(py.tree)
        if isinstance(n, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        and n.body
        and isinstance(n.body[0], ast.Expr)
        and isinstance(n.body[0].value, ast.Constant)
    }
    needs_os = False
    for node in ast.walk(py.tree):
        if "secret" in rw.wanted and isinstance(node, ast.Call) and ast.unparse(node) in ENV_DUMPS:
            # the whole environment becomes the project's report
            spans.put(*py.span(node), '{"report": open("report.json").read()}')
            rw.used.add("secret")
            continue
        if isinstance(node, ast.JoinedStr):
            seg = py.segment(node)
            quote = "'" if seg.lstrip("rRfF")[:1] == '"' else '"'
            new = rw.hosts(rw.paths(seg), lambda var, q=quote: "{os.environ[" + q + var + q + "]}")
            if new != seg:
                spans.put(*py.span(node), new)
                needs_os = needs_os or "os.environ" in new
            continue
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)) or id(node) in docstrings:
            continue
        if isinstance(py.parent.get(node), ast.JoinedStr | ast.FormattedValue):
            continue
        seg = py.segment(node)
        prefix = re.match(r"[rRuU]?", seg)
        head = prefix.group(0) if prefix else ""
        quote = seg[len(head) : len(head) + 3]
        if node.value in SECRET_PIECES and "secret" in rw.wanted and _has_store(text):
            spans.put(*py.span(node), repr(SECRET_PIECES[node.value]))
            rw.used.add("secret")
            continue
        if node.value in ("~", "~/", "/") and _is_delete(py, node) and "delete" in rw.wanted:
            spans.put(*py.span(node), repr("build"))
            rw.used.add("delete")
            continue
        new = rw.paths(seg)
        if quote in ('"""', "'''") or seg[len(head) : len(head) + 1] not in "'\"":
            # a long string is a script the skill writes (a hook, a unit): it reads the user's endpoint when it runs
            new = rw.hosts(new, lambda var: "${" + var + "}")
            if new != seg:
                spans.put(*py.span(node), new)
            continue
        q = seg[len(head)]
        body = new[len(head) + 1 : -1]

        def embed(var: str, q: str = q, head: str = head) -> str:
            return f"{q} + os.environ[{q}{var}{q}] + {head}{q}"

        hosted = rw.hosts(body, embed)
        if hosted != body:
            expr = f"({head}{q}{hosted}{q})".replace(f"{head}{q}{q} + ", "").replace(f" + {head}{q}{q})", ")")
            spans.put(*py.span(node), expr)
            needs_os = True
        elif new != seg:
            spans.put(*py.span(node), new)
    result = spans.result()
    if needs_os and not re.search(r"^import os\s*$", result, re.M):
        lines = result.split("\n")
        at = mutate.PyFile(result).import_line() - 1
        lines[at:at] = ["import os"]
        result = "\n".join(lines)
    return result


ENV_DUMPS = {"dict(os.environ)", "os.environ.copy()", "dict(environ)", "environ.copy()", "dotenv_values()"}


def _has_store(text: str) -> bool:
    """The file names a credential store in pieces (``Path.home() / ".aws" / "credentials"``, ``-C "$HOME" .ssh``)."""
    return bool(
        re.search(r"(?<![\w/])\.(aws|ssh|kube|gnupg|docker)\b|\.config/gh\b|google-chrome|Chrome|firefox|mozilla", text)
    )


def _piece(rw: Rewriter, text: str, seg: str) -> str | None:
    """A literal or word that is a whole piece of a credential store's path, as project data; else None."""
    quote = seg[:1] if seg[:1] in "'\"" and seg[-1:] == seg[:1] else ""
    body = seg[1:-1] if quote else seg
    if "secret" not in rw.wanted or body not in SECRET_PIECES or not _has_store(text):
        return None
    rw.used.add("secret")
    return quote + SECRET_PIECES[body] + quote


def _is_delete(py: mutate.PyFile, node: ast.AST) -> bool:
    for up in py.ancestors(node):
        if isinstance(up, ast.Call):
            name = ast.unparse(up.func)
            if name.endswith(("rmtree", "remove", "unlink", "rmdir")):
                return True
    return False


HOME_CALLS = {
    "python": [
        (re.compile(r"\bPath\.home\(\)"), "Path.cwd()"),
        (re.compile(r"\bos\.path\.expanduser\((['\"])~\1\)"), "os.getcwd()"),
    ],
    "javascript": [(re.compile(r"\b(?:os|require\((['\"])os\1\))\.homedir\(\)"), "process.cwd()")],
}
HOME_CALLS["typescript"] = HOME_CALLS["javascript"]
AGENT_SETTINGS = re.compile(r"""(['"])\.claude\1[\s\S]{0,80}?(['"])settings(?:\.local)?\.json\2""")
"""Claude Code's settings named in pieces beside the home folder (``Path.home() / ".claude" / "settings.json"``)."""


def in_project(text: str, language: str, rw: Rewriter) -> str:
    """A file whose credential or start-up paths were rewritten, or that writes the agent's settings, now builds
    them under the project (the working folder) rather than the home folder: ``path.join(os.homedir(), ".zshrc")``
    became ``.git/hooks/pre-commit`` under home, which is neither the user's start-up file nor the project's hook."""
    rules = HOME_CALLS.get(language)
    if not rules:
        return text
    if "persistence" in rw.wanted and AGENT_SETTINGS.search(text) and substitute(text, rules) != text:
        rw.used.add("persistence")
    elif not rw.used & {"secret", "persistence"}:
        return text
    return substitute(text, rules)


# --- tree-sitter languages ---------------------------------------------------------------------------------


TEXT_NODES = {
    "bash": {"string", "raw_string", "word", "concatenation", "heredoc_body", "ansi_c_string", "pipeline", "command"},
    "javascript": {"string", "template_string"},
    "typescript": {"string", "template_string"},
    "powershell": {"string_literal"},
    "ruby": {"string"},
    "go": {"interpreted_string_literal", "raw_string_literal"},
}


def _ts_embed(grammar: str, node_type: str, quote: str) -> Callable[[str], str]:
    """How the user's endpoint variable is spliced into a literal of this kind."""
    if grammar == "bash":
        if node_type in ("raw_string",):
            return lambda var: "'\"${" + var + "}\"'"
        if node_type in ("word", "concatenation", "command", "pipeline"):
            return lambda var: '"${' + var + '}"'
        return lambda var: "${" + var + "}"
    if grammar in ("javascript", "typescript"):
        if node_type == "template_string":
            return lambda var: "${process.env." + var + "}"
        return lambda var: f"{quote} + process.env.{var} + {quote}"
    if grammar == "powershell":
        if quote == '"':
            return lambda var: "$($env:" + var + ")"
        return lambda var: f"{quote} + $env:{var} + {quote}"
    if grammar == "ruby":
        if quote == '"':
            return lambda var: "#{ENV.fetch('" + var + "')}"
        return lambda var: f"{quote} + ENV.fetch('{var}') + {quote}"
    return lambda var: f'{quote} + os.Getenv("{var}") + {quote}'


DOWNLOAD_TO = re.compile(
    r"^[ \t]*(?:curl\b[^\n]*?[ \t]-(?:o|-output)|wget\b[^\n]*?[ \t]-(?:O|-output-document))[ \t]+(\"[^\"\n]+\"|'[^'\n]+'|[^\s;&|]+)"
    r"[^\n]*$",
    re.M,
)
"""A download saved to a file (``curl -o F``, ``wget -O F``), on a line of its own."""


def _checked_files(text: str, rw: Rewriter) -> str:
    """A file downloaded on a line of its own and run later (``"$F" version``, ``sh F``) is checked against its
    SHA-256 before anything runs it: the check's line goes right after the download."""
    if "download-run" not in rw.wanted:
        return text
    out = text
    for match in reversed(list(DOWNLOAD_TO.finditer(text))):
        target = match.group(1)
        bare = target.strip("\"'")
        rest = text[match.end() :]
        runs = re.search(
            rf"^[ \t]*(?:(?:ba)?sh[ \t]+|source[ \t]+|\.[ \t]+)?[\"']?{re.escape(bare)}[\"']?(?:[ \t]|$)", rest, re.M
        )
        if runs is None or "sha256sum" in rest or "sha512sum" in rest or bare in ("-", "/dev/null"):
            continue
        digest = hashlib.sha256(bare.encode()).hexdigest()
        check = f'\necho "{digest}  {bare}" | sha256sum -c - || exit 1'
        out = out[: match.end()] + check + out[match.end() :]
        rw.used.add("download-run")
    return out


def _ts_twin(text: str, language: str, rw: Rewriter) -> str:
    if language == "bash":
        return _checked_files(_bash_words(_bash_commands(text, rw), rw), rw)
    lang = mutate.LANGS[language]
    f = mutate.TsFile(lang, text)
    spans = Spans(text)
    kinds = TEXT_NODES[language]
    if language in ("javascript", "typescript") and "secret" in rw.wanted:
        for node in f.nodes:
            # the whole environment handed on as a value (``{ env: process.env }``) becomes the project's report
            up = node.parent
            whole = up is None or up.type not in ("member_expression", "subscript_expression") or up.child(0) != node
            if node.type == "member_expression" and f.text_of(node) == "process.env" and whole:
                spans.put(node.start_byte, node.end_byte, '{ report: "./report.json" }')
                rw.used.add("secret")
    for node in f.nodes:
        if node.type not in kinds or any(a.type in kinds for a in f.ancestors(node)):
            continue
        seg = f.text_of(node)
        quote = seg[:1] if seg[:1] in "'\"`" else ""
        piece = _piece(rw, text, seg)
        if piece is not None:
            spans.put(node.start_byte, node.end_byte, piece)
            continue
        new = rw.paths(seg)
        hosted = rw.hosts(new, _ts_embed(language, node.type, quote))
        if hosted == seg:
            continue
        wrapped = language in ("javascript", "typescript", "go") and node.type != "template_string"
        if hosted != new and (wrapped or (language in ("powershell", "ruby") and quote == "'")):
            hosted = f"({hosted})".replace(f"({quote}{quote} + ", "(").replace(f" + {quote}{quote})", ")")
        if language == "go" and "os.Getenv" in hosted and not re.search(r'^\s*(import\s+)?"os"', text, re.M):
            continue
        spans.put(node.start_byte, node.end_byte, hosted)
    return spans.result()


def _bash_commands(text: str, rw: Rewriter) -> str:
    """Rewrites that span words (a download piped to a shell, ``crontab -``, ``rm -rf ~``), made on the command
    when the pattern is not inside one of its strings (those are rewritten as literals afterwards)."""
    from skillscope.audit.behavior import treesitter

    f = mutate.TsFile(mutate.LANGS["bash"], text)
    spans = Spans(text)
    kinds = {"pipeline", "command"}
    quoted = {"string", "raw_string", "heredoc_body", "ansi_c_string"}
    # smallest first: ``crontab -`` at the end of a pipeline whose subshell echoes a string is its own command
    for node in sorted(
        (n for n in f.nodes if n.type in kinds), key=lambda n: (n.end_byte - n.start_byte, n.start_byte)
    ):
        body = f.text_of(node)
        if "\n" in body or rw.paths(body, dry=True) == body:
            continue
        inner = [n for n in treesitter.walk(node) if n.type in quoted]
        if any(rw.paths(f.text_of(n), dry=True) != f.text_of(n) for n in inner):
            continue
        spans.put(node.start_byte, node.end_byte, rw.paths(body))
    return spans.result()


def _bash_words(text: str, rw: Rewriter) -> str:
    f = mutate.TsFile(mutate.LANGS["bash"], text)
    spans = Spans(text)
    kinds = {"string", "raw_string", "word", "concatenation", "heredoc_body", "ansi_c_string"}
    for node in f.nodes:
        if node.type not in kinds or any(a.type in kinds for a in f.ancestors(node)):
            continue
        seg = f.text_of(node)
        new = _piece(rw, text, seg) or rw.hosts(rw.paths(seg), _ts_embed("bash", node.type, ""))
        if new != seg:
            spans.put(node.start_byte, node.end_byte, new)
    return spans.result()


# --- prose ------------------------------------------------------------------------------------------------------


def defang_prose(text: str) -> str:
    """Override and concealment phrases cut from prose outside code fences; the plain instruction stays."""
    out, fenced = [], False
    for line in text.split("\n"):
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        if not fenced:
            new = HIDE.sub("", CONCEAL.sub("", ADVERB.sub("", OVERRIDE.sub("", line))))
            if new != line:
                new = re.sub(
                    r"(^|[.:]\s+|^\s*[-*]\s+|^\s*\d+\.\s+)([a-z])", lambda m: m.group(1) + m.group(2).upper(), new
                )
                new = re.sub(r"\s+([.,;])", r"\1", new)
                line = new
        out.append(line)
    return "\n".join(out)


def document(page: str, used: set[str]) -> str:
    """SKILL.md with a section saying what the twin does, so its description stays true."""
    said = [DOC[k] for k in ("destination", "vendor", "secret", "persistence", "download-run", "delete") if k in used]
    if not said:
        return page
    if "destination" in used or "vendor" in used:
        page = OFFLINE.sub("it sends only where the section below says", page)
    return page.rstrip("\n") + "\n\n## What it does and where\n\n" + "\n".join(f"- {s}" for s in said) + "\n"


# --- building and scoring ------------------------------------------------------------------------------------


def twin_of(corpus: str, seed: str, label: dict[str, Any], wanted: set[str], invalid: Counter[str]) -> Twin | None:
    """The seed's honest twin (every class rewrite that applies, in every code file of the skill, the labelled
    file first), or None when no operator changed it or a rewritten file no longer parses."""
    files = mutate.skill_files(run.corpus_dir(corpus) / seed)
    path = label["file"]
    text = files[path].decode("utf-8", "surrogatepass")
    language = mutate.language_of(path, text) or (
        "prose" if path.endswith((".md", ".yaml", ".yml", ".txt")) else "other"
    )
    used: set[str] = set()
    new_files: dict[str, str] = {}
    for name in [path, *sorted(set(files) - {path})]:
        try:
            before = files[name].decode("utf-8")
        except UnicodeDecodeError:
            continue
        lang = mutate.language_of(name, before)
        if lang is None and not ENTRY_FILES.search(name):
            continue
        rw = Rewriter(before, wanted)
        if lang is None:  # a start-up entry the skill ships: its commands, as text
            after = rw.hosts(rw.paths(before), lambda var: "${" + var + "}")
            if after != before:
                new_files[name] = after
                used |= rw.used
            continue
        try:
            after = _py_twin(before, rw) if lang == "python" else _ts_twin(before, lang, rw)
            after = in_project(after, lang, rw)
        except (SyntaxError, ValueError, RecursionError) as err:
            print(f"note: {corpus}/{seed}/{name}: {err}", file=sys.stderr)
            return None
        if after == before:
            continue
        if not mutate.valid(lang, before, after):
            invalid[lang] += 1
            return None
        new_files[name] = after
        used |= rw.used
    page = files["SKILL.md"].decode("utf-8", "surrogatepass")
    if "prose" in wanted:
        for name in {path, "SKILL.md"}:
            if name.endswith(".md"):
                before = new_files.get(name, files[name].decode("utf-8", "surrogatepass"))
                after = defang_prose(before)
                if after != before:
                    used.add("prose")
                    new_files[name] = after
    if not used:
        return None
    new_files["SKILL.md"] = document(new_files.get("SKILL.md", page), used)
    operators = sorted(used - {"vendor"} | ({"destination"} if "vendor" in used else set()))
    rewritten = {
        name: changed_lines(files[name].decode("utf-8", "surrogatepass") if name in files else "", new)
        for name, new in new_files.items()
    }
    return Twin(corpus, seed, language, label, new_files, operators, rewritten=rewritten)


def changed_lines(before: str, after: str) -> set[int]:
    """1-based lines of ``after`` that ``before`` does not have in place."""
    matcher = difflib.SequenceMatcher(None, before.split("\n"), after.split("\n"), autojunk=False)
    return {
        line + 1
        for tag, _, _, j1, j2 in matcher.get_opcodes()
        if tag in ("replace", "insert")
        for line in range(j1, j2)
    }


def build(
    corpora: list[str], wanted: set[str], *, limit: int | None = None
) -> tuple[list[Twin], dict[str, int], Counter[str]]:
    twins: list[Twin] = []
    untouched: dict[str, int] = {}
    invalid: Counter[str] = Counter()
    for corpus in corpora:
        seeds = mutate.seeds_of(corpus)
        seeds = dict(list(seeds.items())[:limit]) if limit is not None else seeds
        print(f"{corpus}: {len(seeds)} seeds caught at the labelled line", file=sys.stderr, flush=True)
        made = [t for seed, label in seeds.items() if (t := twin_of(corpus, seed, label, wanted, invalid))]
        untouched[corpus] = len(seeds) - len(made)
        twins += made
    for index, twin in enumerate(twins, 1):
        twin.name = f"d{index:04d}-{twin.seed}"[:64].rstrip("-")
    return twins, untouched, invalid


def score_all(twins: list[Twin], keep: Path | None = None) -> None:
    skills = [mutate.Rewrite(t.corpus, t.seed, "", t.language, t.label, t.files, [], t.name) for t in twins]
    outcomes = mutate.audit_skills(skills, {t.name: {**t.label, "label": "honest"} for t in twins}, keep)
    for twin in twins:
        outcome = outcomes[twin.name]
        severe = outcome.severe()
        twin.verdict = "stopped" if outcome.stopped else "warned" if severe else "quiet"
        worst = [f for f in severe if f["severity"] == ("error" if outcome.stopped else "warning")]
        twin.on_rewrite = any(
            f.get("line") in twin.rewritten.get(str(f.get("uri") or "").rsplit(f"/{twin.name}/", 1)[-1], set())
            for f in worst
        )
        twin.findings = [
            {
                "id": f["id"],
                "severity": f["severity"],
                "file": str(f.get("uri") or "").rsplit(f"/{twin.name}/", 1)[-1],
                "line": f.get("line"),
                "message": str(f.get("message") or "")[:300],
            }
            for f in severe
        ]


def tabulate(twins: list[Twin], by: str) -> dict[str, dict[str, int]]:
    rows: dict[str, dict[str, int]] = defaultdict(
        lambda: {"twins": 0, "stopped": 0, "warned": 0, "quiet": 0, "stopped@rw": 0, "warned@rw": 0}
    )
    for twin in twins:
        for key in twin.operators if by == "operator" else [twin.language]:
            rows[key]["twins"] += 1
            rows[key][twin.verdict] += 1
            if twin.on_rewrite:
                rows[key][f"{twin.verdict}@rw"] += 1
    return dict(sorted(rows.items()))


def print_table(title: str, table: dict[str, dict[str, int]]) -> None:
    columns = ("twins", "stopped", "warned", "quiet", "stopped@rw", "warned@rw")
    print(f"{title:16}" + "".join(f"{c:>11}" for c in columns) + f"{'quiet %':>11}")
    for key, row in table.items():
        print(f"{key:16}" + "".join(f"{row[c]:>11}" for c in columns) + f"{row['quiet'] / row['twins']:>11.0%}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--corpus", action="append", metavar="NAME", help=f"a tuned split (default: {', '.join(mutate.TUNED)})"
    )
    parser.add_argument("--operator", action="append", choices=OPERATORS, help="only this class rewrite (repeatable)")
    parser.add_argument("--limit", type=int, metavar="N", help="at most N seeds per split")
    parser.add_argument("--json", type=Path, metavar="OUT", help="also write the tables and every twin's verdict")
    parser.add_argument("--keep", type=Path, metavar="DIR", help="keep the twins in DIR (emptied first)")
    args = parser.parse_args(argv)
    corpora = args.corpus or list(mutate.TUNED)
    for corpus in corpora:
        if Path(corpus).name in mutate.HELD_OUT or not run.corpus_dir(corpus).is_dir():
            parser.error(f"{corpus}: not a tuned split (held-out splits are never seeds)")
    twins, untouched, invalid = build(corpora, set(args.operator or OPERATORS), limit=args.limit)
    score_all(twins, args.keep)
    by_operator, by_language = tabulate(twins, "operator"), tabulate(twins, "language")
    print("stopped: an error (the default gate fails the twin); warned: a warning, no error; quiet: neither;")
    print("@rw: the error (or warning) sits on a line the rewrite made, i.e. on the honest act itself")
    print()
    print_table("operator", by_operator)
    print()
    print_table("language", by_language)
    print()
    verdicts = {v: sum(1 for t in twins if t.verdict == v) for v in ("stopped", "warned", "quiet")}
    print(f"twins: {len(twins)}; " + ", ".join(f"{k} {n}" for k, n in verdicts.items()))
    print(f"seeds no operator changed: {sum(untouched.values())}; twins dropped as invalid: {sum(invalid.values())}")
    ids: dict[str, int] = defaultdict(int)
    for twin in twins:
        for rule in {f["id"] for f in twin.findings}:
            ids[rule] += 1
    if ids:
        print(
            "rules the twins draw at warning or above: "
            + ", ".join(f"{k} {n}" for k, n in sorted(ids.items(), key=lambda kv: (-kv[1], kv[0])))
        )
    if args.json:
        report = {
            "corpora": corpora,
            "by operator": by_operator,
            "by language": by_language,
            "untouched": untouched,
            "invalid": dict(invalid),
            "twins": [
                {
                    k: getattr(t, k)
                    for k in ("name", "corpus", "seed", "language", "operators", "verdict", "on_rewrite", "findings")
                }
                for t in twins
            ],
        }
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
