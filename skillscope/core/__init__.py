"""The leaves every layer shares: errors, safe text, files, places on disk, limits and the spec's constants."""

__all__: list[str] = []
