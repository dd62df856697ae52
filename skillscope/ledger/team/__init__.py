"""What a team does with a ledger: kept bytes, rollback memory, merges, exports and suppressions."""

__all__: list[str] = []
