"""PowerShell over its tree-sitter grammar: what a script downloads, decodes, runs, sends, reads and writes.

Values are resolved as far as constants allow (variables, ``+`` and ``-f`` concatenation, expandable strings,
``-join``, ``[char]`` codes, ``[Convert]::FromBase64String`` with the text encodings); command names are read
through backticks (``I`EX``), computed names (``& ('ie'+'x')``) and aliases (``Set-Alias``). Secrets
(``$env:`` tokens, credential files, stored credentials) are followed to ``Invoke-RestMethod`` and its kin;
downloaded or decoded text is followed to ``Invoke-Expression``, ``[ScriptBlock]::Create`` and
``-EncodedCommand``; writes to ``$PROFILE``, Run keys, scheduled tasks and the Startup folder are judged by
what they would run. Native commands (curl, bash, crontab) go to the shell rules.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from skillscope.audit.behavior.base import Ctx
from skillscope.audit.behavior.grants import judge_grants
from skillscope.audit.behavior.harvest import judge_kept
from skillscope.audit.behavior.javascript import (
    PIPED_RUN,
    generic_secret,
    normal_path,
    payload_severity,
    private_leaves,
    shell_rules,
    written,
)
from skillscope.audit.behavior.jsvalues import (
    UNKNOWN,
    Spans,
    Taint,
    Val,
    carried,
    merge,
    other_texts,
    prompted,
    shown,
)
from skillscope.audit.behavior.modes import judge_mode
from skillscope.audit.behavior.shellvalues import shipped
from skillscope.audit.behavior.treesitter import parse, text_of
from skillscope.audit.behavior.vocab import (
    DOTENV,
    INTERPRETERS,
    PERSISTENCE_PATH,
    PROMPT_TARGET,
    PROMPTED,
    SECRET_NAME,
    SECRET_PROMPT,
    climbed_path,
    credential_what,
    disguised_job,
    endpoint_kind,
    foreign_vendor_host,
    header_leaves,
    is_store,
    loads_code,
    private_owner,
    private_place,
    prompt_owner,
    related_host,
    url_host_of,
)
from skillscope.audit.findings import Severity
from skillscope.core.textsafe import safe_line

if TYPE_CHECKING:  # only names node types; the binding loads with the first parse (treesitter.py)
    import tree_sitter

__all__ = ["scan_powershell"]

FLOW = "skillscope/exfiltration/data-flow"
DOWNLOAD = "skillscope/obfuscation/download-exec"
DECODE = "skillscope/obfuscation/decode-exec"
DYNAMIC = "skillscope/obfuscation/dynamic-exec"
PERSIST = "skillscope/persistence/startup"
DESTROY = "skillscope/permissions/destructive"
PRIVILEGE = "skillscope/permissions/privilege"
REVERSE = "skillscope/exfiltration/reverse-shell"

_WRAPPERS = frozenset(
    {
        "logical_expression",
        "bitwise_expression",
        "comparison_expression",
        "additive_expression",
        "multiplicative_expression",
        "format_expression",
        "range_expression",
        "array_literal_expression",
        "unary_expression",
        "pipeline_chain",
        "argument_expression",
        "logical_argument_expression",
        "bitwise_argument_expression",
        "comparison_argument_expression",
        "additive_argument_expression",
        "multiplicative_argument_expression",
        "format_argument_expression",
        "range_argument_expression",
        "left_assignment_expression",
        "argument_expression_list",
        "expression_with_unary_operator",
        "statement_list",
        "pipeline",
        "path_command_name",
        "argument_list",
    }
)
_SWITCHES = frozenset(
    {
        "recurse",
        "force",
        "usebasicparsing",
        "raw",
        "nonewline",
        "append",
        "passthru",
        "whatif",
        "confirm",
        "noprofile",
        "nop",
        "nologo",
        "noninteractive",
        "noni",
        "wait",
        "asjob",
        "disablekeepalive",
        "nonewwindow",
        "skipcertificatecheck",
        "useb",
        "encoding",
        "asplaintext",
        "allowclobber",
        "scope",
    }
)
"""Parameters that take no value (``-Force $HOME`` passes ``$HOME`` as the path, not as -Force's value)."""
_ALIASES = {
    "iex": "invoke-expression",
    "iwr": "invoke-webrequest",
    "irm": "invoke-restmethod",
    "wget": "invoke-webrequest",
    "curl": "invoke-webrequest",
    "gc": "get-content",
    "cat": "get-content",
    "type": "get-content",
    "sc": "set-content",
    "ac": "add-content",
    "ni": "new-item",
    "rm": "remove-item",
    "ri": "remove-item",
    "del": "remove-item",
    "erase": "remove-item",
    "rd": "remove-item",
    "rmdir": "remove-item",
    "sal": "set-alias",
    "nal": "new-alias",
    "saps": "start-process",
    "start": "start-process",
    "echo": "write-output",
    "write": "write-output",
    "gci": "get-childitem",
    "dir": "get-childitem",
    "ls": "get-childitem",
    "sp": "set-itemproperty",
    "cp": "copy-item",
    "copy": "copy-item",
    "cpi": "copy-item",
    "icm": "invoke-command",
    "ipmo": "import-module",
}
_PS_HISTORY = "~/AppData/Roaming/Microsoft/Windows/PowerShell/PSReadLine/ConsoleHost_history.txt"
"""Where PSReadLine keeps what was typed in every PowerShell session (the path its HistorySavePath option reports)."""
_SENDERS = {"invoke-webrequest", "invoke-restmethod", "send-mailmessage"}
_RUNNERS = {"invoke-expression", "invoke-command"}
_EVERYONE = r"""(?:Everyone|(?:BUILTIN\\)?Users|(?:NT AUTHORITY\\)?Authenticated Users|\*?S-1-1-0|\*?S-1-5-11|\*?S-1-5-32-545)"""
_BROAD_RULE = re.compile(
    r"""FileSystemAccessRule\s*(?:\(|\s-ArgumentList\s*\(?)\s*["']"""
    + _EVERYONE
    + r"""["']\s*,\s*["']?(?P<rights>[\w, ]+)""",
    re.IGNORECASE,
)
"""An access rule for every account of the machine (``FileSystemAccessRule("Everyone", "Read", "Allow")``)."""
_ICACLS_GRANT = re.compile(
    r"/grant(?::r)?\s+'?" + _EVERYONE + r":(?:\([A-Z,]+\))*\(?(?P<rights>[A-Z,]+)", re.IGNORECASE
)
"""icacls' ``/grant Everyone:R`` (or ``Users:(OI)(CI)F``)."""
_WRITERS = {"set-content", "add-content", "out-file", "new-item", "copy-item", "move-item", "export-clixml"}
_NATIVE = frozenset(
    {
        "bash",
        "sh",
        "zsh",
        "crontab",
        "git",
        "nc",
        "ncat",
        "socat",
        "ssh",
        "scp",
        "python",
        "python3",
        "node",
        "npm",
        "pip",
        "pip3",
        "certutil",
        "bitsadmin",
        "mshta",
        "rundll32",
        "regsvr32",
        "reg",
        "schtasks",
        "cmd",
        "curl.exe",
        "wget.exe",
        "launchctl",
        "systemctl",
        "chmod",
        "icacls",
        "security",
        "gh",
        "aws",
    }
)
_PS_STARTUP = re.compile(
    r"\$PROFILE|Microsoft\.PowerShell_profile\.ps1|profile\.ps1$|/Documents/(?:Windows)?PowerShell/|"
    r"Start Menu/Programs/Startup|/Startup/|CurrentVersion/Run(?:Once)?\b|CurrentVersion/Policies/Explorer/Run|"
    r"Winlogon|Image File Execution Options",
    re.IGNORECASE,
)
_HOME_VARS = {
    "home": "~",
    "env:userprofile": "~",
    "env:home": "~",
    "env:appdata": "~/AppData/Roaming",
    "env:localappdata": "~/AppData/Local",
    "profile": "$PROFILE",
}
_REACH = re.compile(
    r"(?i)\b(?:Invoke-WebRequest|iwr|irm|Invoke-RestMethod|WebClient|HttpClient|DownloadString|DownloadFile|"
    r"Start-BitsTransfer|FromBase64String|Invoke-Expression|iex|curl|wget|Net\.Sockets|TcpClient)\b|https?://|\[char\]|-bxor"
)
"""What lets a script's computed text carry someone else's code: the network, a decode, text run as code."""
_PROFILE_FILE = re.compile(r"\$PROFILE|profile\.ps1$", re.IGNORECASE)
_PROFILE_KINDS = frozenset({"currentusercurrenthost", "currentuserallhosts", "allusersallhosts", "alluserscurrenthost"})
"""``$PROFILE``'s own members: the four profile scripts PowerShell runs at start."""
_SPECIAL_FOLDERS = {
    "userprofile": "~",
    "mydocuments": "~/Documents",
    "personal": "~/Documents",
    "desktop": "~/Desktop",
    "applicationdata": "~/AppData/Roaming",
    "localapplicationdata": "~/AppData/Local",
    "startup": "~/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/Startup",
}
"""``[Environment]::GetFolderPath`` names, as paths under the user's home."""
_STORE_CMDS = {"get-storedcredential", "convertfrom-securestring", "get-credential", "vaultcmd", "cmdkey"}


_DIGEST = re.compile(r"[0-9A-Fa-f]{40}|[0-9A-Fa-f]{64}|[0-9A-Fa-f]{96}|[0-9A-Fa-f]{128}")
"""A SHA-1/2 digest written out in hex."""


def _core(node: tree_sitter.Node) -> tree_sitter.Node:
    """``node`` without the grammar's one-child wrappers (a pipeline of one expression, a unary of one value)."""
    while node.type in _WRAPPERS and node.named_child_count == 1:
        if node.type == "expression_with_unary_operator" and node.children[0].type.lower() in ("-join", "-split"):
            break  # -join (...) is an operator applied, not a wrapper: its value is the joined text
        node = node.named_children[0]
    return node


def _command_key(name: str) -> str:
    name = name.replace("`", "").strip().lower()
    name = name.rsplit("\\", 1)[-1].rsplit("/", 1)[-1] if name.endswith(".exe") or "\\" in name else name
    return _ALIASES.get(name, name)


@dataclass
class _Args:
    named: dict[str, Val] = field(default_factory=dict)
    positional: list[Val] = field(default_factory=list)
    switches: set[str] = field(default_factory=set)
    words: list[str] = field(default_factory=list)
    redirects: list[tuple[str, Val]] = field(default_factory=list)

    def get(self, *names: str, position: int | None = None) -> Val | None:
        for name in names:
            for key, val in self.named.items():
                if key == name or (len(key) >= 2 and name.startswith(key)):
                    return val
        if position is not None and position < len(self.positional):
            return self.positional[position]
        return None

    def has(self, *names: str) -> bool:
        return any(
            key == name or (len(key) >= 2 and name.startswith(key))
            for key in [*self.switches, *self.named]
            for name in names
        )


class _Analyser:
    def __init__(self, ctx: Ctx, tree: tree_sitter.Tree, data: bytes) -> None:
        self.ctx = ctx
        self.tree = tree
        self.data = data
        self.spans = Spans(ctx.text, data)
        self.env: dict[str, Val] = {}
        self.aliases: dict[str, str] = {}
        self.functions: dict[str, tree_sitter.Node] = {}
        self.senders: dict[str, tuple[str, str, int, int]] = {}
        """function -> (parameter name, destination, sink start, sink end)"""
        self.current: str | None = None
        self.report = False
        self.dropped: dict[str, str] = {}
        self.secret_files: dict[str, Taint] = {}
        """Files (and archives) the script filled with a credential it copied: reading or sending one sends that."""
        self.verified: dict[str, int] = {}
        """Files compared by ``Get-FileHash`` against a digest written in the script: path -> the check's line."""

    # --- places ------------------------------------------------------------------------------
    def text(self, node: tree_sitter.Node) -> str:
        return text_of(node, self.data)

    def line(self, node: tree_sitter.Node) -> int:
        return self.ctx.line(self.spans.char(node.start_byte))

    def add(self, check: str, message: str, node: tree_sitter.Node, severity: Severity | None = None) -> None:
        if self.report:
            start, end = self.spans.of(node)
            self.ctx.add(check, message, start, end, severity)

    def cap(self, kind: str, target: str, node: tree_sitter.Node, detail: str = "") -> None:
        if self.report:
            start, end = self.spans.of(node)
            self.ctx.cap(kind, safe_line(target, limit=120) or "?", start, end, detail)  # type: ignore[arg-type]

    # --- values ------------------------------------------------------------------------------
    def ev(self, node: tree_sitter.Node | None, piped: Val | None = None) -> Val:
        if node is None:
            return Val()
        node = _core(node)
        kind = node.type
        if kind == "string_literal":
            return self._string(node)
        if kind in ("integer_literal", "real_literal", "decimal_integer_literal", "hexadecimal_integer_literal"):
            return Val(text=self.text(node))
        if kind == "generic_token":
            return Val(text=self.text(node).replace("`", ""))
        if kind == "variable":
            return self._variable(self.text(node), node)
        if kind in ("parenthesized_expression", "sub_expression", "array_expression"):
            inner = list(node.named_children)
            vals = [self.ev(c) for c in inner]
            if len(vals) == 1:
                return vals[0]
            out = merge(*vals)
            out.items = vals
            return out
        if kind == "argument_expression_list":
            items = [self.ev(c) for c in node.named_children]
            out = merge(*items)
            out.items = items
            return out
        if kind in ("pipeline", "pipeline_chain"):
            return self._pipeline(node)
        if kind == "statement_list":
            vals = [self.ev(c) for c in node.named_children]
            return vals[-1] if vals else Val()
        if kind == "command":
            return self._command(node, piped)
        if kind == "assignment_expression":
            return self._assign(node)
        if kind == "additive_expression":
            return self._additive(node)
        if kind == "format_expression":
            return self._format(node)
        if kind == "array_literal_expression":
            items = [self.ev(c) for c in node.named_children]
            out = merge(*items)
            out.items = items
            return out
        if kind == "hash_literal_expression":
            return self._hash(node)
        if kind == "script_block_expression" or kind == "script_block":
            return Val(func=node)
        if kind == "cast_expression":
            return self._cast(node)
        if kind in ("comparison_expression", "bitwise_expression", "multiplicative_expression", "logical_expression"):
            return self._operator(node)
        if kind == "unary_expression" or kind == "expression_with_unary_operator":
            vals = [self.ev(c) for c in node.named_children]
            text = self.text(node)
            if text.lstrip().lower().startswith("-join") and vals:
                return self._join(vals[-1], "")
            if kind == "unary_expression" and len(vals) == 1:
                return vals[0]  # a plain wrapper around one operand: its value, items and text kept
            return merge(*vals)
        if kind == "member_access":
            return self._member_access(node)
        if kind == "invokation_expression":
            return self._invoke(node)
        if kind == "type_literal":
            return Val(ref="[" + self.text(node).strip("[]").lower().removeprefix("system.") + "]")
        if kind == "element_access":
            vals = [self.ev(c) for c in node.named_children]
            if len(vals) == 2 and vals[0].fields is not None and (vals[1].text or "").lower() in vals[0].fields:
                return vals[0].fields[(vals[1].text or "").lower()]  # $cfg['Endpoint']: the hashtable's value
            if len(vals) == 2 and vals[0].items and (vals[1].text is None or not vals[1].text.strip("-").isdigit()):
                return _picked(vals[0].items)  # $hosts[(Get-Random -Maximum 2)]: any of them
            return merge(*vals)
        return merge(*(self.ev(c) for c in node.named_children)) if node.named_child_count else Val()

    def _string(self, node: tree_sitter.Node) -> Val:
        raw = self.text(node)
        if raw[:1] in ("'", "@") and (raw.startswith(("'", "@'"))):
            body = raw[2:-2] if raw.startswith("@'") else raw[1:-1]
            return Val(text=body.replace("''", "'"))
        inner = next((c for c in node.named_children), None)
        if inner is None:
            return Val(text=raw.strip('"'))
        parts: list[str] = []
        vals: list[Val] = []
        slots: list[tuple[int, tuple[str, ...]]] = []
        pos = inner.start_byte + (2 if raw.startswith("@") else 1)
        end = inner.end_byte - (2 if raw.startswith("@") else 1)
        for child in inner.named_children:
            parts.append(self.data[pos : child.start_byte].decode("utf-8", "replace"))
            val = self.ev(child) if child.type != "sub_expression" else self.ev(child)
            vals.append(val)
            if val.alts and val.text is not None:
                slots.append((len(parts), val.alts))
            parts.append(val.text if val.text is not None else UNKNOWN)
            pos = child.end_byte
        parts.append(self.data[pos:end].decode("utf-8", "replace"))
        out = merge(*(carried(v) for v in vals))

        def unescaped(pieces: list[str]) -> str:
            return re.sub(
                r"`(.)",
                lambda m: {"n": "\n", "t": "\t", "r": "\r", "0": ""}.get(m.group(1), m.group(1)),
                "".join(pieces),
            )

        out.text = unescaped(parts)
        # "https://$h/u" where $h was picked at run time: the text for each host it may be
        out.alts = other_texts(
            out.text, *(unescaped([*parts[:at], alt, *parts[at + 1 :]]) for at, alts in slots for alt in alts)
        )
        return out

    def _variable(self, name: str, node: tree_sitter.Node) -> Val:
        key = name.lstrip("$@").strip("{}").lower()
        if key in _HOME_VARS:
            return Val(text=_HOME_VARS[key])
        if key.startswith("env:"):
            var = name.split(":", 1)[1].strip("{}")
            if var.upper() in ("TEMP", "TMP"):
                return Val(text="$TEMP")
            if SECRET_NAME.search(var) and not var.upper().endswith(
                ("_URL", "_HOST", "_PATH", "_FILE", "_DIR", "_URI")
            ):
                return Val(taint=Taint(f"reads $env:{var}", self.line(node), var))
            return Val()
        if key in self.env:
            return self.env[key]
        if key == "executioncontext":
            return Val(ref="$executioncontext")
        return Val()

    def _additive(self, node: tree_sitter.Node) -> Val:
        children = node.named_children
        if len(children) != 2:
            return merge(*(self.ev(c) for c in children))
        left, right = self.ev(children[0]), self.ev(children[1])
        out = merge(carried(left), carried(right))
        op = self.text(node)[children[0].end_byte - node.start_byte : children[1].start_byte - node.start_byte].strip()
        if op == "+":
            if left.text is None and right.text is None:
                return out
            lhs = left.text if left.text is not None else UNKNOWN
            rhs = right.text if right.text is not None else UNKNOWN
            out.text = lhs + rhs
            # 'https://' + $h where $h was picked at run time: the text for each host it may be
            out.alts = other_texts(out.text, *(a + rhs for a in left.alts), *(lhs + a for a in right.alts))
        return out

    def _format(self, node: tree_sitter.Node) -> Val:
        children = node.named_children
        if len(children) < 3:
            return merge(*(self.ev(c) for c in children))
        template, values = self.ev(children[0]), self.ev(children[-1])
        items = values.items if values.items is not None else [values]
        out = merge(template, *(carried(i) for i in items))
        if template.text is not None:
            out.text = _formatted(template.text, items)
            out.alts = _formatted_alts(template.text, items, out.text)
        return out

    def _operator(self, node: tree_sitter.Node) -> Val:
        children = node.named_children
        raw = self.text(node).lower()
        vals = [self.ev(c) for c in children if not c.type.endswith("operator")]
        out = merge(*(carried(v) for v in vals))
        if "-join" in raw and vals:
            sep = vals[1].text if len(vals) > 1 and vals[1].text is not None else ""
            return self._join(vals[0], sep)
        if ("-replace" in raw or "-creplace" in raw) and len(vals) >= 3 and vals[0].text is not None:
            if vals[1].text is not None and vals[2].text is not None:
                try:
                    out.text = re.sub(vals[1].text, vals[2].text.replace("$", "\\"), vals[0].text, flags=re.I)
                except re.error:
                    out.text = None
        if "-bxor" in raw:
            out.decoded = True
        hashed = next((v.ref for v in vals if (v.ref or "").startswith("\x00hash:")), None)
        if hashed and re.search(r"-c?(?:eq|ne)\b", raw) and any(_DIGEST.fullmatch(v.text or "") for v in vals):
            # (Get-FileHash $f).Hash -ne 'a3f…': the file is checked against a digest the script pins
            self.verified[hashed.removeprefix("\x00hash:").removesuffix(".hash")] = self.line(node)
        return out

    def _join(self, val: Val, sep: str) -> Val:
        out = merge(val, *(val.items or []))
        items = val.items or []
        texts = [i.text for i in items]
        if items and all(t is not None for t in texts):
            out.text = sep.join(t for t in texts if t is not None)
        elif items and texts[0] is not None:  # -join ("https://", "host", "/api/", $Team): the host is known
            out.text = sep.join(UNKNOWN if t is None else t for t in texts)
        out.decoded = out.decoded or any(i.decoded for i in items)
        return out

    def _hash(self, node: tree_sitter.Node) -> Val:
        fields: dict[str, Val] = {}
        body = next((c for c in node.named_children if c.type == "hash_literal_body"), None)
        for entry in body.named_children if body is not None else []:
            if entry.type != "hash_entry":
                continue
            key = next((c for c in entry.named_children if c.type == "key_expression"), None)
            value = next((c for c in entry.named_children if c.type != "key_expression"), None)
            fields[self.text(key).strip("'\"").lower() if key is not None else "?"] = self.ev(value)
        return Val(fields=fields)

    def _cast(self, node: tree_sitter.Node) -> Val:
        kind = self.text(node.named_children[0]).lower() if node.named_children else ""
        val = self.ev(node.named_children[-1]) if node.named_child_count > 1 else Val()
        if "char" in kind:
            items = val.items if val.items is not None else [val]
            if all(i.text is not None and i.text.strip().isdigit() for i in items):
                out = merge(val)
                out.text = "".join(chr(int(i.text or "0")) for i in items)
                out.items = [Val(text=c) for c in out.text] if "[]" in kind else None
                out.decoded = True
                return out
            if val.text is not None and "[]" in kind:
                out = merge(val)
                out.items = [Val(text=c) for c in val.text]
                out.text = val.text
                return out
        if "scriptblock" in kind:
            self._exec(node, "[ScriptBlock]", val)
        return val

    def _member_access(self, node: tree_sitter.Node) -> Val:
        target = node.named_children[0] if node.named_children else None
        member = self.text(node.named_children[-1]).lower() if node.named_child_count > 1 else ""
        base = self.ev(target)
        if base.ref and base.ref.startswith("["):
            ref = base.ref
            if ref in ("[environment]",) and member == "username":
                return Val()
            return Val(ref=f"{ref}::{member}")
        if base.fields is not None and member in base.fields:
            return base.fields[member]
        if member == "historysavepath":  # (Get-PSReadLineOption).HistorySavePath: every line typed at the prompt
            return Val(text=_PS_HISTORY)
        if base.text == "$PROFILE" and member in _PROFILE_KINDS:
            # $PROFILE.CurrentUserAllHosts: the profile every PowerShell host of the user runs at start
            return Val(text="$PROFILE")
        out = merge(base)
        out.ref, out.dest, out.path = (f"{base.ref}.{member}" if base.ref else None), base.dest, base.path
        out.text = base.text if member in ("value",) else None
        return out

    def _invoke(self, node: tree_sitter.Node) -> Val:
        children = node.named_children
        target = children[0] if children else None
        names = [c for c in children if c.type == "member_name"]
        method = self.text(names[-1]).lower() if names else ""
        argnode = next((c for c in children if c.type == "argument_list"), None)
        args = [self.ev(c) for c in (argnode.named_children if argnode is not None else [])]
        if len(args) == 1 and args[0].items is not None and argnode is not None and "," in self.text(argnode):
            args = args[0].items
        base = self.ev(target)
        ref = (base.ref or "").lower()
        whole = f"{ref}::{method}" if ref.startswith("[") else f"{ref}.{method}" if ref else method
        first = args[0] if args else Val()
        if method == "frombase64string":
            out = merge(first)
            out.decoded = True
            if first.text is not None and UNKNOWN not in first.text:
                try:
                    out.text = base64.b64decode(first.text.strip() + "=" * (-len(first.text.strip()) % 4)).decode(
                        "latin-1"
                    )
                except (binascii.Error, ValueError):
                    out.text = None
            return out
        if ref in ("[string]", "[system.string]") and method in ("concat", "format", "join") and args:
            # [string]::Concat('https://col', 'lect.example'), [string]::Format('{0}/u', $h), [string]::Join('.', $p)
            rest = args[1:]
            pieces = rest[0].items if len(rest) == 1 and rest[0].items is not None else rest
            if method == "concat":
                return _joined(args[0].items if len(args) == 1 and args[0].items is not None else args, "")
            if method == "join":
                return _joined(list(pieces), first.text or "")
            out = merge(first, *(carried(i) for i in pieces))
            if first.text is not None:
                out.text = _formatted(first.text, list(pieces))
                out.alts = _formatted_alts(first.text, list(pieces), out.text)
            return out
        if method == "getstring":
            out = merge(first)
            if first.text is not None:
                raw = first.text.encode("latin-1", "replace")
                out.text = raw.decode("utf-16-le", "replace") if "unicode" in ref else raw.decode("utf-8", "replace")
            return out
        if method == "create" and "scriptblock" in ref:
            self._exec(node, "[ScriptBlock]::Create", first)
            return Val(ref="\x00scriptblock", fetched=first.fetched, decoded=first.decoded)
        if method in ("invokescript", "newscriptblock"):
            self._exec(node, "$ExecutionContext.InvokeCommand", first)
            return Val()
        if method in ("downloadstring", "downloaddata", "downloadfile", "openread"):
            url = first.text
            self.cap("sends", url_host_of((url or "").replace(UNKNOWN, "")) or "?", node, "download")
            self.ctx.network = True
            if method == "downloadfile" and len(args) > 1:
                self.dropped[(args[1].text or UNKNOWN)] = url or UNKNOWN
                self.cap("writes", normal_path(args[1].text or UNKNOWN), node, "download")
            return Val(fetched=url or UNKNOWN)
        if method in ("uploadstring", "uploaddata", "uploadfile", "uploadvalues"):
            data = args[1:] if len(args) > 1 else []
            if method == "uploadfile" and len(args) > 1:
                data = [self._read(node, args[-1], quiet=False)]
            self._send(node, first.text, data, [])
            return Val()
        if method in ("getenvironmentvariable",) and first.text:
            return self._variable("$env:" + first.text, node)
        if method == "getfolderpath" and first.text:
            # [Environment]::GetFolderPath('UserProfile'): the user's own folders, as the environment names them
            folder = _SPECIAL_FOLDERS.get(first.text.lower().removeprefix("[environment+specialfolder]::"))
            return Val(text=folder) if folder else Val()
        if method == "getenvironmentvariables":
            return Val(taint=Taint("reads the whole environment", self.line(node), whole=True))
        if method in ("readalltext", "readallbytes", "readalllines"):
            return self._read(node, first, quiet=False)
        if method in ("writealltext", "appendalltext", "writeallbytes", "writealllines"):
            self._write(node, first.text or UNKNOWN, args[1] if len(args) > 1 else None, method)
            return Val()
        if method in ("gethostaddresses", "gethostentry", "resolve") and "dns" in ref:
            self._dns(node, first)
            return Val()
        if method == "invoke" and (base.fetched or base.decoded or base.ref == "\x00scriptblock"):
            return Val()
        if method in ("getstream",) and base.dest:
            return Val(ref="\x00socket", dest=base.dest, fetched=base.dest)
        if method in ("write", "send", "writeline") and base.dest:
            self._send(node, base.dest, args, [])
            return Val()
        if method == "getnetworkcredential":
            return Val(taint=Taint("reads a stored credential (GetNetworkCredential)", self.line(node), whole=True))
        out = merge(base, *(carried(a) for a in args))
        out.dest, out.fetched = base.dest, base.fetched
        if base.text is not None:
            if method in ("replace",) and len(args) == 2 and args[0].text is not None and args[1].text is not None:
                out.text = base.text.replace(args[0].text, args[1].text)
            elif method in ("tolower", "toupper", "trim", "tostring"):
                out.text = {"tolower": base.text.lower(), "toupper": base.text.upper(), "trim": base.text.strip()}.get(
                    method, base.text
                )
            elif method == "tochararray":
                out.items = [Val(text=c) for c in base.text]
        if method in ("reverse",) and "array" in ref and args and args[0].items is not None:
            args[0].items.reverse()
            if args[0].text is not None:
                args[0].text = args[0].text[::-1]
        if whole.startswith(("[net.sockets.tcpclient]", "[system.net.sockets.tcpclient]")) and method == "new":
            host = first.text or UNKNOWN
            dest = f"{host}:{args[1].text if len(args) > 1 and args[1].text else '?'}"
            self.cap("sends", host.replace(UNKNOWN, "?"), node, "TCP connection")
            self.ctx.network = True
            return Val(ref="\x00socket", dest=dest, fetched=dest)
        return out

    # --- pipelines and commands --------------------------------------------------------------
    def _pipeline(self, node: tree_sitter.Node) -> Val:
        stages = list(node.named_children)
        if len(stages) == 1 and stages[0].type == "pipeline_chain":
            stages = list(stages[0].named_children)
        value: Val | None = None
        for stage in stages:
            core = _core(stage)
            value = self._command(core, value) if core.type == "command" else self.ev(core)
        return value or Val()

    def _assign(self, node: tree_sitter.Node) -> Val:
        children = node.named_children
        if not children:
            return Val()
        left = _core(children[0])
        right = children[-1]
        value = self.ev(right)
        op = next((c for c in node.children if c.type == "assignement_operator"), None)
        if left.type == "variable":
            key = self.text(left).lstrip("$").strip("{}").lower()
            if op is not None and self.text(op).strip() == "+=" and key in self.env:
                old = self.env[key]
                grown = merge(carried(old), carried(value))
                if old.text is not None and value.text is not None:
                    grown.text = old.text + value.text
                if old.items is not None:
                    grown.items = [*old.items, value]
                value = grown
            if key.startswith("env:"):
                return value
            self.env[key] = value
        elif left.type == "member_access":
            base = self.ev(left.named_children[0]) if left.named_children else Val()
            member = self.text(left.named_children[-1]).lower()
            if base.fields is not None:
                base.fields[member] = value
        return value

    def _elements(self, node: tree_sitter.Node, piped: Val | None) -> _Args:
        args = _Args()
        elements = next((c for c in node.named_children if c.type == "command_elements"), None)
        pending: str | None = None
        glued: list[tree_sitter.Node] = []  # the pieces of the argument read last
        glued_to: str | None = None  # the parameter it is the value of
        for child in elements.named_children if elements is not None else []:
            if child.type == "command_argument_sep":
                glued = []
                continue
            if child.type == "command_parameter":
                glued = []
                raw = self.text(child)
                if pending is not None:
                    args.switches.add(pending)
                name, colon, rest = raw.lstrip("-").partition(":")
                pending = name.lower()
                args.words.append(raw)
                if colon and rest:
                    args.named[pending] = Val(text=rest)
                    pending = None
                elif pending in _SWITCHES and pending not in ("encoding", "scope"):
                    args.switches.add(pending)
                    pending = None
                continue
            if child.type == "redirection":
                glued = []
                outfile = next((c for c in child.named_children if c.type == "redirected_file_name"), None)
                op = self.text(child).split()[0] if self.text(child).split() else ">"
                args.redirects.append(
                    (
                        op,
                        self.ev(outfile.named_children[0]) if outfile is not None and outfile.named_children else Val(),
                    )
                )
                continue
            if glued and glued[-1].end_byte == child.start_byte and (child.has_error or glued[-1].has_error):
                # $HOME\.aws\credentials: the grammar breaks a bare path at its backslashes into pieces that touch;
                # with no separator between them they are one argument
                glued.append(child)
                val = self._bareword(*glued)
                args.words[-1] = val.text if val.text is not None else UNKNOWN
                if glued_to is not None:
                    args.named[glued_to] = val
                else:
                    args.positional[-1] = val
                continue
            glued, glued_to = [child], pending
            val = self._bareword(child) if child.has_error else self.ev(child)
            args.words.append(val.text if val.text is not None else UNKNOWN)
            if pending is not None:
                args.named[pending] = val
                pending = None
            else:
                args.positional.append(val)
        if pending is not None:
            args.switches.add(pending)
        return args

    def _bareword(self, *nodes: tree_sitter.Node) -> Val:
        """An argument the grammar misreads (``$env:TEMP\\m.exe``), in one node or in pieces that touch: its text
        with its variables' values put in."""
        raw = self.data[nodes[0].start_byte : nodes[-1].end_byte].decode("utf-8", "replace")
        vals = []
        for sub in (sub for node in nodes for sub in _walk(node)):
            if sub.type == "variable":
                val = self._variable(self.text(sub), sub)
                vals.append(val)
                raw = raw.replace(self.text(sub), val.text if val.text is not None else UNKNOWN, 1)
        out = merge(*vals)
        out.text = raw
        return out

    def _name_of(self, node: tree_sitter.Node) -> tuple[str, Val | None]:
        name_node = next((c for c in node.named_children if c.type == "command_name"), None)
        if name_node is not None:
            return _command_key(self.text(name_node)), None
        expr = next((c for c in node.named_children if c.type == "command_name_expr"), None)
        path = expr.named_children[0] if expr is not None and expr.named_children else None
        if path is not None and path.type == "path_command_name" and not path.named_children:
            return _command_key(self.text(path)), None
        expr = next((c for c in node.named_children if c.type == "command_name_expr"), None)
        if expr is None:
            return "", None
        val = self.ev(expr.named_children[0] if expr.named_children else expr)
        if val.func is not None or val.ref == "\x00scriptblock" or val.fetched or val.decoded and not val.text:
            return "\x00block", val
        text = val.text
        if text is None or UNKNOWN in text:
            return "\x00computed", val
        return _command_key(text), None

    def _command(self, node: tree_sitter.Node, piped: Val | None) -> Val:
        name, invoked = self._name_of(node)
        name = self.aliases.get(name, name)
        args = self._elements(node, piped)
        for op, target in args.redirects:
            if ">" in op:
                self._write(node, target.text or UNKNOWN, piped, "redirect")
        if name == "\x00block":
            self._exec(node, "& (script block)", invoked or Val())
            return Val()
        if name == "\x00computed":
            if invoked is not None and invoked.decoded:
                self.add(DECODE, "runs a command whose name is decoded at run time", node)
            return Val()
        if name == "get-filehash":
            checked = args.get("path", "literalpath", position=0) or piped
            return Val(ref="\x00hash:" + ((checked.text if checked else None) or UNKNOWN))
        if self._runs_dropped(node, name):
            return Val()
        if name in self.functions:
            return self._local_call(node, name, args)
        if name == "join-path":
            pieces = [v.text if v.text is not None else UNKNOWN for v in [*args.positional, *args.named.values()]]
            out = merge(*args.positional, *args.named.values())
            out.text = "/".join(p.replace("\\", "/").strip("/") if i else p.rstrip("/\\") for i, p in enumerate(pieces))
            return out
        if name in ("set-alias", "new-alias"):
            pair = [args.get("name", position=0), args.get("value", position=1)]
            if pair[0] is not None and pair[1] is not None and pair[0].text and pair[1].text:
                self.aliases[pair[0].text.lower()] = _command_key(pair[1].text)
            return Val()
        if name in _RUNNERS:
            code = args.get("command", "scriptblock", position=0) or piped or Val()
            self._exec(node, "Invoke-Expression" if name == "invoke-expression" else "Invoke-Command", code)
            return Val()
        if name in _SENDERS:
            return self._web(node, name, args, piped)
        if name == "start-bitstransfer":
            url = args.get("source", position=0)
            dest = args.get("destination", position=1)
            if ((args.get("transfertype") or Val()).text or "").lower() == "upload":
                # -TransferType Upload: the source is a local file and the destination the address it goes to
                read = self._read(node, url or Val(), quiet=True)
                self._send(node, (dest.text if dest else None), [read], [])
                return Val()
            self.cap("sends", url_host_of((url.text or "") if url else "") or "?", node, "download")
            if dest is not None:
                self.dropped[dest.text or UNKNOWN] = (url.text if url else None) or UNKNOWN
            return Val()
        if name == "get-history":  # the commands typed this session, passwords and tokens included
            self.cap("reads", "the PowerShell command history", node, "Get-History")
            return Val(
                content=True, taint=Taint("reads the command history (Get-History)", self.line(node), whole=True)
            )
        if name == "get-content" or name == "import-clixml":
            source = args.get("path", "literalpath", position=0) or piped or Val()
            kept = self.dropped.get(source.text or UNKNOWN) if source.text else None
            if kept is not None:
                # a file this script downloaded (perhaps in another function) and now reads back: that download,
                # pinned when Get-FileHash compared it with a digest written in the script first
                pinned = "\x00pinned" if (source.text or "") in self.verified else None
                return Val(fetched=kept, ref=pinned) if kept != "decoded" else Val(decoded=True)
            return self._read(node, source, quiet=False)
        if name == "compress-archive":
            # Compress-Archive -Path "$stage\*" -DestinationPath $zip: the archive holds what the folder held
            folder = args.get("path", "literalpath", position=0)
            archive = args.get("destinationpath", position=1)
            held = self._held_secret(folder.text if folder else None)
            if held is not None and archive is not None and archive.text:
                self.secret_files[normal_path(archive.text)] = held
            return Val()
        if name == "convertfrom-json" and (piped or args.get("inputobject", position=0)):
            # Get-Content task.json | ConvertFrom-Json: a config the skill ships, its fields as $cfg.name reads them
            source = piped or args.get("inputobject", position=0) or Val()
            return _json_val(source.text) or carried(source)
        if name in ("get-childitem", "get-item") and any(
            (v.text or "").lower().rstrip(":\\/") == "env" for v in [*args.positional, *args.named.values()]
        ):
            return Val(taint=Taint("reads the whole environment", self.line(node), whole=True))
        if name in ("get-childitem",):
            # what it lists is every item under the folder: piped into Remove-Item, that folder's whole content
            where = args.get("path", "literalpath", position=0)
            if where is not None and where.text and UNKNOWN not in where.text:
                return Val(text=normal_path(where.text).rstrip("/\\") + "/*")
        hiding = {"assecurestring", "maskinput"} & (args.switches | set(args.named))
        if name == "read-host":
            # a switch followed by the prompt's text reads as that switch's value: either way it names the prompt
            asked = args.get("prompt", position=0) or next((args.named[h] for h in hiding if h in args.named), None)
            if hiding or (asked is not None and SECRET_PROMPT.search(asked.text or "")):
                self.cap("reads", PROMPT_TARGET, node, "Read-Host hiding its input" if hiding else "Read-Host")
                return Val(taint=prompted(asked.text if asked else None, self.line(node)))
        typed = carried(piped or args.get("securestring", position=0) or Val()).taint
        if name == "convertfrom-securestring" and typed is not None and typed.what.startswith(PROMPTED):
            return Val(taint=typed)  # the password just typed, as plain text: still that password, not a stored one
        if name in _STORE_CMDS:
            self.cap("reads", name, node, "a credential store")
            return Val(taint=Taint(f"reads a credential store ({name})", self.line(node), whole=True))
        if name in _WRITERS:
            where = (
                args.get("destination", position=1)
                if name in ("copy-item", "move-item")
                else args.get("path", "filepath", "literalpath", position=0)
            )
            value = args.get("value", position=1) if name not in ("copy-item", "move-item") else None
            value = value or piped
            if name in ("copy-item", "move-item"):
                origin = args.get("path", position=0)
                value = Val(text=None, fetched=origin.fetched if origin else None)
                for text in [origin.text, *origin.alts] if origin is not None and origin.text is not None else []:
                    # a copy of a credential store (a browser's Login Data, a key file) reads it as surely as Get-Content
                    copied = self._read(node, Val(text=text), quiet=True)
                    if copied.taint is not None:
                        value.taint = copied.taint
                        self.secret_files[normal_path((where.text if where else None) or UNKNOWN)] = copied.taint
                        break
            if name == "new-item" and (args.get("itemtype") or Val()).text in ("Directory",):
                return Val()
            if name == "new-item" and value is None:
                value = Val(text="")  # an empty file: nothing runs from it
            self._write(node, (where.text if where else None) or UNKNOWN, value, name)
            return Val()
        if name == "set-acl":
            where = args.get("path", "literalpath", position=0)
            rule = _BROAD_RULE.search(self.ctx.file_text)  # the rule the ACL object was given, by the script's text
            if rule is not None:
                self._opened(node, (where.text if where else None) or UNKNOWN, rule.group("rights"), "Set-Acl")
            return Val()
        if name in ("set-itemproperty", "new-itemproperty"):
            where = args.get("path", position=0)
            self._write(
                node, normal_path((where.text if where else None) or UNKNOWN), args.get("value", position=2), name
            )
            return Val()
        if name == "remove-item":
            where = args.get("path", "literalpath", position=0) or piped
            gone = climbed_path(normal_path((where.text if where else None) or UNKNOWN))  # ~/.cache/../.ssh is ~/.ssh
            self.cap("destroys", gone, node, "Remove-Item")
            if (
                args.has("recurse")
                and gone.rstrip("/\\")
                in (
                    "~",
                    "C:",
                    "c:",
                    "",
                    "/",
                    "~/*",
                    "C:/*",
                    "/*",
                    "~/Documents",
                )
                or (args.has("recurse") and re.fullmatch(r"~/\.?[\w-]+/?", gone) and credential_what(gone + "/"))
            ):
                self.add(DESTROY, f"deletes {safe_line(gone, limit=60)} recursively, which the user did not name", node)
            return Val()
        if name == "set-executionpolicy":
            policy = (args.get("executionpolicy", position=0) or Val()).text or "?"
            scope = (args.get("scope") or Val()).text or "LocalMachine"
            self.cap("grants", f"ExecutionPolicy {policy}", node, f"scope {scope}")
            if policy.lower() in ("bypass", "unrestricted") and scope.lower() != "process":
                self.add(PRIVILEGE, f"turns off script signing checks for {scope} (Set-ExecutionPolicy {policy})", node)
            return Val()
        if name in ("add-mppreference", "set-mppreference"):
            self.cap("grants", "Defender exclusion", node, name)
            if args.has("exclusionpath", "exclusionprocess", "disablerealtimemonitoring"):
                self.add(
                    PRIVILEGE,
                    "switches Microsoft Defender off for what it names, hiding what runs there",
                    node,
                    "error",
                )
            return Val()
        if name in ("register-scheduledtask", "new-scheduledtaskaction"):
            action = args.get("execute") or args.get("action") or Val()
            argument = args.get("argument") or Val()
            payload = merge(carried(action), carried(argument))
            payload.text = " ".join(t for t in (action.text, argument.text) if t) or None
            if action.text and UNKNOWN not in action.text and argument.text and _file_argument(argument.text):
                # pwsh -NoProfile -File "<a path the user passes>": a fixed program running a script file, not text
                payload.text = f"{action.text} {argument.text.replace(UNKNOWN, '<script file>')}"
            elif action.text and UNKNOWN not in action.text and argument.text and not _launcher(action.text):
                # robocopy.exe "<source>" "<target>" /MIR: a fixed program that runs no code it is handed reads the
                # values left open as its data (folders, names); the known words are still judged as text
                payload.text = f"{action.text} {argument.text.replace(UNKNOWN, '<value>')}"
            if name == "new-scheduledtaskaction":
                return payload
            named = (args.get("taskname", position=0) or Val()).text
            named = named if named and UNKNOWN not in named else None
            self._persist(node, f"a scheduled task named {named}" if named else "a scheduled task", payload, job=named)
            return Val()
        if name in ("write-output", "write-host", "write-information", "write-warning", "out-host"):
            said = " ".join(w for w in args.words if w and not w.startswith("-")).replace(UNKNOWN, "…")
            if said.strip() and self.report:
                start, end = self.spans.of(node)
                self.ctx.say(said, start, end)
            return piped or Val()
        if name in ("powershell", "pwsh", "powershell.exe", "pwsh.exe", "start-process"):
            return self._powershell(node, name, args)
        if name in ("new-object",):
            kind = ((args.get("typename", position=0) or Val()).text or "").lower()
            if "tcpclient" in kind or "sockets" in kind:
                extra = args.get("argumentlist", position=1)
                items = extra.items if extra is not None and extra.items is not None else [extra] if extra else []
                host = items[0].text if items and items[0] is not None and items[0].text else UNKNOWN
                self.cap("sends", host.replace(UNKNOWN, "?"), node, "TCP connection")
                self.ctx.network = True
                return Val(ref="\x00socket", dest=host, fetched=host)
            return Val(ref="[" + kind + "]")
        if name in (
            "convertto-json",
            "convertto-csv",
            "out-string",
            "convertto-securestring",
            "select-object",
            "format-list",
            "format-table",
            "convertto-xml",
            "compress-archive",
        ):
            return merge(
                carried(piped) if piped else None,
                *(carried(v) for v in args.positional),
                *(carried(v) for v in args.named.values()),
            )
        if name.split(".")[0] in _NATIVE or name in ("curl.exe", "wget.exe"):
            return self._native(node, name, args, piped)
        if name == "get-random":
            pool = args.get("inputobject", position=0) or piped
            if pool is not None and pool.items:
                return _picked(pool.items)  # $hosts | Get-Random: any of them
        if name in ("foreach-object", "%", "foreach", "where-object", "where", "?"):
            blocks = [v.func for v in [*args.positional, *args.named.values()] if v.func is not None]
            if piped is not None:
                self._each_item(blocks, piped)
            if name in ("where-object", "where", "?"):
                return merge(carried(piped) if piped else None)  # the items that pass, unchanged
            # $bytes | ForEach-Object { [char]($_ -bxor $k) }: what the block makes of each item is decoded text
            out = merge(carried(piped) if piped else None)
            for block in blocks:
                for sub in _walk(block):
                    if sub.type in ("bitwise_expression", "comparison_expression", "cast_expression"):
                        out.decoded = out.decoded or self.ev(sub).decoded
            return out
        out = merge(carried(piped) if piped else None, *(carried(v) for v in args.positional))
        if piped is not None:
            out.fetched = piped.fetched
        return out

    def _each_item(self, blocks: list[tree_sitter.Node], piped: Val) -> None:
        """Walk a ForEach-Object / Where-Object block with ``$_`` and ``$PSItem`` bound to what was piped in: each
        item reaches the block, so ``Get-Content KEY | ForEach-Object { Invoke-RestMethod -Body $_ }`` sends it."""
        saved = {key: self.env.get(key) for key in ("_", "psitem")}
        self.env["_"] = self.env["psitem"] = _each(piped)
        try:
            for block in blocks:
                for body in [block, *_blocks(block)] if block.type == "statement_list" else _blocks(block):
                    self._statements(body)
        finally:
            for key, value in saved.items():
                if value is None:
                    self.env.pop(key, None)
                else:
                    self.env[key] = value

    def _runs_dropped(self, node: tree_sitter.Node, name: str) -> bool:
        """``& $env:TEMP\\setup.ps1`` (or ``. path``, or the path as a command) runs a file the script wrote from a
        download or a decode: an error, or a note when the file was checked against a pinned digest first."""
        ran = name.replace("\\", "/").rsplit("/", 1)[-1]
        for path, origin in self.dropped.items():
            base = path.replace("\\", "/").rsplit("/", 1)[-1].lower()
            if not path or path == UNKNOWN or UNKNOWN in base or base != ran:
                continue
            self.cap("executes", base, node, "a file it wrote")
            check = DECODE if origin == "decoded" else DOWNLOAD
            if check == DOWNLOAD and path in self.verified:
                self.add(
                    DOWNLOAD,
                    f"runs {shown(path, 60)}, downloaded from {shown(origin, 80)} and checked against a SHA digest "
                    f"written in the script (line {self.verified[path]})",
                    node,
                    "note",
                )
            else:
                said = "decoded" if check == DECODE else f"downloaded from {shown(origin, 80)}"
                self.add(check, f"runs {shown(path, 60)}, written from data {said}", node)
            return True
        return False

    def _web(self, node: tree_sitter.Node, name: str, args: _Args, piped: Val | None) -> Val:
        url = args.get("uri", position=0)
        dest = url.text if url is not None else None
        data: list[Val] = [url] if url is not None else []
        for key in ("body", "form", "infile", "attachments"):
            val = args.get(key)
            if val is not None:
                data.append(self._read(node, val, quiet=True) if key in ("infile", "attachments") else val)
        if piped is not None:
            data.append(piped)
        if name == "send-mailmessage":
            dest = "smtp:" + ((args.get("smtpserver") or Val()).text or UNKNOWN)
        headers = [v for k, v in args.named.items() if k.startswith("head")]
        before = len(self.ctx.hits)
        # a host picked at run time (Get-Random, a foreach over hosts): each one it may be is a send
        picks = [t for t in (url.alts if url is not None else ()) if "\n" not in t]
        if picks and dest is not None and "\n" in dest:
            dest, picks = picks[0], picks[1:]  # a loop variable's joined texts name no one address
        self._send(node, dest, data, headers)
        for other in picks:
            if len(self.ctx.hits) > before:
                self.cap("sends", url_host_of(other) or "?", node, "a host picked at run time")
            else:
                self._send(node, other, data, headers)
        out_file = args.get("outfile")
        if out_file is not None:
            self.dropped[out_file.text or UNKNOWN] = dest or UNKNOWN
            self.cap("writes", normal_path(out_file.text or UNKNOWN), node, "download")
        return Val(fetched=dest or UNKNOWN, dest=dest or UNKNOWN)

    def _send(self, node: tree_sitter.Node, dest: str | None, data: list[Val], headers: list[Val]) -> None:
        from skillscope.audit.behavior.javascript import dest_host

        self.ctx.network = True
        host = dest_host(dest)
        self.cap("sends", host or "?", node)
        body = merge(*(carried(v) for v in data))
        header = merge(*(carried(v) for v in headers))
        named = bool(host) and "://" in (dest or "")
        if self.report:
            start, end = self.spans.of(node)
            self.ctx.sends.append((start, end, "upload" if named and (body.taint or body.content) else "network"))
        taint = body.taint
        if (
            taint is None
            and header.taint is not None
            and (
                header.taint.whole
                or (host and endpoint_kind(dest or ""))
                or (header.taint.name or "").startswith("\x00")
                or foreign_vendor_host(header.taint.name, dest or "")  # $env:GITHUB_TOKEN to a stranger's host
                or header_leaves(header.taint.name, dest or "", self.ctx.purpose.names(host or ""))
            )
        ):
            taint = header.taint
        if taint is None:
            return
        where = shown(dest) if dest and dest.strip(UNKNOWN) else "a computed address"
        if (taint.name or "").startswith("\x00param"):
            if self.current:
                start, end = self.spans.of(node)
                self.senders.setdefault(self.current, (taint.name or "", where, start, end))
            return
        if taint.name and host and related_host(taint.name, host) and endpoint_kind(dest or "") is None:
            return
        if taint.what.startswith(PROMPTED) and prompt_owner(taint.name or "", dest or "", self.ctx.purpose.names(host)):
            return  # a password typed for the user's own login, sent to it
        if taint.name and not taint.whole and generic_secret(taint.name) and not named and False:
            return
        if taint.private and not private_leaves(taint, dest or ""):
            return  # a private file kept home, or sent to its own tool's service
        self.add(FLOW, f"{taint.what} (line {taint.line}) and sends it to {where} (line {self.line(node)})", node)

    def _dns(self, node: tree_sitter.Node, name: Val) -> None:
        self.ctx.network = True
        domain = (name.text or "").rsplit(UNKNOWN, 1)[-1].strip(".") or "?"
        self.cap("sends", domain, node, "DNS lookup")
        taint = carried(name).taint
        if taint is not None and not taint.private:
            self.add(
                FLOW,
                f"{taint.what} (line {taint.line}) and sends it to DNS names under {shown(name.text, 60)} "
                f"(line {self.line(node)})",
                node,
            )

    def _held_secret(self, path: str | None) -> Taint | None:
        """The credential a file or folder (a glob's folder) the script filled holds, or None."""
        if not path or not self.secret_files:
            return None
        wanted = normal_path(path).rstrip("*").rstrip("/")
        for name, taint in self.secret_files.items():
            if name == wanted or name.startswith(wanted + "/"):
                return taint
        return None

    def _read(self, node: tree_sitter.Node, path: Val, *, quiet: bool) -> Val:
        out = Val(content=True, taint=path.taint)
        text = path.text
        if text is None:
            return out
        held = self._held_secret(text)
        if held is not None:
            out.taint = held
            return out
        said = normal_path(text)
        own = shipped(self.ctx.skill_files, self.ctx.path, text.replace("\\", "/").replace(UNKNOWN, "$DIR"))
        if len(own) == 1 and not credential_what(own[0][0] + " "):
            out.text = own[0][1]  # a file the skill ships (Join-Path $PSScriptRoot 'task.json'): its text is known
        what = credential_what(said + " ")
        if what:
            store = is_store(what)
            out.taint = Taint(
                f"reads {'a credential store (' + what + ')' if store else said}", self.line(node), whole=True
            )
            self.cap("reads", said, node, "a credential store" if store else "a credential file")
        elif DOTENV.search(said.rstrip()):
            out.taint = Taint(f"reads {said}", self.line(node), ".env")
            self.cap("reads", said, node, "a .env file")
        elif (place := private_place(said)) is not None and "?" not in place:
            # a file of the user's own on no list: its content is theirs (no capability, no finding of its own)
            out.taint = Taint(f"reads {place}", self.line(node), private_owner(place), private=True)
        return out

    def _write(self, node: tree_sitter.Node, path: str, payload: Val | None, how: str) -> None:
        target = normal_path(path)
        self.cap("writes", target, node, how)
        if self.report and payload is not None:  # sudoers, or a carried SSH key into authorized_keys
            judge_grants(self.ctx, target, payload.text, *self.spans.of(node))
        typed = carried(payload).taint if payload is not None else None
        typed = None if typed is not None and typed.private else typed  # a private file's content: no typed secret
        if self.report and typed is not None:  # a typed password kept where no login reads it
            judge_kept(self.ctx, [(typed.what, typed.line, typed.name)], path, *self.spans.of(node))
        if payload is not None and (payload.fetched or payload.decoded):
            self.dropped[path] = payload.fetched or "decoded"
        said = payload.text if payload is not None and payload.text and UNKNOWN not in payload.text else self.ctx.text
        if _PS_STARTUP.search(target) or PERSISTENCE_PATH.search(target) or loads_code(target, said):
            self._persist(node, target, payload)

    def _persist(self, node: tree_sitter.Node, where: str, payload: Val | None, job: str | None = None) -> None:
        severity, what = payload_severity(where, written(payload))
        text = (payload.text if payload is not None else None) or ""
        if severity != "error" and any(d in text for d in self.dropped if d and d != UNKNOWN):
            severity, what = "error", f"a file it downloaded or decoded ({safe_line(text, limit=60)})"
        if (
            severity == "warning"
            and what == "content the script computes"
            and job is None
            and _PROFILE_FILE.search(where)
            and not _REACH.search(self.ctx.text)
        ):
            # a profile block computed from the script's own parameters (aliases the user passes) in a script that
            # neither fetches, decodes nor connects: what it can write is what the user gave it
            severity, what = "note", "content the script computes (it fetches, decodes and connects nowhere)"
        dressed = ""
        if severity != "error" and job is not None and (vendor := disguised_job(job)):
            severity, dressed = "error", f", under a name dressed as the system's own ({vendor}…) to pass unnoticed"
        self.add(
            PERSIST,
            f"writes {what} to {safe_line(where, limit=80)}, which runs again later on its own (line {self.line(node)})"
            + dressed,
            node,
            None if severity == "error" else severity,
        )

    def _exec(self, node: tree_sitter.Node, how: str, code: Val) -> None:
        self.cap("executes", how, node, "runs PowerShell text")
        if code.fetched:
            socket = code.fetched and "://" not in code.fetched and code.fetched != UNKNOWN
            if socket:
                self.add(
                    REVERSE, f"runs commands it reads from a connection to {shown(code.fetched, 80)} ({how})", node
                )
            else:
                self.add(
                    DOWNLOAD,
                    f"runs what it downloads from {shown(code.fetched)} ({how})"
                    + (", checked against a SHA digest written in the script" if code.ref == "\x00pinned" else ""),
                    node,
                    "note" if code.ref == "\x00pinned" else _installer_severity(self.ctx, code.fetched),
                )
        elif code.decoded:
            said = f": {safe_line(code.text, limit=60)}" if code.text else ""
            self.add(DECODE, f"decodes hidden code and runs it ({how}){said}", node)
            if code.text:
                self._inner(node, code.text, f"decoded and run by {how}")
        elif code.text is not None and UNKNOWN not in code.text:
            for path, origin in self.dropped.items():
                if path and path != UNKNOWN and path.rsplit("/", 1)[-1].rsplit("\\", 1)[-1] in code.text:
                    check = DECODE if origin == "decoded" else DOWNLOAD
                    self.add(
                        check,
                        f"runs {shown(path, 60)}, written from {'decoded' if check == DECODE else 'downloaded'} data ({how})",
                        node,
                    )
                    return
            self._inner(node, code.text, f"run by {how}")
        elif code.func is None:
            self.add(DYNAMIC, f"runs text that is not a constant ({how})", node)

    def _inner(self, node: tree_sitter.Node, code: str, how: str) -> None:
        if not self.report or len(code) > 200_000:
            return
        start, end = self.spans.of(node)
        # The inner code stands where the call stands: in the same page (its headings, the product it names), in
        # the docs or a script as the call is, among the same skill files, so `powershell -c "irm … | iex"` is
        # judged as the same `irm … | iex` written out would be.
        inner = Ctx(
            code,
            self.ctx.base + start,
            self.ctx.file_text,
            self.ctx.path,
            documented=self.ctx.documented,
            skill_files=self.ctx.skill_files,
        )
        scan_powershell(inner)
        self.ctx.network = self.ctx.network or inner.network
        for raw in inner.hits:
            self.ctx.add(raw.check, f"{raw.message} ({how})", start, end, raw.severity)
        for cap in inner.caps:
            self.ctx.cap(cap.kind, cap.target, start, end, cap.detail)

    def _powershell(self, node: tree_sitter.Node, name: str, args: _Args) -> Val:
        if name == "start-process":
            program = ((args.get("filepath", position=0) or Val()).text or "").lower()
            extra = args.get("argumentlist", position=1)
            words = [
                w.text or UNKNOWN
                for w in (extra.items if extra and extra.items is not None else [extra] if extra else [])
            ]
            self.cap("executes", program.rsplit("\\", 1)[-1] or "?", node, "Start-Process")
            if not program.startswith(("powershell", "pwsh")):
                for path, origin in self.dropped.items():
                    if path and path != UNKNOWN and path.rsplit("/", 1)[-1].rsplit("\\", 1)[-1].lower() in program:
                        self.add(
                            DECODE if origin == "decoded" else DOWNLOAD,
                            f"starts {shown(path, 60)}, written from downloaded or decoded data",
                            node,
                        )
                return Val()
            joined = " ".join(words)
        else:
            joined = " ".join(args.words)
            self.cap("executes", "powershell", node)
        encoded = re.search(
            r"(?:^|\s)-(?:e|ec|en|enc|enco|encod|encode|encoded|encodedc\w*)\s+['\"]?([A-Za-z0-9+/=]{8,})", joined, re.I
        )
        if encoded:
            try:
                code = base64.b64decode(encoded.group(1) + "=" * (-len(encoded.group(1)) % 4)).decode(
                    "utf-16-le", "replace"
                )
            except (binascii.Error, ValueError):
                code = ""
            said = f": {safe_line(code, limit=60)}" if code else ""
            self.add(DECODE, f"runs a base64-encoded PowerShell command (-EncodedCommand){said}", node)
            if code:
                self._inner(node, code, "decoded from -EncodedCommand")
            return Val()
        command = args.get("command", "c")
        if command is not None and command.text:
            if command.fetched or command.decoded:
                self._exec(node, "powershell -Command", command)
            else:
                self._inner(node, command.text, "run by powershell -Command")
        return Val()

    def _opened(self, node: tree_sitter.Node, target: str, rights: str, how: str) -> None:
        """An ACL entry giving every account of the machine ``rights`` on ``target``, judged as chmod's mode is."""
        mode = 0o606 if re.search(r"write|modify|full|\b[FMW]\b", rights, re.IGNORECASE) else 0o604
        start, end = self.spans.of(node)
        if self.report:
            judge_mode(self.ctx, mode, normal_path(target), start, end, how)

    def _native(self, node: tree_sitter.Node, name: str, args: _Args, piped: Val | None) -> Val:
        tool = name.removesuffix(".exe")
        # a Windows path's separators read as the shell's (curl.exe -F "f=@$env:USERPROFILE\\.ssh\\id_rsa")
        words = [tool, *(w.replace("\\", "/") for w in args.words)]
        chain = node.parent
        stages = [c for c in chain.named_children if c.type == "command"] if chain is not None else []
        if chain is not None and len(stages) > 1 and stages[0] == node:
            # The whole pipeline (curl.exe URL | bash) is what the shell rules judge, at its first command.
            piece = self.text(chain)
            if PIPED_RUN.search(piece):
                self.add(
                    DOWNLOAD,
                    f"runs what it downloads (a download piped into an interpreter: {safe_line(piece, limit=80)})",
                    node,
                )
        command = " ".join(
            w if re.fullmatch(r"[\w@%+=:,./\\~-]+", w) else "'" + w.replace("'", "'\\''") + "'" for w in words
        )
        command = command.replace(UNKNOWN, '"$__VALUE"')
        self.cap("executes", tool, node, safe_line(command, limit=80))
        lowered = command.lower()
        if tool == "certutil" and "-urlcache" in lowered:
            url = re.search(r"https?://\S+", command)
            self.cap("sends", url_host_of(url.group(0)) if url else "?", node, "certutil download")
            if args.positional:
                self.dropped[args.positional[-1].text or UNKNOWN] = url.group(0) if url else UNKNOWN
        if tool.lower() == "icacls" and args.positional and "/grant" in lowered:
            granted = _ICACLS_GRANT.search(command)
            if granted is not None:
                self._opened(node, args.positional[0].text or UNKNOWN, granted.group("rights"), "icacls")
        if tool == "mshta" and "http" in lowered:
            self.add(DOWNLOAD, "runs a page it downloads (mshta of a URL)", node)
        taint = merge(*(carried(v) for v in [*args.positional, *args.named.values()])).taint
        if taint is not None and tool in ("curl", "curl.exe", "wget", "nc", "ncat", "scp", "ssh"):
            url = re.search(r"https?://\S+", command)
            host = url_host_of(url.group(0)) if url else ""
            if not (taint.name and host and related_host(taint.name, host)) and not (
                taint.private and not private_leaves(taint, url.group(0) if url else "")
            ):
                self.add(
                    FLOW,
                    f"{taint.what} (line {taint.line}) and sends it to {shown(url.group(0)) if url else 'the network (' + tool + ')'} (line {self.line(node)})",
                    node,
                )
        if self.report:
            inner = Ctx(command, 0, command, self.ctx.path, documented=self.ctx.documented)
            shell_rules(inner)
            self.ctx.network = self.ctx.network or inner.network
            start, end = self.spans.of(node)
            for raw in inner.hits:
                self.ctx.add(raw.check, f"{raw.message} (native command)", start, end, raw.severity)
            for cap in inner.caps:
                self.ctx.cap(cap.kind, cap.target, start, end, cap.detail)
        url = re.search(r"https?://[^\s'\"]+", command)
        if tool in ("curl", "wget") and url and not re.search(r"\s-(?:o|O|-output)\b", command):
            return Val(fetched=url.group(0))
        return Val()

    # --- functions ------------------------------------------------------------------------------
    def _params(self, func: tree_sitter.Node) -> list[str]:
        names = []
        for sub in _walk(func):
            if sub.type == "script_parameter":
                var = next((c for c in sub.named_children if c.type == "variable"), None)
                if var is not None:
                    names.append(self.text(var).lstrip("$").lower())
        return names

    def _local_call(self, node: tree_sitter.Node, name: str, args: _Args) -> Val:
        sent = self.senders.get(name)
        params = self._params(self.functions[name])
        if sent is not None:
            param = sent[0].rsplit(":", 1)[-1]
            index = params.index(param) if param in params else 0
            val = args.get(param, position=index)
            taint = carried(val).taint if val is not None else None
            if (
                taint is not None
                and not (taint.name or "").startswith("\x00param")
                and self.report
                and not (taint.private and not private_leaves(taint, sent[1]))
            ):
                where, start, end = sent[1], sent[2], sent[3]
                self.ctx.add(
                    FLOW,
                    f"{taint.what} (line {taint.line}), passes it to {name} (line {self.line(node)}) and sends it to "
                    f"{where} (line {self.ctx.line(start)})",
                    start,
                    end,
                )
            elif taint is not None and self.current:
                self.senders.setdefault(self.current, (taint.name or "", *sent[1:]))
        return merge(*(carried(v) for v in [*args.positional, *args.named.values()]))

    def run(self) -> None:
        root = self.tree.root_node
        for node in _walk(root):
            if node.type == "function_statement":
                label = next((c for c in node.named_children if c.type == "function_name"), None)
                if label is not None:
                    self.functions[_command_key(self.text(label))] = node
        self._statements(root)
        for _ in range(2):
            for name, func in self.functions.items():
                saved = dict(self.env)
                self.current = name
                for param in self._params(func):
                    self.env[param] = Val(taint=Taint(f"argument {param}", 0, f"\x00param:{param}"))
                body = next((c for c in func.named_children if c.type == "script_block"), None)
                if body is not None:
                    self._statements(body)
                self.current = None
                self.env = saved
        self._statements(root)
        self.report = True
        self._statements(root)

    def _statements(self, root: tree_sitter.Node) -> None:
        stack = [root]
        while stack:
            node = stack.pop()
            if (
                node.type == "pipeline"
                and node.parent is not None
                and node.parent.type in ("statement_list", "script_block_body", "program")
            ):
                self.ev(node)
                stack.extend(reversed(_blocks(node)))
                continue
            if node.type == "foreach_statement":
                self._foreach(node)
            elif node.type in ("if_statement", "elseif_clause"):
                # the condition is code too: a digest check ((Get-FileHash $f).Hash -ne '…'), a call it makes
                condition = next((c for c in node.named_children if c.type == "pipeline"), None)
                if condition is not None:
                    self.ev(condition)
                    stack.extend(reversed([c for c in node.children if c != condition]))
                    continue
            stack.extend(reversed(node.children))

    def _foreach(self, node: tree_sitter.Node) -> None:
        """Bind a foreach loop's variable to every item of a collection the script spells out: the body does what
        it does with each of them, so the value carries all their texts (one a line) and all their taint."""
        var = next((c for c in node.named_children if c.type == "variable"), None)
        source = next((c for c in node.named_children if c.type == "pipeline"), None)
        if var is None or source is None:
            return
        key = self.text(var).lstrip("$").strip("{}").lower()
        self.env[key] = _each(self.ev(source))


def _each(collection: Val) -> Val:
    """A loop variable over ``collection``: every item of a collection the script spells out (the value carries all
    their texts, one a line, and all their taint), else what the collection carries."""
    items = collection.items
    if not items:
        return merge(carried(collection))
    value = merge(*(carried(item) for item in items))
    texts = [item.text for item in items]
    value.text = None if any(t is None for t in texts) else "\n".join(t for t in texts if t is not None)
    value.alts = other_texts(None, *texts)  # each item in turn: a send judges every one of them
    return value


def _formatted(template: str, items: list[Val], at: int = -1, alt: str = "") -> str:
    """``template -f items`` (``[string]::Format``): each ``{n}`` replaced by item n's text (``alt`` for item ``at``)."""
    texts = [alt if n == at else i.text if i.text is not None else UNKNOWN for n, i in enumerate(items)]
    return re.sub(
        r"\{(\d+)(?:[,:][^}]*)?\}",
        lambda m: texts[int(m.group(1))] if int(m.group(1)) < len(texts) else UNKNOWN,
        template,
    )


def _formatted_alts(template: str, items: list[Val], text: str) -> tuple[str, ...]:
    """The other texts a format makes when an item was picked at run time (``'https://{0}/u' -f $h``)."""
    return other_texts(text, *(_formatted(template, items, n, a) for n, i in enumerate(items) for a in i.alts))


def _joined(items: list[Val], sep: str) -> Val:
    """Texts joined (``[string]::Concat``, ``[string]::Join``): what each carries, the joined text when the first
    piece is known (an unknown piece stays a marker, so a known host still shows), the texts a picked piece makes."""
    out = merge(*(carried(i) for i in items))
    texts = [i.text if i.text is not None else UNKNOWN for i in items]
    if items and items[0].text is not None:
        out.text = sep.join(texts)
        out.alts = other_texts(
            out.text, *(sep.join([*texts[:n], a, *texts[n + 1 :]]) for n, i in enumerate(items) for a in i.alts)
        )
    out.decoded = any(i.decoded for i in items)
    return out


def _picked(items: list[Val]) -> Val:
    """One item of a collection chosen at run time (``Get-Random``, an index not known, a ``foreach`` variable): what
    any item carries, the first known text as its text, the other texts as its ``alts``."""
    out = merge(*(carried(item) for item in items))
    texts = [t for item in items for t in (item.text, *item.alts) if t is not None]
    out.text = texts[0] if texts else None
    out.alts = other_texts(out.text, *texts)
    return out


def _json_val(text: str | None) -> Val | None:
    """JSON text as a value: an object's fields by lower-case name (PowerShell's member names ignore case), an
    array's items, a scalar's text; None when it does not parse."""
    if not text or len(text) > TEXT_LIMIT:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return _data_val(data, 0)


def _data_val(data: object, depth: int) -> Val:
    if depth > 8:
        return Val()
    if isinstance(data, dict):
        return Val(fields={str(k).lower(): _data_val(v, depth + 1) for k, v in list(data.items())[:256]})
    if isinstance(data, list):
        return Val(items=[_data_val(v, depth + 1) for v in data[:256]])
    return Val(text=None if data is None else str(data).lower() if isinstance(data, bool) else str(data))


TEXT_LIMIT = 200_000
"""The largest shipped JSON text read as a value."""

_LAUNCHERS = frozenset(
    {
        "cmd", "conhost", "wscript", "cscript", "mshta", "rundll32", "regsvr32", "msiexec", "wsl", "bitsadmin",
        "certutil", "schtasks", "start", "explorer", "forfiles", "msbuild", "installutil", "regasm", "wmic", "env",
    }
)  # fmt: skip
"""Windows programs that run code or a command line they are handed, besides the script interpreters."""


def _launcher(program: str) -> bool:
    """Whether a task's program runs code or a command line its arguments carry (a shell, an interpreter, a
    launcher such as rundll32), so an argument left open could be any command."""
    tool = program.replace("\\", "/").rsplit("/", 1)[-1].strip("\"' ").lower().removesuffix(".exe")
    return not tool or tool in INTERPRETERS or tool in _LAUNCHERS or tool.startswith(("python", "powershell"))


def _file_argument(text: str) -> bool:
    """Whether a scheduled task's argument string only runs a script file whose path the script computes
    (``-NoProfile -File "<path>"``): switches, then -File and the one unknown path."""
    words = text.replace("`", "").replace('"', " ").replace("'", " ").split()
    if not words or words[-1] != UNKNOWN or sum(UNKNOWN in w for w in words) != 1:
        return False
    return (
        len(words) >= 2
        and words[-2].lower() in ("-file", "-f")
        and all(w.startswith("-") and w.strip("-").isalpha() for w in words[:-1])
    )


def _installer_severity(ctx: Ctx, url: str) -> Severity | None:
    """A vendor's installer is judged as its shell twin is (shell.installer_severity)."""
    from skillscope.audit.behavior import shell

    judge = getattr(shell, "installer_severity", None)
    return judge(ctx, url) if judge is not None else None


def _walk(node: tree_sitter.Node) -> list[tree_sitter.Node]:
    out, stack = [], [node]
    while stack:
        current = stack.pop()
        out.append(current)
        stack.extend(reversed(current.children))
    return out


def _blocks(node: tree_sitter.Node) -> list[tree_sitter.Node]:
    """The statement lists nested in a pipeline (a script block's body, an if's branches) to walk after it."""
    out = []
    stack = list(node.children)
    while stack:
        current = stack.pop()
        if (
            current.type in ("statement_list",)
            and current.parent is not None
            and current.parent.type in ("script_block_body", "statement_block")
        ):
            out.append(current)
            continue
        stack.extend(current.children)
    return out


def scan_powershell(ctx: Ctx) -> None:
    """Run the PowerShell analyser over ``ctx.text``."""
    tree, data = parse("powershell", ctx.text)
    _Analyser(ctx, tree, data).run()
