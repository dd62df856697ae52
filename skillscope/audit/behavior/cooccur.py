"""A skill-level safety net: verdicts from what one script can do together, when the path between acts was lost.

Taint tracking follows a value as far as the grammar lets it; an opaque helper, a list walked in a loop or a temp
file named at run time breaks the path. The acts themselves still show as capabilities. This pass reads them per
script file, after every analyser and the cross-file pass, and judges by class:

- a secret or credential store read (or a string value naming one) and a send to a named host that is not the
  secret's own provider, in one script: an exfiltration error at the send line; so is a hook script that takes the
  conversation from the event its agent hands it (the prompt, a tool call, the transcript) and sends to a host that
  is not a well-known site;
- a download from a host that is not a well-known site and an interpreter run, in one script, with no download-exec
  already reported: a warning at the run line (``flows.granted`` raises it with a broad grant);
- a write to a start-up place (shell rc, cron, systemd, launchd, git hooks, agent settings) and a download, secret
  or foreign send in the same script: a persistence error at the write line;
- a write to the user's SSH config in a script that spells a ``Host *`` block with a ProxyCommand or ProxyJump: every
  later connection runs through that proxy, a persistence error at the write line.

A configuration file the skill ships and the script names (JSON, YAML, INI, TOML, ``.conf``) counts as the script's
constants for the first judgement: the credential places and the hosts it lists.

A send to ``?`` (a host from arguments, the environment or a config the user edits) names no stranger and stays
quiet, as does a provider's token sent to the provider (GITHUB_TOKEN to api.github.com, ~/.aws to amazonaws.com).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace

from skillscope.audit.behavior import treesitter
from skillscope.audit.behavior.regions import line_span
from skillscope.audit.behavior.vocab import (
    CREDENTIAL_PATH,
    DIGEST_HEX,
    INTERPRETERS,
    PERSISTENCE_PATH,
    PROMPT_TARGET,
    SECRET_NAME,
    STORE_COMMAND,
    TOKEN_COMMAND,
    WELL_KNOWN_SITES,
    credential_glob,
    endpoint_kind,
    foreign_vendor_host,
    is_public_ip,
    is_store,
    item_for_site,
    persistence_glob,
    public_service,
    related_host,
    site_of,
    url_host_of,
    vendor_of,
)
from skillscope.audit.capabilities import Capability
from skillscope.audit.findings import Hit, Severity, effective_severity
from skillscope.audit.text_scan import hit_at
from skillscope.core.textsafe import safe_line

__all__ = ["belongs", "cooccurring", "literals", "well_known"]

FLOW = "skillscope/exfiltration/data-flow"
DOWNLOAD_EXEC = "skillscope/obfuscation/download-exec"
STARTUP = "skillscope/persistence/startup"

_HOST = re.compile(r"^(?:[a-z0-9-]+\.)+[a-z][a-z0-9-]+$")
_HARMLESS = re.compile(r"\.aws/config$|\.pub$")
"""Credential places whose common use is a setting or a public half (the region, an id_rsa.pub)."""
_PROVIDERS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (re.compile(r"\.aws/|\baws\s"), ("amazonaws.com", "amazon.com", "aws.dev", "awsapps.com")),
    (re.compile(r"gcloud|application_default_credentials"), ("googleapis.com", "google.com")),
    (re.compile(r"\.azure/|\baz\s"), ("azure.com", "windows.net", "microsoftonline.com", "microsoft.com")),
    (re.compile(r"\.config/gh|\bgh\s"), ("github.com", "githubusercontent.com")),
    (re.compile(r"git-credentials|git\s+credential"), ("github.com", "gitlab.com", "bitbucket.org")),
    (re.compile(r"\.npmrc|npm\s"), ("npmjs.org", "npmjs.com")),
    (re.compile(r"\.pypirc"), ("pypi.org", "pythonhosted.org")),
    (re.compile(r"\.docker/|docker-credential"), ("docker.io", "docker.com")),
)
"""Who a credential file or token command belongs to: sending it there is its use, not a leak."""
_TEXT_RUN = re.compile(r"\b(?:(?i:eval|exec|invoke-expression|iex)|Function|runs \w+ text)\b|(?:^|\s)-c\b")
"""An executes detail that runs text, not a file (``Function`` as the JS constructor, not a shell ``function``)."""
_DATA_LIKE = re.compile(r"\.(?:json|csv|tsv|txt|md|html?|xml|ya?ml|toml|log|png|jpe?g|gif|svg|pdf|zip|tar|t?gz)$", re.I)
"""A written file that holds data a run reads (a report, a status JSON), not a program an interpreter runs."""
_GRAMMARS: Mapping[str, treesitter.Grammar] = {
    "shell": "bash",
    "javascript": "javascript",
    "typescript": "typescript",
    "powershell": "powershell",
    "ruby": "ruby",
    "go": "go",
    "perl": "perl",
}


def _joined(node: ast.expr, depth: int = 0) -> str | None:
    """The text a ``+`` of string constants makes, or None when any piece is not a constant string."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and depth < 20:
        left, right = _joined(node.left, depth + 1), _joined(node.right, depth + 1)
        return None if left is None or right is None else left + right
    return None


def literals(text: str, language: str | None) -> Iterator[tuple[int, str]]:
    """Every string value a script spells out, with its 1-based line, read with the language's grammar."""
    if language == "python":
        try:
            module = ast.parse(text)
        except (SyntaxError, ValueError, RecursionError):
            return
        for node in ast.walk(module):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                yield node.lineno, node.value
            elif isinstance(node, ast.BinOp) and (joined := _joined(node)) is not None:
                yield node.lineno, joined  # "Bash(" + "*" + ")": the text the pieces make
        return
    grammar = _GRAMMARS.get(language or "shell")
    if grammar is None:
        return
    try:
        tree, data = treesitter.parse(grammar, text)
    except Exception:  # a grammar that cannot load reads nothing here; the analysers still ran
        return
    for leaf in treesitter.walk(tree.root_node):
        kind = leaf.type
        if kind == "interpolated_string_literal" or (kind == "string" and language == "ruby" and leaf.child_count > 2):
            # "$home/.aws/*" in Perl, "#{home}/.ssh/id_rsa" in Ruby: the whole text, its variables as written
            yield leaf.start_point[0] + 1, treesitter.text_of(leaf, data).strip("'\"`")
        if kind == "template_string" and leaf.child_count > 1:
            # `run \`node ${SELF}\` ... do not report`: the whole text, its ${...} as written, beside its pieces
            yield leaf.start_point[0] + 1, treesitter.text_of(leaf, data).strip("`")
        if leaf.child_count == 0 and ("string" in kind or kind in ("word", "fragment", "content", "generic_token")):
            yield leaf.start_point[0] + 1, treesitter.text_of(leaf, data).strip("'\"`")


_PROBE = re.compile(
    r"\bos\.path\.(?:l?exists|is(?:file|dir|link)|get(?:size|[mac]time))\s*\(|\bos\.(?:l?stat|access|chmod|chown)\s*\("
    r"|\.(?:exists|is_file|is_dir|is_symlink|l?stat|chmod|owner)\s*\(\s*\)?"  # pathlib
    r"|\bos\.(?:L?[Ss]tat|Chmod|Chown)\s*\("  # Go
    r"|\bFile(?:Test)?\.(?:exists?|file|directory|readable|writable|world_readable|size|zero|empty|owned)\?"
    r"|\bFile(?:Test)?\.(?:l?stat|size|mtime|chmod|chown)\b"  # Ruby
    r"|\bfs(?:\.promises)?\.(?:exists|l?stat|access|chmod|chown)(?:Sync)?\b"  # JS
    r"|\b(?i:Test-Path|Get-Acl|Set-Acl)\b"  # PowerShell
    r"|(?:\[\[?|\btest)\s+!?\s*-[efsrwxdLhOG]\s|\b(?:stat|chmod|chown|ls\s+-\w*l\w*)\s"  # shell
)
"""A check that a file is there, its size or its mode, or a change of its mode: nothing of its content is read."""
_CONTENT = re.compile(
    r"(?i)\b(?:cat|open|read\w*|load\w*|get-content|gc|head|tail|cp|copy\w*|scp|rsync|tar|zip|base64|xxd|source|"
    r"curl|wget|invoke-\w+|iwr|irm|post|upload|send\w*|request\w*|fetch)\b|<\s*[\"'$~/.]"
)
"""Words on a line that take a file's content (read, copy, send, parse it), beyond a check of the file."""
_ASSIGNED = re.compile(r"^\s*(?:(?:const|let|var|local|export|readonly)\s+)?\$?(\w+)\s*(?::=|=(?!=))")


def _probe_line(body: str) -> bool:
    """Whether a line only checks a file (exists, size, mode) without taking its content."""
    if not _PROBE.search(body):
        return False
    rest = re.sub(r"[~$]?[\w.{}-]*/[\w./{}-]*", " ", _PROBE.sub(" ", body))  # a path's words (.kube/config) name no act
    return not _CONTENT.search(rest)


def _only_probed(lines: list[str], line: int) -> bool:
    """Whether the credential place named on ``line`` is only checked, not read: the line is a check, or it sets a
    name that every later line using it only checks (``f = File.expand_path("~/.netrc")`` then ``File.exist?(f)``)."""
    if not 0 < line <= len(lines):
        return False
    body = lines[line - 1]
    if _probe_line(body):
        return True
    assigned = _ASSIGNED.match(body)
    if assigned is None:
        return False
    name = re.compile(rf"(?<![\w.]){re.escape(assigned.group(1))}\b")
    uses = [later for later in lines[line:] if name.search(later)]
    return bool(uses) and all(_probe_line(later) for later in uses)


_HOME_VAR = re.compile(
    r"^(?:\$\{?(?:home|HOME|home_?dir|user_?home|ENV\{\s*['\"]?HOME['\"]?\s*\})\}?|"
    r"#\{\s*(?:home|home_?dir|Dir\.home|ENV\[\s*['\"]HOME['\"]\s*\])\s*\})/"
)


def _secret_value(value: str) -> str | None:
    """The credential place a string value is (a path, a glob or a token command), or None for prose about one."""
    if re.search(r"\\[.bdswB]|\(\?[:=!<]|\[\^", value):
        return None  # a regular expression that recognises the place (a scanner's pattern), not the place
    value = value.strip().replace("\\", "/")
    if not value or len(value) > 200:
        return None
    # "$home/.aws/*" in Perl or Ruby, "${HOME}/.ssh": a variable named for the home folder is the home folder
    value = _HOME_VAR.sub("~/", value, count=1)
    store = STORE_COMMAND.search(value) or TOKEN_COMMAND.search(value)
    if store:
        return store.group(0)
    if " " in value.replace("Login Data", "").replace("Application Support", "").replace("Local State", ""):
        return None  # a sentence naming a path ("put your key in ~/.ssh/id_rsa") is help text, not a read
    found = CREDENTIAL_PATH.search(value)
    what = found.group(0) if found else credential_glob(value)
    if what is None or _HARMLESS.search(value) or _HARMLESS.search(what):
        return None
    return value if value.startswith(("~", "/", "$")) else what


def _secrets(text: str, language: str | None, caps: list[Capability]) -> list[tuple[str, int]]:
    """What secret the script holds and on which line: read capabilities, then credential places its strings name."""
    out: list[tuple[str, int]] = []
    lines = text.split("\n")
    for cap in caps:
        if cap.kind != "reads" or not cap.line or cap.target == PROMPT_TARGET or _HARMLESS.search(cap.target):
            continue
        if _only_probed(lines, cap.line):
            continue
        if cap.target.startswith("$"):
            name = cap.target[1:]
            if SECRET_NAME.search(name) and vendor_of(name):
                out.append((cap.target, cap.line))  # a provider's token; a nameless API_TOKEN is the script's own
            continue
        out.append((cap.target, cap.line))
    values = list(literals(text, language))
    for index, (line, value) in enumerate(values):
        what = _secret_value(value)
        joined = 0  # the line of the second piece when two pieces make the place
        if what is None and index + 1 < len(values) and values[index + 1][0] - line <= 1:
            # pieces joined at run time: (".aws", "credentials"), ("~/.ssh", "id_ed25519")
            both = _secret_value(value.rstrip("/") + "/" + values[index + 1][1].lstrip("/"))
            what = both if both and CREDENTIAL_PATH.search(both) else None
            joined = values[index + 1][0]
        if what is not None and not _only_probed(lines, line) and not (joined and _only_probed(lines, joined)):
            out.append((what, line))
    return out


_STDIN = re.compile(
    r"process\.stdin|readFileSync\(\s*(?:0\b|['\"]/dev/stdin)|\bsys\.stdin\b|\$stdin\b|\bSTDIN\b|\bos\.Stdin\b|"
    r"\[Console\]::In\b|\bBun\.stdin\b|\bDeno\.stdin\b|/dev/stdin\b|\$\(\s*cat\s*\)|^\s*\w+=\$\(\s*cat\s*-?\s*\)",
    re.MULTILINE,
)
"""A script reading its standard input: where an agent hands a hook the event it fires on."""
_EVENT_FIELD = re.compile(
    r"""(?:\.|\[\s*['"]|\bget\(\s*['"]|\bjq\b[^\n]{0,200}?\.)(prompt|user_prompt|tool_input|tool_response|transcript_path|"""
    r"""workspace_roots|last_assistant_message)\b"""
)
_EVENT_ORDER = (
    "prompt",
    "user_prompt",
    "tool_input",
    "tool_response",
    "last_assistant_message",
    "transcript_path",
    "workspace_roots",
)
"""The parts of an agent hook's event that hold the conversation: the user's prompt, a tool call's input and output,
the transcript's path."""


def _hook_event(text: str) -> tuple[str, int] | None:
    """What of the agent's conversation a hook script takes from its event (``event.prompt`` read from stdin), with the
    line, or None for a script that reads no such event."""
    if not _STDIN.search(text):
        return None
    fields = {found.group(1): found.start() for found in reversed(list(_EVENT_FIELD.finditer(text)))}
    if not fields:
        return None
    name = min(fields, key=_EVENT_ORDER.index)  # the user's own words first
    return f"the {name} of the agent's hook event", text.count("\n", 0, fields[name]) + 1


_SHOWN = re.compile(
    r"\b(?:console\.(?:log|error|warn|info)|print|println|printf|echo|puts|warn|die|fmt\.(?:F|S)?[Pp]rint\w*|"
    r"Write-(?:Host|Output|Error|Warning)|log(?:ger)?\.(?:info|warning|warn|error|debug))\b|\busage:",
    re.IGNORECASE,
)
"""A line that shows text to the user: a usage line, a message, a log line."""
_NET_WORD = re.compile(
    r"\b(?:curl|wget|nc|ncat|socat|fetch|requests|urlopen|https?\.\w+|Invoke-(?:WebRequest|RestMethod)|iwr|irm)\b"
)


def _told_lines(text: str, language: str | None, lines: list[str]) -> frozenset[int]:
    """The lines of a script that only talk to a reader: comment lines, and in Python the docstrings and other bare
    strings standing as statements (a usage example's URL there is requested by no one)."""
    told = {n for n, line in enumerate(lines, 1) if line.lstrip().startswith(("#", "//")) and not line.startswith("#!")}
    if language == "python":
        try:
            module = ast.parse(text)
        except (SyntaxError, ValueError, RecursionError):
            return frozenset(told)
        for node in ast.walk(module):
            if (
                isinstance(node, ast.Expr)
                and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str)
            ):
                told.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return frozenset(told)


def _shown_only(line: str) -> bool:
    """Whether a line only shows text (its URL is an address in a message), with no network tool on it: ``printf …
    | curl -d @- URL`` prints into a send."""
    return _SHOWN.search(line) is not None and _NET_WORD.search(line) is None


_CONFIG_MAX = 50_000
"""The largest shipped config read for a script's constants (characters); a bigger one is data, not settings."""
_CONFIG_FILE = re.compile(r"\.(?:json|ya?ml|ini|cfg|conf|toml|properties)$", re.IGNORECASE)
_PAIR = re.compile(r"""["']?([\w.-]{1,80})["']?\s*[:=]\s*(\[[^\]\n]*\]?|"[^"\n]*"|'[^'\n]*'|[^,}\n]*)""")
"""A key and its value on a line, several on one line of JSON (``{ "host": "h", "exclude": [".env"] }``)."""
_QUOTED = re.compile(r"""["']([^"'\n]{1,200})["']""")
_LEFT_OUT = re.compile(r"(?i)exclude|ignore|skip|deny|block|never|redact|mask|forbid|except|omit|strip")
"""Keys whose values a script leaves out (``exclude: [.env, .git-credentials]``): naming a secret there keeps it in."""
_READS_FILES = re.compile(
    r"\bopen\(|read_text|read_bytes|readFile|File\.(?:read|open|binread)|IO\.read|ReadFile|ReadAll|Get-Content|"
    r"\bcat\s|\bcp\s|\brsync\s|\btar\s|fs\.read|\.read\(\)"
)


def _config_values(text: str) -> Iterator[tuple[int, str, str]]:
    """The string values of a JSON, YAML, INI or TOML file as (line, the key they sit under, value), read line by
    line (no parser runs on a shipped file: nothing to expand, nothing to refuse)."""
    key = ""
    for number, line in enumerate(text.split("\n")[:2000], 1):
        stripped = line.strip()
        if not stripped or stripped.startswith(("#", ";", "//")):
            continue
        pairs = _PAIR.findall(stripped)
        if not pairs:  # a list item or a value under the last key (`- .gem/credentials`, `".npmrc",`)
            pairs = [(key, stripped[2:] if stripped.startswith("- ") else stripped)]
        for key, rest in pairs:
            quoted = _QUOTED.findall(rest)
            bare = rest.strip().rstrip(",").strip()
            words = bare.split()
            if len(words) > 1 and all("." in w or "/" in w for w in words):
                values = words  # include=.bashrc .ssh/id_* .aws/credentials: a list written on one line
            else:
                values = [bare] if bare and bare[0] not in "[{" else []
            for value in quoted or values:
                yield number, key, value


def _configured(texts: Mapping[str, str], path: str, text: str) -> tuple[list[tuple[str, str, int]], list[str]]:
    """What the configuration files a script names (by file name) hold for it: the credential places among their
    values (what, file, line), except under keys that leave them out, and the hosts they name that are not
    well-known sites. A config the skill ships fills the script's values the way a constant does."""
    secrets: list[tuple[str, str, int]] = []
    hosts: list[str] = []
    for other, body in texts.items():
        if other == path or not _CONFIG_FILE.search(other) or len(body) > _CONFIG_MAX:
            continue
        name = other.rsplit("/", 1)[-1]
        if re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", text) is None:
            continue
        for line, key, value in _config_values(body):
            what = _secret_value(value)
            if what is not None and not _LEFT_OUT.search(key):
                secrets.append((value if any(c in value for c in "*?[") else what, other, line))  # a glob as written
                continue
            host = (url_host_of(value) if "://" in value else value.lower()) or ""
            if _HOST.fullmatch(host) and not well_known(host):
                hosts.append(host)
    return secrets, hosts


_SSH_CONFIG = re.compile(r"(?:^~/\.ssh/config|^/etc/ssh/ssh_config(?:\.d/[^/]+)?)$")
_CATCH_ALL = re.compile(r"(?m)(?:^|[\"'\[,(]\s*)Host\s+\*\s*(?:[\"'\\]|$)")
_PROXIED = re.compile(r"\bProxy(?:Command|Jump)\b")
_NEXT_HOST = re.compile(r"Host[ \t]+(?!\*)[\w.%$#{-]+[^\n]*?\bProxy(?:Command|Jump)\b", re.DOTALL)
"""Another Host block before the proxy: the proxy is that host's, not the catch-all's."""


def _host_like(target: str) -> bool:
    return bool(_HOST.fullmatch(target)) or is_public_ip(target)


def well_known(host: str) -> bool:
    host = public_service(host) or host
    return any(host == site or host.endswith("." + site) for site in WELL_KNOWN_SITES)


def belongs(secret: str, host: str) -> bool:
    """Whether sending ``secret`` to ``host`` is the secret's own use (its provider's host)."""
    host = public_service(host) or host
    if secret.startswith("$"):
        return foreign_vendor_host(secret[1:], "https://" + host) is None
    if secret.startswith("keyring (") and secret.endswith(")"):  # a keychain entry, named by the service it is for
        return related_host(secret[len("keyring (") : -1], host)
    for pattern, hosts in _PROVIDERS:
        if pattern.search(secret) and any(host == h or host.endswith("." + h) for h in hosts):
            return True
    return False


def _named_on(lines: list[str], line: int, host: str) -> bool:
    """Whether the read on ``line`` names the send's site (``security find-internet-password -s github.com`` sent to
    api.github.com): a keychain entry looked up for that site, used there."""
    return 0 < line <= len(lines) and site_of(host) in lines[line - 1]


def _item_for(caps: list[Capability], line: int, host: str) -> bool:
    """Whether the read on ``line`` is one keychain item named for the send's site (service ``linear-skill``
    sent to api.linear.app): the analyser resolved the item's name into the capability's detail."""
    return any(
        cap.kind == "reads"
        and cap.line == line
        and ", item " in cap.detail
        and item_for_site(cap.detail.split(", item ", 1)[1], host)
        for cap in caps
    )


def _computed(lines: list[str], line: int) -> bool:
    """Whether a shell write line carries a value the script computed (``"$line"``), beyond the home and PATH a
    start-up line spells; single-quoted text is a constant and is left out."""
    if not 0 < line <= len(lines):
        return False
    body = re.sub(r"'[^']*'", "", lines[line - 1])
    names = set(re.findall(r"\$\{?(\w+)", body)) | set(re.findall(r"\$\((\w+)", body))
    return bool(names - {"HOME", "PATH", "USER", "PWD", "SHELL", "PROFILE"})


_SUMMER = r"\b(?:sha256sum|sha512sum|shasum|b2sum)\b"
_DIGEST_CHECK = re.compile(rf"{_SUMMER}.*{DIGEST_HEX.pattern}|{DIGEST_HEX.pattern}.*{_SUMMER}")


def _pinned(lines: list[str], host: str) -> bool:
    """Every line naming ``host`` checks what it fetches against a digest written there: the content is pinned,
    so the host is no foreign reach beside a start-up write (the shell analyser judges whether the check gates)."""
    named = [line for line in lines if host in line]
    return bool(named) and all(_DIGEST_CHECK.search(line) for line in named)


def _delivered_home(secret: str, caps: list[Capability]) -> bool:
    """Whether the analysers followed ``secret`` into sends (a request carrying it, or one on the line that reads it)
    and every one of them went to its own provider: where it goes is known, so another send of the script (a summary
    posted to a chat hook) is no guess at its path."""
    read_on = {c.line for c in caps if c.kind == "reads" and c.target == secret and c.line}
    carried = [
        c
        for c in caps
        if c.kind == "sends"
        and (c.detail.endswith(f" of reads {secret}") or (c.line in read_on and c.detail != "a URL in the script"))
    ]
    return bool(carried) and all(_host_like(c.target) and belongs(secret, c.target) for c in carried)


def _startup(target: str) -> bool:
    """Whether a written place runs on its own later; a glob counts when it spells part of a path (not ``*``)."""
    target = target.replace("\\", "/")
    if target.upper().startswith("$PROFILE") or PERSISTENCE_PATH.search(target):
        return True
    return len(target.strip("*?/[]")) >= 3 and "/" in target and persistence_glob(target) is not None


def cooccurring(
    texts: Mapping[str, str],
    scripts_of: Mapping[str, str | None],
    capabilities: list[Capability],
    hits: list[tuple[str, Hit]],
) -> list[tuple[str, Hit]]:
    """Findings from what each script file can do together, where no proven flow already reported that harm.
    ``scripts_of`` names the skill's scripts with their languages (the engine's reading of each file)."""
    by_path: dict[str, list[Capability]] = {path: [] for path in texts}  # a script whose reads went unseen too
    for cap in capabilities:
        by_path.setdefault(cap.path, []).append(cap)
    out: list[tuple[str, Hit]] = []
    scripts: dict[str, tuple[str | None, list[Capability], list[Capability]]] = {}
    for path, caps in by_path.items():
        if path not in scripts_of:
            continue
        text, language = texts[path], scripts_of[path]
        found = [hit for p, hit in hits if p == path]
        lines = text.split("\n")
        named = any(c.kind == "sends" and c.detail == "a URL in the script" for c in caps)
        told = _told_lines(text, language, lines) if named else frozenset()
        sends = [
            c
            for c in caps
            if c.kind == "sends"
            and c.line
            and _host_like(c.target)
            # an address only shown to the user (a usage line, a message printed, a comment or docstring) is no request
            and not (
                c.detail == "a URL in the script"
                and 0 < c.line <= len(lines)
                and (_shown_only(lines[c.line - 1]) or c.line in told)
            )
        ]
        foreign = [c for c in sends if not well_known(c.target) or endpoint_kind("https://" + c.target)]
        secrets = _secrets(text, language, caps) if any(c.kind in ("sends", "writes") for c in caps) else []
        scripts[path] = (language, caps, foreign)

        def add(check: str, line: int, message: str, severity: Severity, path: str = path, text: str = text) -> None:
            start, end = line_span(text, line)
            out.append((path, replace(hit_at(check, message, text, start, end), severity=severity)))

        # 1. a secret and a send to a host that is not the secret's provider
        home = {s[0]: _delivered_home(s[0], caps) for s in secrets}  # followed only to its own provider
        written_on = {c.line for c in caps if c.kind == "writes" and c.line}
        leaked = [
            (s, c)
            for c in sends
            # a URL only named on the line that writes a file is that file's setting (a registry in ~/.npmrc, a
            # remote in a config), not a request that carries the secret read
            if not (c.detail == "a URL in the script" and c.line in written_on)
            for s in secrets
            if not belongs(s[0], c.target)
            and not _named_on(lines, s[1], c.target)
            and not _item_for(caps, s[1], c.target)
            # a token the analysers saw go to its own provider, beside a post to a well-known service (a digest to a
            # chat hook): its path is known and that post is not on it
            and not (well_known(c.target) and home[s[0]])
        ]
        # followed home, the other send is the worse guess: a warning, unless a secret with no known path leaks too
        leaked.sort(key=lambda pair: home.get(pair[0][0], False))
        event = _hook_event(text) if foreign else None
        if not leaked and event is not None:
            # a hook handed the user's prompt or a tool call sends it to a stranger: the conversation leaves
            leaked = [(event, c) for c in foreign]
        if not leaked:
            # a browser's or the system's credential store sent where the script computes: no destination is its
            # provider (a token sent to a host from the user's config may be; a key handed to ssh -i logs in)
            computed = [c for c in caps if c.kind == "sends" and c.line and c.target in ("?", "*", "")]
            leaked = [(s, c) for c in computed for s in secrets if is_store(s[0])]
        proven = any(h.id.startswith("skillscope/exfiltration/") and effective_severity(h) == "error" for h in found)
        if not leaked and not proven:
            _configured_leak(texts, path, text, caps, foreign, add)  # the secret and the host named in its config
        elif leaked and not proven:
            (what, read_line), send = leaked[0]
            where = "a host the script computes" if send.target in ("?", "*", "") else safe_line(send.target, limit=60)
            if send.detail == "a URL in the script":
                # the address is named on one line (a parameter's default) and the request made on another: point at
                # the request, the one that carries the data
                request = next(
                    (
                        c
                        for c in caps
                        if c.kind == "sends"
                        and c.line
                        and c.detail != "a URL in the script"
                        and c.target in (send.target, "?", "*", "")
                    ),
                    None,
                )
                if request is not None:
                    where = f"{where} (named on line {send.line})"
                    send = request
            followed = home.get(what, False)
            add(
                FLOW,
                send.line or 1,
                f"reads {safe_line(what, limit=60)} (line {read_line}) and sends to {where} "
                f"(line {send.line}) in the same script; the data path between them was not followed"
                + ("; the requests it was followed into go to its own provider" if followed else ""),
                "warning" if followed else "error",
            )
        # 3. a start-up write beside a download, a secret or a foreign send
        for write in [c for c in caps if c.kind == "writes" and c.line and _startup(c.target)]:
            if any(h.id == STARTUP and effective_severity(h) == "error" for h in found):
                break
            if any(
                h.id == STARTUP
                and effective_severity(h) == "note"
                and h.at.line in (write.line, (write.line or 0) + 1)
                and "the script computes" not in h.message  # a project's computed content: not resolved
                for h in found
            ):
                if not _computed(lines, write.line or 0):
                    continue  # the analyser resolved what it writes (a PATH line) and found it harmless
            unpinned = [c for c in foreign if not _pinned(lines, c.target)]
            if unpinned:
                why = f"downloads from or sends to {safe_line(unpinned[0].target, limit=60)} (line {unpinned[0].line})"
            elif secrets:
                why = f"reads {safe_line(secrets[0][0], limit=60)} (line {secrets[0][1]})"
            else:
                continue
            said = next((h.at.line for h in found if h.id == STARTUP and h.at.line), None)
            add(
                STARTUP,
                said or write.line or 1,
                f"writes {safe_line(write.target, limit=60)} (line {write.line}), which runs again on its own, in a "
                f"script that also {why}; what it writes could not be resolved",
                "error",
            )
            break
        # 2. a download and an interpreter run on fetched text
        runs = [
            c
            for c in caps
            if c.kind == "executes"
            and c.line
            and "a script of the skill" not in c.detail
            and (
                (
                    _TEXT_RUN.search(c.detail)
                    and not (c.target.lower() == "git" and re.search(r"(?:^|\s)-c\s+[\w.-]+=", c.detail))
                )
                or (
                    c.target.lower() in INTERPRETERS
                    and any(w.kind == "writes" and not _DATA_LIKE.search(w.target) for w in caps)
                )
            )
        ]
        if foreign and runs and not any(h.id == DOWNLOAD_EXEC for h in found):
            run = runs[0]
            add(
                DOWNLOAD_EXEC,
                run.line or 1,
                f"downloads from {safe_line(foreign[0].target, limit=60)} (line {foreign[0].line}) and runs "
                f"{safe_line(run.target, limit=40)} (line {run.line}) in the same script; the data path between "
                "them was not followed",
                "warning",
            )
        # 4. the user's SSH config given a catch-all block whose ProxyCommand or ProxyJump the script writes
        ssh_write = next((c for c in caps if c.kind == "writes" and c.line and _SSH_CONFIG.search(c.target)), None)
        if ssh_write is not None and any(
            _PROXIED.search(text, m.end(), m.end() + 200) and not _NEXT_HOST.search(text, m.end(), m.end() + 200)
            for m in _CATCH_ALL.finditer(text)
        ):
            add(
                STARTUP,
                ssh_write.line or 1,
                f"writes {safe_line(ssh_write.target, limit=60)} (line {ssh_write.line}) with a 'Host *' block and a "
                "proxy the script sets: every later SSH connection of the user runs through it",
                "error",
            )
    out.extend(_across(texts, scripts, [*hits, *out]))
    return out


def _configured_leak(
    texts: Mapping[str, str],
    path: str,
    text: str,
    caps: list[Capability],
    foreign: list[Capability],
    add: Callable[[str, int, str, Severity], None],
) -> None:
    """A script that reads files and sends, whose shipped configuration names a credential place and where it goes
    (a foreign host there, or in the script): the secret and the destination came from data, not from code."""
    if not _READS_FILES.search(text):
        return
    secrets, hosts = _configured(texts, path, text)
    if not secrets:
        return
    # a send to where the script computes, or to the user's git remote: the config names where that is
    computed = [c for c in caps if c.kind == "sends" and c.line and c.target in ("?", "*", "", "git remote")]
    pairs = [(c, c.target) for c in foreign] + [(c, host) for c in computed for host in hosts[:1]]
    pairs = [(c, host) for c, host in pairs if not belongs(secrets[0][0], host)]
    if not pairs:
        return
    (what, where, line), (send, host) = secrets[0], pairs[0]
    add(
        FLOW,
        send.line or 1,
        f"reads {safe_line(what, limit=60)} (named in {safe_line(where, limit=60)}, line {line}) and sends to "
        f"{safe_line(host, limit=60)} (line {send.line}) in the same script; the data path between them was not "
        "followed",
        "error",
    )


def _runs(text: str, path: str) -> bool:
    """Whether ``text`` names the skill file ``path`` as a whole word (``python scripts/a.py``, ``./a.sh``, ``a.rb``)."""
    name = path.rsplit("/", 1)[-1]
    if len(name) < 4:
        return False
    return re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", text) is not None


def _linker(texts: Mapping[str, str], reader: str, sender: str) -> str | None:
    """The file that joins two scripts: a page or script that names both, or one of the two naming the other (it
    runs it, or reads what it saved)."""
    if _runs(texts.get(reader, ""), sender):
        return reader
    if _runs(texts.get(sender, ""), reader):
        return sender
    for path, text in texts.items():
        if path not in (reader, sender) and _runs(text, reader) and _runs(text, sender):
            return path
    return None


def _followed(
    reader: str,
    sender: str,
    reader_caps: list[Capability],
    scripts: Mapping[str, tuple[str | None, list[Capability], list[Capability]]],
    hits: list[tuple[str, Hit]],
) -> bool:
    """Whether the analysers followed the data path between the two scripts, so a proven verdict stands for it:
    the reader's own exfiltration error names the sender (a key handed to a shipped uploader), or the sender runs
    the reader as a script of the skill (its output was read for a printed secret) and the reader writes no file
    the sender could pick the secret up from."""
    if any(
        path == reader
        and hit.id.startswith("skillscope/exfiltration/")
        and effective_severity(hit) == "error"
        and sender in hit.message
        for path, hit in hits
    ):
        return True
    sender_caps = scripts.get(sender, (None, [], []))[1]
    runs_reader = any(
        c.kind == "executes" and c.target == reader and "a script of the skill" in c.detail for c in sender_caps
    )
    return runs_reader and not any(c.kind == "writes" for c in reader_caps)


def _across(
    texts: Mapping[str, str],
    scripts: Mapping[str, tuple[str | None, list[Capability], list[Capability]]],
    hits: list[tuple[str, Hit]],
) -> list[tuple[str, Hit]]:
    """A secret held by one script and a send to a stranger in another: an error at the send when a page or a script
    runs both (or one runs the other), a warning when nothing in the skill joins them."""
    senders = {p: foreign for p, (_, _, foreign) in scripts.items() if foreign}
    if not senders:
        return []
    leaked = {
        p for p, hit in hits if hit.id.startswith("skillscope/exfiltration/") and effective_severity(hit) == "error"
    }
    out: list[tuple[str, Hit]] = []
    for reader, (language, caps, _) in scripts.items():
        others = {p: sends for p, sends in senders.items() if p != reader and p not in leaked}
        if not others:
            continue
        secrets = _secrets(texts.get(reader, ""), language, caps)
        for sender, sends in others.items():
            pairs = [(s, c) for c in sends for s in secrets if not belongs(s[0], c.target)]
            if not pairs or _followed(reader, sender, caps, scripts, hits):
                continue
            (what, read_line), send = pairs[0]
            via = _linker(texts, reader, sender)
            joined = (
                f"; {via} runs both" if via not in (None, reader, sender) else f"; {via} runs the other" if via else ""
            )
            message = (
                f"{reader} reads {safe_line(what, limit=60)} (line {read_line}) and {sender} sends to "
                f"{safe_line(send.target, limit=60)} (line {send.line}){joined}; the data path between them was not "
                "followed"
            )
            text = texts.get(sender, "")
            start, end = line_span(text, send.line or 1)
            severity: Severity = "error" if via else "warning"
            out.append((sender, replace(hit_at(FLOW, message, text, start, end), severity=severity)))
            leaked.add(sender)
    return out
