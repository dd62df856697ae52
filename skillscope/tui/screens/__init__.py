"""Screens: the main screen, the ledger, and the dialogs."""

__all__: list[str] = []
"""Each screen is imported from its own module (the package loads none of them)."""
