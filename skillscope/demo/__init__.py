"""The embedded demo server: real MCP, in-process, showing every state a reviewer meets."""

from __future__ import annotations

from typing import Any

__all__ = ["demo_server", "demo_target", "is_demo_target", "DEMO_LABEL"]

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
    """Whether ``target`` is the embedded demo (the only in-process server a command line can name)."""
    return getattr(target, "kind", None) == "inprocess"
