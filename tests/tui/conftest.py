"""TUI tests: the app's idle full pass of the cycle collector and its timed listings are driven only by the
tests about them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from textual._styles_cache import StylesCache

from skillscope.tui import heap, live_refresh


@pytest.fixture(autouse=True)
def _idle_pass_driven_by_its_test(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep the app's idle full pass from running on its own timer in these tests.

    In a pytest worker that pass walks the worker's whole heap (pytest, every imported test module,
    hypothesis), many times the app's own, and a test that waits five seconds for a server paid it
    at least once: about a sixth of the TUI tests' CPU. No test but test_heap.py is about it, and
    that one calls the idle check itself, with the last key press set back past ``IDLE_SECONDS``.
    """
    monkeypatch.setattr(heap, "IDLE_SECONDS", 24 * 3600.0)


@pytest.fixture(autouse=True)
def _timed_listing_driven_by_its_test(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep the live refresh from looking at the wall clock on its own in these tests.

    The demo server answers with ``ttlMs: 0``, so a listing is due again 30 s (the floor) after the first:
    on a loaded CI machine a test that ran that long saw the demo listed again behind its back, and once a
    snapshot caught the catalog's status half laid out by that second listing. The tests about the refresh
    hold its clock and call ``tick`` themselves.
    """
    monkeypatch.setattr(live_refresh, "TICK", 24 * 3600.0)


@pytest.fixture(autouse=True)
def _no_widget_outlives_its_app() -> Iterator[None]:
    """Let each test's widgets go with its app.

    Textual memoises ``StylesCache.get_inner_outer`` per instance in a 1,024-entry cache, so the
    styles caches of the last thousand widgets, with every line they rendered, stay alive after
    their app is gone: in a worker that ran the TUI tests, some two million objects that every full
    pass of the cycle collector walked again (about a tenth of the worker's CPU).
    """
    yield
    StylesCache.get_inner_outer.cache_clear()
