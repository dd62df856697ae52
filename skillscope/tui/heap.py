"""Keeping the cycle collector's full passes off the keys: long-lived catalogs are frozen, and collected when idle."""

from __future__ import annotations

import gc

__all__ = ["IDLE_SECONDS", "collect_frozen", "frozen", "release", "settle"]

IDLE_SECONDS = 5.0
"""Seconds without input after which objects frozen since the last full pass are collected."""


def settle() -> None:
    """Take every object alive now out of the cycle collector's generations (``gc.freeze``).

    Called once a large, long-lived structure is built (a listed catalog of 10,000 skills, a
    ledger, a server's surface). Without it, the collector's automatic passes walk all of them
    again, hundreds of milliseconds during which no key is answered, each time enough new objects
    pile up. Frozen objects are still freed by reference counting; only cyclic garbage among them
    (frozen with them, or made of them later) waits for ``collect_frozen``. Freezing costs nothing
    however many objects there are, so it may run on the event loop or in a worker thread.
    """
    gc.freeze()


def collect_frozen() -> None:
    """Collect the cyclic garbage among frozen objects, then freeze what survives (a full pass: run it when idle)."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def frozen() -> int:
    """How many objects are frozen (it grows with each ``settle``)."""
    return gc.get_freeze_count()


def release() -> None:
    """Hand every frozen object back to the collector (the app is closing)."""
    gc.unfreeze()
