"""A listed catalog is kept out of the cycle collector's walks; its cyclic garbage is collected only when the keys rest."""

from __future__ import annotations

import gc
import time
import weakref

import pytest

from skillscope.tui import heap
from tests.tui.helpers import demo_app, listed, running

pytestmark = pytest.mark.anyio


class _Cycle:
    """An object that refers to itself: only the cycle collector can free it."""

    def __init__(self) -> None:
        self.me = self


def _walked(target: object) -> bool:
    """Whether the cycle collector's generations hold ``target`` (frozen objects are in none of them)."""
    return any(obj is target for obj in gc.get_objects())


async def test_a_listed_catalog_is_frozen_and_its_cyclic_garbage_waits_until_the_keys_rest(tmp_path):
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        # The test runs the idle check itself, at the moments it names; left to its timer, the check
        # could run first on a machine so busy that listing the demo takes longer than IDLE_SECONDS.
        app._idle_timer.pause()
        await listed(pilot)
        await pilot.pause()
        view = next(iter(app.main_screen.views["demo"].values()))
        # The catalog lives until the next listing: a full pass of the collector must not walk it again.
        assert not _walked(view)

        cycle = _Cycle()
        gone = weakref.ref(cycle)
        # Freeze as much again as a new listing would, so that the idle pass is due to walk frozen
        # objects too whatever passes ran before (an earlier walk raises the bar by REGROWN).
        grown = [[] for _ in range(int(heap.frozen() * (heap.REGROWN - 1)) + 1)]
        heap.settle()
        del cycle
        gc.collect()
        assert gone() is not None, "cyclic garbage among frozen objects is freed only by the idle pass"

        # A key pressed just now keeps the full pass away: it would stall the answer to the next key.
        app.main_screen.catalog_tree.focus()
        await pilot.press("down")
        app._collect_when_idle()
        assert gone() is not None

        # Once the keys have rested long enough, the pass runs, and what survives is frozen again.
        app._last_input = time.monotonic() - heap.IDLE_SECONDS - 1
        app._collect_when_idle()
        assert gone() is None
        assert not _walked(view)
        del grown
    # A closed app hands every object back to the collector.
    assert heap.frozen() == 0
    assert gc.get_threshold()[2] != heap.FULL_PASS_EVERY


async def test_the_collector_never_starts_a_full_pass_of_its_own_and_an_overdue_one_waits_for_a_short_rest(tmp_path):
    # Python's own full pass comes when an allocation count completes: 100-260 ms beside a large catalog,
    # whatever key is waiting. While the app runs, only the app starts one.
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        app._idle_timer.pause()
        await listed(pilot)
        assert gc.get_threshold()[2] == heap.FULL_PASS_EVERY >= 10**9
        cycle = _Cycle()
        gone = weakref.ref(cycle)
        gc.collect(1)  # alive through the young generations' passes: it reaches the old one
        del cycle
        for _ in range(3):
            gc.collect(1)  # the young generations go on as usual, and leave the old one alone
        assert gone() is not None

        # Keys keep coming (never IDLE_SECONDS of rest): the pass waits, until it is overdue and the keys
        # rest OVERDUE_REST.
        now = time.monotonic()
        app._last_input = now
        app._last_pass = now - heap.OVERDUE_SECONDS - 1
        app._collect_when_idle()
        assert gone() is not None, "a key pressed just now keeps even an overdue pass away"
        app._last_input = now - heap.OVERDUE_REST - 0.5
        app._collect_when_idle()
        assert gone() is None
        assert time.monotonic() - app._last_pass < heap.OVERDUE_SECONDS, "the pass that ran is the new last one"


async def test_no_collector_pass_runs_while_a_catalog_is_listed_and_merged(tmp_path, monkeypatch):
    # A pass over the young generations holds the interpreter 5-20 ms while 10,000 entries are built.
    from skillscope.service.session import ServerSession

    seen: list[bool] = []
    list_catalog = ServerSession.list_catalog

    async def listing(self):  # wraps the session's own method
        seen.append(gc.isenabled())
        return await list_catalog(self)

    monkeypatch.setattr(ServerSession, "list_catalog", listing)
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        await listed(pilot)
        assert seen == [False]
        assert gc.isenabled(), "the collector is back once the catalog is shown"
        assert not _walked(next(iter(app.main_screen.views["demo"].values()))), "and the catalog is frozen"
