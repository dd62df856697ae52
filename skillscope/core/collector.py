"""Pausing Python's cycle collector while a scan builds many short-lived, acyclic objects."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["cycle_collector_paused"]

_lock = threading.Lock()
_pauses = [0, False]
"""How many pauses are open now, and whether the collector was enabled when the first of them began."""


@contextmanager
def cycle_collector_paused() -> Iterator[None]:
    """Pause the cycle collector for the block, and restore it as it was once no pause is left open.

    The objects a ledger scan or a checkpoint's codec builds form no reference cycle, so reference
    counting frees them all; but each allocation counts towards a collection, and on a large ledger
    the collector would walk every object built so far again and again (a third of a scan's time on
    100,000 lines).

    The collector is the process's, and pauses may overlap (two servers listed at once, each merged
    in a thread; a pause held across awaits): it is enabled again when the last open pause ends, and
    only if it was enabled when the first began. Restoring it per block would leave it off for good
    whenever the first block to start ends first.
    """
    with _lock:
        if _pauses[0] == 0:
            _pauses[1] = gc.isenabled()
            gc.disable()
        _pauses[0] += 1
    try:
        yield
    finally:
        with _lock:
            _pauses[0] -= 1
            if _pauses[0] == 0 and _pauses[1]:
                gc.enable()
