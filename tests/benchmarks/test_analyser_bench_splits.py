"""The analyser benchmark reads only the tuned detection splits: never a held-out one, and never a split
written since, before its figures on unseen skills are recorded."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _bench():
    spec = importlib.util.spec_from_file_location("analyser_bench", ROOT / "benchmarks" / "analyser_bench.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _skill(folder: Path, name: str) -> None:
    (folder / name).mkdir(parents=True)
    (folder / name / "SKILL.md").write_text(f"---\nname: {name}\ndescription: d\n---\n# {name}\n")


def test_a_new_split_and_the_held_out_ones_are_not_read(tmp_path):
    bench = _bench()
    for split, name in [
        ("corpus", "tuned-one"),
        ("dev9", "tuned-two"),
        ("dev15", "new"),
        ("blind", "b"),
        ("dev6", "h"),
    ]:
        _skill(tmp_path / split, name)
    read = bench.corpus_skills(tmp_path)
    names = sorted(
        next(f.text for f in skill if f.path == "SKILL.md").split("name: ")[1].split("\n")[0] for skill in read
    )
    assert names == ["tuned-one", "tuned-two"]


def test_the_tuned_splits_exist_and_none_is_held_out():
    bench = _bench()
    assert not {"blind", "dev6"} & set(bench.TUNED)
    assert all((bench.DETECTION / name).is_dir() for name in bench.TUNED)
