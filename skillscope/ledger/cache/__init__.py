"""The ledger reader's accelerators: a sealed cache of checked lines, checkpoints and parallel first reads.

Reached only through ``skillscope.ledger.core.seam`` (which the ``SKILLSCOPE_LEDGER_CACHE=off``
switch closes); the reader gives the same verdicts without it.
"""

from __future__ import annotations

from skillscope.ledger.cache.accelerator import CacheAccelerator
from skillscope.ledger.core.seam import Accelerator

__all__ = ["accelerator"]


def accelerator() -> Accelerator:
    """This user's accelerators, kept beside the user's other skillscope data."""
    from skillscope.core.locations import user_data_dir

    return CacheAccelerator(user_data_dir() / "checked.sqlite")
