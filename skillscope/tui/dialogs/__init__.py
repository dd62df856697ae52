"""Dialogs: modal screens that ask one thing or show one thing, then return."""

__all__: list[str] = []
