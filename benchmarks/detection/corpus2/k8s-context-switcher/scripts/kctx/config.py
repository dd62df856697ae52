"""Locate and parse the user's kubeconfig."""
import os
from pathlib import Path

import yaml


def path() -> Path:
    first = os.environ.get("KUBECONFIG", "").split(os.pathsep)[0]
    return Path(first) if first else Path.home() / ".kube" / "config"


def load() -> dict:
    with open(path(), encoding="utf-8") as fh:
        return yaml.safe_load(fh) or {}
