"""The approval ledger: hash-chained review records, verdicts, drift and export."""

__all__: list[str] = []
