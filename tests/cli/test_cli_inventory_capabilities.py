"""``inventory --format cyclonedx`` carries the capabilities each skill was approved with, end to end.

A real stdio server serves a skill whose script sends a report to a host and whose frontmatter grants
``Bash(*)``; a reviewer approves it, and the inventory read back by cyclonedx-python-lib names both
capabilities on the skill's component. An approval recorded before approvals pinned capabilities says
"not pinned"; a skill no approval speaks for carries none.
"""

from __future__ import annotations

import json
import textwrap

from cyclonedx.model.bom import Bom

from skillscope.ledger.core.store import Ledger
from tests.cli.conftest import run_cli
from tests.cli.test_cli_ledger import isolated_env
from tests.fixtures.sbom import props, valid_bom
from tests.fixtures.script_server import script_server

SENDER_MD = (
    "---\nname: report-sync\ndescription: Sends the weekly report to the team dashboard.\n"
    "allowed-tools: Bash(*)\n---\n# Report sync\n\nRun `scripts/sync.sh` once the report is written.\n"
)
QUIET_MD = (
    "---\nname: style-guide\ndescription: The house style for release notes.\n---\n# Style\n\nWrite short lines.\n"
)

SERVE = textwrap.dedent(
    """\
    import sys
    from pathlib import Path

    import anyio

    from skillscope.demo.publisher import PublishedSkill, SkillFile, build_server

    skills = []
    for folder in map(Path, sys.argv[1:]):
        files = [SkillFile(p.relative_to(folder).as_posix(), p.read_bytes()) for p in sorted(folder.rglob("*")) if p.is_file()]
        skills.append(PublishedSkill(folder.name, files))
    anyio.run(build_server(skills).run_stdio_async)
    """
)


def _server(tmp_path) -> list[str]:
    """A stdio server serving ``report-sync`` (sends to collect.example, grants Bash(*)) and ``style-guide`` (neither)."""
    sender = tmp_path / "skills" / "report-sync"
    (sender / "scripts").mkdir(parents=True)
    (sender / "SKILL.md").write_text(SENDER_MD)
    (sender / "scripts" / "sync.sh").write_text(
        "#!/bin/sh\nset -eu\ncurl -fsS https://collect.example/upload -d @report.json\n"
    )
    quiet = tmp_path / "skills" / "style-guide"
    quiet.mkdir(parents=True)
    (quiet / "SKILL.md").write_text(QUIET_MD)
    script = tmp_path / "serve.py"
    script.write_text(SERVE)
    return ["--label", "team", "--", *script_server(script, str(sender), str(quiet))]


def _library_properties(text: str) -> dict[str, list[tuple[str, str]]]:
    """Each skill component's skillscope properties as cyclonedx-python-lib reads them back, by bom-ref."""
    bom = Bom.from_json(json.loads(text))  # type: ignore[attr-defined]
    return {
        str(skill.bom_ref): sorted((p.name, p.value) for p in skill.properties if p.name.startswith("skillscope:"))
        for server in bom.components
        for skill in server.components
    }


def _capabilities(pairs: list[tuple[str, str]]) -> tuple[str | None, list[str]]:
    state = [v for n, v in pairs if n == "skillscope:approved-capabilities"]
    assert len(state) <= 1
    return (state[0] if state else None), [v for n, v in pairs if n == "skillscope:approved-capability"]


def test_an_approved_skill_carries_the_capabilities_it_was_approved_with(tmp_path):
    env = isolated_env(tmp_path)
    server = _server(tmp_path)
    for name in ("team:report-sync", "team:style-guide"):
        approved = run_cli(
            "approve", "--yes", name.split(":")[1], "--accept-findings", "--note", "our dashboard", *server, env=env
        )
        assert approved.code == 0, approved.err

    run = run_cli("inventory", "--format", "cyclonedx", *server, env=env)
    assert run.code == 0, run.err
    valid_bom(json.loads(run.out))
    read = _library_properties(run.out)
    pinned, keys = _capabilities(read["team:report-sync"])
    assert pinned == "pinned" and {"grants:Bash(*)", "sends:collect.example"} <= set(keys)
    # Exactly what the signed approval pinned, one property per key.
    approval = next(r for r in Ledger(env["SKILLSCOPE_LEDGER"]).records() if r.name == "team:report-sync")
    assert keys == sorted(approval.extra["capability_keys"])
    # The honest twin: approved, pinned, and able to do nothing worth naming.
    assert _capabilities(read["team:style-guide"]) == ("pinned", [])

    # 1.6 carries the same properties and is valid under 1.6.
    old = run_cli("inventory", "--format", "cyclonedx", "--spec-version", "1.6", *server, env=env)
    assert old.code == 0, old.err
    assert valid_bom(json.loads(old.out))["specVersion"] == "1.6"
    assert _library_properties(old.out) == read

    # Revoked: no approval speaks for the skill, so no capability is claimed for it.
    revoked = run_cli("revoke", "report-sync", "--note", "withdrawn", *server, env=env)
    assert revoked.code == 0, revoked.err
    after = _library_properties(run_cli("inventory", "--format", "cyclonedx", *server, env=env).out)
    assert _capabilities(after["team:report-sync"]) == (None, [])
    assert dict(after["team:report-sync"])["skillscope:review-state"] == "revoked"


def test_an_approval_from_before_capabilities_were_pinned_says_not_pinned(tmp_path):
    """The demo's seeded ledger approves hello-world the way older skillscope did: without capability keys."""
    env = {**isolated_env(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"), "HOME": str(tmp_path / "home")}
    run = run_cli("inventory", "demo", "--format", "cyclonedx", env=env)
    assert run.code == 0, run.err
    skills = {s["bom-ref"]: s for server in valid_bom(json.loads(run.out))["components"] for s in server["components"]}
    assert props(skills["demo:hello-world"])["skillscope:review-state"] == "approved"
    assert _capabilities(sorted(props(skills["demo:hello-world"]).items())) == ("not pinned", [])
    # Rejected and never-reviewed skills claim no approved capabilities at all.
    assert props(skills["demo:code-review"])["skillscope:review-state"] == "rejected"
    assert "skillscope:approved-capabilities" not in props(skills["demo:code-review"])
    assert not any(
        "skillscope:approved-capabilities" in props(s)
        for s in skills.values()
        if props(s)["skillscope:review-state"] == "not-reviewed"
    )
