"""MCP client config files: their formats (JSON with comments) and where each client keeps them."""

from __future__ import annotations

from skillscope.config.clients.discovery import (
    ClientFile,
    Discovery,
    FoundServer,
    discover_servers,
    project_client_files,
    user_client_files,
)
from skillscope.config.clients.formats import dialect_for, label_from_name, read_document
from skillscope.config.clients.jsonc import JsoncError, loads_jsonc

__all__ = [
    "ClientFile",
    "Discovery",
    "FoundServer",
    "JsoncError",
    "dialect_for",
    "discover_servers",
    "label_from_name",
    "loads_jsonc",
    "project_client_files",
    "read_document",
    "user_client_files",
]
