"""Size, digest and frontmatter checks, and the order in which a skill is opened."""

from skillscope.verify.content import ReadError, Served, served_bytes, sha256_digest
from skillscope.verify.frontmatter import FrontmatterError, compare_frontmatter, parse_frontmatter, split_frontmatter
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
