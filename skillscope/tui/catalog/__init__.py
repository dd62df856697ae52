"""The catalog tree's model: folders, roll-ups, the filter, pages and places, as plain data with no UI import."""

__all__: list[str] = []
"""Each part is imported from its own module (the package loads none of them)."""
