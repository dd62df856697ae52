"""The tuning splits written by helpers who never read the rules (dev, dev7, dev8, dev9, dev10, dev11, dev12, dev13, dev14) are well-formed: every
folder is labelled, the counts are the ones their README sections state, every malicious label's marker is on its
line, and every host a skill names is a reserved example name, a documentation address or a vendor's own. No audit
runs here."""

from __future__ import annotations

import re

import pytest
import yaml

from tests.benchmarks.detection import script

bench = script("run")

# The vendors' own hosts where an honest skill's documented command or API needs them, per split.
VENDORS = {
    "dev": ("api.github.com", "api.openai.com", "sentry.io", "bun.sh"),
    "dev7": ("api.github.com", "github.com", "api.linear.app", "get.pnpm.io"),
    "dev8": ("api.cloudflare.com", "dl.k8s.io"),
    "dev9": ("api.cloudflare.com", "dl.k8s.io", "github.com", "json-schema.org"),
    "dev10": ("sentry.io", "bun.sh"),
    "dev11": (
        "sh.rustup.rs",
        "www.rust-lang.org",
        "registry.npmjs.org",
        "www.npmjs.com",
        "api.cloudflare.com",
        "1.1.1.1",
        "pkgs.dev.azure.com",
        "astral.sh",
        "docs.astral.sh",
    ),
    "dev12": (
        "api.github.com",
        "avatars.githubusercontent.com",
        "github.com",
        "raw.githubusercontent.com",
        "hooks.slack.com",
        "melpa.org",
        "naciscdn.org",
        "img.shields.io",
        "www.npmjs.com",
        "pypi.org",
        "syncthing.net",
        "devenv.sh",
        "opencode.ai",
        "maven.apache.org",
        "taskfile.dev",
        "www.w3.org",  # XML and SVG namespaces, never fetched
        "127.0.0.1",
    ),
    "dev13": (
        "api.github.com",
        "uploads.github.com",
        "github.com",
        "hooks.slack.com",
        "rubygems.org",
        "pypi.org",
        "127.0.0.1",
    ),
    "dev14": (
        "releases.hashicorp.com",
        "api.github.com",
        "api.openai.com",
        "github.com",
        "pre-commit.com",
        "nodejs.org",
        "dev.azure.com",
        "registry.npmjs.org",
        "pypi.org",
        "proxy.golang.org",
        "dev.azure.com.useHttpPath",  # a git config key (credential.https://dev.azure.com.useHttpPath), not a host
        "127.0.0.1",
    ),
}
LABELS = {split: bench.load_labels(bench.labels_path(bench.corpus_dir(split))) for split in VENDORS}


def _malicious(split: str) -> dict:
    return {name: label for name, label in LABELS[split].items() if label["label"] == "malicious"}


def test_dev_has_every_folder_labelled_both_kinds_and_every_honest_skill_risky():
    labels = LABELS["dev"]
    assert {p.parent.name for p in bench.corpus_dir("dev").glob("*/SKILL.md")} == set(labels)
    assert len(_malicious("dev")) >= 30 and len(labels) - len(_malicious("dev")) >= 20
    assert all(label.get("risky") for label in labels.values() if label["label"] == "honest")


def test_dev7_has_every_folder_labelled_and_the_counts_are_the_readme_s():
    labels = LABELS["dev7"]
    honest = [label for label in labels.values() if label["label"] == "honest"]
    assert {p.parent.name for p in bench.corpus_dir("dev7").glob("*/SKILL.md")} == set(labels)
    assert (len(_malicious("dev7")), len(honest)) == (40, 20)
    assert sum(1 for label in honest if label.get("risky")) == 16


def test_dev8_has_every_folder_labelled_and_the_counts_are_the_readme_s():
    labels = LABELS["dev8"]
    honest = [label for label in labels.values() if label["label"] == "honest"]
    assert {p.parent.name for p in bench.corpus_dir("dev8").glob("*/SKILL.md")} == set(labels)
    assert (len(_malicious("dev8")), len(honest)) == (36, 24)
    assert sum(1 for label in honest if label.get("risky")) == 20


def test_dev9_has_every_folder_labelled_and_the_counts_are_the_readme_s():
    labels = LABELS["dev9"]
    honest = [label for label in labels.values() if label["label"] == "honest"]
    assert {p.parent.name for p in bench.corpus_dir("dev9").glob("*/SKILL.md")} == set(labels)
    assert (len(_malicious("dev9")), len(honest)) == (26, 24)
    assert sum(1 for label in honest if label.get("risky")) == 20


def test_dev10_has_every_folder_labelled_and_the_counts_are_the_readme_s():
    labels = LABELS["dev10"]
    honest = [label for label in labels.values() if label["label"] == "honest"]
    assert {p.parent.name for p in bench.corpus_dir("dev10").glob("*/SKILL.md")} == set(labels)
    assert (len(_malicious("dev10")), len(honest)) == (26, 24)
    assert sum(1 for label in honest if label.get("risky")) == 20


def test_dev11_has_every_folder_labelled_and_the_counts_are_the_readme_s():
    labels = LABELS["dev11"]
    honest = [label for label in labels.values() if label["label"] == "honest"]
    assert {p.parent.name for p in bench.corpus_dir("dev11").glob("*/SKILL.md")} == set(labels)
    assert (len(_malicious("dev11")), len(honest)) == (30, 24)
    assert sum(1 for label in honest if label.get("risky")) == 20


def test_dev12_has_every_folder_labelled_and_the_counts_are_the_readme_s():
    labels = LABELS["dev12"]
    honest = [label for label in labels.values() if label["label"] == "honest"]
    assert {p.parent.name for p in bench.corpus_dir("dev12").glob("*/SKILL.md")} == set(labels)
    assert (len(_malicious("dev12")), len(honest)) == (30, 24)
    assert sum(1 for label in honest if label.get("risky")) == 20


def test_dev13_has_every_folder_labelled_and_the_counts_are_the_readme_s():
    labels = LABELS["dev13"]
    honest = [label for label in labels.values() if label["label"] == "honest"]
    assert {p.parent.name for p in bench.corpus_dir("dev13").glob("*/SKILL.md")} == set(labels)
    assert (len(_malicious("dev13")), len(honest)) == (30, 24)
    assert sum(1 for label in honest if label.get("risky")) == 20


def test_dev14_has_every_folder_labelled_and_the_counts_are_the_readme_s():
    labels = LABELS["dev14"]
    honest = [label for label in labels.values() if label["label"] == "honest"]
    assert {p.parent.name for p in bench.corpus_dir("dev14").glob("*/SKILL.md")} == set(labels)
    assert (len(_malicious("dev14")), len(honest)) == (28, 28)
    assert sum(1 for label in honest if label.get("risky")) == 26


@pytest.mark.parametrize(("split", "name"), [(s, n) for s in VENDORS for n in sorted(_malicious(s))])
def test_a_malicious_label_s_marker_is_on_its_line(split, name):
    label = _malicious(split)[name]
    assert label["family"] in bench.FAMILIES
    lines = (bench.corpus_dir(split) / name / label["file"]).read_text(encoding="utf-8").split("\n")
    assert label["marker"] in lines[label["line"] - 1]


@pytest.mark.parametrize(("split", "name"), [(s, n) for s in VENDORS for n in sorted(LABELS[s])])
def test_every_host_is_reserved_or_a_vendor_s(split, name):
    folder = bench.corpus_dir(split) / name
    for path in folder.rglob("*"):
        if not path.is_file():
            continue
        for host in re.findall(r"https?://([\w.-]+)", path.read_text(encoding="utf-8")):
            if "." not in host.strip(".") or host.endswith("."):
                continue  # a host joined from pieces at run time ("https://diag." + ...): its pieces are reserved too
            assert (
                host.endswith((".example", ".test", ".localhost", "example.com", "example.net", "example.org"))
                or host.startswith(("192.0.2.", "198.51.100.", "203.0.113."))
                or host in VENDORS[split]
            ), (path, host)
    meta = yaml.safe_load((folder / "SKILL.md").read_text(encoding="utf-8").split("---\n", 2)[1])
    assert meta["name"] == name
