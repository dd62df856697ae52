"""A store named by a relative path names the same files in the scanning child, wherever that child started.

The bug: the TUI hands the ledger's store to its one scanning child to audit a changed skill's approved
bytes again. The child keeps the working directory it started in; a store whose root was relative
pointed there, found no approved bytes, and the approve dialog fell back to comparing rule ids, or
not, depending on which directory the child happened to start in.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from skillscope.core.offload import ChildProcess
from skillscope.ledger.team.objects import ObjectStore, store_dir

pytestmark = pytest.mark.anyio


async def test_a_relative_store_reads_its_bytes_in_a_child_started_in_another_directory(tmp_path, monkeypatch):
    elsewhere, here = tmp_path / "elsewhere", tmp_path / "here"
    elsewhere.mkdir()
    here.mkdir()
    child = ChildProcess()
    try:
        monkeypatch.chdir(elsewhere)
        await child.warm(ObjectStore.get)
        assert child.started == 1, child.unavailable
        monkeypatch.chdir(here)
        store = ObjectStore(store_dir(Path("ledger.jsonl")))
        digest = store.put(b"# Payment policy\n")
        assert await child(ObjectStore.get, store, digest) == b"# Payment policy\n"
        assert child.answered == 1, "the read ran in the child, not in a thread"
    finally:
        child.close()


async def test_a_store_reads_nothing_it_was_not_given_in_the_child(tmp_path, monkeypatch):
    """The honest twin: an empty store next to the one that holds the bytes answers None, so the test above can fail."""
    elsewhere, here = tmp_path / "elsewhere", tmp_path / "here"
    elsewhere.mkdir()
    here.mkdir()
    child = ChildProcess()
    try:
        monkeypatch.chdir(here)
        digest = ObjectStore(store_dir(Path("ledger.jsonl"))).put(b"# Payment policy\n")
        await child.warm(ObjectStore.get)
        monkeypatch.chdir(elsewhere)
        empty = ObjectStore(store_dir(Path("ledger.jsonl")))
        assert await child(ObjectStore.get, empty, digest) is None
    finally:
        child.close()
