"""The embedded demo server: real MCP, in-process, showing every state a reviewer meets."""

from __future__ import annotations

from typing import Any

__all__ = ["demo_server", "demo_target", "folder_target", "is_demo_target", "is_folder_argument", "is_folder_target", "DEMO_LABEL"]

DEMO_LABEL = "demo"


def demo_server() -> Any:
    """Build the demo MCPServer (imports the server stack, so call it lazily)."""
    from skillscope.demo.catalog import demo_skills
    from skillscope.demo.publisher import build_server

    return build_server(demo_skills(), name="skillscope-demo")


def demo_target() -> Any:
    """A target that attaches to a fresh in-process demo server."""
    from skillscope.protocol.target import Target

    return Target(label=DEMO_LABEL, kind="inprocess", server=demo_server())


def is_demo_target(target: Any) -> bool:
    """Whether ``target`` is the embedded demo (in-process, and not a local folder)."""
    return getattr(target, "kind", None) == "inprocess" and not is_folder_target(target)


def is_folder_target(target: Any) -> bool:
    """Whether ``target`` serves a local folder of skills."""
    from skillscope.demo.folder import FOLDER_SERVER_NAME

    return getattr(getattr(target, "server", None), "name", None) == FOLDER_SERVER_NAME


def is_folder_argument(argument: str, labels: Any) -> bool:
    """Whether a TARGET names a local folder: an existing directory, written as a path or not a config label."""
    import os

    if not os.path.isdir(argument):
        return False
    return "/" in argument or argument.startswith(".") or argument not in labels


def folder_target(path: str, label: str | None = None) -> Any:
    """A target serving the skills of a local folder in-process (read once, now, as hostile content)."""
    from pathlib import Path

    from skillscope.demo.folder import folder_label, folder_server
    from skillscope.protocol.target import Target

    return Target(label=label or folder_label(Path(path)), kind="inprocess", server=folder_server(Path(path)))
