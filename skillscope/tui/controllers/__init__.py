"""The main screen's halves as plain objects over the headless workspace: no Textual, tested without an app."""

__all__: list[str] = []
"""Each controller is imported from its own module (the package loads none of them)."""
