"""Widgets named by role: ConnectionPanel, CatalogTree, DetailPane, LedgerTable and the detail tabs."""
