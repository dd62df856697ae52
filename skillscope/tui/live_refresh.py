"""Live all day: each connected server is listed again on its own cache hint, and new drift is told as it lands.

A ``skills/list`` result carries ``ttlMs``, how long the listing may be kept. Once it has passed, the
server is listed again along the path the refresh key ``r`` takes (``MainScreen._list``), which keeps the
reviewer's place: the cursor, the folders open and the skill on show. A server that sends no hint is
listed again every ``TuiSettings.refresh_minutes`` (5 by default; 0 turns this off). A hint longer than
that setting is cut to it (a hint says how long a listing may be kept, not that it must be), and no hint
brings a listing sooner than ``FLOOR`` seconds after the last: a ``ttlMs`` of 0 or 1 would otherwise have
the screen list a server without pause.

When a skill that was approved lists with another fingerprint, a notification names it ("invoice-review
changed since approval") and the catalog's status line counts it among the changed.

Time comes from ``clock`` (``time.monotonic`` by default): a test hands in a clock of its own and calls
``tick``, so nothing it proves depends on how fast the machine is.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from skillscope.catalog.listing import Listing
from skillscope.service.session import ServerSession
from skillscope.tui.notify import tell

if TYPE_CHECKING:
    from textual.timer import Timer

    from skillscope.tui.screens.main import MainScreen

__all__ = ["DEFAULT_MINUTES", "FLOOR", "TICK", "LiveRefresh", "drift_notice", "refresh_delay"]

FLOOR = 30.0
"""The fewest seconds between two listings of one server, whatever its ``ttlMs`` says."""
DEFAULT_MINUTES = 5.0
"""Minutes between listings of a server that gives no cache hint (``TuiSettings.refresh_minutes``)."""
TICK = 5.0
"""Seconds between looks at the clock: a listing is due at most this long before it starts."""


def refresh_delay(ttl_ms: int | None, minutes: float) -> float:
    """Seconds until a server is listed again: its ``ttlMs`` (cut to ``minutes``), else ``minutes``; never below ``FLOOR``."""
    every = minutes * 60.0
    seconds = every if ttl_ms is None else min(ttl_ms / 1000.0, every)
    return max(FLOOR, seconds)


def drift_notice(names: list[str]) -> str:
    """The notification for approved skills that now list another fingerprint."""
    shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    verb = "has" if len(names) == 1 else "have"
    return (
        f"{shown} changed since approval: the server now lists other bytes than those approved, which {verb} "
        "no approval until reviewed again (the Changes tab shows what changed)."
    )


class LiveRefresh:
    """Lists each connected server again when its listing is due, and tells of approved skills that changed.

    ``start`` looks at the clock every ``TICK`` seconds; ``tick`` is that look (a test calls it).
    """

    def __init__(
        self, screen: MainScreen, minutes: float = DEFAULT_MINUTES, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.screen = screen
        self.minutes = minutes
        self.clock = clock
        self.due: dict[str, float] = {}
        """When each server's listing is due again, by label (on ``clock``)."""
        self.started: list[tuple[float, str]] = []
        """(time on ``clock``, label) of every listing this started: what a test counts."""
        self.drifted: dict[str, list[str]] = {}
        """Approved skills told as changed since approval, by server, in the order they were seen."""
        self._seen: dict[str, Listing] = {}
        """The listing each server's ``due`` was reckoned from."""
        self._approved: dict[str, set[str]] = {}
        """Each server's skills (registry names) that were approved at its last listing."""
        self.timed: set[str] = set()
        """Servers being listed because their listing was due: one that changed nothing says nothing."""
        self._timer: Timer | None = None

    @property
    def on(self) -> bool:
        """Whether listings are refreshed at all (``minutes`` above 0)."""
        return self.minutes > 0

    def start(self) -> LiveRefresh:
        """Look at the clock every ``TICK`` seconds from now on (nothing when the setting is 0)."""
        if self.on and self._timer is None:
            self._timer = self.screen.set_interval(TICK, self.tick, name="live refresh")
        return self

    def tick(self) -> list[str]:
        """Note every new listing, then list again each connected server whose listing is due. Returns their labels."""
        now = self.clock()
        begun: list[str] = []
        for label, session in list(self.screen.sessions.items()):
            self.observe(session)
            if session.listing_state == "listed" and label in self._seen:
                self._approved[label] = self._approved_now(label)  # an approval since counts from now
            due = self.due.get(label)
            if due is None or now < due or not self.on:
                continue
            if session.conn is None or session.listing_state == "listing":
                continue  # gone (reconnecting lists it) or being listed (its new listing sets the next time)
            # Until the new listing lands, the next try waits a whole delay: a listing that fails is not retried at once.
            self.due[label] = now + refresh_delay(self._ttl(session), self.minutes)
            self.started.append((now, label))
            begun.append(label)
            self.screen.run_worker(
                self._list(session), name=f"list {label}", group=f"list:{label}", exclusive=True, exit_on_error=False
            )
        for label in [label for label in self.due if label not in self.screen.sessions]:
            self.forget(label)
        return begun

    async def _list(self, session: ServerSession) -> None:
        self.timed.add(session.label)
        try:
            await self.screen._list(session)  # the path of the refresh key r: the reviewer's place is kept
        finally:
            self.timed.discard(session.label)
        self.observe(session)

    @staticmethod
    def _ttl(session: ServerSession) -> int | None:
        return session.listing.ttl_ms if session.listing is not None else None

    def observe(self, session: ServerSession) -> None:
        """Reckon when ``session`` is due from a listing not seen before, and tell of approved skills it changed."""
        listing, label = session.listing, session.label
        if listing is None or session.listing_state != "listed" or self._seen.get(label) is listing:
            return
        first = label not in self._seen
        self._seen[label] = listing
        self.due[label] = self.clock() + refresh_delay(listing.ttl_ms, self.minutes)
        before = self._approved.get(label, set())
        changed = [
            view.entry.skill_name or name
            for name, view in self.screen.views.get(label, {}).items()
            if name in before and view.review is not None and view.review.state == "changed-since-approval"
        ]
        self._approved[label] = self._approved_now(label)
        if changed and not first:
            self.drifted.setdefault(label, []).extend(changed)
            tell(self.screen, drift_notice(changed), title=f"{label}: drift", severity="warning", timeout=20)

    def _approved_now(self, label: str) -> set[str]:
        return {
            name
            for name, view in self.screen.views.get(label, {}).items()
            if view.review is not None and view.review.state == "approved"
        }

    def forget(self, label: str) -> None:
        """Stop refreshing a server that was removed."""
        self.due.pop(label, None)
        self._seen.pop(label, None)
        self._approved.pop(label, None)
