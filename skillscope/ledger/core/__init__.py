"""The record format and its chain: lines, hashes, signatures, trust and the plain reader that replays them.

Nothing here imports ``skillscope.ledger.cache``: the reader works without it (see ``seam``).
"""

__all__: list[str] = []
