"""Manage GitHub deploy keys in bulk."""

__version__ = "0.3.1"
