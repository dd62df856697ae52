"""The child process the TUI scans content in: answers, errors, cancels, deaths, and what it never loads."""

from __future__ import annotations

import operator
import os
import signal
import subprocess
import sys
import time

import anyio
import pytest

from skillscope.core.errors import ScanStopped
from skillscope.core.offload import CHILD_NICENESS, ChildProcess
from tests.processes import is_alive, wait_until_gone

pytestmark = pytest.mark.anyio


@pytest.fixture
def child():
    worker = ChildProcess()
    yield worker
    worker.close()


async def test_a_call_runs_in_another_process_at_a_lower_priority(child):
    pid = await child(os.getpid)
    assert pid != os.getpid() and is_alive(pid)
    assert await child(os.nice, 0) == min(os.nice(0) + CHILD_NICENESS, 19)
    assert await child(operator.add, "verified ", "content") == "verified content"
    assert await child(os.getpid) == pid, "one child answers every call"
    assert (child.started, child.answered) == (1, 4)


async def test_the_callers_exception_comes_back_as_itself(child):
    with pytest.raises(ZeroDivisionError):
        await child(operator.truediv, 1, 0)
    assert await child(operator.mul, 6, 7) == 42, "an exception leaves the child running"
    assert child.started == 1


async def test_printing_in_the_child_never_reaches_an_answer(child):
    assert await child(print, "stray words on stdout") is None
    assert await child(operator.add, b"a", b"b") == b"ab"


async def test_large_arguments_and_answers_travel_whole(child):
    blob = bytes(range(256)) * 40_000  # 10 MB, as a large skill's files are
    assert await child(operator.getitem, {"data": blob}, "data") == blob


async def test_a_child_that_dies_is_reported_and_the_next_call_starts_another(child):
    first = await child(os.getpid)
    with pytest.raises(ScanStopped, match=r"stopped \(status 7\)"):
        await child(os._exit, 7)
    with pytest.raises(ScanStopped, match=r"stopped \(status 1\): the scan gave up"):
        await child(sys.exit, "the scan gave up")
    again = await child(os.getpid)
    assert again != first and child.started == 3


async def test_a_cancelled_call_stops_the_child_at_once(child):
    first = await child(os.getpid)
    with anyio.CancelScope() as scope:
        async with anyio.create_task_group() as group:
            group.start_soon(child, time.sleep, 3600)
            while child._running is None:  # the child has the call
                await anyio.sleep(0.01)
            scope.cancel()
    assert wait_until_gone([first]) == [], "the child scanning for the cancelled caller still runs"
    assert await child(os.getpid) != first and child.started == 2


def test_the_working_directory_never_lends_the_child_a_module(tmp_path, monkeypatch):
    # A cloned repository may hold a package named like ours; the child must import the installed one.
    marker = tmp_path / "imported"
    package = tmp_path / "skillscope"
    (package / "core").mkdir(parents=True)
    (package / "__init__.py").write_text(f"open({str(marker)!r}, 'w').close()\n")
    (package / "core" / "__init__.py").write_text("")
    (package / "core" / "offload.py").write_text("def serve():\n    raise SystemExit('the planted module ran')\n")
    monkeypatch.chdir(tmp_path)
    worker = ChildProcess()
    try:
        assert anyio.run(worker, operator.add, 2, 2) == 4
    finally:
        worker.close()
    assert not marker.exists()


async def test_without_a_child_the_call_runs_in_a_thread(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "executable", str(tmp_path / "no-python-here"))
    worker = ChildProcess()
    assert await worker(os.getpid) == os.getpid()
    assert worker.unavailable is not None and "FileNotFoundError" in worker.unavailable
    assert worker.started == 0


def test_the_child_ends_with_its_parent_even_mid_call(tmp_path):
    # The app is killed (no exit handler runs) while its child scans: the child must not live on.
    script = (
        "import anyio, os, sys, time\n"
        "from skillscope.core.offload import ChildProcess\n"
        "worker = ChildProcess()\n"
        "async def main():\n"
        "    print(await worker(os.getpid), flush=True)\n"
        "    async with anyio.create_task_group() as group:\n"
        "        group.start_soon(worker, time.sleep, 3600)\n"
        "        while worker._running is None:\n"
        "            await anyio.sleep(0.01)\n"
        "        print('scanning', flush=True)\n"
        "        os.kill(os.getpid(), 9)\n"
        "anyio.run(main)\n"
    )
    app = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, cwd=tmp_path)
    assert app.stdout is not None
    pid = int(app.stdout.readline())
    assert app.stdout.readline().strip() == "scanning"
    assert app.wait(timeout=120) == -9
    assert wait_until_gone([pid]) == [], "the child outlived the app"


async def test_warming_starts_the_child_once_and_answers_nothing(child):
    await child.warm(operator.add)
    await child.warm(operator.add)
    assert (child.started, child.answered) == (1, 0)
    assert await child(operator.add, 1, 2) == 3
    assert (child.started, child.answered) == (1, 1), "the warmed child answers the first call"


def test_an_interrupt_sent_to_the_child_is_not_its_own(child):
    # ^C belongs to the app: a SIGINT reaching the child (sent to the whole process group) neither ends
    # it nor comes back as a call's answer.
    pid = anyio.run(child, os.getpid)
    os.kill(pid, signal.SIGINT)
    assert anyio.run(child, operator.add, 20, 22) == 42
    assert anyio.run(child, os.getpid) == pid and child.started == 1


def test_why_the_child_is_not_anyios_worker_it_imports_from_the_working_directory(tmp_path):
    # The reason core/offload.py gives for keeping its own child rather than anyio.to_process: anyio's
    # worker starts with `python -m`, so a folder named like a module in the working directory (a cloned
    # repository under review) is imported, and runs, before anything else. When this fails, anyio no
    # longer does that: weigh moving the scanning child onto anyio.to_process again (see the docstring).
    marker = tmp_path / "planted-code-ran"
    (tmp_path / "anyio").mkdir()
    (tmp_path / "anyio" / "__init__.py").write_text(f"open({str(marker)!r}, 'w').close()\nraise SystemExit(3)\n")
    script = (
        "import anyio, anyio.to_process, operator\n"
        "async def main():\n"
        "    try:\n"
        "        print(await anyio.to_process.run_sync(operator.add, 2, 2))\n"
        "    except anyio.BrokenWorkerProcess:\n"
        "        print('broken')\n"
        "anyio.run(main)\n"
    )
    # -P: the parent itself imports the installed anyio, as the skillscope command does. How the parent then fails
    # (BrokenWorkerProcess, or ProcessLookupError when the worker is gone before anyio writes to it) depends on
    # timing; what counts is that the planted code ran.
    done = subprocess.run(
        [sys.executable, "-P", "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert marker.exists(), f"anyio's worker no longer imports from the working directory ({done.stdout.strip()})"


async def test_switched_off_calls_run_in_a_thread_and_no_child_starts(monkeypatch):
    monkeypatch.setenv("SKILLSCOPE_SCAN_CHILD", "off")
    worker = ChildProcess()
    await worker.warm(operator.add)
    assert await worker(os.getpid) == os.getpid()
    with pytest.raises(ZeroDivisionError):
        await worker(operator.truediv, 1, 0)
    assert worker.started == 0 and worker.unavailable == "switched off by SKILLSCOPE_SCAN_CHILD"
