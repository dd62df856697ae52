"""Process helpers for tests that check no server outlives skillscope."""

from __future__ import annotations

import os

__all__ = ["children_of", "is_alive", "wait_until_gone"]


def children_of(pid: int) -> list[int]:
    """The direct children of ``pid``, read from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    fields = handle.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


def is_alive(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def wait_until_gone(pids: list[int], timeout: float = 120.0) -> list[int]:
    """Poll until none of ``pids`` is alive or ``timeout`` passes; return the ones still alive."""
    import time

    deadline = time.monotonic() + timeout
    while True:
        alive = [pid for pid in pids if is_alive(pid)]
        if not alive or time.monotonic() >= deadline:
            return alive
        time.sleep(0.05)
