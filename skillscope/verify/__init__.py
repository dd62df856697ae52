"""Size, digest and frontmatter checks, and the order in which a skill is opened."""

from __future__ import annotations

from skillscope.verify.content import ReadError, Served, served_bytes, sha256_digest
from skillscope.verify.frontmatter import (
    FrontmatterError,
    compare_frontmatter,
    parse_frontmatter,
    split_frontmatter,
)

__all__ = [
    "FrontmatterError",
    "ReadError",
    "Served",
    "compare_frontmatter",
    "parse_frontmatter",
    "served_bytes",
    "sha256_digest",
    "split_frontmatter",
]
