"""The approval round trip into a real RoomKit 0.109 host, in its own venv, over the TypeScript publisher.

skillscope reviews the publisher's skills (approve, reject, leave one unreviewed, approve one whose
file then changes on disk), exports ``--format roomkit``, and a RoomKit host
(tests/interop/roomkit_host.py) passes the module's ``approve_execution`` to ``add_mcp_server``
unchanged. Only the approved, unchanged skill may run code; every skill still activates, since
RoomKit gates code execution, not activation. A second host over the same server, gated by the
export of an empty ledger, refuses every skill. Both hosts run in one RoomKit process (its start
is most of the module's CPU), each with a registry of its own.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.cli.conftest import run_cli
from tests.interop import publishers as pubs

# One worker runs the module: the RoomKit process serves both tests.
pytestmark = [pytest.mark.interop, pytest.mark.xdist_group("roomkit-host")]

ROOMKIT_PY = pubs.CACHE_DIR / "roomkit" / "bin" / "python"
HOST = Path(__file__).with_name("roomkit_host.py")
LABEL = "ts"


def _roomkit_skip_reason() -> str | None:
    if (reason := pubs.skip_reason("typescript")) is not None:
        return reason
    if not ROOMKIT_PY.exists() or not (ROOMKIT_PY.parent.parent / ".interop-stamp").is_file():
        return f"no RoomKit venv at {ROOMKIT_PY.parent.parent}; run `bash tests/interop/setup.sh`"
    return None


@dataclass
class Hosted:
    """What skillscope reported and what each RoomKit host did."""

    states: dict[str, str]
    fingerprints: dict[str, str]
    reviewed: dict[str, dict[str, Any]]
    """The host gated by the export of the reviews: per skill name, its outcome."""
    unreviewed: dict[str, dict[str, Any]]
    """The host gated by the export of an empty ledger."""


@pytest.fixture(scope="module")
def hosted(tmp_path_factory: pytest.TempPathFactory) -> Hosted:
    if (reason := _roomkit_skip_reason()) is not None:
        pytest.skip(reason)
    tmp_path = tmp_path_factory.mktemp("roomkit")
    skills_root = tmp_path / "skills"
    shutil.copytree(pubs.SKILLS_ROOT, skills_root)
    server = pubs.stdio_command("typescript", skills_root)
    env = {
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
        "HOME": str(tmp_path / "home"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }

    def review(action: str, name: str) -> None:
        extra = ("--yes", "--note", "read every file") if action == "approve" else ()
        done = run_cli(action, name, "--label", LABEL, "--reviewer", "Rita", *extra, "--", *server, env=env)
        assert done.code == 0, done.err

    review("approve", "hello-world")
    review("approve", "byte-exact")
    review("reject", "pdf-processing")
    # csv-tools stays unreviewed; byte-exact changes after its approval.
    (skills_root / "byte-exact" / "notes" / "crlf.txt").write_bytes(b"changed after the review\n")
    listing = run_cli("list", "--json", "--label", LABEL, "--", *server, env=env).json()
    states = {s["name"]: s["review"]["state"] for s in listing["skills"]}
    fingerprints = {s["name"]: s["fingerprint"] for s in listing["skills"]}

    module = tmp_path / "host" / "reviewed_skills.py"
    export = run_cli("export", "--format", "roomkit", "-o", str(module), env=env)
    assert export.code == 0, export.err
    empty = tmp_path / "empty" / "reviewed_skills.py"
    export = run_cli(
        "export", "--format", "roomkit", "-o", str(empty), env={"SKILLSCOPE_LEDGER": str(tmp_path / "empty.jsonl")}
    )
    assert export.code == 0, export.err

    done = subprocess.run(
        [str(ROOMKIT_PY), str(HOST), LABEL, str(module), *sorted(states), "+", str(empty), "ts:hello-world"]
        + ["--", *server],
        capture_output=True,
        text=True,
        timeout=180,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    reviewed, unreviewed = json.loads(done.stdout)
    return Hosted(states, fingerprints, reviewed, unreviewed)


def test_roomkit_runs_code_only_for_the_approved_unchanged_skill(hosted: Hosted) -> None:
    assert hosted.states == {
        "ts:hello-world": "approved",
        "ts:byte-exact": "changed-since-approval",
        "ts:pdf-processing": "rejected",
        "ts:csv-tools": "not-reviewed",
    }
    host = hosted.reviewed
    names = sorted(hosted.states)
    ran = {name: outcome["ran"] for name, outcome in host.items()}
    assert ran == {"ts:hello-world": True, "ts:byte-exact": False, "ts:pdf-processing": False, "ts:csv-tools": False}
    assert {host[name]["run_outcome"] for name in names if not ran[name]} == {"refused"}
    assert all(outcome["activated"] for outcome in host.values())  # RoomKit gates code, not activation
    assert {name: outcome["fingerprint"] for name, outcome in host.items()} == hosted.fingerprints


def test_roomkit_refuses_everything_when_nothing_is_approved(hosted: Hosted) -> None:
    assert hosted.unreviewed["ts:hello-world"] == {
        "activated": True,
        "ran": False,
        "run_outcome": "refused",
        "fingerprint": pubs.HELLO_WORLD_FINGERPRINT,
    }
