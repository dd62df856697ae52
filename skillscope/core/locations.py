"""Per-user paths: where the config file and data live."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["CONFIG_NAME", "user_config_dir", "user_data_dir", "default_config_path", "is_project_config"]

CONFIG_NAME = "skillscope.yaml"


def user_config_dir() -> Path:
    """``$XDG_CONFIG_HOME/skillscope`` (``~/.config/skillscope`` by default)."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "skillscope"


def user_data_dir() -> Path:
    """``$XDG_DATA_HOME/skillscope`` (``~/.local/share/skillscope`` by default)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "skillscope"


def default_config_path() -> Path | None:
    """The config file in use when none is named: ./skillscope.yaml, else the per-user one."""
    here = Path.cwd() / CONFIG_NAME
    if here.is_file():
        return here
    user = user_config_dir() / CONFIG_NAME
    return user if user.is_file() else None


def is_project_config(path: Path) -> bool:
    """True unless ``path`` is the per-user config: a file from a project needs the user's trust."""
    try:
        return Path(path).resolve() != (user_config_dir() / CONFIG_NAME).resolve()
    except OSError:
        return True
