"""The suite's timing rules: no test's outcome may hang on how fast the machine is (issue #20).

Read from the test sources, so a new fixed sleep or short bound fails the suite whatever subset runs:

- a sleep (``time.sleep``, ``anyio.sleep``, a pilot's ``pause(delay)``) only inside a ``while`` loop,
  i.e. while polling for a state with a generous bound;
- no literal bound under 30 s (``--timeout N``, ``timeout=N``, ``fail_after(N)``, ``wait_for(x, N)``):
  a short one also bounds a process's start-up, which a loaded machine can stretch many times;
- no hypothesis deadline and no too-slow health check (tests/conftest.py's profile turns both off).

Where a short time is the subject (a timeout test against a server in this process, a stalled fixture
server, a negative check that waits a moment to see nothing happen), the statement says why on its own
lines or in the comment block above it, starting ``# timing: ...``.
"""

from __future__ import annotations

import ast
import functools
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

TESTS = Path(__file__).resolve().parent
WAIVER = "# timing:"
SHORT_S = 30.0
SLEEPS = {"sleep"}
BOUNDS = {"fail_after": 0, "move_on_after": 0, "wait_for": 1}  # call name -> position of its seconds
TIMEOUT_KEYWORDS = {"timeout", "timeout_s", "seconds"}

# Fixed waits written before this rule, in files other work owns: each waits a moment after a key or a tab
# switch and then reads the screen. Listed so no new one can join; they should become wait_until polls.
GRANDFATHERED = {
    ("tui/test_layout_flows.py", "test_a_single_click_selects_and_a_double_click_opens"),
}


@dataclass(frozen=True)
class Wait:
    """One fixed wait or short bound found in a test source."""

    path: str
    line: int
    function: str
    what: str

    def __str__(self) -> str:
        return f"tests/{self.path}:{self.line} ({self.function}): {self.what}"


def _seconds(node: ast.expr) -> float | None:
    """A literal number of seconds, as a number or as the string a CLI option takes."""
    if isinstance(node, ast.Constant) and not isinstance(node.value, bool):
        if isinstance(node.value, int | float):
            return float(node.value)
        if isinstance(node.value, str):
            try:
                return float(node.value)
            except ValueError:
                return None
    return None


def _name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _short(seconds: float | None) -> bool:
    # Zero is no wait: move_on_after(0) asks "is it so right now".
    return seconds is not None and 0 < seconds < SHORT_S


def _findings(call: ast.Call, in_poll: bool) -> list[str]:
    name, found = _name(call), []
    if name in SLEEPS or (name == "pause" and call.args):
        if not in_poll:
            found.append(f"{name}({ast.unparse(call.args[0]) if call.args else ''}) outside a polling loop")
    if name in BOUNDS and len(call.args) > BOUNDS[name] and _short(_seconds(call.args[BOUNDS[name]])):
        found.append(f"{name}({ast.unparse(call.args[BOUNDS[name]])}): a bound under {SHORT_S:.0f} s")
    for keyword in call.keywords:
        if keyword.arg in TIMEOUT_KEYWORDS and _short(_seconds(keyword.value)):
            found.append(f"{name}({keyword.arg}={ast.unparse(keyword.value)}): a bound under {SHORT_S:.0f} s")
    for option, value in zip(call.args, call.args[1:], strict=False):
        if isinstance(option, ast.Constant) and option.value == "--timeout" and _short(_seconds(value)):
            found.append(f"--timeout {ast.unparse(value)}: a bound under {SHORT_S:.0f} s")
    return found


def _waived(lines: list[str], node: ast.AST) -> bool:
    """Whether the statement's lines, or the comment block just above it, say ``# timing:``."""
    first, last = node.lineno - 1, getattr(node, "end_lineno", node.lineno) or node.lineno
    while first > 0 and lines[first - 1].lstrip().startswith("#"):
        first -= 1
    return any(WAIVER in line for line in lines[first:last])


@functools.cache
def _parsed(path: Path) -> tuple[list[str], ast.Module]:
    source = path.read_text(encoding="utf-8")
    return source.splitlines(), ast.parse(source)


@pytest.fixture(autouse=True, scope="module")
def _forget_the_trees():
    """Let the syntax trees go when this module's tests are done.

    The trees of every module are a few hundred thousand objects; kept in the cache for the rest of the run, each
    full pass of the worker's cycle collector walked them again, for every test that came after.
    """
    yield
    _parsed.cache_clear()


def waits_in(path: Path) -> list[Wait]:
    """Every unwaived fixed wait and short bound in one test source."""
    lines, tree = _parsed(path)
    found: list[Wait] = []
    relative = path.relative_to(TESTS).as_posix()

    def visit(node: ast.AST, function: str, in_poll: bool, statement: ast.AST) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function, in_poll = node.name, False
        if isinstance(node, ast.While):
            in_poll = True
        if isinstance(node, ast.stmt):
            statement = node
        if isinstance(node, ast.Call) and not _waived(lines, statement):
            found.extend(Wait(relative, node.lineno, function, what) for what in _findings(node, in_poll))
        for child in ast.iter_child_nodes(node):
            visit(child, function, in_poll, statement)

    visit(tree, "<module>", False, tree)
    return found


def unbounded_properties_in(path: Path) -> list[Wait]:
    """``@settings(...)`` that put back a deadline or the too-slow health check."""
    _lines, tree = _parsed(path)
    found: list[Wait] = []
    relative = path.relative_to(TESTS).as_posix()
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and _name(node) == "settings"):
            continue
        for keyword in node.keywords:
            value = ast.unparse(keyword.value)
            if keyword.arg == "deadline" and value != "None":
                found.append(Wait(relative, node.lineno, "settings", f"deadline={value}"))
            if keyword.arg == "suppress_health_check" and "too_slow" not in value and "all()" not in value:
                found.append(Wait(relative, node.lineno, "settings", f"suppress_health_check={value} without too_slow"))
    return found


def _sources() -> list[Path]:
    return sorted(p for p in TESTS.rglob("*.py") if "__snapshots__" not in p.parts)


@functools.cache
def _all_waits() -> tuple[Wait, ...]:
    return tuple(wait for path in _sources() for wait in waits_in(path))


def test_no_test_waits_a_fixed_time_or_bounds_a_start_up_tightly():
    found = _all_waits()
    new = [wait for wait in found if (wait.path, wait.function) not in GRANDFATHERED]
    assert not new, "poll with a generous bound, or say why with '# timing:':\n" + "\n".join(map(str, new))


def test_the_grandfathered_waits_are_still_there():
    # A fixed wait turned into a poll leaves this list: drop its entry, so the list only shrinks.
    found = {(wait.path, wait.function) for wait in _all_waits()}
    assert GRANDFATHERED <= found, sorted(GRANDFATHERED - found)


def test_no_property_test_has_a_deadline():
    assert settings.default.deadline is None
    assert HealthCheck.too_slow in settings.default.suppress_health_check
    found = [wait for path in _sources() for wait in unbounded_properties_in(path)]
    assert not found, "\n".join(map(str, found))


@pytest.mark.parametrize(
    ("code", "flagged"),
    [
        ("import time\ndef test_a():\n    time.sleep(1)\n", True),
        ("import time\ndef test_a():\n    while not ready():\n        time.sleep(0.1)\n", False),
        ("async def test_a(pilot):\n    await pilot.pause(0.2)\n", True),
        ("async def test_a(pilot):\n    await pilot.pause()\n", False),
        ("def test_a():\n    run_cli('list', '--timeout', '3', stdio('samples'))\n", True),
        ("def test_a():\n    run_cli('list', '--timeout', '120', stdio('samples'))\n", False),
        ("async def test_a():\n    with anyio.fail_after(10):\n        pass\n", True),
        ("async def test_a():\n    with anyio.move_on_after(0):\n        pass\n", False),
        ("async def test_a():\n    await asyncio.wait_for(x(), 5)\n", True),
        ("def test_a():\n    proc.wait(timeout=5)\n", True),
        (
            "def test_a():\n    # timing: the stall is the subject; the server is in this process\n"
            "    run_cli('list', '--timeout', '3', url)\n",
            False,
        ),
        (
            "def test_a():\n    run_cli(\n        'list', '--timeout', '3', url,  # timing: the stall is the subject\n    )\n",
            False,
        ),
    ],
)
def test_the_timing_rule_flags_fixed_waits_and_short_bounds(tmp_path, monkeypatch, code, flagged):
    monkeypatch.setattr(f"{__name__}.TESTS", tmp_path)
    source = tmp_path / "test_sample.py"
    source.write_text(code, encoding="utf-8")
    assert bool(waits_in(source)) is flagged


@pytest.mark.parametrize(
    ("code", "flagged"),
    [
        ("@settings(max_examples=50)\ndef test_a(): pass\n", False),
        ("@settings(deadline=None)\ndef test_a(): pass\n", False),
        ("@settings(deadline=500)\ndef test_a(): pass\n", True),
        ("@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])\ndef test_a(): pass\n", True),
        ("@settings(suppress_health_check=[HealthCheck.too_slow])\ndef test_a(): pass\n", False),
    ],
)
def test_the_property_rule_flags_a_deadline(tmp_path, monkeypatch, code, flagged):
    monkeypatch.setattr(f"{__name__}.TESTS", tmp_path)
    source = tmp_path / "test_sample.py"
    source.write_text(code, encoding="utf-8")
    assert bool(unbounded_properties_in(source)) is flagged
