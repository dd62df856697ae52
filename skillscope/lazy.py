"""Package exports loaded on first use, so importing a package does not import what it re-exports."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Mapping
from typing import Any

__all__ = ["load_export"]


def load_export(package: str, homes: Mapping[str, str], name: str) -> Any:
    """The attribute ``name`` of ``package``, imported from its home submodule and kept on the package.

    A package's ``__getattr__`` calls this with a map of each lazy name to the submodule that
    defines it; the first access imports that submodule, later ones find the name in place.

    Raises:
        AttributeError: ``name`` is not one of the package's lazy exports.
    """
    home = homes.get(name)
    if home is None:
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{package}.{home}"), name)
    setattr(sys.modules[package], name, value)
    return value
