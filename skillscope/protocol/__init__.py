"""MCP only: attach to servers in either era and send raw skills/* and resources/* requests."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skillscope.core.lazy import load_export

if TYPE_CHECKING:
    from skillscope.protocol.connection import Connection, Era, ServerInfo, connect
    from skillscope.protocol.target import Target

__all__ = ["Connection", "Era", "ServerInfo", "Target", "connect"]

_HOMES = {"Connection": "connection", "Era": "connection", "ServerInfo": "connection", "connect": "connection", "Target": "target"}


def __dir__() -> list[str]:
    return sorted(__all__)


def __getattr__(name: str) -> Any:
    # The SDK loads only when a connection is wanted: the typed values and errors stay light to import.
    return load_export(__name__, _HOMES, name)
