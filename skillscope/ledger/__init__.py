"""The approval ledger: hash-chained review records, verdicts, drift and export."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from skillscope.ledger.book import LedgerCheck, ReviewBook
from skillscope.ledger.export import Exportable, ExportFormat, export_approved, exportable_approvals
from skillscope.ledger.merge import merge_ledgers
from skillscope.ledger.objects import FileDiff, ObjectStore, file_diffs, skill_diffs, store_dir
from skillscope.ledger.record import FileEntry, Record
from skillscope.ledger.recording import review_record, tool_id, utc_now
from skillscope.ledger.store import MAX_RECORD_BYTES, Ledger, Problem, VerifyResult
from skillscope.ledger.verdicts import FileChange, ReviewState, Verdicts, diff_files, replay, review_state

__all__ = [
    "MAX_RECORD_BYTES",
    "Exportable",
    "ExportFormat",
    "FileChange",
    "FileDiff",
    "FileEntry",
    "Ledger",
    "LedgerCheck",
    "ObjectStore",
    "ReviewBook",
    "exportable_approvals",
    "file_diffs",
    "merge_ledgers",
    "skill_diffs",
    "store_dir",
    "Problem",
    "Record",
    "ReviewState",
    "Verdicts",
    "VerifyResult",
    "default_reviewer",
    "diff_files",
    "export_approved",
    "ledger_path",
    "read_verdicts",
    "replay",
    "review_record",
    "review_state",
    "tool_id",
    "utc_now",
]

LEDGER_NAME = "ledger.jsonl"


def read_verdicts(path: str | Path) -> Verdicts:
    """Check the ledger at ``path`` and replay it into verdicts (a missing file has none).

    Every line is parsed strictly and its signature checked (once: see ``CheckedCache``).

    Raises:
        LedgerDamaged: the chain is broken, a line is malformed, a signature fails or the last line is torn.
    """
    return ReviewBook(Path(path)).verdicts()


def ledger_path(option: str | None, config_value: str | None, config_dir: Path | None) -> Path:
    """Where the ledger lives: ``--ledger``, else ``SKILLSCOPE_LEDGER``, else the config, else the data dir."""
    from skillscope.core.locations import user_data_dir

    if option:
        return Path(option).expanduser()
    if env := os.environ.get("SKILLSCOPE_LEDGER"):
        return Path(env).expanduser()
    if config_value:
        path = Path(os.path.expandvars(config_value)).expanduser()
        return path if path.is_absolute() or config_dir is None else (config_dir / path)
    return user_data_dir() / LEDGER_NAME


def default_reviewer() -> str:
    """``git config user.email`` (the signing principal, as in allowed_signers), else user.name, else the login name."""

    def git(key: str) -> str:
        try:
            done = subprocess.run(
                ["git", "config", "--get", key], capture_output=True, text=True, timeout=5, check=False
            )
        except (OSError, subprocess.SubprocessError):
            return ""
        return done.stdout.strip() if done.returncode == 0 else ""

    email = git("user.email") or git("user.name")
    if email:
        return email
    import getpass

    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "unknown"
