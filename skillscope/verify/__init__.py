"""Size, digest and frontmatter checks, and the order in which a skill is opened."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skillscope.core.lazy import load_export
from skillscope.verify.content import ReadError, Served, served_bytes, sha256_digest
from skillscope.verify.frontmatter import (
    FrontmatterError,
    compare_frontmatter,
    parse_frontmatter,
    split_frontmatter,
)

if TYPE_CHECKING:
    from skillscope.verify.opener import Failure, FileResult, SkillReport, open_skill

__all__ = [
    "Failure",
    "FileResult",
    "FrontmatterError",
    "ReadError",
    "Served",
    "SkillReport",
    "compare_frontmatter",
    "open_skill",
    "parse_frontmatter",
    "served_bytes",
    "sha256_digest",
    "split_frontmatter",
]


_HOMES = {"Failure": "opener", "FileResult": "opener", "SkillReport": "opener", "open_skill": "opener"}


def __getattr__(name: str) -> Any:
    # The opener imports the MCP SDK; frontmatter and digest checks alone must not pay for it.
    return load_export(__name__, _HOMES, name)
