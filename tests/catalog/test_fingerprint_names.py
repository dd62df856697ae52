"""Fingerprints match the spec's worked examples; names map to URIs and back."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skillscope.catalog.fingerprint import fingerprint
from skillscope.catalog.names import (
    check_relative_request,
    is_registry_path,
    is_valid_name,
    label_for_command,
    label_for_url,
    parse_skill_uri,
    registry_path,
    uri_for_path,
)


def test_single_file_example():
    assert fingerprint(
        [("skill://hello-world/SKILL.md", "sha256:895e5a761eac41871a0816e3d9eeb77ec6731e38da510e334287ecc3d81b3008")]
    ) == ("sha256:b51fa996de226d42c191a2d78be7c3924dca1b88674b570c669facdbc6b342c6")


def test_three_file_example_in_any_order():
    files = [
        (
            "skill://pdf-processing/references/FORMS.md",
            "sha256:f10a1e17f3ea551092953ffc6434edbeea11680ac039bcd3d3d93b0787edf848",
        ),
        ("skill://pdf-processing/SKILL.md", "sha256:6c663202d8831c91dff244f2698936cc746f86ea7ec5e7f9087ad4144367dc28"),
        (
            "skill://pdf-processing/assets/logo.png",
            "sha256:d44c4eee8f72efac76c1f294e7260408825c8dad42adaaf6e9bee7e7ef4c7de3",
        ),
    ]
    expected = "sha256:2271f709cb6cc7318c23244cfe791eeaadffb4a1ec1136f5baeb957a60983962"
    assert fingerprint(files) == expected
    assert fingerprint(reversed(files)) == expected


@pytest.mark.parametrize(
    ("uri", "path"),
    [
        ("skill://pdf-processing/SKILL.md", "pdf-processing"),
        ("skill://acme/billing/invoice-review/SKILL.md", "acme/billing/invoice-review"),
        ("github://octo-org/skills-repo/lint-fix/SKILL.md", "github://octo-org/skills-repo/lint-fix"),
    ],
)
def test_registry_path_and_reverse_mapping(uri, path):
    parsed = parse_skill_uri(uri)
    assert parsed is not None
    assert registry_path(parsed) == path
    assert uri_for_path(path) == uri
    assert is_registry_path(path)


@given(
    st.lists(
        st.from_regex(r"[a-z0-9]+(-[a-z0-9]+)*", fullmatch=True).filter(lambda s: len(s) <= 64), min_size=1, max_size=4
    )
)
def test_any_valid_skill_path_round_trips(segments):
    path = "/".join(segments)
    parsed = parse_skill_uri(uri_for_path(path))
    assert parsed is not None and registry_path(parsed) == path
    assert is_valid_name(segments[-1])


@pytest.mark.parametrize("path", ["my docs/x", "a%20b/x", "a:b/x", "a'b", ""])
def test_unnameable_paths(path):
    assert not is_registry_path(path)


@pytest.mark.parametrize(
    ("rel", "problem"),
    [
        ("references/FORMS.md", None),
        ("", "empty"),
        ("/etc/passwd", "absolute"),
        ("..\\x", "backslash"),
        ("../x", "'..'"),
        ("a//b", "empty"),
        ("./a", "'.'"),
    ],
)
def test_relative_requests(rel, problem):
    result = check_relative_request(rel)
    if problem is None:
        assert result is None
    else:
        assert result is not None and problem in result


@pytest.mark.parametrize(
    ("command", "label"),
    [
        (["python", "-m", "agentskills_mcp_server", "--config", "x"], "agentskills_mcp_server"),
        (["/usr/bin/python3.12", "server.py"], "server"),
        (["python3", "-c", "import x"], "python3"),
        (["node", "dist/index.js"], "index"),
        (["npx", "-y", "@acme/skills-server"], "skills-server"),
        (["./my server"], "my-server"),
    ],
)
def test_default_labels_for_commands(command, label):
    assert label_for_command(command) == label


def test_default_label_for_url_is_host():
    assert label_for_url("https://skills.example.com:8443/mcp") == "skills.example.com"
