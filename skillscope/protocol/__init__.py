"""MCP only: attach to servers in either era and send raw skills/* and resources/* requests."""

from skillscope.protocol.connection import EXTENSION_ID, LEGACY, MODERN, Connection, Era, ServerInfo, connect
from skillscope.protocol.target import Target

__all__ = ["EXTENSION_ID", "LEGACY", "MODERN", "Connection", "Era", "ServerInfo", "Target", "connect"]
