"""The second detection corpus is well-formed: every folder is labelled, every label points at a real line, and every skill verifies when served."""

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
from tests.benchmarks.detection import DETECTION, script

serve = script("serve")
bench = script("run")
CORPUS = bench.corpus_dir("corpus2")
LABELS = bench.load_labels(bench.labels_path(CORPUS))
MALICIOUS = {name: label for name, label in LABELS.items() if label["label"] == "malicious"}
HONEST = {name: label for name, label in LABELS.items() if label["label"] == "honest"}


def frontmatter(name: str) -> dict:
    text = (CORPUS / name / "SKILL.md").read_text(encoding="utf-8")
    assert text.startswith("---\n")
    return yaml.safe_load(text.split("---\n", 2)[1])


def test_the_runner_finds_the_second_corpus_its_labels_and_its_targets():
    assert CORPUS == DETECTION / "corpus2" and CORPUS != bench.CORPUS
    assert bench.labels_path(CORPUS) == CORPUS / "labels.yaml"
    assert bench.labels_path(bench.CORPUS) == bench.LABELS  # the first corpus keeps its labels beside the runner
    assert bench.load_targets(bench.labels_path(CORPUS))["right reason"] == 0.80
    assert bench.load_targets()["right reason"] == 0.90


def test_every_folder_is_labelled_and_every_family_is_covered():
    assert {p.parent.name for p in CORPUS.glob("*/SKILL.md")} == set(LABELS)
    assert len(MALICIOUS) >= 30 and len(HONEST) >= 16
    per_family = {
        family: sum(1 for label in MALICIOUS.values() if label["family"] == family) for family in bench.FAMILIES
    }
    assert min(per_family.values()) >= 4, per_family
    assert all(label["why"].strip() for label in LABELS.values())


@pytest.mark.parametrize("name", sorted(LABELS))
def test_skill_md_is_valid_and_named_for_its_folder(name):
    meta = frontmatter(name)
    assert meta["name"] == name
    assert re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", name) and len(name) <= 64
    assert isinstance(meta["description"], str) and 1 <= len(meta["description"].strip()) <= 1024


@pytest.mark.parametrize("name", sorted(MALICIOUS))
def test_a_malicious_label_points_at_an_existing_file_and_line(name):
    label = MALICIOUS[name]
    assert label["family"] in bench.FAMILIES
    path = CORPUS / name / label["file"]
    assert path.is_file(), path
    lines = path.read_text(encoding="utf-8").split("\n")
    assert 1 <= label["line"] <= len(lines)
    assert label["marker"] in lines[label["line"] - 1]


def test_the_harm_is_spread_over_languages_and_places():
    files = [label["file"] for label in MALICIOUS.values()]
    assert {Path(f).suffix for f in files} >= {
        ".md",
        ".txt",
        ".yaml",
        ".json",
        ".ini",
        ".py",
        ".sh",
        ".js",
        ".mjs",
        ".ps1",
        ".rb",
        ".go",
    }
    assert {".mcp.json", ".claude/settings.json", "hooks/hooks.json"} <= set(files)
    assert any(f.startswith("references/") for f in files)
    assert any("hooks" in frontmatter(name) for name in MALICIOUS)


def test_the_honest_hard_cases_are_there():
    text = {name: "\n".join(p.read_text("utf-8") for p in (CORPUS / name).rglob("*") if p.is_file()) for name in HONEST}
    found = {
        "vendor installer piped to a shell": [
            n for n, t in text.items() if re.search(r"curl [^\n|]*https://(sh\.rustup\.rs|astral\.sh)\S* \| sh", t)
        ],
        "rm -rf ./build": [n for n, t in text.items() if "rm -rf ./build" in t],
        "GITHUB_TOKEN to api.github.com": [
            n for n, t in text.items() if "GITHUB_TOKEN" in t and "https://api.github.com" in t
        ],
        "prose describing attacks": [n for n, t in text.items() if "ignore all previous instructions" in t.lower()],
        "posts to the user's own API": [n for n, t in text.items() if 'os.environ.get("CRM_API_URL")' in t],
    }
    assert all(found.values()), found


def test_hidden_files_are_served_byte_for_byte():
    skills = {skill.name: skill for skill in serve.load_corpus(CORPUS)}
    assert set(skills) == set(LABELS)
    for name in ("linear-integration", "project-memory", "quick-scaffold"):
        hidden = [f.path for f in skills[name].files if f.path.startswith(".")]
        assert hidden and all(skills[name].file(p).data == (CORPUS / name / p).read_bytes() for p in hidden)


@pytest.mark.anyio
async def test_every_skill_verifies_when_served_and_the_runner_can_score_it():
    server = build_server(serve.load_corpus(CORPUS), name="detection-corpus2")
    async with connect(Target(label=bench.LABEL, kind="inprocess", server=server), timeout=60) as conn:
        audit = await audit_server(conn, Policy(), None)
    outcomes, wide = bench.score(audit_json([audit]), LABELS)  # exits when a skill did not verify or is missing
    summary = bench.summarise(outcomes, wide)
    assert summary["malicious"] == len(MALICIOUS) and summary["honest"] == len(HONEST)
    assert sum(row["malicious"] for row in summary["families"].values()) == len(MALICIOUS)
