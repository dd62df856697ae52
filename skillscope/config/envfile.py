"""dotenv files a server config pulls in with ``envFile``: ``NAME=value`` lines, read and parsed."""

from __future__ import annotations

import re
from pathlib import Path

from skillscope.core.errors import ConfigError

__all__ = ["load_env_file", "parse_env_file"]


def load_env_file(path: Path) -> dict[str, str]:
    """``NAME=value`` lines of a dotenv file (``#`` comments, ``export`` prefixes and quotes allowed).

    Raises:
        ConfigError: the file cannot be read.
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ConfigError(f"Cannot read envFile {path}: {exc.strerror}") from None
    return parse_env_file(data, path)


def parse_env_file(data: bytes, path: Path) -> dict[str, str]:
    """``NAME=value`` lines of a dotenv file's bytes (``path`` only names it in errors).

    Raises:
        ConfigError: the bytes are not UTF-8.
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ConfigError(f"envFile {path} is not UTF-8 text") from None
    values: dict[str, str] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        line = line.removeprefix("export ").strip()
        key, sep, value = line.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.-]*", key):
            continue
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        values[key] = value
    return values
