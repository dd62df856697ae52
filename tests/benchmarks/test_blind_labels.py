"""The blind split is well-formed: every folder is labelled, every malicious label's marker is on its line,
and the runner scores honest-but-risky skills on their own. No audit runs here."""

from __future__ import annotations

import re

import pytest
import yaml

from tests.benchmarks.detection import DETECTION, script

bench = script("run")
CORPUS = bench.corpus_dir("blind")
LABELS = bench.load_labels(bench.labels_path(CORPUS))
MALICIOUS = {name: label for name, label in LABELS.items() if label["label"] == "malicious"}
HONEST = {name: label for name, label in LABELS.items() if label["label"] == "honest"}
RISKY = {name for name, label in HONEST.items() if label.get("risky")}


def test_the_runner_reads_the_blind_labels_from_inside_the_folder():
    assert CORPUS == DETECTION / "blind"
    assert bench.labels_path(CORPUS) == CORPUS / "labels.yaml"


def test_every_folder_is_labelled_and_every_label_has_a_folder():
    assert {p.parent.name for p in CORPUS.glob("*/SKILL.md")} == set(LABELS)
    assert {label["label"] for label in LABELS.values()} == {"malicious", "honest"}
    assert len(MALICIOUS) >= 45 and len(RISKY) >= 25 and len(HONEST) - len(RISKY) >= 10
    per_family = {f: sum(1 for label in MALICIOUS.values() if label["family"] == f) for f in bench.FAMILIES}
    assert min(per_family.values()) >= 4, per_family
    assert all(label["why"].strip() for label in LABELS.values())
    assert not any("risky" in label for label in MALICIOUS.values())


@pytest.mark.parametrize("name", sorted(LABELS))
def test_skill_md_is_named_for_its_folder(name):
    text = (CORPUS / name / "SKILL.md").read_text(encoding="utf-8")
    assert text.startswith("---\n")
    meta = yaml.safe_load(text.split("---\n", 2)[1])
    assert meta["name"] == name
    assert re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", name) and len(name) <= 64
    assert isinstance(meta["description"], str) and 1 <= len(meta["description"].strip()) <= 1024


@pytest.mark.parametrize("name", sorted(MALICIOUS))
def test_a_malicious_label_s_marker_is_on_its_line(name):
    label = MALICIOUS[name]
    assert label["family"] in bench.FAMILIES
    path = CORPUS / name / label["file"]
    assert path.is_file(), path
    lines = path.read_text(encoding="utf-8").split("\n")
    assert 1 <= label["line"] <= len(lines)
    assert label["marker"] in lines[label["line"] - 1]


def test_honest_but_risky_skills_are_scored_on_their_own(capsys):
    """A made-up report: one risky skill warned, one plain skill warned, no errors."""
    risky, plain = sorted(RISKY)[0], sorted(set(HONEST) - RISKY)[0]
    outcomes = {name: bench.Outcome(name, label) for name, label in LABELS.items()}
    for name in (risky, plain):
        outcomes[name].findings.append({"id": "x/y", "severity": "warning"})
    summary = bench.summarise(outcomes, [])
    assert summary["honest-risky"] == sorted(RISKY)
    bench.print_summary(summary)
    out = capsys.readouterr().out
    assert f"honest-risky with a warning: 1/{len(RISKY)}" in out
    assert f"plain honest with a warning: 1/{len(HONEST) - len(RISKY)}" in out
    assert f"honest stopped (any error): 0/{len(HONEST)}; target 0: met" in out


def test_a_corpus_without_risky_labels_prints_as_before(capsys):
    labels = {"a": {"label": "honest", "why": "x"}, "b": {"label": "malicious", "family": "secrets", "file": "f"}}
    summary = bench.summarise({n: bench.Outcome(n, label) for n, label in labels.items()}, [])
    bench.print_summary(summary)
    assert "honest-risky" not in capsys.readouterr().out
