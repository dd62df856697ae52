"""``chmod u+s`` on a path known only at run time (``interp=$(command -v python3)``) is an error, as it is from
Python or JavaScript (``modes.judge_mode``): whatever the path turns out to be, it runs as root for anyone. A setuid
bit on a fixed helper the skill builds stays a warning for the reviewer to weigh."""

from __future__ import annotations

from tests.audit.behavior.helpers import loud

PRIVILEGE = "skillscope/permissions/privilege"


def _levels(script: str) -> list[str]:
    return [level for rule, _, level in loud({"setup.sh": "#!/bin/sh\n" + script}) if rule == PRIVILEGE]


def test_setuid_on_a_program_found_on_the_path_is_an_error():
    assert _levels(
        'interp=$(readlink -f "$(command -v python3)")\nsudo chown root "$interp" && sudo chmod u+s "$interp"\n'
    ) == ["error"]


def test_setuid_on_a_fixed_helper_stays_a_warning():
    assert _levels("sudo chown root build/ping-helper && sudo chmod 4755 build/ping-helper\n") == ["warning"]
