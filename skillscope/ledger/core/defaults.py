"""Where the ledger lives and who signs a review when nothing says otherwise."""

from __future__ import annotations

import getpass
import os
import subprocess
from pathlib import Path

from skillscope.core.locations import user_data_dir

__all__ = ["LEDGER_NAME", "default_reviewer", "ledger_path"]

LEDGER_NAME = "ledger.jsonl"


def ledger_path(option: str | None, config_value: str | None, config_dir: Path | None) -> Path:
    """Where the ledger lives: ``--ledger``, else ``SKILLSCOPE_LEDGER``, else the config, else the data dir."""
    if option:
        return Path(option).expanduser()
    if env := os.environ.get("SKILLSCOPE_LEDGER"):
        return Path(env).expanduser()
    if config_value:
        path = Path(os.path.expandvars(config_value)).expanduser()
        return path if path.is_absolute() or config_dir is None else (config_dir / path)
    return user_data_dir() / LEDGER_NAME


def _git_config(key: str) -> str:
    try:
        done = subprocess.run(["git", "config", "--get", key], capture_output=True, text=True, timeout=5, check=False)
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


def default_reviewer() -> str:
    """``git config user.email`` (the signing principal, as in allowed_signers), else user.name, else the login name."""
    email = _git_config("user.email") or _git_config("user.name")
    if email:
        return email
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "unknown"
