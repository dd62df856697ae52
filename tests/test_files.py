"""The one file writer: devices and FIFOs written in place, modes kept, umask honoured, nothing left on failure."""

from __future__ import annotations

import os
import stat
import threading

import pytest

from skillscope.core.errors import LocalFileError
from skillscope.core.files import write_file
from tests.cli.conftest import run_cli


def _reader(path):
    """Read a FIFO to its end in a thread; returns the thread and the bytes it got."""
    got: list[bytes] = []

    def read() -> None:
        with open(path, "rb") as handle:
            got.append(handle.read())

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    return thread, got


def test_a_character_device_is_written_in_place_not_replaced(tmp_path):
    null = tmp_path / "null"
    os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    write_file(null, "report\n")
    assert stat.S_ISCHR(null.stat().st_mode)
    assert os.listdir(tmp_path) == ["null"]


def test_a_fifo_is_written_not_replaced(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    thread, got = _reader(fifo)
    write_file(fifo, "through the pipe\n")
    thread.join(10)
    assert got == [b"through the pipe\n"]
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_cli_output_to_a_fifo_and_a_device(tmp_path):
    env = {"SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"), "XDG_DATA_HOME": str(tmp_path / "data")}
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    thread, got = _reader(fifo)
    done = run_cli("export", "--format", "json", "-o", str(fifo), env=env)
    thread.join(10)
    assert done.code == 0, done.err
    assert got and b'"approved"' in got[0] and stat.S_ISFIFO(fifo.stat().st_mode)
    null = tmp_path / "null"
    os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    assert run_cli("export", "-o", str(null), env=env).code == 0
    assert stat.S_ISCHR(null.stat().st_mode)


def test_an_existing_file_keeps_its_mode(tmp_path):
    path = tmp_path / "report.json"
    path.write_text("old")
    path.chmod(0o644)
    write_file(path, "new")
    assert path.read_text() == "new" and stat.S_IMODE(path.stat().st_mode) == 0o644


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_file_gets_the_umask(tmp_path, umask, mode):
    old = os.umask(umask)
    try:
        write_file(tmp_path / "new.txt", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == mode


def test_a_link_is_followed_and_kept(tmp_path):
    real = tmp_path / "real.txt"
    real.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    write_file(link, "new")
    assert link.is_symlink() and real.read_text() == "new"


def test_a_failed_write_leaves_no_temporary_file_and_the_old_content(tmp_path):
    path = tmp_path / "keep.txt"
    path.write_text("old")

    def refuse(tmp):
        raise LocalFileError("refused")

    with pytest.raises(LocalFileError):
        write_file(path, "new", check=refuse)
    assert os.listdir(tmp_path) == ["keep.txt"] and path.read_text() == "old"


def test_cli_write_failure_exits_5_naming_the_path(tmp_path):
    env = {"SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"), "XDG_DATA_HOME": str(tmp_path / "data")}
    blocker = tmp_path / "file"
    blocker.write_text("")
    target = blocker / "out.txt"
    done = run_cli("export", "-o", str(target), env=env)
    assert done.code == 5 and str(target) in done.err and "Traceback" not in done.err
    assert os.listdir(tmp_path) == ["file"]


def test_help_documents_exit_codes_5_and_130():
    done = run_cli("--help")
    assert "5  a local file could not be read or written" in done.out and "130  interrupted" in done.out
