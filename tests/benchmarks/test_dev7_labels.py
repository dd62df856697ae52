"""The dev7 tuning split is well-formed: every folder is labelled, every malicious label's marker is on its line, the
counts are the ones its README section states, and every host it names is a reserved example name, a documentation
address or a vendor's own. No audit runs here."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest
import yaml

HERE = Path(__file__).resolve().parents[2] / "benchmarks" / "detection"


def _runner():
    spec = importlib.util.spec_from_file_location("detection_dev7_run", HERE / "run.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


bench = _runner()
CORPUS = bench.corpus_dir("dev7")
LABELS = bench.load_labels(bench.labels_path(CORPUS))
MALICIOUS = {name: label for name, label in LABELS.items() if label["label"] == "malicious"}
HONEST = {name: label for name, label in LABELS.items() if label["label"] == "honest"}
# the vendors' own hosts where an honest skill's documented command or API needs them
VENDORS = ("api.github.com", "github.com", "api.linear.app", "get.pnpm.io")


def test_every_folder_is_labelled_and_the_counts_are_the_readme_s():
    assert {p.parent.name for p in CORPUS.glob("*/SKILL.md")} == set(LABELS)
    assert (len(MALICIOUS), len(HONEST)) == (40, 20)
    assert sum(1 for label in HONEST.values() if label.get("risky")) == 16


@pytest.mark.parametrize("name", sorted(MALICIOUS))
def test_a_malicious_label_s_marker_is_on_its_line(name):
    label = MALICIOUS[name]
    assert label["family"] in bench.FAMILIES
    lines = (CORPUS / name / label["file"]).read_text(encoding="utf-8").split("\n")
    assert label["marker"] in lines[label["line"] - 1]


@pytest.mark.parametrize("name", sorted(LABELS))
def test_every_host_is_reserved_or_a_vendor_s(name):
    for path in (CORPUS / name).rglob("*"):
        if not path.is_file():
            continue
        for host in re.findall(r"https?://([\w.-]+)", path.read_text(encoding="utf-8")):
            if "." not in host.strip(".") or host.endswith("."):
                continue  # a host joined from pieces at run time: its pieces are reserved too
            assert (
                host.endswith((".example", ".test", "example.com", "example.net", "example.org"))
                or host.startswith(("192.0.2.", "198.51.100.", "203.0.113."))
                or host in VENDORS
            ), (path, host)
    meta = yaml.safe_load((CORPUS / name / "SKILL.md").read_text(encoding="utf-8").split("---\n", 2)[1])
    assert meta["name"] == name
