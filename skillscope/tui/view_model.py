"""How the screen shows each skill (``SkillView``, the service's): its states and the words the filter matches."""

from __future__ import annotations

from typing import Any, Literal

from skillscope.service.workspace import Phase, SkillView

__all__ = [
    "ATTENTION",
    "NEEDS_REVIEW",
    "REVIEW_LOOK",
    "ROLLUP",
    "STATE_TAGS",
    "SkillState",
    "item_rollup",
    "item_tags",
    "needs_review",
    "parse_filter",
    "review_key",
    "rollup_states",
    "skill_states",
    "state_tags",
]

SkillState = Literal[
    "malformed",
    "unavailable",
    "dynamic",
    "not-opened",
    "opening",
    "verified",
    "unverified",
    "failed",
    "approved",
    "untrusted",
    "rejected",
    "changed",
    "revoked",
    "not-reviewed",
    "stale",
]
ROLLUP: tuple[str, ...] = (
    "not-reviewed",
    "changed",
    "untrusted",
    "rejected",
    "failed",
    "unavailable",
    "malformed",
    "revoked",
    "approved",
)
"""The states counted into folder and server rows and the status line, in the order they are shown."""
NEEDS_REVIEW = frozenset({"not-reviewed", "changed", "revoked", "untrusted"})
"""A usable skill in one of these states still waits for a reviewer's verdict (the jump key stops on it): an
approval whose signature does not count is no verdict."""
ATTENTION = frozenset({"changed", "failed"})
"""Skills the catalog opens its folders to at launch: they changed under an approval, or did not verify."""
STATE_TAGS: tuple[str, ...] = (
    "not-reviewed",
    "needs-review",
    "changed",
    "approved",
    "untrusted",
    "rejected",
    "revoked",
    "failed",
    "verified",
    "not-opened",
    "unverified",
    "unavailable",
    "malformed",
    "dynamic",
    "stale",
)
"""Every word ``state:`` accepts in the filter."""


REVIEW_LOOK: dict[str, SkillState] = {
    "approved": "approved",
    "approved-untrusted": "untrusted",
    "rejected": "rejected",
    "changed-since-approval": "changed",
    "revoked": "revoked",
}
"""The skill state that shows each review state (the rest show no badge)."""


def skill_states(view: SkillView) -> list[SkillState]:
    """The states to show for a skill, most important first."""
    entry = view.entry
    if entry.status == "malformed":
        return ["malformed"]
    states: list[SkillState] = []
    if entry.dynamic:
        states.append("dynamic")
    if entry.status == "unavailable":
        states.append("unavailable")
    else:
        by_phase: dict[Phase, SkillState] = {
            "idle": "not-opened",
            "opening": "opening",
            "verified": "verified",
            "unverified": "unverified",
            "failed": "failed",
        }
        states.append(by_phase[view.phase])
    review = view.review
    if review is not None:
        word = REVIEW_LOOK.get(review.state)
        if word:
            states.append(word)
    if view.stale:
        states.append("stale")
    return states


def review_key(view: SkillView) -> str:
    """The one word a verdict column shows: the ledger's state, or why the skill cannot be reviewed."""
    entry = view.entry
    if entry.status == "malformed":
        return "malformed"
    if entry.status == "unavailable":
        return "unavailable"
    review = view.review
    state = getattr(review, "state", None)
    return REVIEW_LOOK.get(state or "", "not-reviewed")


def needs_review(view: SkillView) -> bool:
    """True for a skill still waiting for a verdict (never reviewed, changed since approval, or revoked)."""
    return review_key(view) in NEEDS_REVIEW


def state_tags(view: SkillView) -> set[str]:
    """Every word the ``state:`` filter and the roll-ups match this skill by."""
    tags: set[str] = set(skill_states(view))
    tags.add(review_key(view))
    if needs_review(view):
        tags.add("needs-review")
    return tags


def item_rollup(item: Any, review: Any) -> str | None:
    """The roll-up state of a tool, prompt, resource or template, as a skill's verdict column would say it.

    An item that cannot be reviewed counts as malformed; one whose review state is unknown (no ledger) is not counted.
    """
    if not item.usable:
        return "malformed"
    if review is None:
        return None
    return REVIEW_LOOK.get(review.state, "not-reviewed")


def item_tags(item: Any, review: Any) -> set[str]:
    """Every word the ``state:`` filter matches a surface item by (an unreviewed tool needs review like a skill)."""
    key = item_rollup(item, review)
    if key is None:
        return set()
    return {key, "needs-review"} if key in NEEDS_REVIEW else {key}


def parse_filter(text: str) -> tuple[str, list[str]]:
    """Split a filter into its free text and its ``state:`` words (``state:changed invoice``)."""
    words, states = [], []
    for word in text.split():
        if word.casefold().startswith("state:"):
            states.append(word[6:].casefold())
        else:
            words.append(word)
    return " ".join(words).casefold(), states


def rollup_states(view: SkillView) -> tuple[str, ...]:
    """The roll-up states of one skill: its verdict column, and ``failed`` when it did not verify."""
    key = review_key(view)
    return (key, "failed") if view.phase == "failed" else (key,)
