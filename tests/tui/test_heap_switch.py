"""The TUI's collector policy is the only one in skillscope, it can be switched off, and its pauses nest safely."""

from __future__ import annotations

import ast
import gc
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from skillscope.tui import heap
from tests.tui.helpers import demo_app, listed, running

pytestmark = pytest.mark.anyio

PACKAGE = Path(heap.__file__).resolve().parents[1]


def _walked(target: object) -> bool:
    """Whether the cycle collector's generations hold ``target`` (frozen objects are in none of them)."""
    return any(obj is target for obj in gc.get_objects())


@pytest.fixture
def collector_enabled() -> Iterator[None]:
    gc.enable()
    yield
    gc.enable()


async def test_the_app_holds_the_collectors_full_passes_and_freezes_the_catalog_by_default(tmp_path):
    before = gc.get_threshold()
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        await listed(pilot)
        await pilot.pause()
        assert gc.get_threshold()[2] == heap.FULL_PASS_EVERY
        assert not _walked(next(iter(app.main_screen.views["demo"].values())))
    assert gc.get_threshold() == before


async def test_switched_off_the_app_leaves_the_collector_as_python_sets_it(tmp_path, monkeypatch):
    monkeypatch.setenv(heap.SWITCH, "off")
    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    seen: list[bool] = []
    from skillscope.service.session import ServerSession

    list_catalog = ServerSession.list_catalog

    async def listing(self):  # wraps the session's own method: is the collector on while a catalog is listed?
        seen.append(gc.isenabled())
        return await list_catalog(self)

    monkeypatch.setattr(ServerSession, "list_catalog", listing)
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        await listed(pilot)
        await pilot.pause()
        assert gc.get_threshold() == before, "no full pass is postponed"
        assert seen == [True], "no pause while the catalog is listed"
        assert _walked(next(iter(app.main_screen.views["demo"].values()))), "nothing is frozen"
        assert gc.get_freeze_count() == frozen
        assert not hasattr(app, "_idle_timer"), "no idle pass is scheduled"
    assert gc.get_threshold() == before


def test_no_module_but_the_tuis_heap_policy_steers_the_collector():
    # Library code and the command line run inside other programs (an embedding tool, the tests):
    # the collector is the process's, and only the TUI, which owns its process, may steer it.
    steering = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == Path(heap.__file__).resolve():
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import) and any(alias.name == "gc" for alias in node.names):
                steering.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
            elif isinstance(node, ast.ImportFrom) and node.module == "gc":
                steering.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    assert steering == [], "only skillscope/tui/heap.py may import gc"


@pytest.mark.usefixtures("collector_enabled")
def test_overlapping_pauses_in_two_threads_leave_the_collector_on_whichever_ends_first():
    # Two servers listed at once: each listing pauses the collector, and they end in any order.
    first_in, second_in, first_out = threading.Event(), threading.Event(), threading.Event()
    seen: list[bool] = []

    def first() -> None:
        with heap.paused():
            first_in.set()
            second_in.wait()
        first_out.set()

    def second() -> None:
        first_in.wait()
        with heap.paused():
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


@pytest.mark.usefixtures("collector_enabled")
def test_a_collector_that_was_off_stays_off_after_a_pause():
    gc.disable()
    with heap.paused(), heap.paused():
        assert not gc.isenabled()
    assert not gc.isenabled()


@pytest.mark.usefixtures("collector_enabled")
def test_switched_off_a_pause_leaves_the_collector_running(monkeypatch):
    monkeypatch.setenv(heap.SWITCH, "0")
    with heap.paused():
        assert gc.isenabled()
    assert heap.hold() is None
