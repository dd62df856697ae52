"""Library logging (the MCP SDK, httpx) goes to a per-run log file; the terminal sees one clean line per kind.

The SDK and httpx log through ``logging`` and some of their messages quote server bytes
(an SSE event name, a Content-Type) or carry tracebacks. Left unconfigured they reach
stderr raw. Here every record goes to ``logs/run-<time>-<pid>.log`` in the data dir,
neutralised; the terminal gets at most one sanitised line per logger and level (every
record with ``--verbose``), and never a traceback.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from pathlib import Path
from typing import IO

from skillscope.core.locations import user_data_dir
from skillscope.core.redact import SECRETS, redact_urls_in
from skillscope.core.textsafe import safe_line, safe_text

__all__ = ["MAX_RUN_LOGS", "configure_logging", "quiet_terminal", "run_log_path"]

MAX_RUN_LOGS = 50
"""Older run logs beyond this many are removed when a new run starts logging."""

_MARK = "_skillscope_handler"
_state: dict[str, Path | None] = {"path": None}


def _clean(text: str) -> str:
    return SECRETS.mask(redact_urls_in(safe_text(text)))


class _FileFormatter(logging.Formatter):
    """Full detail, tracebacks included, with control characters made visible and secrets masked."""

    def format(self, record: logging.LogRecord) -> str:
        return _clean(super().format(record))


class _TerminalHandler(logging.Handler):
    """One line per (logger, level) unless verbose; never a traceback; escapes and secrets neutralised."""

    def __init__(self, stream: IO[str], verbose: bool) -> None:
        super().__init__(logging.DEBUG if verbose else logging.WARNING)
        self.stream = stream
        self.verbose = verbose
        self.seen: dict[tuple[str, int], int] = {}

    def emit(self, record: logging.LogRecord) -> None:
        try:
            kind = (record.name.split(".")[0] if not self.verbose else record.name, record.levelno)
            count = self.seen.get(kind, 0)
            self.seen[kind] = count + 1
            if count and not self.verbose:
                return

            message = record.getMessage()
            if record.exc_info and record.exc_info[1] is not None:
                exc = record.exc_info[1]
                message = f"{message} ({type(exc).__name__})"
            line = _clean(safe_line(f"{record.name}: {message}", limit=300))
            where = _state["path"]
            more = "" if self.verbose else f" (more in {where})" if where else ""
            self.stream.write(f"skillscope: {record.levelname.lower()}: {line}{more}\n")
            self.stream.flush()
        except Exception:  # logging must never break a run
            pass


class _LazyFileHandler(logging.FileHandler):
    """Creates the run log only when the first record arrives."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, encoding="utf-8", delay=True)
        self._path = path

    def emit(self, record: logging.LogRecord) -> None:
        if self.stream is None:
            try:
                self._path.parent.mkdir(parents=True, exist_ok=True)
                _prune(self._path.parent)
            except OSError:
                return
            _state["path"] = self._path
        super().emit(record)


def _prune(directory: Path) -> None:
    logs = sorted(directory.glob("run-*.log"), key=lambda p: p.stat().st_mtime)
    for old in logs[: max(0, len(logs) - (MAX_RUN_LOGS - 1))]:
        try:
            old.unlink()
        except OSError:
            pass


def run_log_path() -> Path | None:
    """The current run's log file, once something was logged."""
    return _state["path"]


def configure_logging(*, verbose: bool = False, terminal: IO[str] | None = None, log_dir: Path | None = None) -> Path:
    """Route all logging to a per-run file and (unless ``terminal`` is False-y and not given) stderr.

    Args:
        verbose: show every record on the terminal (sanitised) instead of one per kind.
        terminal: where terminal lines go (default stderr); the TUI passes ``None`` via
            ``quiet_terminal`` to keep the screen clean.
        log_dir: the directory of run logs (default ``logs/`` in the data dir).

    Returns:
        The path the run log will have once something is logged.
    """
    return _configure(verbose=verbose, terminal=terminal if terminal is not None else sys.stderr, log_dir=log_dir)


def quiet_terminal(log_dir: Path | None = None) -> Path:
    """Route all logging to the run log only (the TUI owns the terminal)."""
    return _configure(verbose=False, terminal=None, log_dir=log_dir)


def _configure(*, verbose: bool, terminal: IO[str] | None, log_dir: Path | None) -> Path:
    if log_dir is None:
        log_dir = user_data_dir() / "logs"
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime())
    path = log_dir / f"run-{stamp}-{os.getpid()}.log"
    _state["path"] = None  # a second run in one process must not point at the last run's log
    root = logging.getLogger()
    for handler in list(root.handlers):
        if getattr(handler, _MARK, False):
            root.removeHandler(handler)
            handler.close()
    file_handler = _LazyFileHandler(path)
    file_handler.setFormatter(_FileFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    setattr(file_handler, _MARK, True)
    root.addHandler(file_handler)
    if terminal is not None:
        term = _TerminalHandler(terminal, verbose)
        setattr(term, _MARK, True)
        root.addHandler(term)
    root.setLevel(logging.DEBUG if verbose else logging.INFO)
    # Per-request lines carry URLs and headers and add nothing a person needs.
    for noisy in ("httpcore", "httpx", "httpx2", "hpack"):
        logging.getLogger(noisy).setLevel(logging.DEBUG if verbose else logging.WARNING)
    logging.captureWarnings(True)
    return path
