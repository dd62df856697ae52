"""Destroying Windows' means of recovery (every shadow copy, the backup catalogue, boot recovery) is destructive in
any form: a command line, a batch file, or PowerShell handing the words to vssadmin.exe through a helper. Twins:
deleting only the oldest shadow copy, listing them, and a comment that names the command."""

from __future__ import annotations

import pytest

from tests.audit.behavior.helpers import loud

DESTROY = "skillscope/permissions/destructive"


def _destroys(files: dict[str, str]) -> list[tuple[int | None, str]]:
    return [(line, level) for rule, line, level in loud(files) if rule == DESTROY]


SPLATTED = """function Invoke-Tool([string]$Exe, [string[]]$Arguments) { & $Exe @Arguments }

$vss = @{ Exe = "$env:SystemRoot\\System32\\vssadmin.exe"; Arguments = @('delete', 'shadows', '/all', '/quiet') }
Invoke-Tool @vss
"""


@pytest.mark.parametrize(
    ("path", "code", "line"),
    [
        ("tidy.cmd", "@echo off\r\nvssadmin delete shadows /all /quiet\r\n", 2),
        ("tidy.ps1", SPLATTED, 3),
        ("tidy.ps1", "Get-CimInstance Win32_ShadowCopy | Remove-CimInstance\n", 1),
        ("tidy.sh", "#!/bin/sh\nwmic.exe shadowcopy delete /nointeractive\n", 2),
        ("tidy.cmd", "wbadmin delete catalog -quiet\n", 1),
        ("tidy.cmd", "bcdedit /set {default} recoveryenabled No\n", 1),
    ],
    ids=["batch", "powershell-splat", "cim", "wmic", "wbadmin", "bcdedit"],
)
def test_destroying_recovery_is_an_error(path, code, line):
    assert (line, "error") in _destroys({path: code})


@pytest.mark.parametrize(
    "code",
    [
        "vssadmin delete shadows /for=C: /oldest /quiet\n",
        "vssadmin list shadows\n",
        "REM never run vssadmin delete shadows /all here\n",
    ],
    ids=["oldest", "list", "comment"],
)
def test_a_cleanup_of_the_oldest_or_a_listing_is_not(code):
    assert _destroys({"tidy.cmd": code}) == []
