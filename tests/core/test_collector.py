"""Pauses of the cycle collector may overlap, across threads and awaits; the collector always comes back."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator

import pytest

from skillscope.core.collector import cycle_collector_paused


@pytest.fixture(autouse=True)
def _collector_enabled() -> Iterator[None]:
    gc.enable()
    yield
    gc.enable()


def test_overlapping_pauses_in_two_threads_leave_the_collector_on_whichever_ends_first():
    # Two servers listed at once: each merge pauses the collector in its own thread.
    first_in, second_in, first_out = threading.Event(), threading.Event(), threading.Event()
    seen: list[bool] = []

    def first() -> None:
        with cycle_collector_paused():
            first_in.set()
            second_in.wait()
        first_out.set()

    def second() -> None:
        first_in.wait()
        with cycle_collector_paused():
            second_in.set()
            first_out.wait()
            seen.append(gc.isenabled())  # the other pause ended; this one still holds

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == [False], "a pause still open keeps the collector off"
    assert gc.isenabled(), "the collector must be on once every pause ended"


def test_nested_pauses_restore_the_collector_once():
    with cycle_collector_paused():
        with cycle_collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_collector_that_was_off_stays_off():
    gc.disable()
    with cycle_collector_paused():
        pass
    assert not gc.isenabled()
