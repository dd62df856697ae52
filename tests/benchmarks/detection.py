"""The detection benchmark's scripts (benchmarks/detection/*.py) as modules for the tests that check them.

They are scripts, not a package: each is loaded from its file once per process, under ``detection_<name>``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

__all__ = ["DETECTION", "script"]

DETECTION = Path(__file__).resolve().parents[2] / "benchmarks" / "detection"


def script(name: str) -> ModuleType:
    """``benchmarks/detection/<name>.py``, loaded on the first call and the same module after."""
    key = f"detection_{name}"
    if key in sys.modules:
        return sys.modules[key]
    spec = importlib.util.spec_from_file_location(key, DETECTION / f"{name}.py")
    assert spec is not None and spec.loader is not None, name
    module = importlib.util.module_from_spec(spec)
    sys.modules[key] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module
