"""Third-party skill scanners for interop tests: Cisco's skill-scanner, installed by ``tests/interop/setup.sh``.

``cisco-ai-skill-scanner`` 2.3.2 lives in its own Python 3.12 venv (``.cache/interop/cisco``):
its dependencies (LLM clients, magika, yara-x) are large and must not meet skillscope's.
Only its static analyzers run here: no ``--use-llm``, no network, no account.
Standard library only, like publishers.py.

A scan loads and validates the scanner's bundled rule packs first: about 17 s of CPU, most of it
parsing their YAML. The suite runs the real ``skill-scanner`` entry point forked from a process of the
scanner's venv that has imported it and loaded those packs once, through the scanner's own loader
(tests/fixtures/forkserver.py), so a scan costs what it costs after start-up.
"""

from __future__ import annotations

import shlex

from tests.fixtures.forkserver import launched
from tests.interop.publishers import CACHE_DIR

CISCO_VENV = CACHE_DIR / "cisco"
CISCO_VERSION = "2.3.2"
SKILL_SCANNER = CISCO_VENV / "bin" / "skill-scanner"
CISCO_PRELOAD = ("skill_scanner.cli.cli", "skill_scanner.core.rule_registry:_get_validated_built_in_packs")
"""The scanner's command line and its bundled rule packs, validated once (the scanner keeps them for its process)."""


def cisco_skip_reason() -> str | None:
    """Why Cisco's skill-scanner cannot run here, or ``None`` when it can."""
    if not SKILL_SCANNER.exists() or not (CISCO_VENV / ".interop-stamp").is_file():
        return f"no cisco-ai-skill-scanner {CISCO_VERSION} at {CISCO_VENV}; run `bash tests/interop/setup.sh` from the repository root"
    return None


def skill_scanner(*args: str) -> list[str]:
    """The command line running ``skill-scanner ARGS``, forked from the process that loaded its rule packs."""
    return launched("cisco", str(CISCO_VENV / "bin" / "python"), [str(SKILL_SCANNER), *args], CISCO_PRELOAD)


def cisco_scanner(*extra: str) -> str:
    """An ``audit --scanner`` template running Cisco's static analyzers on ``{dir}``, SARIF on stdout."""
    return shlex.join(skill_scanner("scan", "{dir}", "--format", "sarif", *extra))
