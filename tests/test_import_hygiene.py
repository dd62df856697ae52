"""Starting the CLI and printing help load neither the MCP SDK nor Textual (each costs a user time on every run)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Heavy packages that only the commands which talk to a server or open the TUI may load, and only when run.
DEFERRED = ("mcp", "textual")

# Prints the top-level packages in sys.modules once ``--help`` has run for the group and every command in it.
HELP_EVERYWHERE = """
import json, sys
import click
from skillscope.cli import cli

def paths(command, prefix):
    yield prefix
    if isinstance(command, click.Group):
        for name, sub in command.commands.items():
            yield from paths(sub, [*prefix, name])

seen = []
for args in paths(cli, []):
    try:
        cli.main(args=[*args, "--help"], prog_name="skillscope", standalone_mode=False)
    except SystemExit:
        pass
    seen.append(args)
print(json.dumps({"commands": seen, "modules": sorted({m.split(".")[0] for m in sys.modules})}), file=sys.stderr)
"""


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_importing_the_cli_loads_neither_mcp_nor_textual():
    done = _run("import json, sys, skillscope.cli; print(json.dumps(sorted(m.split('.')[0] for m in sys.modules)))")
    assert done.returncode == 0, done.stderr
    loaded = set(json.loads(done.stdout))
    assert "skillscope" in loaded and "click" in loaded  # the probe saw the real import
    assert loaded.isdisjoint(DEFERRED), sorted(loaded & set(DEFERRED))


def test_help_of_every_command_loads_neither_mcp_nor_textual():
    done = _run(HELP_EVERYWHERE)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stderr.strip().splitlines()[-1])
    # The walk reached the nested groups' commands too, so a lazy import missed in any of them shows here.
    assert ["audit"] in report["commands"] and ["ledger", "verify"] in report["commands"], report["commands"]
    loaded = set(report["modules"])
    assert loaded.isdisjoint(DEFERRED), sorted(loaded & set(DEFERRED))
