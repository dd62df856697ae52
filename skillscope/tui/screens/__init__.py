"""Screens: the main screen, the ledger, and the dialogs."""
