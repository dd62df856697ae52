"""Options picked from a table by a key known only at run time (``flags = PUBLISH[mode]``) may be any row's, and
options add up: the command is judged with every option the table holds. A table of anything but option lists stays
unknown. Twins: a table whose rows hold no harmful option, and a table of whole commands. The same command joined by
``shlex.join`` and handed to ``sh -c`` or ``os.system`` is read as its words."""

from __future__ import annotations

import pytest

from tests.audit.behavior.helpers import loud

DESTRUCTIVE = "skillscope/permissions/destructive"

PUSH = """import subprocess
import sys

MODES = {"rebase": ROWS, "merge": []}


def publish(mode, remote, base):
    flags = MODES[mode]
    subprocess.run(["git", "push", *flags, remote, f"HEAD:refs/heads/{base}"], check=True)


publish(sys.argv[1], "origin", sys.argv[2])
"""


def _destructive(rows: str) -> list[int | None]:
    return [line for rule, line, _ in loud({"scripts/sync.py": PUSH.replace("ROWS", rows)}) if rule == DESTRUCTIVE]


def test_a_force_flag_in_any_row_of_the_table_is_a_force_push():
    assert _destructive('["--force", "--no-verify"]') == [9]
    assert _destructive('["-f"]') == [9]


def test_a_table_with_no_force_flag_is_a_plain_push():
    assert _destructive('["--quiet", "--no-verify"]') == []
    assert _destructive('["--set-upstream"]') == []


def test_a_table_of_commands_is_not_read_as_options():
    text = PUSH.replace('"rebase": ROWS, "merge": []', '"rebase": ["git", "push", "--force"], "merge": ["status"]')
    # rows that are not all options stay unknown: nothing is invented from them
    assert [line for rule, line, _ in loud({"scripts/sync.py": text}) if rule == DESTRUCTIVE] == []


@pytest.mark.parametrize(
    "call",
    [
        'subprocess.run(["sh", "-c", shlex.join(["git", "push", *flags, remote, f"HEAD:refs/heads/{base}"])], check=True)',
        'os.system(shlex.join(["git", "push", *flags, remote, f"HEAD:refs/heads/{base}"]))',
    ],
    ids=["sh-c", "os-system"],
)
def test_a_command_line_joined_by_shlex_is_read_as_its_words(call):
    text = PUSH.replace("import subprocess", "import os\nimport shlex\nimport subprocess").replace(
        'subprocess.run(["git", "push", *flags, remote, f"HEAD:refs/heads/{base}"], check=True)', call
    )
    rows = text.replace("ROWS", '["--force"]')
    assert [rule for rule, _, _ in loud({"scripts/sync.py": rows}) if rule == DESTRUCTIVE] == [DESTRUCTIVE]
    quiet = text.replace("ROWS", '["--quiet"]')
    assert [rule for rule, _, _ in loud({"scripts/sync.py": quiet}) if rule == DESTRUCTIVE] == []
