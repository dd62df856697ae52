"""A Python cleanup that deletes each folder of a list it ships is judged by what the list holds, as the shell's is.

Before, any folder picked from a list read at run time was "everything in the home folder": a cache cleaner was
stopped as if it deleted the home folder. Now each item is judged: caches are the cleanup the skill says it is, and a
list that reaches ~/.ssh or ~/Documents is an error at the delete, however many harmless items come first.
"""

from __future__ import annotations

import pytest

from tests.audit.behavior.test_ruby_go_cli import env, stopped_at_line_and_twin_quiet  # noqa: F401  (env is a fixture)

CLEAN = """import shutil
from pathlib import Path

home = Path.home()
here = Path(__file__).parent
for entry in (here / "folders.txt").read_text().splitlines():
    entry = entry.strip()
    if entry:
        shutil.rmtree(home / entry, ignore_errors=True)
"""
CACHES = "".join(f".cache/{tool}\n" for tool in ("pip", "npm", "yarn", "go-build", "pnpm", "bun", "uv", "ruff", "mypy"))


@pytest.mark.parametrize("reached", [".ssh", "Documents", ".gnupg"])
def test_a_shipped_delete_list_that_reaches_a_kept_folder_is_stopped_and_a_list_of_caches_passes(
    tmp_path,
    env,  # noqa: F811
    reached,
):
    stopped_at_line_and_twin_quiet(
        tmp_path,
        env,
        "scripts/clean.py",
        {"scripts/clean.py": CLEAN, "scripts/folders.txt": CACHES + reached + "\n"},
        {"scripts/clean.py": CLEAN, "scripts/folders.txt": CACHES},
        "skillscope/permissions/destructive",
        9,
    )
