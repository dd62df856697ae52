"""Secrets stay out of every output: URL query tokens, userinfo, and values a server echoes back."""

from __future__ import annotations

import json

from skillscope.config.file import Config, target_from_args
from skillscope.core.redact import SecretMask, redact_url
from skillscope.ledger.core.store import Ledger

from .conftest import run_cli, stdio

TOKEN = "tok-5f3a9c1e77"


def test_redact_url_hides_query_values_userinfo_and_fragment():
    assert (
        redact_url("https://u:pw@h.example:8443/mcp?token=abc&x=1#frag")
        == "https://h.example:8443/mcp?token=***&x=***#***"
    )
    assert redact_url("https://h.example/mcp") == "https://h.example/mcp"


def test_a_mask_covers_the_bare_token_of_a_header_and_its_escaped_forms():
    mask = SecretMask()
    mask.add('Bearer abc"123def', "short")
    assert mask.mask('x abc"123def y') == "x *** y"
    assert mask.mask(json.dumps({"k": 'abc"123def'})) == '{"k": "***"}'
    assert mask.mask("short stays") == "short stays"


def test_env_values_expand_like_headers(monkeypatch):
    monkeypatch.setenv("MY_TOKEN", TOKEN)
    target = target_from_args(None, ["srv"], config=Config(), env=["API_KEY=${MY_TOKEN}"])
    assert target.env == {"API_KEY": TOKEN}


def test_an_echoed_env_secret_is_masked_in_every_output(tmp_path):
    env = {"MY_TOKEN": TOKEN, "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"), "XDG_DATA_HOME": str(tmp_path / "d")}
    server = ["--env", "ECHO_SECRET=${MY_TOKEN}", *stdio("echo-secret")]
    runs = {
        "list": run_cli("list", *server, env=env),
        "list --json": run_cli("list", "--json", *server, env=env),
        "show": run_cli("show", "echo", "--all-files", *server, env=env),
        "show --json": run_cli("show", "echo", "--all-files", "--json", *server, env=env),
        "audit": run_cli("audit", "--fail-on", "never", *server, env=env),
    }
    for fmt in ("json", "sarif", "markdown"):
        out = tmp_path / f"report.{fmt}"
        runs[f"audit {fmt}"] = run_cli("audit", "--format", fmt, "-o", str(out), "--fail-on", "never", *server, env=env)
        runs[f"audit {fmt}"].out = out.read_text()
    for name, done in runs.items():
        assert done.code == 0, (name, done.err)
        assert TOKEN not in done.out + done.err, name
        assert "${MY_TOKEN}" not in done.out, name
    assert "The key you sent is ***" in runs["list --json"].out
    assert "Your token: ***" in runs["show"].out


def test_a_url_query_token_is_never_printed_or_stored(http_server, tmp_path):
    url = http_server("samples") + f"?token={TOKEN}"
    env = {"SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"), "XDG_DATA_HOME": str(tmp_path / "d")}
    listed = run_cli("list", url, env=env)
    as_json = run_cli("list", "--json", url, env=env)
    assert listed.code == 0 and as_json.code == 0, listed.err
    assert as_json.json()["server"]["target"].endswith("/mcp?token=***")
    reports = []
    for fmt in ("json", "sarif", "markdown"):
        out = tmp_path / f"report.{fmt}"
        assert run_cli("audit", url, "--format", fmt, "-o", str(out), "--fail-on", "never", env=env).code == 0
        reports.append(out.read_text())
    approved = run_cli("approve", "hello-world", "--yes", url, env=env)
    assert approved.code == 0, approved.err
    exported = run_cli("export", "--format", "json", env=env)
    record = Ledger(tmp_path / "ledger.jsonl").records()[0]
    assert record.server.endswith("?token=***")
    everything = listed.out + listed.err + as_json.out + "".join(reports) + approved.out + approved.err + exported.out
    everything += (tmp_path / "ledger.jsonl").read_text()
    assert TOKEN not in everything
