"""Where MCP clients keep their server lists, per user and per project, and every server found there."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from skillscope.config.clients.formats import MAX_CLIENT_FILE_BYTES, read_document
from skillscope.config.clients.jsonc import JsoncError, loads_jsonc
from skillscope.config.trust import UntrustedFile, is_trusted, refuse_links
from skillscope.core.errors import ConfigError

__all__ = ["ClientFile", "FoundServer", "Discovery", "user_client_files", "project_client_files", "discover_servers"]


@dataclass(frozen=True)
class ClientFile:
    """One place a client keeps servers: which client, the file, and whether it comes from a project."""

    client: str
    path: Path
    project: bool = False


@dataclass(frozen=True)
class FoundServer:
    """A server one client config names: the client, and the ``ServerSpec`` (with its ``source`` file)."""

    client: str
    spec: Any
    project: bool = False


@dataclass
class Discovery:
    """What the known locations hold: servers, files skipped until trusted, and files that could not be read."""

    servers: list[FoundServer] = field(default_factory=list)
    untrusted: list[Path] = field(default_factory=list)
    linked: list[Path] = field(default_factory=list)
    """Project files reached through a symbolic link: refused, never read (also listed in ``problems``)."""
    problems: list[tuple[Path, str]] = field(default_factory=list)
    files: list[ClientFile] = field(default_factory=list)
    """The files that exist and were looked at."""


def _config_home() -> Path:
    return Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")


def user_client_files() -> list[ClientFile]:
    """The per-user config files of Claude Desktop, Claude Code, VS Code, Cursor, Windsurf and Zed (existing or not)."""
    home, config = Path.home(), _config_home()
    app_support = home / "Library" / "Application Support"
    appdata = Path(os.environ["APPDATA"]) if sys.platform == "win32" and os.environ.get("APPDATA") else None
    places: list[ClientFile] = [
        ClientFile("Claude Desktop", config / "Claude" / "claude_desktop_config.json"),
        ClientFile("Claude Desktop", app_support / "Claude" / "claude_desktop_config.json"),
        ClientFile("Claude Code", home / ".claude.json"),
    ]
    for product in ("Code", "Code - Insiders", "VSCodium"):
        for root in (config, app_support):
            places += [
                ClientFile("VS Code", root / product / "User" / "mcp.json"),
                ClientFile("VS Code", root / product / "User" / "settings.json"),
            ]
    places += [
        ClientFile("Cursor", home / ".cursor" / "mcp.json"),
        ClientFile("Windsurf", home / ".codeium" / "windsurf" / "mcp_config.json"),
        ClientFile("Zed", config / "zed" / "settings.json"),
    ]
    if appdata is not None:
        places += [
            ClientFile("Claude Desktop", appdata / "Claude" / "claude_desktop_config.json"),
            ClientFile("VS Code", appdata / "Code" / "User" / "mcp.json"),
            ClientFile("Zed", appdata / "Zed" / "settings.json"),
        ]
    seen: set[Path] = set()
    unique = []
    for place in places:
        if place.path not in seen:
            seen.add(place.path)
            unique.append(place)
    return unique


def project_client_files(folder: Path) -> list[ClientFile]:
    """The project-level client configs a folder may hold (Claude Code, VS Code, Cursor, Zed)."""
    return [
        ClientFile("Claude Code", folder / ".mcp.json", project=True),
        ClientFile("VS Code", folder / ".vscode" / "mcp.json", project=True),
        ClientFile("Cursor", folder / ".cursor" / "mcp.json", project=True),
        ClientFile("Zed", folder / ".zed" / "settings.json", project=True),
    ]


def _is_trusted(path: Path, content: bytes) -> bool:
    """The hardening rule for project-level files: used only once trusted (``skillscope config trust FILE``)."""
    return is_trusted(path, content)


def _through_link(path: Path) -> bool:
    try:
        refuse_links(path)
    except UntrustedFile:
        return True
    return False


def discover_servers(cwd: Path | None = None) -> Discovery:
    """Every server in the known per-user client configs, and in trusted project files of ``cwd``.

    Nothing is expanded and nothing is started. ``~/.claude.json`` contributes its user servers
    and each project's (``scope`` says which). An untrusted project file is listed in
    ``untrusted`` and none of its servers is read.
    """
    cwd = cwd or Path.cwd()
    found = Discovery()
    for place in [*user_client_files(), *project_client_files(cwd)]:
        try:
            if not place.path.is_file():
                continue
            if place.path.stat().st_size > MAX_CLIENT_FILE_BYTES:
                found.problems.append((place.path, "larger than 4 MiB; not read"))
                continue
            content = place.path.read_bytes()
        except OSError as exc:
            found.problems.append((place.path, f"cannot be read: {exc.strerror}"))
            continue
        found.files.append(place)
        if place.project and _through_link(place.path):
            found.linked.append(place.path)
            found.problems.append(
                (
                    place.path,
                    "is reached through a symbolic link: a project's config files are never "
                    "read through links, which would borrow another file's trust",
                )
            )
            continue
        if place.project and not _is_trusted(place.path, content):
            found.untrusted.append(place.path)
            continue
        try:
            document = loads_jsonc(content.decode("utf-8"))
            workspace = cwd if place.project else None
            trust_source = str(place.path) if place.project else None
            for spec in read_document(document, place.path, workspace=workspace, project="*"):
                found.servers.append(FoundServer(place.client, replace(spec, trust_source=trust_source), place.project))
        except (JsoncError, UnicodeDecodeError) as exc:
            found.problems.append((place.path, f"not valid JSON: {str(exc)[:200]}"))
        except ConfigError as exc:
            found.problems.append((place.path, exc.message))
    return found
