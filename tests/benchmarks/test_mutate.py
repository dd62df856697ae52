"""The mutation benchmark (benchmarks/detection/mutate.py) on two seeds: every rewrite parses, keeps the rest of its
file line for line, is the same on a second run, and is scored by a real audit. Detection rates are not asserted:
they are the benchmark's to report."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.benchmarks.detection import script

mutate = script("mutate")
SEEDS = [("corpus", "aws-cost-report"), ("dev3", "repo-speed")]
"""A Python exfiltration and a shell persistence sample, both caught at their labelled line."""


def _rewrites() -> tuple[list, dict]:
    invalid: dict = {}
    every = sorted({op for ops in mutate.OPERATORS.values() for op in ops}) + ["+".join(p) for p in mutate.PAIRS]
    made = []
    for corpus, seed in SEEDS:
        labels = mutate.run.load_labels(mutate.run.labels_path(mutate.run.corpus_dir(corpus)))
        made += mutate.rewrites_of(corpus, seed, labels[seed], every, invalid)
    for index, rewrite in enumerate(made, 1):
        rewrite.name = f"m{index:05d}-{rewrite.seed}"
    return made, invalid


@pytest.fixture(scope="module")
def rewrites():
    return _rewrites()


def test_each_seed_gets_its_identity_and_rewrites_of_every_kind(rewrites):
    made, _ = rewrites
    for _, seed in SEEDS:
        operators = {r.operator for r in made if r.seed == seed}
        assert "identity" in operators
        assert {"hoist-module", "split-concat", "wrap-helper", "config-json"} <= operators, operators
        assert {"env-default", "loop-list"} <= operators, operators
    assert {"runner-c", "runner-sh-c", "runner-eval", "cmd-var"} <= {r.operator for r in made}
    assert {r.language for r in made} == {"python", "bash"}


def test_every_rewrite_parses_and_keeps_its_untouched_lines(rewrites):
    made, invalid = rewrites
    assert not invalid  # these seeds give no rewrite that fails to parse
    for rewrite in made:
        path = rewrite.label["file"]
        source = mutate.run.corpus_dir(rewrite.corpus) / rewrite.seed / path
        before = source.read_text(encoding="utf-8")
        after = rewrite.files.get(path, before)
        if rewrite.language == "python":
            ast.parse(after)
        else:
            assert mutate.valid("bash", before, after)
        if rewrite.operator == "runner-c":
            # the program moved whole into a shell script, each line two lines down; the file now launches it
            (script,) = [p for p in rewrite.files if p != path]
            moved = rewrite.files[script].split("\n")
            assert moved[2:-2] == before.rstrip("\n").replace("'", "'\"'\"'").split("\n")
            assert rewrite.sites == [(script, rewrite.label["line"] + 2)] and Path(script).name in after
            continue
        # edits stay inside lines and only add lines: every original line not edited is still there, in order
        old, new = before.split("\n"), after.split("\n")
        assert len(new) >= len(old)
        kept = iter(new)
        unchanged = [line for line in old if line in new]
        assert all(any(line == n for n in kept) for line in unchanged), rewrite.operator
        file, line = rewrite.sites[0]
        assert file == path and rewrite.label["line"] <= line <= rewrite.label["line"] + len(new) - len(old)


def test_the_rewrites_are_the_same_on_a_second_run(rewrites):
    made, _ = rewrites
    again, _ = _rewrites()
    assert [(r.operator, r.files, r.sites) for r in made] == [(r.operator, r.files, r.sites) for r in again]


def test_every_rewrite_is_scored_by_one_real_audit(rewrites):
    made, _ = rewrites
    mutate.score_all(made)
    for rewrite in made:
        assert set(rewrite.outcome) == {"at line", "in file", "stopped"}
        assert all(isinstance(v, bool) for v in rewrite.outcome.values())
    # the unchanged copies are caught where the seeds are: renaming and copying change nothing
    assert all(r.outcome["at line"] for r in made if r.operator == "identity")
    by_operator = mutate.tabulate([r for r in made if r.operator != "identity"], {}, "operator")
    assert sum(row["rewrites"] for row in by_operator.values()) == len(made) - len(SEEDS)
