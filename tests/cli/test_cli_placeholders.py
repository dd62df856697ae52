"""A placeholder that survives expansion is refused in every client's variable forms, and nothing is sent."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.cli.conftest import run_cli

SECRET = "s3cr3t-value-123"


class HeaderLog:
    """A real HTTP server on 127.0.0.1 that records the headers of every request it gets (and answers 404)."""

    def __init__(self) -> None:
        self.requests: list[dict[str, str]] = []
        log = self.requests

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # the standard library's name
                log.append({k.lower(): v for k, v in self.headers.items()})
                self.send_response(404)
                self.send_header("content-length", "0")
                self.end_headers()

            do_GET = do_DELETE = do_POST

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/mcp"

    def sent(self) -> str:
        return json.dumps(self.requests)


@pytest.fixture
def header_log() -> Iterator[HeaderLog]:
    log = HeaderLog()
    thread = threading.Thread(target=log.server.serve_forever, daemon=True)
    thread.start()
    yield log
    log.server.shutdown()
    log.server.server_close()


def _env(tmp_path: Path) -> dict[str, str]:
    return {
        "HOME": str(tmp_path / "home"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "SECRET": SECRET,
    }


def _header_config(name: str, value: str, url: str) -> tuple[str, str]:
    """The file (relative path) and text of one client's config with one HTTP server sending ``X-Key: value``."""
    server = {"url": url, "headers": {"X-Key": value}}
    documents = {
        "skillscope.yaml": ("skillscope.yaml", f"servers:\n  srv: {{url: '{url}', headers: {{X-Key: '{value}'}}}}\n"),
        "claude-code": (".mcp.json", json.dumps({"mcpServers": {"srv": {"type": "http", **server}}})),
        "vscode": (".vscode/mcp.json", json.dumps({"servers": {"srv": {"type": "http", **server}}})),
        "cursor": (".cursor/mcp.json", json.dumps({"mcpServers": {"srv": server}})),
        "windsurf": (
            "windsurf/mcp_config.json",
            json.dumps({"mcpServers": {"srv": {"serverUrl": url, "headers": {"X-Key": value}}}}),
        ),
        "claude-desktop": ("claude_desktop_config.json", json.dumps({"mcpServers": {"srv": server}})),
    }
    return documents[name]


# In each client's own variable forms: a default that is itself a placeholder, and a placeholder never closed.
HOSTILE = [
    ("skillscope.yaml", "${UNSET_VAR:-${SECRET}}"),
    ("skillscope.yaml", "Bearer ${SECRET"),
    ("claude-code", "${UNSET_VAR:-${SECRET}}"),
    ("claude-code", "Bearer ${SECRET"),
    ("vscode", "Bearer ${env:SECRET"),
    ("cursor", "${env:SECRET"),
    ("windsurf", "${env:SECRET"),
    ("claude-desktop", "Bearer ${SECRET"),
]
HONEST = {
    "skillscope.yaml": "${SECRET}",
    "claude-code": "${SECRET}",
    "vscode": "${env:SECRET}",
    "cursor": "${env:SECRET}",
    "windsurf": "${env:SECRET}",
}


@pytest.mark.parametrize(("client", "value"), HOSTILE)
def test_a_placeholder_left_after_expansion_is_refused_and_nothing_is_sent(tmp_path, header_log, client, value):
    relative, text = _header_config(client, value, header_log.url)
    path = tmp_path / "project" / relative
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    done = run_cli("list", "srv", "--config", str(path), env=_env(tmp_path))
    assert done.code == 2, done.err
    assert "header 'X-Key'" in done.err and "placeholder" in done.err
    assert "Traceback" not in done.err and SECRET not in done.out + done.err
    assert header_log.requests == [], f"sent: {header_log.sent()}"


@pytest.mark.parametrize("client", sorted(HONEST))
def test_an_expanded_value_is_sent_and_the_log_sees_it(tmp_path, header_log, client):
    """The control: the same files with honest forms do reach the server with the secret expanded."""
    relative, text = _header_config(client, HONEST[client], header_log.url)
    path = tmp_path / "project" / relative
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    done = run_cli("list", "srv", "--config", str(path), env=_env(tmp_path))
    assert done.code != 0  # the log answers 404: what matters is what it received
    assert header_log.requests and header_log.requests[0].get("x-key") == SECRET


@pytest.mark.parametrize("option", ["--header", "--env"])
def test_command_line_values_follow_the_same_rule(tmp_path, header_log, option):
    if option == "--header":
        done = run_cli("list", header_log.url, "--header", "X-Key: ${UNSET_VAR:-${SECRET}}", env=_env(tmp_path))
    else:
        done = run_cli(
            "list",
            "--env",
            "TOKEN=${UNSET_VAR:-${SECRET}}",
            "--",
            "sh",
            "-c",
            f"touch {tmp_path / 'ran'}",
            env=_env(tmp_path),
        )
    assert done.code == 2, done.err
    assert f"{option} " in done.err and "placeholder" in done.err
    assert header_log.requests == [] and not (tmp_path / "ran").exists()


def test_a_vscode_input_whose_default_is_a_placeholder_is_refused():
    from skillscope.config.variables import Expander, InputSpec
    from skillscope.core.errors import ConfigError

    expander = Expander(
        "vscode",
        inputs={"tok": InputSpec("tok", default="${SECRET}")},
        prompt=lambda spec: spec.default or "",
        env={"SECRET": SECRET},
    )
    with pytest.raises(ConfigError, match="placeholder"):
        expander("Bearer ${input:tok}", "header 'X-Key'")
    typed = Expander("vscode", inputs={"tok": InputSpec("tok")}, prompt=lambda spec: "${typed-by-the-user}")
    assert typed("${input:tok}", "header 'X-Key'") == "${typed-by-the-user}"
