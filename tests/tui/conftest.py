"""TUI tests: the app's idle full pass of the cycle collector is driven only by the test about it, and the pilot
looks for an idle app in short slices."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import textual._wait
from textual._styles_cache import StylesCache

from skillscope.tui import heap


def _shorter_idle_looks() -> None:
    """Let the pilot see an idle app in 5 ms slices instead of 20 ms ones.

    Every ``pilot.press`` and ``pilot.pause`` waits until a slice of wall time passes with almost no CPU
    used (``textual._wait.wait_for_idle``), so each costs at least one slice even when the app is long idle;
    a TUI test presses and pauses dozens of times. With 5 ms slices a third of the TUI tests' wall time
    went (82 s to 61 s for two files in one process) at the same CPU. No test's outcome rests on these
    looks: each waits for what it checks with ``wait_until``/``at_rest``, on the app's state, not on time.
    The names are Textual's own; a Textual that renames them fails here, in the suite, not for a user.
    """
    for name in ("SLEEP_GRANULARITY", "SLEEP_IDLE"):
        assert hasattr(textual._wait, name), f"textual._wait.{name} is gone: see tests/tui/conftest.py"
    textual._wait.SLEEP_GRANULARITY = 1 / 200
    textual._wait.SLEEP_IDLE = textual._wait.SLEEP_GRANULARITY / 20


_shorter_idle_looks()


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
def _no_widget_outlives_its_app() -> Iterator[None]:
    """Let each test's widgets go with its app.

    Textual memoises ``StylesCache.get_inner_outer`` per instance in a 1,024-entry cache, so the
    styles caches of the last thousand widgets, with every line they rendered, stay alive after
    their app is gone: in a worker that ran the TUI tests, some two million objects that every full
    pass of the cycle collector walked again (about a tenth of the worker's CPU).
    """
    yield
    StylesCache.get_inner_outer.cache_clear()
