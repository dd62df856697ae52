"""Agent configuration a skill ships (.mcp.json, .claude/settings*.json, hooks), and what allowed-tools grants."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from skillscope.audit.behavior.base import Ctx, Raw
from skillscope.audit.behavior.vocab import is_local_host
from skillscope.audit.capabilities import CapabilityKind
from skillscope.audit.findings import Severity
from skillscope.core.textsafe import safe_line

__all__ = [
    "scan_config",
    "scan_frontmatter",
    "own_interpreter",
    "is_agent_config",
    "describe",
    "describe_server",
    "RUNNER_WORDS",
    "Evidence",
    "Added",
]

_CONFIG = re.compile(
    r"(?:^|/)(?:\.mcp\.json|mcp\.json|\.claude/settings(?:\.local)?\.json|hooks/hooks\.json|"
    r"claude_desktop_config\.json|\.cursor/mcp\.json|\.vscode/mcp\.json)$"
)
_OFFLINE = re.compile(
    r"\b(?:works?|runs?|operates?)\s+(?:entirely\s+|fully\s+|completely\s+)?(?:offline|locally)\b|\bno\s+(?:network|internet)\s+(?:access|calls?|requests?|connections?)\b|"
    r"\b(?:never|does\s+not|doesn'?t|will\s+not|won'?t)\s+(?:send|upload|transmit|share|contact|connect\s+to|access\s+the\s+(?:network|internet))\b|"
    r"\bno\s+data\s+(?:leaves|is\s+sent|is\s+uploaded)\b|\b(?:local[- ]only|offline[- ]only|100%\s+local)\b",
    re.IGNORECASE,
)


def is_agent_config(path: str) -> bool:
    """Whether ``path`` names agent configuration that a host could pick up."""
    return _CONFIG.search(path) is not None


def _commands(value: Any, trail: str = "") -> list[tuple[str, str, list[str]]]:
    """Every (where, command-or-URL, its words) triple in a parsed configuration."""
    out: list[tuple[str, str, list[str]]] = []
    if isinstance(value, dict):
        command = value.get("command")
        if isinstance(command, str):
            args = value.get("args")
            words = [command, *(str(a) for a in args)] if isinstance(args, list) else [command]
            out.append((trail, " ".join(words), words))
        for key in ("url", "serverUrl", "endpoint"):
            if isinstance(value.get(key), str):
                out.append((trail, value[key], [value[key]]))
        for key, inner in value.items():
            if key not in ("command", "args"):
                out.extend(_commands(inner, f"{trail}.{key}" if trail else str(key)))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            out.extend(_commands(inner, f"{trail}[{index}]"))
    return out


@dataclass(frozen=True)
class Added:
    """One thing a shipped configuration adds: what it is, the verdict, and the capability it gives."""

    what: str
    severity: Severity | None
    """None for the rule's own level (error), else warning or note."""
    kind: CapabilityKind
    target: str
    detail: str


_RUNNERS = frozenset({"npx", "bunx", "pnpx", "uvx", "pipx", "dlx", "deno", "docker", "podman"})
"""Commands that fetch a package or image by name and run it."""
RUNNER_WORDS = _RUNNERS | {
    "sh",
    "bash",
    "zsh",
    "cmd",
    "powershell",
    "pwsh",
    "python",
    "python3",
    "node",
    "curl",
    "wget",
}
"""First words of an MCP server command worth judging when a script spells one: runners, shells, interpreters."""
_OFFICIAL = re.compile(
    r"^(?:@modelcontextprotocol/[\w.-]+|@anthropic-ai/[\w.-]+|@playwright/mcp|@microsoft/[\w.-]+|@azure/[\w.-]+|@aws/[\w.-]+|"
    r"@cloudflare/[\w.-]+|@stripe/[\w.-]+|@supabase/[\w.-]+|@sentry/[\w.-]+|@notionhq/[\w.-]+|@upstash/[\w.-]+|@github/[\w.-]+|"
    r"@vercel/[\w.-]+|@neondatabase/[\w.-]+|@browserbasehq/[\w.-]+|@heroku/[\w.-]+|@elastic/[\w.-]+|@mongodb-js/[\w.-]+|"
    r"@shopify/[\w.-]+|@hubspot/[\w.-]+|@pinecone-database/[\w.-]+|@google-cloud/[\w.-]+|@atlassian/[\w.-]+|@figma/[\w.-]+|"
    r"mcp-server-(?:git|fetch|time|sqlite|filesystem|memory|everything)|awslabs\.[\w.-]+|"
    r"(?:docker\.io/)?mcp/[\w.-]+|ghcr\.io/github/github-mcp-server)(?:@[\w.^~-]+|:[\w.-]+)?$",
    re.IGNORECASE,
)
"""Packages and images the MCP project or a platform vendor publishes under its own name."""
_FETCH_OR_HIDE = re.compile(
    r"\b(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod|nc|ncat|netcat|socat|telnet|base64|xxd|certutil|eval|iex|"
    r"invoke-expression|frombase64string)\b|/dev/(?:tcp|udp)|https?://|\|\s*(?:ba|z|da)?sh\b",
    re.IGNORECASE,
)
_INLINE_CODE = re.compile(
    r"^(?:(?:ba|z|da|k)?sh|python[\d.]*|node|perl|ruby|pwsh|powershell|deno|bun|osascript|cmd(?:\.exe)?)$",
    re.IGNORECASE,
)
_REDIRECTING_ENV = re.compile(
    r"(?:_BASE_URL|_API_URL|_ENDPOINT|_HOST|^HTTPS?_PROXY|^ALL_PROXY|^NODE_OPTIONS|^LD_PRELOAD|^DYLD_INSERT_LIBRARIES|^PYTHONSTARTUP|"
    r"^BASH_ENV|^PROMPT_COMMAND|^NODE_TLS_REJECT_UNAUTHORIZED|^GIT_SSH_COMMAND|^PYTHONPATH)$",
    re.IGNORECASE,
)
"""Settings that send the agent's traffic (and its keys) elsewhere, or load code into every process it starts."""


def _name(word: str) -> str:
    return word.rsplit("/", 1)[-1].rsplit("\\", 1)[-1]


def _package(words: list[str]) -> str | None:
    """The package or image a runner command fetches (``npx -y @scope/pkg`` -> ``@scope/pkg``), or None."""
    rest = words[1:]
    if _name(words[0]) in ("pipx", "deno", "docker", "podman", "pnpm", "yarn", "uv") and rest:
        rest = rest[1:] if rest[0] in ("run", "dlx", "x", "tool") else rest
    skip_value = {"-p", "--package", "--from", "-e", "--env", "-v", "--volume", "--name", "--network", "--mount", "-w"}
    index = 0
    while index < len(rest):
        word = rest[index]
        if word in skip_value:
            index += 2
            continue
        if word.startswith("-"):
            index += 1
            continue
        return word
    return None


def _server(where: str, command: str, words: list[str]) -> Added:
    what = f"MCP server {safe_line(where, limit=60)}: {safe_line(command, limit=120)}"
    if "://" in words[0]:
        host = re.sub(r"^[a-z]+://", "", words[0]).split("/", 1)[0].split("@")[-1].split(":")[0].lower()
        local = is_local_host(words[0])
        return Added(
            what + ("" if local else f" (a remote server at {host} the agent would send to)"),
            "note" if local else None,
            "sends",
            host or "?",
            f"MCP server {where}",
        )
    runner = _name(words[0]).lower()
    if _INLINE_CODE.match(runner) and any(
        w in ("-c", "-e", "--eval", "-Command", "-EncodedCommand", "/c") for w in words[1:]
    ):
        return Added(what + " (code given inline to an interpreter)", None, "executes", runner, f"MCP server {where}")
    if _FETCH_OR_HIDE.search(command):
        return Added(what + " (it downloads, decodes or connects out)", None, "executes", runner, f"MCP server {where}")
    if runner in _RUNNERS or (
        runner in ("pnpm", "yarn", "uv") and len(words) > 1 and words[1] in ("dlx", "run", "tool")
    ):
        package = _package(words)
        if package and _OFFICIAL.match(package):
            return Added(what, "note", "installs", package, f"MCP server {where}, run with {runner}")
        shown = safe_line(package or "?", limit=60)
        return Added(
            what + f" (fetches and runs {shown}, a package no known vendor publishes)",
            None,
            "installs",
            package or "?",
            f"MCP server {where}, run with {runner}",
        )
    # A server the skill ships itself (node ./server.js, python -m its own module): its code is analysed on its own.
    return Added(what, "note", "executes", runner, f"MCP server {where}")


def describe_server(words: list[str], where: str = "mcpServers") -> Added:
    """The verdict on one MCP server entry given as its command words (or its URL alone), as shipped config gets."""
    return _server(where, " ".join(words), words)


def _hook(where: str, command: str, words: list[str]) -> Added:
    what = f"hook {safe_line(where, limit=60)}: {safe_line(command, limit=120)}"
    runner = _name(words[0].split()[0] if words[0].split() else words[0]).lower()
    if _FETCH_OR_HIDE.search(command):
        return Added(what + " (it downloads, decodes or connects out)", None, "executes", runner, f"hook {where}")
    if _INLINE_CODE.match(runner) and re.search(r"\s-(?:c|e|Command|EncodedCommand)\b|\s/c\b", command):
        return Added(what + " (code given inline to an interpreter)", None, "executes", runner, f"hook {where}")
    if runner in _RUNNERS:
        package = _package(command.split())
        if not (package and _OFFICIAL.match(package)):
            shown = safe_line(package or "?", limit=60)
            return Added(
                what + f" (fetches and runs {shown} each time)", None, "installs", package or "?", f"hook {where}"
            )
    # A formatter, linter or test run, or a script the skill ships (whose own findings say what it does).
    return Added(what, "note", "executes", runner, f"hook {where}")


def describe(config: Any) -> list[Added]:
    """What the configuration would add, with a verdict and capability, for each server, hook and permission."""
    added: list[Added] = []
    if not isinstance(config, dict):
        return added
    for where, command, words in _commands(config):
        lowered = where.lower()
        if "hooks" in lowered or "statusline" in lowered:
            added.append(_hook(where, command, words))
        elif "mcpservers" in lowered or "servers" in lowered:
            added.append(_server(where, command, words))
        else:
            harmful = _FETCH_OR_HIDE.search(command) is not None
            added.append(
                Added(
                    f"command {safe_line(where, limit=60)}: {safe_line(command, limit=120)}",
                    None if harmful else "note",
                    "executes",
                    _name(words[0].split()[0] if words[0].split() else words[0]).lower(),
                    f"command {where}",
                )
            )
    permissions = config.get("permissions")
    if isinstance(permissions, dict) and isinstance(permissions.get("allow"), list):
        allowed = [str(p) for p in permissions["allow"]]
        broad = [p for p in allowed if _SHELL_TOOL.fullmatch(p.strip()) or _ANY_ARGS.fullmatch(p.strip())]
        names = {p.split("(", 1)[0].strip().lower() for p in allowed}
        wide = bool(broad) or bool(
            names & {"write", "edit", "multiedit"} and names & {"webfetch", "websearch", "fetch"}
        )
        for grant in allowed:
            added.append(
                Added(
                    f"permissions allow {safe_line(', '.join(allowed), limit=120)}",
                    "warning" if wide else "note",
                    "grants",
                    re.sub(r"\s+", "", grant),
                    "permissions.allow in shipped settings",
                )
            )
    for key in ("enableAllProjectMcpServers", "enabledMcpjsonServers", "apiKeyHelper", "env"):
        if key not in config:
            continue
        value = config[key]
        shown = f"{key}: {safe_line(json.dumps(value), limit=100)}"
        if key == "apiKeyHelper":
            harmful = _FETCH_OR_HIDE.search(str(value)) is not None
            added.append(Added(shown, None if harmful else "warning", "executes", "apiKeyHelper", "apiKeyHelper"))
        elif key == "env":
            redirected = [k for k in value if _REDIRECTING_ENV.search(str(k))] if isinstance(value, dict) else []
            if redirected:
                added.append(
                    Added(
                        shown + f" (sets {', '.join(redirected)}: the agent's traffic or processes are redirected)",
                        None,
                        "writes",
                        "agent settings env",
                        ", ".join(redirected),
                    )
                )
            else:
                added.append(Added(shown, "note", "writes", "agent settings env", key))
        else:
            added.append(Added(shown, "warning", "grants", key, "servers enabled without asking"))
    return added


def _where(text: str, what: str) -> tuple[int, int]:
    """Where a described server or hook sits in its file: its address or longest word (the part that runs), else its first word."""
    words = what.split(": ", 1)[-1].split()
    for word in sorted(words, key=lambda w: ("://" not in w, -len(w))):
        at = text.find(word.strip("\"'"))
        if at >= 0 and len(word) >= 4:
            return at, at + len(word)
    at = max(0, text.find(words[0])) if words else 0
    return at, at + 1


def scan_config(text: str, path: str) -> Ctx:
    """Findings for a shipped agent configuration file (nothing for other files); SKILL.md's allowed-tools grants."""
    ctx = Ctx(text, 0, text, path)
    if path == "SKILL.md":
        _grants(ctx)
    if not is_agent_config(path):
        return ctx
    try:
        config = json.loads(text)
    except (ValueError, RecursionError):
        ctx.add(
            "skillscope/persistence/agent-config",
            "agent configuration that does not parse as JSON (a host may still read it)",
            0,
            min(len(text), 80),
            "warning",
        )
        return ctx
    _bypass(ctx, config)
    for added in describe(config):
        at, end = _where(text, added.what)
        ctx.add(
            "skillscope/persistence/agent-config",
            f"ships agent configuration that adds {added.what}",
            at,
            end,
            added.severity,
        )
        ctx.cap(added.kind, added.target, at, end, added.detail)
    return ctx


_BYPASS_KEYS = ("dangerouslySkipPermissions", "skipDangerousModePermissionPrompt", "bypassPermissions")


def _bypass(ctx: Ctx, config: Any) -> None:
    """Shipped settings that switch off the user's permission prompts: every command then runs unasked."""
    if not isinstance(config, dict):
        return
    permissions = config.get("permissions")
    mode = permissions.get("defaultMode") if isinstance(permissions, dict) else None
    found = [("defaultMode", mode)] if mode == "bypassPermissions" else []
    found += [(key, config[key]) for key in _BYPASS_KEYS if config.get(key) is True]
    for key, value in found:
        match = re.search(rf'"{re.escape(key)}"\s*:[^,\n}}]*', ctx.text)
        at, end = (match.start(), match.end()) if match else (0, 1)
        ctx.add(
            "skillscope/permissions/unrestricted-shell",
            f"ships settings that switch off every permission prompt ({key}: {safe_line(json.dumps(value), limit=40)}): "
            "the agent would run any command without asking the user",
            at,
            end,
            "error",
        )
        ctx.cap("grants", "bypassPermissions", at, end, "permission prompts switched off in shipped settings")


def _grants(ctx: Ctx) -> None:
    """Record each tool SKILL.md's frontmatter allowed-tools grants the agent (a ``grants`` capability)."""
    from skillscope.verify.frontmatter import FrontmatterError, parse_frontmatter, split_frontmatter

    try:
        frontmatter = parse_frontmatter(split_frontmatter(ctx.text)[0])
    except FrontmatterError:  # no frontmatter, or one that does not parse: the entry's checks say so
        return
    key = "allowed-tools" if "allowed-tools" in frontmatter else "allowed_tools"
    at, end = _key_span(ctx.text, key)
    for tool in _tools(frontmatter.get(key)):
        ctx.cap("grants", re.sub(r"\s+", "", tool), max(at, 0), max(end, 0), "allowed-tools in the frontmatter")


def _tools(allowed: Any) -> list[str]:
    if isinstance(allowed, str):
        return [t for t in re.split(r"[,\s]+(?![^()]*\))", allowed) if t]
    if isinstance(allowed, list):
        return [str(t) for t in allowed]
    return []


_SHELL_TOOL = re.compile(
    r"(?:Bash|Shell|Terminal|run_terminal_cmd|Execute)(?:\(\s*(?:\*|:\*|\*\*)?\s*\))?", re.IGNORECASE
)
_ANY_ARGS = re.compile(
    r"(?:Bash|Shell|Terminal|Execute)\(\s*(sudo|su|doas|pkexec|sh|bash|zsh|dash|env|xargs|eval|exec|python3?|node|perl|ruby|osascript)"
    r"(?::\s*\*|\s+\*|\s*:\*|\*)\s*\)",
    re.IGNORECASE,
)
"""A grant of a privilege or interpreter command with any arguments: as wide as the shell itself (Bash(sudo:*) is a root shell)."""
_READ_TOOLS = frozenset({"read", "grep", "glob", "ls", "notebookread", "view", "list"})
_READ_ONLY = re.compile(
    r"\bread[- ]only\b|\breads?\s+(?:\w+\s+)?only\b|\bonly\s+reads?\b|\bwithout\s+(?:changing|modifying|sending|uploading)\b|"
    r"\bnever\s+(?:\w+\s+(?:or|and)\s+)?(?:sends?|uploads?|shares?|transmits?)\b|\bnothing\s+(?:leaves|is\s+(?:sent|uploaded))\b",
    re.IGNORECASE,
)
_NO_CHANGE = re.compile(
    r"\bread[- ]only\b|\b(?:changes|modifies|writes|touches|alters)\s+nothing\b|"
    r"\b(?:never|does\s+not|doesn'?t|will\s+not|won'?t)\s+(?:change|modify|write(?:\s+to)?|touch|alter|edit)s?\b",
    re.IGNORECASE,
)
"""A claim that the skill leaves the user's files as they are: a write outside the project contradicts it."""
_SELF_CLAIM = re.compile(
    r"\b(?:this\s+skill|the\s+skill|it|the\s+scripts?)\s+(?:\w+\s+)?(?:never|does\s+not|doesn'?t|will\s+not|won'?t)\s+"
    r"(?:\w+\s+(?:or|and)\s+)?(?:sends?|send|uploads?|upload|shares?|share|transmits?|transmit)\b",
    re.IGNORECASE,
)

Place = tuple[str, int, int]
"""A file path and the character span in it where something happens."""


@dataclass
class Evidence:
    """What the skill's scripts were seen to do, each with where it happens (first place per script)."""

    sends: list[Place] = field(default_factory=list)
    """Code that sends anything over the network."""
    uploads: list[Place] = field(default_factory=list)
    """Code that sends a file's content or a secret."""
    harm: list[tuple[Place, str]] = field(default_factory=list)
    """Error-level behaviour in a script (a secret sent out, download and run, persistence), with its message."""
    writes: list[tuple[Place, str]] = field(default_factory=list)
    """Code that writes outside the project and the temp folders (the user's home, system files), with the place."""


def _key_span(text: str, key: str) -> tuple[int, int]:
    match = re.search(rf"^{re.escape(key)}\s*:[^\n]*", text, re.MULTILINE)
    return (match.start(), match.end()) if match else (-1, -1)


_INTERPRETER_LANGUAGES = {
    "python": "python",
    "python3": "python",
    "node": "javascript",
    "ruby": "ruby",
    "perl": "perl",
    "sh": "shell",
    "bash": "shell",
    "zsh": "shell",
    "dash": "shell",
}
"""The language of the scripts an interpreter a grant names runs (``Bash(python3:*)`` runs Python)."""


def own_interpreter(tool: str, languages: frozenset[str]) -> str | None:
    """The interpreter a grant of it with any arguments names, when the skill ships scripts in its language (it runs
    its own scripts with it), else None."""
    found = _ANY_ARGS.fullmatch(tool.strip())
    if found is None:
        return None
    interpreter = found.group(1).lower()
    language = _INTERPRETER_LANGUAGES.get(interpreter)
    if language is None or not (languages & {language, *(("typescript",) if language == "javascript" else ())}):
        return None
    return interpreter


def scan_frontmatter(
    frontmatter: dict[str, Any], evidence: Evidence, skill_md: str, languages: frozenset[str] = frozenset()
) -> list[tuple[str, Raw]]:
    """Hooks in the frontmatter, what allowed-tools grants, and claims the scripts contradict.

    Each finding comes with the file it belongs in and its span there: the frontmatter key in SKILL.md, or the
    script line that contradicts a claim (-1 when SKILL.md does not spell the key, as for a served entry).
    ``languages`` are those of the scripts the skill ships: an interpreter granted with any arguments that runs
    them (``Bash(python3:*)`` beside Python scripts) is how the skill runs its own code, a note that says what else
    it allows.
    """
    out: list[tuple[str, Raw]] = []
    hooks = frontmatter.get("hooks")
    if hooks:
        key_at, key_end = _key_span(skill_md, "hooks")
        for added in describe({"hooks": hooks}) or [
            Added(f"hooks {safe_line(json.dumps(hooks, default=str), limit=160)}", None, "executes", "?", "hooks")
        ]:
            at, end = _where(skill_md, added.what) if key_at >= 0 else (key_at, key_end)
            out.append(
                (
                    "SKILL.md",
                    Raw(
                        "skillscope/persistence/agent-config",
                        f"frontmatter adds {added.what}",
                        at,
                        end,
                        added.severity,
                    ),
                )
            )
    key = "allowed-tools" if "allowed-tools" in frontmatter else "allowed_tools"
    tools = _tools(frontmatter.get(key))
    at, end = _key_span(skill_md, key) if tools else (-1, -1)
    harm = (
        evidence.harm[0]
        if evidence.harm
        else ((evidence.uploads[0], "sends file contents over the network") if evidence.uploads else None)
    )
    # Broad grants are common; with a script that does harm they are how the harm gets run, so the pair is an error.
    because = f", and {safe_line(harm[0][0], limit=60)} {safe_line(harm[1], limit=100)}" if harm else ""
    level: Severity | None = "error" if harm else None
    shell = [t for t in tools if _SHELL_TOOL.fullmatch(t.strip()) or _ANY_ARGS.fullmatch(t.strip())]
    own = {t: interpreter for t in shell if (interpreter := own_interpreter(t, languages))}
    if own and len(own) == len(shell) and level is None:
        out.append(
            (
                "SKILL.md",
                Raw(
                    "skillscope/permissions/unrestricted-shell",
                    f"allowed-tools grants {safe_line(', '.join(own), limit=80)}: the interpreter the skill's own scripts "
                    f"run with, with any arguments ({min(own.values())} given code inline would run anything){because}",
                    at,
                    end,
                    "note",
                ),
            )
        )
        shell = []
    if shell:
        out.append(
            (
                "SKILL.md",
                Raw(
                    "skillscope/permissions/unrestricted-shell",
                    f"allowed-tools grants an unrestricted shell ({safe_line(', '.join(shell), limit=80)}){because}",
                    at,
                    end,
                    level,
                ),
            )
        )
    names = {t.split("(", 1)[0].strip().lower() for t in tools}
    if names & {"write", "edit", "multiedit", "notebookedit"} and names & {"webfetch", "websearch", "fetch"}:
        out.append(
            (
                "SKILL.md",
                Raw(
                    "skillscope/permissions/write-and-network",
                    f"allowed-tools grants writing files and the network ({safe_line(', '.join(tools), limit=120)}){because}",
                    at,
                    end,
                    level,
                ),
            )
        )
    if not (evidence.sends or evidence.harm or evidence.writes):
        return out  # no script sends or writes anything: no claim can be contradicted
    description = str(frontmatter.get("description", ""))
    offline = _OFFLINE.search(description) or _OFFLINE.search(skill_md)
    read_only = _READ_ONLY.search(description) or _SELF_CLAIM.search(skill_md)
    only_reads = bool(tools) and names <= _READ_TOOLS
    flows = [place for place, message in evidence.harm if "sends it to" in message]
    if offline and evidence.sends:
        path, start, stop = evidence.sends[0]
        out.append(
            (
                path,
                Raw(
                    "skillscope/permissions/claim-mismatch",
                    f"SKILL.md says {safe_line(offline.group(0), limit=60)!r}, but this sends data over the network",
                    start,
                    stop,
                ),
            )
        )
    elif (read_only or only_reads) and evidence.uploads:
        path, start, stop = evidence.uploads[0]
        said = (
            f"says {safe_line(read_only.group(0), limit=60)!r}"
            if read_only
            else f"grants only {safe_line(', '.join(tools), limit=60)}"
        )
        out.append(
            (
                path,
                Raw(
                    "skillscope/permissions/claim-mismatch",
                    f"SKILL.md {said}, but this sends file contents over the network",
                    start,
                    stop,
                ),
            )
        )
    elif (unchanged := _NO_CHANGE.search(description) or _NO_CHANGE.search(skill_md)) and evidence.writes:
        (path, start, stop), where = evidence.writes[0]
        out.append(
            (
                path,
                Raw(
                    "skillscope/permissions/claim-mismatch",
                    f"SKILL.md says {safe_line(unchanged.group(0), limit=60)!r}, but this writes "
                    f"{safe_line(where, limit=60)}",
                    start,
                    stop,
                ),
            )
        )
    elif tools and flows and not names & {"bash", "shell", "terminal", "webfetch", "websearch", "fetch", "execute"}:
        # Only a script that sends secrets counts here: an honest read-only skill may still ship a script that fetches.
        path, start, stop = flows[0]
        out.append(
            (
                path,
                Raw(
                    "skillscope/permissions/claim-mismatch",
                    f"allowed-tools ({safe_line(', '.join(tools), limit=80)}) grants no shell or network, yet this sends secrets over the network",
                    start,
                    stop,
                ),
            )
        )
    return out
