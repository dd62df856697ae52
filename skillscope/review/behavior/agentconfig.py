"""Agent configuration a skill ships (.mcp.json, .claude/settings*.json, hooks), and what allowed-tools grants."""

from __future__ import annotations

import json
import re
from typing import Any

from skillscope.audit.behavior.base import Ctx, Raw
from skillscope.core.textsafe import safe_line

__all__ = ["scan_config", "scan_frontmatter", "is_agent_config"]

_CONFIG = re.compile(r"(?:^|/)(?:\.mcp\.json|mcp\.json|\.claude/settings(?:\.local)?\.json|hooks/hooks\.json|"
                     r"claude_desktop_config\.json|\.cursor/mcp\.json|\.vscode/mcp\.json)$")
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
        kind = "hook" if "hooks" in where.lower() else ("MCP server" if "mcpservers" in where.lower() or "servers" in where.lower() else "command")
        runs = kind != "command" or _SHELLY.search(command) is not None
        added.append((f"{kind} {safe_line(where, limit=60)}: {safe_line(command, limit=120)}", runs))
    permissions = config.get("permissions")
    if isinstance(permissions, dict) and isinstance(permissions.get("allow"), list):
        added.append((f"permissions allow {safe_line(', '.join(str(p) for p in permissions['allow']), limit=120)}", True))
    for key in ("enableAllProjectMcpServers", "enabledMcpjsonServers", "apiKeyHelper", "env"):
        if key in config:
            added.append((f"{key}: {safe_line(json.dumps(config[key]), limit=100)}", key != "env"))
    return added


def scan_config(text: str, path: str) -> Ctx:
    """Findings for a shipped agent configuration file (nothing for other files)."""
    ctx = Ctx(text, 0, text, path)
    if not is_agent_config(path):
        return ctx
    try:
        config = json.loads(text)
    except (ValueError, RecursionError):
        ctx.add("skillscope/persistence/agent-config", "agent configuration that does not parse as JSON (a host may still read it)", 0, min(len(text), 80), "warning")
        return ctx
    for what, runs in _describe(config):
        needle = what.split(": ", 1)[-1][:30]
        at = max(0, text.find(needle.split(" ", 1)[0]))
        ctx.add("skillscope/persistence/agent-config", f"ships agent configuration that adds {what}", at, at + 1, None if runs else "warning")
    return ctx


def _tools(allowed: Any) -> list[str]:
    if isinstance(allowed, str):
        return [t for t in re.split(r"[,\s]+(?![^()]*\))", allowed) if t]
    if isinstance(allowed, list):
        return [str(t) for t in allowed]
    return []


def scan_frontmatter(frontmatter: dict[str, Any], network_scripts: list[str], flow_scripts: list[str], skill_md: list[str]) -> list[Raw]:
    """Hooks in the frontmatter, what allowed-tools grants, and claims the scripts contradict.

    ``network_scripts`` send anything over the network; ``flow_scripts`` send secrets (a data-flow finding).
    """
    out: list[Raw] = []
    hooks = frontmatter.get("hooks")
    if hooks:
        for what, _ in _describe({"hooks": hooks}) or [(f"hooks {safe_line(json.dumps(hooks, default=str), limit=160)}", True)]:
            out.append(Raw("skillscope/persistence/agent-config", f"frontmatter adds {what}", 0, 1))
    tools = _tools(frontmatter.get("allowed-tools", frontmatter.get("allowed_tools")))
    shell = [t for t in tools if re.fullmatch(r"(?:Bash|Shell|Terminal|run_terminal_cmd|Execute)(?:\(\s*(?:\*|:\*|\*\*)?\s*\))?", t.strip(), re.IGNORECASE)]
    if shell:
        out.append(Raw("skillscope/permissions/unrestricted-shell", f"allowed-tools grants an unrestricted shell ({safe_line(', '.join(shell), limit=80)})", 0, 1))
    names = {t.split("(", 1)[0].strip().lower() for t in tools}
    if names & {"write", "edit", "multiedit", "notebookedit"} and names & {"webfetch", "websearch", "fetch"}:
        out.append(Raw("skillscope/permissions/write-and-network", f"allowed-tools grants writing files and the network ({safe_line(', '.join(tools), limit=120)})", 0, 1))
    description = str(frontmatter.get("description", ""))
    claim = (_OFFLINE.search(description) or next((m for m in (_OFFLINE.search(t) for t in skill_md) if m), None)) if network_scripts else None
    granted = {t.split("(", 1)[0].strip().lower() for t in tools}
    # Only a script that sends secrets counts here: an honest read-only skill may still ship a script that fetches.
    if tools and flow_scripts and not claim and not granted & {"bash", "shell", "terminal", "webfetch", "websearch", "fetch", "execute"}:
        out.append(Raw("skillscope/permissions/claim-mismatch",
                       f"allowed-tools ({safe_line(', '.join(tools), limit=80)}) grants no shell or network, yet {safe_line(flow_scripts[0], limit=80)} sends secrets over the network", 0, 1))
    if claim:
        out.append(Raw("skillscope/permissions/claim-mismatch",
                       f"says {safe_line(claim.group(0), limit=60)!r} but {safe_line(network_scripts[0], limit=80)} sends data over the network", 0, 1))
    return out
