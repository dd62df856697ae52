"""MCP only: attach to servers in either era and send raw skills/* and resources/* requests."""

from skillscope.protocol.connection import Connection, Era, ServerInfo, connect
from skillscope.protocol.target import Target

__all__ = ["Connection", "Era", "ServerInfo", "Target", "connect"]
