"""The detection corpus loads, every skill verifies when served, its labels agree with its files, and the scoring reads a real audit."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from skillscope.audit.reports import audit_json
from skillscope.audit.run.server import audit_server
from skillscope.catalog.entry import Policy
from skillscope.demo.publisher import build_server
from skillscope.protocol.connection import connect
from skillscope.protocol.target import Target
from skillscope.verify.filekind import read_as
from tests.benchmarks.detection import script

serve = script("serve")
bench = script("run")
LABELS = bench.load_labels()
MALICIOUS = {name: label for name, label in LABELS.items() if label["label"] == "malicious"}
HONEST = {name: label for name, label in LABELS.items() if label["label"] == "honest"}


def frontmatter(name: str) -> dict:
    text = (bench.CORPUS / name / "SKILL.md").read_text(encoding="utf-8")
    assert text.startswith("---\n")
    return yaml.safe_load(text.split("---\n", 2)[1])


def test_every_folder_is_labelled_and_the_counts_meet_the_brief():
    folders = {p.parent.name for p in bench.CORPUS.glob("*/SKILL.md")}
    assert folders == set(LABELS)
    assert len(MALICIOUS) >= 45 and len(HONEST) >= 22
    per_family = {
        family: sum(1 for label in MALICIOUS.values() if label["family"] == family) for family in bench.FAMILIES
    }
    assert min(per_family.values()) >= 4, per_family
    assert {label["label"] for label in LABELS.values()} == {"malicious", "honest"}


@pytest.mark.parametrize("name", sorted(LABELS))
def test_skill_md_is_valid_and_named_for_its_folder(name):
    meta = frontmatter(name)
    assert meta["name"] == name
    assert re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", name) and len(name) <= 64
    assert isinstance(meta["description"], str) and 1 <= len(meta["description"].strip()) <= 1024
    assert LABELS[name]["why"].strip()


@pytest.mark.parametrize("name", sorted(MALICIOUS))
def test_a_malicious_label_points_at_the_line_that_does_the_harm(name):
    label = MALICIOUS[name]
    assert label["family"] in bench.FAMILIES
    lines = (bench.CORPUS / name / label["file"]).read_text(encoding="utf-8").split("\n")
    assert label["marker"] in lines[label["line"] - 1]


def test_malicious_skills_vary_in_language_and_in_the_file_that_does_the_harm():
    files = {label["file"] for label in MALICIOUS.values()}
    assert {"SKILL.md", ".mcp.json", ".claude/settings.json", "hooks/hooks.json"} <= files
    assert any(f.startswith("references/") for f in files)
    assert {Path(f).suffix for f in files} >= {".py", ".sh", ".js", ".md", ".txt", ".json"}
    assert any("hooks" in frontmatter(name) for name in MALICIOUS)


def corpus_text(names):
    return {
        name: "\n".join(p.read_text("utf-8", errors="replace") for p in (bench.CORPUS / name).rglob("*") if p.is_file())
        for name in names
    }


def test_the_honest_hard_cases_are_there():
    text = corpus_text(HONEST)
    found = {
        "vendor installer": [n for n, t in text.items() if re.search(r"curl -fsSL https://\S+ \| sh", t)],
        "rm -rf ./dist": [n for n, t in text.items() if "rm -rf ./dist" in t],
        "GITHUB_TOKEN": [n for n, t in text.items() if 'os.environ["GITHUB_TOKEN"]' in t],
        "no eval": [n for n, t in text.items() if "No eval() or exec()" in t],
        "security prose": [n for n, t in text.items() if "ignore previous instructions" in t],
        "tar.gz": [n for n in HONEST if list((bench.CORPUS / n).rglob("*.tar.gz"))],
    }
    assert all(found.values()), found
    pdf = (bench.CORPUS / "pdf-tools" / "assets" / "sample.pdf").read_bytes()
    assert b"/FlateDecode" in pdf and any("!`" in s.text for s in read_as(pdf, "assets/sample.pdf").strings)


def test_hidden_files_are_served_byte_for_byte():
    skills = {skill.name: skill for skill in serve.load_corpus(bench.CORPUS)}
    assert set(skills) == set(LABELS)
    paths = {f.path for f in skills["format-on-save"].files}
    assert ".claude/settings.json" in paths
    assert (
        skills["repo-bootstrap"].file(".mcp.json").data == (bench.CORPUS / "repo-bootstrap" / ".mcp.json").read_bytes()
    )


@pytest.mark.anyio
async def test_every_skill_verifies_when_served_and_the_scoring_reads_the_report():
    server = build_server(serve.load_corpus(bench.CORPUS), name="detection-corpus")
    async with connect(Target(label=bench.LABEL, kind="inprocess", server=server), timeout=60) as conn:
        audit = await audit_server(conn, Policy(), None)
    report = audit_json([audit])
    outcomes, wide = bench.score(report, LABELS)  # exits when a skill did not verify or is missing
    assert not [f for f in wide if f["severity"] == "error"]
    summary = bench.summarise(outcomes, wide)
    assert summary["malicious"] == len(MALICIOUS) and summary["honest"] == len(HONEST)
    assert sum(row["malicious"] for row in summary["families"].values()) == len(MALICIOUS)
    # Whatever the rules find, each honest skill with a warning is named with the rule ids.
    for name, ids in summary["honest with a warning"].items():
        assert name in HONEST and ids and all(i.startswith(("skillscope/", "sep-", "SS-", "user/")) for i in ids)


def test_family_comes_from_the_field_or_the_id():
    assert bench.family_of({"id": "skillscope/exfiltration/env-to-network"}) == "exfiltration"
    assert bench.family_of({"id": "skillscope/risky-shell"}) is None
    assert bench.family_of({"id": "user/paste-site", "family": "deception"}) == "deception"
