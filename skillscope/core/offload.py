"""CPU-bound calls run away from the caller's event loop: in a thread, or in a child process of lower priority.

A thread is enough for a command-line run. A screen that must answer keys while content is scanned
needs the process: a scanning thread holds the interpreter lock for as long as each regular
expression runs over a 3 MB file, and every key waits for it. The child process has its own
interpreter (and a slightly lower scheduling priority), so the loop's thread never waits on it.

The child runs only skillscope's own functions, named by the parent; it unpickles what the parent
sends, and the parent unpickles what it answers. Content from a server travels inside the
arguments as data (bytes and strings), never as code.

Why not ``anyio.to_process.run_sync``, which skillscope already depends on: its worker cannot give
three guarantees this child gives (checked against anyio 4.16; ``tests/core/test_offload.py``
holds the first as a tripwire, so a fixed anyio shows up as a failing test):

- **Nothing from the working directory is imported.** anyio starts its worker as ``python -u -m
  anyio.to_process``, and ``-m`` puts the working directory first on the import path before any of
  our code runs: reviewing a cloned repository that holds an ``anyio`` folder would run that
  folder's code. This child starts with ``-P`` (no such entry) and imports only installed modules.
- **^C is the app's.** A SIGINT reaching anyio's worker (sent to the app's whole process group: ^C
  typed while the terminal is not in the app's raw mode, or a ``kill`` of the group) raises
  ``KeyboardInterrupt`` in it, which it answers as the call's result, or
  writes unasked while idle and so breaks the next exchange. This child ignores SIGINT from its
  first instruction.
- **The child ends with its parent, even mid-call.** anyio's worker notices its parent is gone only
  when the call it runs returns and it reads its input again; a scan of a large skill would run on
  after the app was killed. This child watches its parent (``PARENT_CHECK``).

It also names how a child died (its exit status and the last line it wrote to stderr, kept in a
file of its own, never on the TUI's terminal), which anyio's ``BrokenWorkerProcess`` does not.
Cancelling works alike in both: the child is killed and the next call starts another.

``SKILLSCOPE_SCAN_CHILD=off`` (or ``0``, ``no``, ``false``) switches the child off: every call then
runs in a thread, as when no child can be started (``ChildProcess.unavailable`` says why).
"""

from __future__ import annotations

import atexit
import contextlib
import os
import pickle
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable
from typing import IO, Any, Protocol, TypeVar

import anyio
import anyio.to_thread

from skillscope.core.errors import ScanStopped
from skillscope.core.textsafe import safe_line

__all__ = [
    "CHILD_NICENESS",
    "PARENT_CHECK",
    "SWITCH",
    "ChildProcess",
    "Offload",
    "in_thread",
    "serve",
    "shared_child",
]

T = TypeVar("T")

CHILD_NICENESS = 3
"""How much lower the child's scheduling priority is than the app's (``os.nice``): a little, so the screen wins a
tie for a core. Not more: on a loaded machine a much lower priority starves the audit several times over
without making keys any quicker (benchmarks/README.md)."""
PARENT_CHECK = 1.0
"""Seconds between the child's checks that its parent still runs."""
SWITCH = "SKILLSCOPE_SCAN_CHILD"
"""The environment variable that switches the child off (``off``, ``0``, ``no`` or ``false``): calls run in a thread."""
_OFF = frozenset({"off", "0", "no", "false"})
_HEADER = 8
"""Bytes of the length that goes before every pickled message, both ways."""
_CHILD = "from skillscope.core.offload import serve; serve()"


class Offload(Protocol):
    """Runs ``fn(*args)`` somewhere the caller's event loop does not wait on, and returns its result."""

    def __call__(self, fn: Callable[..., T], /, *args: Any) -> Awaitable[T]: ...


async def in_thread(fn: Callable[..., T], /, *args: Any) -> T:
    """Run ``fn(*args)`` in a worker thread (the event loop runs meanwhile, sharing the interpreter lock)."""
    return await anyio.to_thread.run_sync(fn, *args)


class _Call:
    """One call's place in the queue: cancelled before it ran, or the call the child runs now."""

    cancelled = False


class ChildProcess:
    """One child Python process that runs calls one at a time, started at the first call.

    ``fn`` and its arguments must pickle (``fn`` by its module and name). A cancelled call stops
    the child at once, so no scan runs on after the caller stopped waiting; the next call starts a
    new child. When the child cannot be started at all, calls run in a thread instead.
    """

    def __init__(self, *, niceness: int = CHILD_NICENESS) -> None:
        self.niceness = niceness
        self._queue = threading.Lock()
        """Held by the thread whose call the child runs: one call at a time."""
        self._state = threading.Lock()
        """Guards ``_child`` and ``_running`` (a cancel stops the child while the queue's lock is held)."""
        self._child: subprocess.Popen[bytes] | None = None
        self._stderr: IO[bytes] | None = None
        self._running: _Call | None = None
        self.started = 0
        """How many child processes were started (one, unless a call was cancelled or a child died)."""
        self.answered = 0
        """How many calls a child answered (with a result or an exception)."""
        self.unavailable: str | None = None
        """Why no child process could be started (calls then run in a thread), or None."""
        if os.environ.get(SWITCH, "").strip().lower() in _OFF:
            self.unavailable = f"switched off by {SWITCH}"

    async def __call__(self, fn: Callable[..., T], /, *args: Any) -> T:
        if self.unavailable is not None:
            return await in_thread(fn, *args)
        call = _Call()
        try:
            return await anyio.to_thread.run_sync(self._run, call, fn, args, abandon_on_cancel=True)
        except anyio.get_cancelled_exc_class():
            self._cancel(call)
            raise
        except _NoChild:
            return await in_thread(fn, *args)

    async def warm(self, fn: Callable[..., Any]) -> None:
        """Start the child now and have it import ``fn``'s module, so that the first real call waits for neither.

        Does nothing once a child was started; a child that cannot start or dies is left to the first call.
        """
        if self.started or self.unavailable is not None:
            return
        with contextlib.suppress(ScanStopped, _NoChild):
            await anyio.to_thread.run_sync(self._run, _Call(), _loaded, (fn,), False, abandon_on_cancel=True)

    def _run(self, call: _Call, fn: Callable[..., T], args: tuple[Any, ...], counted: bool = True) -> T:
        message = pickle.dumps((fn, args), protocol=pickle.HIGHEST_PROTOCOL)
        with self._queue:
            with self._state:
                if call.cancelled:
                    raise ScanStopped("the call was cancelled before it ran")
                child = self._started()
                self._running = call
            try:
                answer = _exchange(child, message)
            finally:
                with self._state:
                    self._running = None
        if answer is None:
            raise ScanStopped(self._stopped_why(child))
        self.answered += counted
        ok, value = pickle.loads(answer)
        if ok:
            return value  # type: ignore[no-any-return]
        raise value

    def _started(self) -> subprocess.Popen[bytes]:
        """The running child, started if there is none (call with ``_state`` held)."""
        if self._child is not None and self._child.poll() is None:
            return self._child
        self._reap()
        stderr = tempfile.TemporaryFile()  # kept until the child is reaped; its tail explains a crash
        try:
            # -P: the working directory (a cloned repository, say) never lends the child a module.
            self._child = subprocess.Popen(
                [sys.executable, "-P", "-c", _CHILD, str(self.niceness)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=stderr,
                close_fds=True,
            )
        except (OSError, ValueError) as exc:
            stderr.close()
            self.unavailable = f"{type(exc).__name__}: {exc}"
            raise _NoChild from exc
        self._stderr = stderr
        self.started += 1
        return self._child

    def _stopped_why(self, child: subprocess.Popen[bytes]) -> str:
        with self._state:
            try:
                status = child.wait(timeout=5)
            except subprocess.TimeoutExpired:
                child.kill()
                status = child.wait()
            tail = ""
            if self._stderr is not None and self._child is child:
                self._stderr.seek(0)
                lines = self._stderr.read().decode("utf-8", "replace").strip().splitlines()
                tail = f": {safe_line(lines[-1], limit=300)}" if lines else ""
            how = f"signal {-status}" if status < 0 else f"status {status}"
            return f"the process scanning the content stopped ({how}){tail}"

    def _cancel(self, call: _Call) -> None:
        with self._state:
            call.cancelled = True
            if self._running is call and self._child is not None:
                self._child.kill()  # its thread sees the pipe close and ends; the next call starts a new child

    def _reap(self) -> None:
        child, self._child = self._child, None
        if child is not None:
            for pipe in (child.stdin, child.stdout):
                with contextlib.suppress(OSError):
                    pipe.close()  # type: ignore[union-attr]
            if child.poll() is None:
                child.kill()
            child.wait()
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None

    def close(self) -> None:
        """Stop the child (it ends at once when its input closes); the next call would start another."""
        with self._state:
            child = self._child
            if child is not None and child.stdin is not None:
                with contextlib.suppress(OSError):
                    child.stdin.close()  # the child reads the end of its input and returns
                with contextlib.suppress(subprocess.TimeoutExpired):
                    child.wait(timeout=2)
            self._reap()


class _NoChild(Exception):
    """No child process could be started; the call runs in a thread."""


def _exchange(child: subprocess.Popen[bytes], message: bytes) -> bytes | None:
    """Send one pickled call and read its pickled answer; None when the child's pipes closed first."""
    assert child.stdin is not None and child.stdout is not None
    try:
        _write_message(child.stdin, message)
    except (OSError, ValueError):
        return None  # the child is gone (or was stopped by a cancel)
    return _read_message(child.stdout)


def _write_message(stream: IO[bytes], body: bytes) -> None:
    """Write one message: its length in ``_HEADER`` bytes, then the message (``_read_message`` reads it)."""
    stream.write(len(body).to_bytes(_HEADER, "big"))
    stream.write(body)
    stream.flush()


def _read_message(stream: IO[bytes]) -> bytes | None:
    try:
        header = stream.read(_HEADER)
        if len(header) < _HEADER:
            return None
        size = int.from_bytes(header, "big")
        body = stream.read(size)
    except (OSError, ValueError):
        return None
    return body if len(body) == size else None


def serve() -> None:
    """The child's loop: read a call, run it, write its result or its exception; return at the end of input."""
    niceness = int(sys.argv[1]) if len(sys.argv) > 1 else CHILD_NICENESS
    with contextlib.suppress(OSError, AttributeError):  # AttributeError: a system without os.nice
        os.nice(niceness)
    # Only the parent ends the child (by closing its input): a ^C meant for the app is not the child's.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_end_with, args=(os.getppid(),), daemon=True).start()
    # Answers go to a private copy of stdout; anything printed by mistake goes to stderr, never into an answer.
    answers = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    calls = sys.stdin.buffer
    while True:
        message = _read_message(calls)
        if message is None:
            return
        fn, args = pickle.loads(message)
        try:
            answer = pickle.dumps((True, fn(*args)), protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # every failure goes back to the caller, which raises it
            try:
                answer = pickle.dumps((False, exc), protocol=pickle.HIGHEST_PROTOCOL)
            except Exception:  # an exception that does not pickle is described instead
                answer = pickle.dumps((False, RuntimeError(f"{type(exc).__name__}: {exc}")))
        _write_message(answers, answer)


def _loaded(_fn: Callable[..., Any]) -> None:
    """Nothing: unpickling the argument imported its module, which is what ``warm`` asks for."""


def _end_with(parent: int) -> None:
    """End the child once its parent is gone, even mid-call (a killed app closes no pipe until the call ends)."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK)
    os._exit(0)


_shared: list[ChildProcess] = []


def shared_child() -> ChildProcess:
    """This process's one child for scanning (started at its first call, stopped when the process exits)."""
    if not _shared:
        _shared.append(ChildProcess())
        atexit.register(_shared[0].close)
    return _shared[0]
