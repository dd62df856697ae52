"""The main screen's controllers load no Textual: they can be driven, and tested, with no app at all."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import skillscope.tui.controllers

ROOT = Path(__file__).resolve().parents[2]
CONTROLLERS = sorted(
    f"skillscope.tui.controllers.{path.stem}"
    for path in Path(skillscope.tui.controllers.__file__).parent.glob("*.py")
    if path.stem != "__init__"
)


def loaded_after(modules: list[str]) -> set[str]:
    """The top-level packages a fresh interpreter holds once it has imported ``modules``."""
    code = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout))


def test_the_controllers_import_no_textual():
    assert {"review", "servers", "surface"} <= {name.rsplit(".", 1)[1] for name in CONTROLLERS}
    assert "textual" not in loaded_after(CONTROLLERS)


def test_the_screen_over_them_does():
    # The same check sees Textual where it is: the screen that presents the controllers loads it.
    assert "textual" in loaded_after(["skillscope.tui.screens.main"])
