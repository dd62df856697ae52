"""Third-party skill scanners for interop tests: Cisco's skill-scanner, installed by ``tests/interop/setup.sh``.

``cisco-ai-skill-scanner`` 2.3.2 lives in its own Python 3.12 venv (``.cache/interop/cisco``):
its dependencies (LLM clients, magika, yara-x) are large and must not meet skillscope's.
Only its static analyzers run here: no ``--use-llm``, no network, no account.
Standard library only, like publishers.py.
"""

from __future__ import annotations

import shlex

from tests.interop.publishers import CACHE_DIR

CISCO_VENV = CACHE_DIR / "cisco"
CISCO_VERSION = "2.3.2"
SKILL_SCANNER = CISCO_VENV / "bin" / "skill-scanner"


def cisco_skip_reason() -> str | None:
    """Why Cisco's skill-scanner cannot run here, or ``None`` when it can."""
    if not SKILL_SCANNER.exists() or not (CISCO_VENV / ".interop-stamp").is_file():
        return f"no cisco-ai-skill-scanner {CISCO_VERSION} at {CISCO_VENV}; run `bash tests/interop/setup.sh` from the repository root"
    return None


def cisco_scanner(*extra: str) -> str:
    """An ``audit --scanner`` template running Cisco's static analyzers on ``{dir}``, SARIF on stdout."""
    return shlex.join([str(SKILL_SCANNER), "scan", "{dir}", "--format", "sarif", *extra])
