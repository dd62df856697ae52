"""The skills extension's constants, limits, error codes and check ids, defined once (imports nothing of skillscope)."""

from __future__ import annotations

import re
from typing import Final

__all__ = [
    "DESCRIPTION_MAX",
    "DIGEST_RE",
    "DIRECTORY_MIME",
    "DYNAMIC",
    "EMPTY_PAGE_RUN",
    "ENTRY_KEYS",
    "ENUMERATION_ENTRY_CHECKS",
    "ENVELOPE_KEYS",
    "EXTENSION_ID",
    "FRONTMATTER_MAX",
    "INVALID_PARAMS",
    "LOCAL_FOLDER_REFUSAL",
    "ITEM_KEYS",
    "LEGACY",
    "MAX_FILES",
    "MAX_SIZE_VALUE",
    "MAX_TOTAL_BYTES",
    "METHOD_NOT_FOUND",
    "MODERN",
    "NAME_MAX",
    "NAME_RE",
    "OLD_RESOURCE_NOT_FOUND",
    "PAGE_CAP",
    "PROBE_URI",
    "RESERVED_METADATA_PREFIX",
    "RESOURCE_ARRAY_CHECKS",
    "SDK_CONNECTION_CLOSED",
    "SDK_REQUEST_TIMEOUT",
    "SKILL_FILE",
    "UNSUPPORTED_PROTOCOL_VERSION",
]

# Versions and the capability.
EXTENSION_ID: Final = "io.modelcontextprotocol/skills"
MODERN: Final = "2026-07-28"
"""The stateless era, reached with ``server/discover``."""
LEGACY: Final = "2025-11-25"
"""The handshake era."""
ENVELOPE_KEYS: Final = ("config", "specVersion", "stability", "id")
"""Keys that betray extension settings wrapped in an envelope instead of inline."""

# The entry format.
SKILL_FILE: Final = "SKILL.md"
DYNAMIC: Final = "dynamic"
DIRECTORY_MIME: Final = "inode/directory"
DIGEST_RE: Final = re.compile(r"^sha256:[0-9a-f]{64}$")
NAME_MAX: Final = 64
NAME_RE: Final = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
DESCRIPTION_MAX: Final = 1024
FRONTMATTER_MAX: Final = 65_536
"""Characters of frontmatter: as JSON text in an entry (SS-E9), as the YAML block of a SKILL.md."""
MAX_FILES: Final = 512
MAX_TOTAL_BYTES: Final = 16 * 1024 * 1024
MAX_SIZE_VALUE: Final = 2**53 - 1
"""The largest size JSON carries exactly; anything above is not a real file size."""
RESERVED_METADATA_PREFIX: Final = "io.modelcontextprotocol/"
ENTRY_KEYS: Final = frozenset({"uri", "frontmatter", "resources", "_meta"})
ITEM_KEYS: Final = frozenset({"uri", "digest", "size"})

# Walking and probing.
PAGE_CAP: Final = 1000
"""Pages of ``skills/list`` read before the walk stops (RoomKit's cap)."""
EMPTY_PAGE_RUN: Final = 20
"""Empty pages in a row, each carrying a fresh cursor, that a listing walk follows before it stops."""
PROBE_URI: Final = "skill://mcp-conformance-nonexistent-skill-9f3a2b/SKILL.md"
"""The URI the conformance suite asks ``skills/get`` for, expecting -32602."""

# JSON-RPC codes.
INVALID_PARAMS: Final = -32602
METHOD_NOT_FOUND: Final = -32601
OLD_RESOURCE_NOT_FOUND: Final = -32002
SDK_REQUEST_TIMEOUT: Final = -32001
"""The code the MCP SDK gives a request that got no answer in time."""
SDK_CONNECTION_CLOSED: Final = -32000
"""The code the MCP SDK gives a request whose connection closed."""
UNSUPPORTED_PROTOCOL_VERSION: Final = -32022
"""A 2026-07-28 server's answer to the 2025-11-25 ``initialize`` handshake (and to an unknown version)."""
LOCAL_FOLDER_REFUSAL: Final = -32077
"""The code skillscope's own local-folder publisher answers a read of a path it refused (a link, a FIFO, a
device, a name that is not UTF-8, a ``.git``); honoured only from that in-process target, never from a server."""

# Check ids the conformance scenarios evaluate together.
ENUMERATION_ENTRY_CHECKS: Final = (
    "sep-2640-entry-uri-required",
    "sep-2640-entry-frontmatter-required",
    "sep-2640-entry-uri-matches-frontmatter-name",
    "sep-2640-skill-uri-scheme",
    "sep-2640-entry-resources-required",
    "sep-2640-name-naming-rules",
    "sep-2640-authority-reg-name",
    "sep-2640-metadata-reserved-prefix",
    "sep-2640-names-should-be-unique",
)
RESOURCE_ARRAY_CHECKS: Final = (
    "sep-2640-resources-complete",
    "sep-2640-resources-uri-within-skill",
    "sep-2640-resources-digest-format",
    "sep-2640-resources-size-required",
    "sep-2640-limit-resources-per-skill",
    "sep-2640-limit-total-size",
)
