"""Entries to verdicts: validation rules, names, fingerprints and the listing walk."""

__all__: list[str] = []
