"""Audit a server: conformance checks, entry rules, integrity, completeness, content, review state."""

__all__: list[str] = []
