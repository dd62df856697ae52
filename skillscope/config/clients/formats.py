"""Read each MCP client's config shape into server specs: mcpServers, VS Code's servers, Zed's context_servers."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from skillscope.catalog.names import is_valid_label
from skillscope.config.servers import ServerSpec
from skillscope.config.variables import Dialect, InputSpec
from skillscope.core.errors import ConfigError

__all__ = ["MAX_CLIENT_FILE_BYTES", "dialect_for", "read_document", "label_from_name"]

_SECTIONS = ("servers", "mcpServers", "context_servers")
MAX_CLIENT_FILE_BYTES = 4 * 1024 * 1024
"""The largest client config read: ~/.claude.json keeps history beside its servers."""


def dialect_for(path: Path, data: Any) -> Dialect:
    """Which client wrote ``path``: by its name and folder first, then by its shape."""
    name, parent = path.name, path.parent.name
    if name == "claude_desktop_config.json":
        return "claude-desktop"
    if name in (".mcp.json", ".claude.json"):
        return "claude-code"
    if (
        parent == ".vscode"
        or (name == "mcp.json" and parent == "User")
        or (name == "settings.json" and parent == "User")
    ):
        return "vscode"
    if parent == ".cursor":
        return "cursor"
    if name == "mcp_config.json" or parent == "windsurf":
        return "windsurf"
    if parent in ("zed", ".zed") or (isinstance(data, dict) and "context_servers" in data):
        return "zed"
    if isinstance(data, dict) and ("inputs" in data or isinstance(data.get("mcp"), dict)):
        return "vscode"
    return "generic"


def label_from_name(name: str) -> str:
    """A server label from a client's server name (``My Server`` gives ``My-Server``)."""
    label = re.sub(r"[^A-Za-z0-9_.-]+", "-", name).strip("-")[:64]
    return label or "server"


def _strings(raw: dict[str, Any], key: str, kind: type, where: str) -> Any:
    value = raw.get(key)
    if value is None:
        return kind()
    if kind is list and isinstance(value, list) and all(isinstance(v, str) for v in value):
        return list(value)
    if kind is dict and isinstance(value, dict) and all(isinstance(v, str) for v in value.values()):
        return {str(k): v for k, v in value.items()}
    raise ConfigError(
        f"{where}: '{key}' " + ("must be a list of strings" if kind is list else "must map names to strings")
    )


def _inputs(data: dict[str, Any], where: str) -> tuple[InputSpec, ...]:
    raw = data.get("inputs", [])
    if not isinstance(raw, list):
        raise ConfigError(f"{where}: 'inputs' must be a list")
    out = []
    for item in raw:
        if not isinstance(item, dict) or not isinstance(item.get("id"), str):
            raise ConfigError(f"{where}: every entry of 'inputs' needs a string 'id'")
        default = item.get("default")
        out.append(
            InputSpec(
                item["id"],
                str(item.get("description") or ""),
                item.get("password") is True,
                default if isinstance(default, str) else None,
            )
        )
    return tuple(out)


def _entry(name: str, raw: Any, where: str, dialect: Dialect) -> dict[str, Any]:
    """One server's fields (values unexpanded) in ``ServerSpec`` keyword form."""
    if not isinstance(raw, dict):
        raise ConfigError(f"{where}: expected a mapping with 'url' or 'command'")
    transport = raw.get("type", raw.get("transport"))
    if transport is not None and transport not in ("stdio", "http", "sse", "streamable-http", "streamableHttp"):
        raise ConfigError(f"{where}: unknown 'type' {str(transport)[:40]!r} (expected stdio, http or sse)")
    transport = "http" if transport in ("streamable-http", "streamableHttp") else transport
    command: Any = raw.get("command")
    args, env = _strings(raw, "args", list, where), _strings(raw, "env", dict, where)
    if isinstance(command, dict):  # Zed's older {"command": {"path", "args", "env"}}
        args, env = _strings(command, "args", list, where), _strings(command, "env", dict, where)
        command = command.get("path")
    url = raw.get("url") or raw.get("serverUrl") or raw.get("httpUrl")
    if url is None and command is None and raw.get("source") == "extension":
        return {"note": "provided by a Zed extension: nothing here says how to reach it", "disabled": True}
    if bool(url) == bool(command):
        raise ConfigError(f"{where}: give exactly one of 'url' or 'command'")
    if url is not None and not isinstance(url, str):
        raise ConfigError(f"{where}: 'url' must be a string")
    if command is not None and not isinstance(command, str):
        raise ConfigError(f"{where}: 'command' must be a string")
    for key in ("cwd", "envFile"):
        if raw.get(key) is not None and not isinstance(raw.get(key), str):
            raise ConfigError(f"{where}: '{key}' must be a string")
    disabled = raw.get("disabled") is True or raw.get("enabled") is False
    return {
        "url": url,
        "command": command,
        "args": args,
        "env": env,
        "headers": _strings(raw, "headers", dict, where),
        "cwd": raw.get("cwd"),
        "env_file": raw.get("envFile"),
        "disabled": disabled,
        "transport": transport or ("http" if url else "stdio"),
        "allow_dynamic": bool(raw.get("allowDynamic", raw.get("allow_dynamic", False))),
    }


def read_document(
    data: Any, path: Path, *, dialect: Dialect | None = None, workspace: Path | None = None, project: str | None = None
) -> list[ServerSpec]:
    """Every server a client config document holds (values unexpanded).

    ``~/.claude.json`` also holds servers per project (``projects[<dir>].mcpServers``); with
    ``project`` only that directory's are read, with ``project="*"`` every project's.

    Raises:
        ConfigError: the document or one of its servers has the wrong shape (the message names it).
    """
    if not isinstance(data, dict):
        raise ConfigError(f"Config file {path} must hold a mapping at the top level")
    dialect = dialect or dialect_for(path, data)
    found: list[ServerSpec] = []
    scopes: list[tuple[dict[str, Any], str | None, Path | None]] = [(data, None, workspace)]
    if isinstance(data.get("mcp"), dict):  # VS Code settings.json: "mcp": {"servers", "inputs"}
        scopes.append((data["mcp"], None, workspace))
    projects = data.get("projects") if dialect == "claude-code" else None
    if isinstance(projects, dict) and project is not None:
        for folder, settings in projects.items():
            if isinstance(settings, dict) and (project == "*" or Path(str(folder)) == Path(project)):
                scopes.append((settings, str(folder), Path(str(folder))))
    for scope, folder, root in scopes:
        inputs = _inputs(scope, str(path)) if dialect == "vscode" else ()
        for section in _SECTIONS:
            servers = scope.get(section)
            if servers is None:
                continue
            if not isinstance(servers, dict):
                raise ConfigError(f"{path}: '{section}' must map labels to servers")
            for name, raw in servers.items():
                where = f"{path}: {section}.{name}" + (f" (project {folder})" if folder else "")
                if dialect == "skillscope" and not is_valid_label(str(name)):
                    raise ConfigError(f"{where}: a label must be 1–64 of A-Z a-z 0-9 _ . -")
                fields = _entry(str(name), raw, where, dialect)
                found.append(
                    ServerSpec(
                        label=label_from_name(str(name)),
                        name=str(name),
                        dialect=dialect,
                        source=str(path),
                        scope=f"project {folder}" if folder else None,
                        inputs=inputs,
                        workspace=str(root) if root else None,
                        **fields,
                    )
                )
    return found
