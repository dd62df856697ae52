"""Audit one server: conformance, entries, integrity, completeness, content and review state."""

__all__: list[str] = []
