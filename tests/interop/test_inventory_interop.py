"""``inventory`` over two third-party publishers (agentskills-mcp-server and the TypeScript SDK), as a user's config names them."""

from __future__ import annotations

import json

import pytest
import yaml

from tests.cli.conftest import run_cli
from tests.fixtures.sbom import props, valid_bom
from tests.interop import publishers as pubs
from tests.interop.test_skillscope_interop import STDIO_ENV

pytestmark = [pytest.mark.interop]

PAIR = ("agentskills", "typescript")


def test_inventory_of_two_third_party_publishers_matches_disk_and_the_schema(tmp_path):
    for publisher in PAIR:
        if (reason := pubs.skip_reason(publisher)) is not None:
            pytest.skip(reason)
    servers = {}
    for publisher in PAIR:
        command = pubs.stdio_command(publisher)
        servers[publisher] = {"command": command[0], "args": command[1:], "env": STDIO_ENV}
    config = tmp_path / "skillscope.yaml"
    config.write_text(yaml.safe_dump({"servers": servers}), encoding="utf-8")
    env = {
        "HOME": str(tmp_path / "home"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
    }

    # Both publishers are stdio commands read from the config: --yes is the confirmation a script gives.
    run = run_cli("inventory", "--config", str(config), "--yes", "--format", "cyclonedx", env=env, timeout=600)
    assert run.code == 0, run.err
    bom = valid_bom(json.loads(run.out))
    by_label = {c["bom-ref"]: c for c in bom["components"]}
    assert set(by_label) == set(PAIR)
    for publisher in PAIR:
        skills = {s["bom-ref"]: s for s in by_label[publisher]["components"]}
        for name, expected in pubs.EXPECTED[publisher].items():
            skill = skills[f"{publisher}:{name}"]
            assert props(skill)["skillscope:fingerprint"] == expected.fingerprint
            assert props(skill)["skillscope:uri"] == expected.uri
            files = {
                props(f)["skillscope:uri"]: (f["hashes"][0]["content"], int(props(f)["skillscope:size"]))
                for f in skill["components"]
            }
            assert files == {f.uri: (f.digest.removeprefix("sha256:"), f.size) for f in expected.files}

    table = run_cli("inventory", "--config", str(config), "--yes", env=env, timeout=600)
    assert table.code == 0, table.err
    assert "SERVER agentskills" in table.out and "SERVER typescript" in table.out
