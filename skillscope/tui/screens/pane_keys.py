"""What the main screen's pane keys show: the areas Tab visits, a skill's digests in full, the removal question."""

from __future__ import annotations

from rich.text import Text

from skillscope.core.textsafe import safe_text
from skillscope.service.workspace import SkillView
from skillscope.tui.dialogs.facts import Fact
from skillscope.tui.inert import inert_line

__all__ = ["AREAS", "digest_facts", "removal_question"]

AREAS = ("servers", "catalog", "detail")
"""Tab's stops, in order: each has a border that lights up when it holds focus."""


def digest_facts(view: SkillView) -> list[Fact]:
    """The skill's fingerprint, URI and every file's digest, each one unbroken line (and a failed check's values)."""
    entry = view.entry
    facts: list[Fact] = [
        ("skill", inert_line(entry.name, limit=300)),
        (
            "fingerprint",
            Text(entry.fingerprint or "none (dynamic skill)", no_wrap=True, style="" if entry.fingerprint else "dim"),
        ),
    ]
    if entry.uri:
        facts.append(("uri", inert_line(entry.uri, limit=600)))
    for item in entry.files or ():
        facts.append((f"{safe_text(item.path)}  ({item.size:,} bytes)", Text(item.digest, no_wrap=True)))
    failure = view.report.failure if view.report is not None else None
    if failure is not None and failure.check in ("size", "digest"):
        # The evidence pane folds these at 80 columns; here each is one unbroken line.
        expected, actual = inert_line(failure.expected, limit=200), inert_line(failure.actual, limit=200)
        expected.no_wrap = actual.no_wrap = True
        facts.append((f"failed {failure.check} check", inert_line(failure.uri, limit=300)))
        facts.append(("expected (the entry)", expected))
        facts.append(("actual (as served)", actual))
    return facts


def removal_question(label: str) -> Text:
    """What the confirmation asks before a server is removed."""
    return Text.assemble(
        "Remove ",
        inert_line(label, style="bold", limit=80),
        "? Its connection is closed and it leaves the screen (the config file is not changed).",
    )
