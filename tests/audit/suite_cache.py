"""The conformance suite's verdicts on a fixture server, kept under .cache and keyed by everything they depend on."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Sequence
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from tests.audit.suite_runner import CACHE as SUITE_DIR
from tests.audit.suite_runner import REPO, SUITE_JS

__all__ = ["CACHE_DIR", "cached_suite_checks", "inputs_digest"]

CACHE_DIR = REPO / ".cache" / "suite-checks"

# What a fixture server answers is built from these sources and the SDK; what the suite says of it,
# from the suite's pinned packages and the runner that calls it. A change to any of them runs the suite again.
_SOURCES = ("tests/fixtures", "skillscope/demo", "skillscope/core", "skillscope/catalog", "skillscope/protocol")
_FILES = (
    "skillscope/__init__.py",
    "tests/conformance/package-lock.json",
    "tests/audit/suite_runner.py",
    "tests/audit/suite_cache.py",
    "tests/audit/suite_batch.mjs",
)
_PACKAGES = ("mcp", "mcp-types", "pydantic", "starlette", "uvicorn")


def _package(name: str) -> str:
    try:
        return version(name)
    except PackageNotFoundError:
        return "-"


def inputs_digest() -> str:
    """A digest of every input of the suite's verdicts on a fixture server, except the fixture's name."""
    digest = hashlib.sha256()
    paths = [p for root in _SOURCES for p in (REPO / root).rglob("*.py")] + [REPO / f for f in _FILES]
    for path in sorted(paths):
        digest.update(str(path.relative_to(REPO)).encode() + b"\0" + path.read_bytes() + b"\0")
    for name in _PACKAGES:
        digest.update(f"{name}=={_package(name)}\0".encode())
    installed = SUITE_DIR / "package-lock.json"
    digest.update(installed.read_bytes() if installed.is_file() else b"-")
    digest.update(str(SUITE_JS.stat().st_mtime_ns if SUITE_JS.is_file() else 0).encode())
    return digest.hexdigest()[:32]


def cached_suite_checks(
    names: Sequence[str], digest: str, run: Callable[[list[str]], dict[str, dict[str, Any]]]
) -> dict[str, dict[str, Any]]:
    """The suite's checks for each fixture in ``names``: from the cache when ``digest`` matches, the rest from
    one ``run(missing names)`` (one suite process for them all), kept for the next time.

    ``SKILLSCOPE_SUITE_CACHE=0`` always runs the suite (and refreshes the cache).
    """
    found = {name: checks for name in names if (checks := _cached(name, digest)) is not None}
    missing = [name for name in names if name not in found]
    ran = run(missing) if missing else {}
    for name, checks in ran.items():
        # A run the suite could not finish is never kept: the next run tries again.
        if not any(check.startswith("suite-error") for check in checks):
            path = CACHE_DIR / digest / f"{name}.json"
            path.parent.mkdir(parents=True, exist_ok=True)
            temporary = path.with_suffix(f".{os.getpid()}.tmp")
            temporary.write_text(json.dumps(checks), encoding="utf-8")
            temporary.replace(path)
    return {name: found[name] if name in found else ran[name] for name in names}


def _cached(name: str, digest: str) -> dict[str, Any] | None:
    path = CACHE_DIR / digest / f"{name}.json"
    if os.environ.get("SKILLSCOPE_SUITE_CACHE", "1") == "0" or not path.is_file():
        return None
    try:
        cached = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return cached if isinstance(cached, dict) else None
