"""Classes the dev4 split (honest skills whose purpose is risky) opened: a product's own installer run from a
script (`command -v X || curl https://X.host/install.sh | sh`) is a capability the user asked for, while the same
script fetching from a host it never names stays an error."""

from __future__ import annotations

import pytest

from tests.audit.behavior.helpers import severity
from tests.audit.behavior.test_ruby_go_cli import audit, env  # noqa: F401  (env is a fixture)

DOWNLOAD_EXEC = "skillscope/obfuscation/download-exec"

STARSHIP = """#!/usr/bin/env bash
set -e
if ! command -v starship >/dev/null; then
  curl -sS https://starship.rs/install.sh | sh -s -- -y
fi
starship --version
"""

PYENV = """#!/usr/bin/env bash
installer=https://pyenv.run
[ -d "$HOME/.pyenv" ] || curl -fsSL "$installer" | bash
"$HOME/.pyenv/bin/pyenv" install -s 3.12
"""

SCOOP = """if (-not (Get-Command scoop -ErrorAction SilentlyContinue)) {
    Invoke-RestMethod -Uri https://get.scoop.sh | Invoke-Expression
}
scoop install jq
"""


@pytest.mark.parametrize(
    ("path", "text"),
    [("setup.sh", STARSHIP), ("install-pyenv.sh", PYENV), ("tools.ps1", SCOOP)],
)
def test_a_products_own_installer_in_a_script_is_a_note(path, text):
    assert severity({path: text}, DOWNLOAD_EXEC) == ["note"]


@pytest.mark.parametrize(
    ("path", "text", "host"),
    [
        ("setup.sh", STARSHIP, "cdn.promptkit.example"),
        ("install-pyenv.sh", PYENV, "bootstrap.devtools.example"),
        ("tools.ps1", SCOOP, "pkg.winsetup.example"),
    ],
)
def test_the_same_installer_from_a_host_the_script_never_names_is_an_error(path, text, host):
    bad = text.replace("starship.rs", host).replace("pyenv.run", host).replace("get.scoop.sh", host)
    assert severity({path: bad}, DOWNLOAD_EXEC) == ["error"]


def test_the_audit_passes_a_vendor_installer_script_and_stops_its_unnamed_host_twin(tmp_path, env):  # noqa: F811
    code, findings = audit(tmp_path, env, "bad", {"setup.sh": STARSHIP.replace("starship.rs", "cdn.promptkit.example")})
    hits = [f for f in findings if f["id"] == DOWNLOAD_EXEC]
    assert code == 1 and hits, findings
    assert hits[0]["severity"] == "error" and hits[0]["line"] == 4 and hits[0]["uri"].endswith("setup.sh")
    code, findings = audit(tmp_path, env, "good", {"setup.sh": STARSHIP})
    assert code == 0 and not [f for f in findings if f["severity"] in ("warning", "error")], findings
