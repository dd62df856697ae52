"""Run the real ``skillscope`` command as a subprocess, as a user would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from typing import Any

import pytest

from tests.fixtures.hostile import build_scenario
from tests.fixtures.http import REPO_ROOT, serve_http_in_thread, stdio_command


@dataclass
class Run:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


def run_cli(*args: str, env: dict[str, str] | None = None, cwd: str | None = None, timeout: float = 90) -> Run:
    """Run ``python -m skillscope ARGS`` and capture everything it prints."""
    full_env = {**os.environ, "COLUMNS": "200", **(env or {})}
    done = subprocess.run(
        [sys.executable, "-m", "skillscope", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        cwd=cwd or REPO_ROOT,
        env=full_env,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )
    return Run(done.returncode, done.stdout, done.stderr)


def stdio(scenario: str) -> list[str]:
    """Arguments that name a fixture scenario as a stdio server: ``-- python -m ...``."""
    return ["--", *stdio_command(scenario)]


@pytest.fixture
def http_server():
    """Serve a named fixture scenario over Streamable HTTP; yields a function returning its URL."""
    stack = []

    def start(scenario: str, **options: Any) -> str:
        cm = serve_http_in_thread(build_scenario(scenario), **options)
        url = cm.__enter__()
        stack.append(cm)
        return url

    yield start
    for cm in reversed(stack):
        cm.__exit__(None, None, None)
