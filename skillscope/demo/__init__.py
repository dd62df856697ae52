"""The embedded demo server: real MCP, in-process, showing every state a reviewer meets."""

from __future__ import annotations

import os
import re
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from skillscope.protocol.target import Target

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

__all__ = [
    "demo_server",
    "demo_target",
    "folder_target",
    "wellknown_target",
    "is_demo_target",
    "is_folder_argument",
    "is_folder_target",
    "is_wellknown_url",
    "DEMO_LABEL",
    "WELL_KNOWN_PATH",
]

DEMO_LABEL = "demo"
WELL_KNOWN_PATH = "/.well-known/agent-skills/index.json"


# The server stack (the MCP SDK) is imported inside the functions that build a server: config files name
# the demo and folders, and `--help` must not pay for the SDK.


def demo_server(**options: Any) -> MCPServer:
    """Build the demo MCPServer; ``options`` go to ``build_server`` (a test's publisher whose skills change upstream)."""
    from skillscope.demo.catalog import demo_skills
    from skillscope.demo.publisher import build_server
    from skillscope.demo.surface import add_demo_surface

    return add_demo_surface(build_server(demo_skills(), name="skillscope-demo", **options))


def demo_target() -> Target:
    """A target that attaches to a fresh in-process demo server."""
    return Target(label=DEMO_LABEL, kind="inprocess", server=demo_server())


def is_demo_target(target: Target) -> bool:
    """Whether ``target`` is the embedded demo (in-process, and neither a local folder nor a well-known index)."""
    in_process = getattr(target, "kind", None) == "inprocess"
    return in_process and not is_folder_target(target) and getattr(target, "index", None) is None


def is_folder_target(target: Target) -> bool:
    """Whether ``target`` serves a local folder of skills."""
    from skillscope.demo.folder import FOLDER_SERVER_NAME

    return getattr(getattr(target, "server", None), "name", None) == FOLDER_SERVER_NAME


def is_folder_argument(argument: str, labels: Collection[str]) -> bool:
    """Whether a TARGET names a local folder: an existing directory, written as a path or not a config label."""
    if not os.path.isdir(argument):
        return False
    return "/" in argument or argument.startswith(".") or argument not in labels


def folder_target(path: str, label: str | None = None) -> Target:
    """A target serving the skills of a local folder in-process (read once, now, as hostile content)."""
    from skillscope.demo.folder import folder_label, folder_server

    return Target(
        label=label or folder_label(Path(path)),
        kind="inprocess",
        server=folder_server(Path(path)),
        folder=os.path.abspath(path),
    )


def is_wellknown_url(target: str) -> bool:
    """Whether a TARGET is an http(s) URL of a publisher's skills index (``…/.well-known/agent-skills/index.json``)."""
    if not re.match(r"^https?://", target, re.IGNORECASE):
        return False
    try:
        return urlsplit(target).path.endswith(WELL_KNOWN_PATH)
    except ValueError:
        return False


def wellknown_target(
    index_url: str, label: str | None = None, *, headers: Mapping[str, str] | None = None, timeout: float = 30.0
) -> Target:
    """A target serving a publisher's well-known skills in-process, fetched and verified now (see ``wellknown``)."""
    from skillscope.demo.wellknown import site_target

    return site_target(index_url, label, headers=headers, timeout=timeout)
