"""Keeping the cycle collector's full passes off the keys: long-lived catalogs are frozen, and collected when idle."""

from __future__ import annotations

import gc

__all__ = [
    "FULL_PASS_EVERY",
    "IDLE_SECONDS",
    "OVERDUE_REST",
    "OVERDUE_SECONDS",
    "REGROWN",
    "collect",
    "frozen",
    "hold",
    "release",
    "settle",
    "settled",
    "walked_since",
]

IDLE_SECONDS = 5.0
"""Seconds without input after which the collector's postponed full pass runs."""
FULL_PASS_EVERY = 1_000_000_000
"""The collector's own full pass would run after this many passes over the middle generation (Python's
default: 10): never, in practice. The app runs full passes itself, when the keys rest."""
OVERDUE_SECONDS = 600.0
"""A full pass that waited this long for the keys to rest ``IDLE_SECONDS`` runs at the first rest of ``OVERDUE_REST``."""
OVERDUE_REST = 1.0
"""Seconds without input that an overdue full pass waits for."""
REGROWN = 1.25
"""Frozen objects are walked again once there are this many times as many as after their last walk."""

_freezes = [0]
"""How many times objects were frozen (``settle`` and ``collect``); see ``settled``."""


def hold() -> tuple[int, int, int]:
    """Postpone the collector's automatic full passes (the app runs them when idle); returns the old thresholds.

    A full pass walks every object not frozen: during an audit or a listing that is hundreds of
    thousands, long enough for a pressed key to wait visibly, and it came at whatever moment a few
    million allocations happened to complete its count. The young generations are still collected as
    usual, so short-lived cycles go at once; cyclic garbage that lived long waits for the app's own
    pass, when the keys rest (``IDLE_SECONDS``, or ``OVERDUE_REST`` once ``OVERDUE_SECONDS`` passed
    without one).
    """
    thresholds = gc.get_threshold()
    gc.set_threshold(thresholds[0], thresholds[1], FULL_PASS_EVERY)
    return thresholds


def settle() -> None:
    """Take every object alive now out of the cycle collector's generations (``gc.freeze``).

    Called once a large, long-lived structure is built (a listed catalog of 10,000 skills, a
    ledger, a server's surface). Without it, the collector's passes walk all of them again.
    Frozen objects are still freed by reference counting; only cyclic garbage among them (frozen
    with them, or made of them later) waits for ``collect(everything=True)``. Freezing costs
    nothing however many objects there are, so it may run on the event loop or in a worker thread.
    """
    gc.freeze()
    _freezes[0] += 1


def settled() -> int:
    """How many times objects were frozen so far: while it is unchanged, so is ``frozen()``'s count (or it fell).

    ``frozen()`` walks every frozen object to count them (a listed catalog of 10,000 skills is millions),
    so an idle app asks it only after a freeze, not on every tick.
    """
    return _freezes[0]


def walked_since() -> bool:
    """Whether the young generations were collected since the last full pass (objects may have aged)."""
    _young, middle, old = gc.get_count()
    return middle > 0 or old > 0


def collect(*, everything: bool) -> None:
    """A full pass (run it when idle), then freeze what survives; ``everything`` walks frozen objects too."""
    if everything:
        gc.unfreeze()
    gc.collect()
    gc.freeze()
    _freezes[0] += 1


def frozen() -> int:
    """How many objects are frozen (it grows with each ``settle``); counting walks them all."""
    return gc.get_freeze_count()


def release(thresholds: tuple[int, int, int]) -> None:
    """Hand every frozen object back to the collector and restore its thresholds (the app is closing)."""
    gc.unfreeze()
    gc.set_threshold(*thresholds)
