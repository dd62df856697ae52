"""MCP client config files: their formats, variable forms and per-user locations."""

from __future__ import annotations

from skillscope.config.clients.discovery import (
    ClientFile,
    Discovery,
    FoundServer,
    discover_servers,
    project_client_files,
    user_client_files,
)
from skillscope.config.clients.formats import dialect_for, label_from_name, load_env_file, read_document
from skillscope.config.clients.jsonc import JsoncError, loads_jsonc
from skillscope.config.variables import DIALECTS, Dialect, Expander, InputSpec, terminal_prompt

__all__ = [
    "DIALECTS",
    "ClientFile",
    "Dialect",
    "Discovery",
    "Expander",
    "FoundServer",
    "InputSpec",
    "JsoncError",
    "dialect_for",
    "discover_servers",
    "label_from_name",
    "load_env_file",
    "loads_jsonc",
    "project_client_files",
    "read_document",
    "terminal_prompt",
    "user_client_files",
]
