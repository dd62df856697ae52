"""A destructive act behind a prompt the script checks is a warning; when the skill's stated purpose is that very act
(a history purge that force-pushes once the user types the repository's address), it is a note that says so. The
purpose never relieves an unconfirmed act, nor one the purpose does not name."""

from __future__ import annotations

from tests.audit.behavior.helpers import found

DESTROY = "skillscope/permissions/destructive"

PUSH = """import subprocess
import sys

remote = sys.argv[1]
subprocess.run(["git", "filter-repo", "--invert-paths", "--path", sys.argv[2], "--force"], check=True)
GUARD
subprocess.run(["git", "push", "--force", "--mirror", remote], check=True)
"""
ASK = """answer = input(f"Force-push every branch of {remote}? Type its URL to confirm: ")
if answer.strip() != remote:
    sys.exit("not confirmed; nothing pushed")"""

STATED = {"name": "history-purge", "description": "Removes a file from a repository's history, then force-pushes."}
OTHER = {"name": "history-purge", "description": "Removes a file from a repository's history."}


def _levels(guard: str, frontmatter: dict) -> list[str]:
    from skillscope.audit.findings import check_info

    text = PUSH.replace("GUARD", guard)
    return [
        sev or check_info(rule).severity
        for _, rule, sev, _, _ in found({"purge.py": text}, frontmatter)
        if rule == DESTROY
    ]


def test_a_confirmed_force_push_the_skill_says_it_does_is_a_note():
    assert _levels(ASK, STATED) == ["note"]


def test_a_confirmed_force_push_the_purpose_does_not_name_stays_a_warning():
    assert _levels(ASK, OTHER) == ["warning"]


def test_an_unconfirmed_force_push_is_an_error_whatever_the_purpose_says():
    assert _levels("", STATED) == ["error"]
