"""Agent configuration a skill ships (.mcp.json, .claude/settings*.json, hooks), and what allowed-tools grants."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from skillscope.audit.behavior.base import Ctx, Raw
from skillscope.audit.findings import Severity
from skillscope.core.textsafe import safe_line

__all__ = ["scan_config", "scan_frontmatter", "is_agent_config", "Evidence"]

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
_SHELLY = re.compile(r"\b(?:curl|wget|nc|bash|sh|python3?|node|base64|eval)\b|https?://|/dev/tcp", re.IGNORECASE)


def is_agent_config(path: str) -> bool:
    """Whether ``path`` names agent configuration that a host could pick up."""
    return _CONFIG.search(path) is not None


def _commands(value: Any, trail: str = "") -> list[tuple[str, str]]:
    """Every (where, command-or-URL) pair in a parsed configuration."""
    out: list[tuple[str, str]] = []
    if isinstance(value, dict):
        command = value.get("command")
        if isinstance(command, str):
            args = value.get("args")
            joined = " ".join([command, *(str(a) for a in args)] if isinstance(args, list) else [command])
            out.append((trail, joined))
        for key in ("url", "serverUrl", "endpoint"):
            if isinstance(value.get(key), str):
                out.append((trail, value[key]))
        for key, inner in value.items():
            if key not in ("command", "args"):
                out.extend(_commands(inner, f"{trail}.{key}" if trail else str(key)))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            out.extend(_commands(inner, f"{trail}[{index}]"))
    return out


def _describe(config: Any) -> list[tuple[str, bool]]:
    """(what the configuration would add, whether it runs something) for each server, hook and permission."""
    added: list[tuple[str, bool]] = []
    if not isinstance(config, dict):
        return added
    for where, command in _commands(config):
        kind = (
            "hook"
            if "hooks" in where.lower()
            else ("MCP server" if "mcpservers" in where.lower() or "servers" in where.lower() else "command")
        )
        runs = kind != "command" or _SHELLY.search(command) is not None
        added.append((f"{kind} {safe_line(where, limit=60)}: {safe_line(command, limit=120)}", runs))
    permissions = config.get("permissions")
    if isinstance(permissions, dict) and isinstance(permissions.get("allow"), list):
        added.append(
            (f"permissions allow {safe_line(', '.join(str(p) for p in permissions['allow']), limit=120)}", True)
        )
    for key in ("enableAllProjectMcpServers", "enabledMcpjsonServers", "apiKeyHelper", "env"):
        if key in config:
            added.append((f"{key}: {safe_line(json.dumps(config[key]), limit=100)}", key != "env"))
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
    for what, runs in _describe(config):
        at, end = _where(text, what)
        ctx.add(
            "skillscope/persistence/agent-config",
            f"ships agent configuration that adds {what}",
            at,
            end,
            None if runs else "warning",
        )
    return ctx


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


def _key_span(text: str, key: str) -> tuple[int, int]:
    match = re.search(rf"^{re.escape(key)}\s*:[^\n]*", text, re.MULTILINE)
    return (match.start(), match.end()) if match else (-1, -1)


def scan_frontmatter(frontmatter: dict[str, Any], evidence: Evidence, skill_md: str) -> list[tuple[str, Raw]]:
    """Hooks in the frontmatter, what allowed-tools grants, and claims the scripts contradict.

    Each finding comes with the file it belongs in and its span there: the frontmatter key in SKILL.md, or the
    script line that contradicts a claim (-1 when SKILL.md does not spell the key, as for a served entry).
    """
    out: list[tuple[str, Raw]] = []
    hooks = frontmatter.get("hooks")
    if hooks:
        key_at, key_end = _key_span(skill_md, "hooks")
        for what, _ in _describe({"hooks": hooks}) or [
            (f"hooks {safe_line(json.dumps(hooks, default=str), limit=160)}", True)
        ]:
            at, end = _where(skill_md, what) if key_at >= 0 else (key_at, key_end)
            out.append(("SKILL.md", Raw("skillscope/persistence/agent-config", f"frontmatter adds {what}", at, end)))
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
    if not (evidence.sends or evidence.harm):
        return out  # no script sends anything: no claim can be contradicted
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
