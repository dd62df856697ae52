"""Classes the dev5 split opened (secrets shipped in a skill): a live-format credential in a file the skill runs or
reads is an error whatever name holds it, while fake keys in fixtures and dummy key files stay quiet."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audit.behavior.helpers import rules, severity
from tests.audit.behavior.test_ruby_go_cli import audit, env  # noqa: F401  (env is a fixture)

SECRET = "skillscope/secrets/token"
GH = "ghp_" + "R7kX2mQ9vT4pL8wZ3nB6cY1dF5hJ0sA2eG8u"
JWT = (
    "eyJhbGciOiJSUzI1NiIsImtpZCI6IjRrT3pYIn0"
    ".eyJpc3MiOiJrdWJlcm5ldGVzL3NlcnZpY2VhY2NvdW50In0"
    ".Qm9yZ2VzTWFydGluZXpTaWduYXR1cmVQYXJ0"
)
KEY_BODY = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW"


@pytest.mark.parametrize(
    ("path", "text"),
    [
        # a constant whose name says nothing about secrets
        ("tune.py", '_ACCESS = "AKIA' + '4QX7RTLMZ2WJ8NHE"\n'),
        # the token as the user part of a URL, in another language
        ("status.js", f"const url = `https://{GH}@api.github.com/repos/x`;\n"),
        # a Ruby constant named after the vendor
        ("charge.rb", 'STRIPE = "sk_live_' + '51Hq8ZkLmN4pR7tV2wX9yB3cD6fG1hJ0kQ5sA8eU2iO"\n'),
        # a key file the skill ships
        ("keys/bastion", f"-----BEGIN OPENSSH PRIVATE KEY-----\n{KEY_BODY}\n-----END OPENSSH PRIVATE KEY-----\n"),
        # a kubeconfig with a service-account bearer token
        ("kube/staging.yaml", f"users:\n  - name: ops\n    user:\n      token: {JWT}\n"),
    ],
)
def test_a_live_credential_in_a_shipped_file_is_an_error(path, text):
    assert severity({path: text}, SECRET) == ["error"]


@pytest.mark.parametrize(
    ("path", "text"),
    [
        ("tests/fixtures.py", 'FAKE_ACCESS_KEY = "AKIAIOSFODNN7EXAMPLE"\n'),
        ("testdata/dummy_test_key.pem", f"-----BEGIN PRIVATE KEY-----\n{KEY_BODY}\n-----END PRIVATE KEY-----\n"),
        (
            "testdata/key.pem",
            "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIEXAMPLEEXAMPLE\n-----END PRIVATE KEY-----\n",
        ),
        ("README.md", f"A session token looks like `{JWT}`.\n"),
        ("auth.py", f'print("decode this sample: {JWT}")\n'),
    ],
)
def test_fake_keys_dummy_key_files_and_shown_formats_stay_quiet(path, text):
    assert SECRET not in rules({path: text})


def test_a_token_written_down_in_prose_stays_a_warning():
    assert severity({"notes.md": f"Tokens look like {GH} in the logs.\n"}, SECRET) == ["warning"]


def test_the_audit_stops_a_shipped_npmrc_token_on_its_line_and_passes_the_variable_twin(tmp_path: Path, env):  # noqa: F811
    token = "npm_" + "K8vQ2mX7rT4pL9wZ3nB6cY1dF5hJ0sA2eG8u"
    bad = f"registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken={token}\n"
    code, findings = audit(
        tmp_path, env, "bad", {".npmrc": bad, "status.js": f"const u = 'https://{GH}@api.github.com/x';\n"}
    )
    hits = sorted(
        (f["uri"].rsplit("/", 1)[-1], f["line"]) for f in findings if f["id"] == SECRET and f["severity"] == "error"
    )
    assert code == 1 and hits == [(".npmrc", 2), ("status.js", 1)], findings
    good = "registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n"
    code, findings = audit(tmp_path, env, "good", {".npmrc": good})
    assert code == 0 and not [f for f in findings if f["severity"] in ("warning", "error")], findings
