"""The embedded demo server: real MCP, in-process, showing every state a reviewer meets."""

from __future__ import annotations

import os
from collections.abc import Collection
from pathlib import Path
from typing import TYPE_CHECKING

from skillscope.protocol.target import Target

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

__all__ = [
    "demo_server",
    "demo_target",
    "folder_target",
    "is_demo_target",
    "is_folder_argument",
    "is_folder_target",
    "DEMO_LABEL",
]

DEMO_LABEL = "demo"


# The server stack (the MCP SDK) is imported inside the functions that build a server: config files name
# the demo and folders, and `--help` must not pay for the SDK.


def demo_server() -> MCPServer:
    """Build the demo MCPServer."""
    from skillscope.demo.catalog import demo_skills
    from skillscope.demo.publisher import build_server

    return build_server(demo_skills(), name="skillscope-demo")


def demo_target() -> Target:
    """A target that attaches to a fresh in-process demo server."""
    return Target(label=DEMO_LABEL, kind="inprocess", server=demo_server())


def is_demo_target(target: Target) -> bool:
    """Whether ``target`` is the embedded demo (in-process, and not a local folder)."""
    return getattr(target, "kind", None) == "inprocess" and not is_folder_target(target)


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
