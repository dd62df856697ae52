"""The TUI's one policy for Python's cycle collector: keep its long walks off the keys.

This is the only place in skillscope that steers the collector, and only the TUI uses it: library
code and the command line leave the collector as Python sets it. While the app runs,

- the collector's automatic full passes are postponed (``hold``) and the app runs them itself once
  the keys rest (``collect``, driven by the app's idle timer);
- large structures that live long (a listed catalog, a ledger's verdicts, a server's surface) are
  frozen out of the collector's walks once built (``settle``);
- no pass runs while a catalog is listed and merged (``paused``).

``SKILLSCOPE_TUI_HEAP=off`` (or ``0``, ``no``, ``false``) switches all of it off for the app's run:
the collector then runs as Python sets it, which is the way to tell whether a stall is this policy's.
What each part buys is measured in benchmarks/README.md ("Accelerators").
"""

from __future__ import annotations

import gc
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = [
    "FULL_PASS_EVERY",
    "IDLE_SECONDS",
    "OVERDUE_REST",
    "OVERDUE_SECONDS",
    "REGROWN",
    "SWITCH",
    "active",
    "collect",
    "frozen",
    "hold",
    "paused",
    "release",
    "settle",
    "settled",
    "walked_since",
]

SWITCH = "SKILLSCOPE_TUI_HEAP"
"""The environment variable that switches the policy off (``off``, ``0``, ``no`` or ``false``)."""
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

_OFF = frozenset({"off", "0", "no", "false"})


class _State:
    """What the policy knows across the app's run: freezes so far, and the pauses open now."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.freezes = 0
        """How many times objects were frozen (``settle`` and ``collect``); see ``settled``."""
        self.pauses = 0
        """How many ``paused`` blocks are open now (they may overlap, across threads and awaits)."""
        self.was_enabled = False
        """Whether the collector was enabled when the first open pause began."""


_state = _State()


def active() -> bool:
    """Whether the policy applies: yes, unless ``SKILLSCOPE_TUI_HEAP`` switches it off."""
    return os.environ.get(SWITCH, "").strip().lower() not in _OFF


def hold() -> tuple[int, int, int] | None:
    """Postpone the collector's automatic full passes (the app runs them when idle); returns the old thresholds.

    None when the policy is switched off (nothing was changed, so there is nothing to restore).

    A full pass walks every object not frozen: during an audit or a listing that is hundreds of
    thousands, long enough for a pressed key to wait visibly, and it came at whatever moment a few
    million allocations happened to complete its count. The young generations are still collected as
    usual, so short-lived cycles go at once; cyclic garbage that lived long waits for the app's own
    pass, when the keys rest (``IDLE_SECONDS``, or ``OVERDUE_REST`` once ``OVERDUE_SECONDS`` passed
    without one).
    """
    if not active():
        return None
    thresholds = gc.get_threshold()
    gc.set_threshold(thresholds[0], thresholds[1], FULL_PASS_EVERY)
    return thresholds


@contextmanager
def paused() -> Iterator[None]:
    """No pass of the collector for the block (a catalog listed and merged); it comes back when no pause is left.

    The views of 10,000 entries and their folders form no reference cycle, so reference counting
    frees what dies among them; each pass over the young generations while they are made only holds
    the interpreter lock a few milliseconds, keys waiting. Pauses may overlap (two servers listed at
    once, each merged in a thread): the collector is enabled again when the last open pause ends, and
    only if it was enabled when the first began.
    """
    if not active():
        yield
        return
    with _state.lock:
        if _state.pauses == 0:
            _state.was_enabled = gc.isenabled()
            gc.disable()
        _state.pauses += 1
    try:
        yield
    finally:
        with _state.lock:
            _state.pauses -= 1
            if _state.pauses == 0 and _state.was_enabled:
                gc.enable()


def settle() -> None:
    """Take every object alive now out of the cycle collector's generations (``gc.freeze``).

    Called once a large, long-lived structure is built (a listed catalog of 10,000 skills, a
    ledger, a server's surface). Without it, the collector's passes walk all of them again.
    Frozen objects are still freed by reference counting; only cyclic garbage among them (frozen
    with them, or made of them later) waits for ``collect(everything=True)``. Freezing costs
    nothing however many objects there are, so it may run on the event loop or in a worker thread.
    Does nothing when the policy is switched off.
    """
    if not active():
        return
    gc.freeze()
    with _state.lock:
        _state.freezes += 1


def settled() -> int:
    """How many times objects were frozen so far: while it is unchanged, so is ``frozen()``'s count (or it fell).

    ``frozen()`` walks every frozen object to count them (a listed catalog of 10,000 skills is millions),
    so an idle app asks it only after a freeze, not on every tick.
    """
    return _state.freezes


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
    with _state.lock:
        _state.freezes += 1


def frozen() -> int:
    """How many objects are frozen (it grows with each ``settle``); counting walks them all."""
    return gc.get_freeze_count()


def release(thresholds: tuple[int, int, int]) -> None:
    """Hand every frozen object back to the collector and restore its thresholds (the app is closing)."""
    gc.unfreeze()
    gc.set_threshold(*thresholds)
