"""Widgets named by role: ConnectionPanel, CatalogTree, DetailPane, LedgerTable and the detail tabs."""

__all__: list[str] = []
"""Each widget is imported from its own module (the package loads none of them)."""
