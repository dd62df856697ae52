"""Size, digest and frontmatter checks, and the order in which a skill is opened."""

__all__: list[str] = []
