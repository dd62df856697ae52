"""The RoomKit export: a standard-library module whose approvals are data, and whose callback follows the ledger."""

from __future__ import annotations

import ast
import asyncio
import sys
from types import ModuleType, SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from skillscope.ledger.core.record import Record
from skillscope.ledger.core.verdicts import replay
from skillscope.ledger.team.export import export_approved

FP = ["sha256:" + c * 64 for c in "abc"]
HOSTILE = 'srv:x"),)\nimport os; os.system("echo pwned")  # \u202e\x1b]0;t\x07'


def records(*steps: tuple[str, str, str]) -> list[Record]:
    return [
        Record(action=a, time="t", reviewer="r", name=n, label=n.split(":")[0], fingerprint=f, seq=i + 1)  # type: ignore[arg-type]
        for i, (a, n, f) in enumerate(steps)
    ]


def load(source: str) -> ModuleType:
    module = ModuleType("reviewed_skills")
    exec(compile(source, "reviewed_skills.py", "exec"), module.__dict__)  # the file a host would import
    return module


def ask(module: ModuleType, name: str, fingerprint: str | None) -> bool:
    request = SimpleNamespace(
        name=name,
        label=name.split(":")[0],
        uri="skill://x/SKILL.md",
        fingerprint=fingerprint,
        room_id="room",
        tool="run_code",
    )
    return asyncio.run(module.approve_execution(request))


def test_only_approved_pairs_at_their_fingerprint_are_approved():
    verdicts = replay(
        records(
            ("approve", "srv:a", FP[0]),
            ("approve", "srv:b", FP[1]),
            ("reject", "srv:b", FP[1]),
            ("approve", "other:c", FP[2]),
            ("revoke", "other:c", FP[2]),
        )
    )
    module = load(export_approved(verdicts, "roomkit"))
    assert module.APPROVED == frozenset({("srv:a", FP[0])})
    assert ask(module, "srv:a", FP[0])
    assert not ask(module, "srv:a", FP[1])  # changed since approval
    assert not ask(module, "srv:b", FP[1])  # rejected
    assert not ask(module, "other:c", FP[2])  # revoked
    assert not ask(module, "srv:zzz", FP[0])  # never reviewed, though the fingerprint is known
    assert not ask(module, "srv:a", None)  # dynamic: no fingerprint


def test_server_strings_stay_string_literals():
    module_source = export_approved(replay(records(("approve", HOSTILE, FP[0]))), "roomkit")
    assert module_source.isascii()
    tree = ast.parse(module_source)
    assert [node.names[0].name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)] == ["annotations"]
    assert not any(isinstance(node, ast.Import) for node in ast.walk(tree))
    assign = next(n for n in tree.body if isinstance(n, ast.AnnAssign) and n.target.id == "APPROVED")  # type: ignore[union-attr]
    pairs = assign.value.args[0]  # type: ignore[union-attr]
    assert all(isinstance(leaf, ast.Constant) for pair in pairs.elts for leaf in pair.elts)  # type: ignore[union-attr]
    module = load(module_source)
    assert module.APPROVED == frozenset({(HOSTILE, FP[0])})
    assert ask(module, HOSTILE, FP[0])


def test_empty_ledger_gives_a_module_that_refuses_everything():
    module = load(export_approved(replay([]), "roomkit"))
    assert module.APPROVED == frozenset()
    assert not ask(module, "srv:a", FP[0])


def test_label_filter_applies():
    verdicts = replay(records(("approve", "srv:a", FP[0]), ("approve", "other:b", FP[1])))
    module = load(export_approved(verdicts, "roomkit", label="other"))
    assert module.APPROVED == frozenset({("other:b", FP[1])})


names = st.text(min_size=1, max_size=40).map(lambda s: "srv:" + s)


@settings(max_examples=150)
@given(st.lists(st.tuples(names, st.sampled_from(FP)), max_size=8))
def test_any_approved_names_round_trip_as_data(pairs):
    module = load(export_approved(replay(records(*(("approve", n, f) for n, f in pairs))), "roomkit"))
    assert module.APPROVED == frozenset(pairs)
    assert sys.modules.get("reviewed_skills") is None
