"""The state the main screen's two halves (server work, review work) share."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, TypeVar

from textual.screen import Screen
from textual.worker import Worker

from skillscope.service.review import LedgerPlace
from skillscope.service.review_state import LedgerSnapshot
from skillscope.service.session import ConnectFn, ServerSession
from skillscope.service.workspace import SkillView, Workspace
from skillscope.tui.notify import tell
from skillscope.tui.settings import TuiSettings
from skillscope.tui.widgets.catalog_tree import CatalogTree
from skillscope.tui.widgets.connection_panel import ConnectionPanel
from skillscope.tui.widgets.detail_pane import DetailPane

__all__ = ["MainState", "cancelled_words"]

if TYPE_CHECKING:
    from skillscope.tui.live_refresh import LiveRefresh

_Answer = TypeVar("_Answer")
_NOUN = {"approve": "Approval", "reject": "Rejection", "revoke": "Revocation", "suppress": "Suppression"}


def cancelled_words(action: str, name: str) -> str:
    """What a cancelled review dialog says: which verdict was not recorded, for what."""
    return f"{_NOUN[action]} of {name} cancelled: nothing was recorded."


class MainState(Screen[None]):
    """Attributes ``MainScreen`` sets up and both of its halves use."""

    settings: TuiSettings
    workspace: Workspace
    """What the reviewer has open (servers, skills, the ledger as read): headless, in the service layer."""
    _holders: dict[str, Worker[None]]
    _connect_fn: ConnectFn
    _server: str | None
    _skill: tuple[str, str] | None
    _reviewer: str | None
    live: LiveRefresh
    """Lists each server again on its cache hint (``MainScreen`` makes it)."""

    # Properties, not attributes: MainScreen composes these widgets, and both halves only read them.
    @property
    def catalog_tree(self) -> CatalogTree:
        """The catalog tree (not `tree`: Textual's DOMNode.tree is the DOM's own)."""
        return self.query_one(CatalogTree)

    @property
    def panel(self) -> ConnectionPanel:
        """The connection panel."""
        return self.query_one(ConnectionPanel)

    @property
    def detail(self) -> DetailPane:
        """The detail pane."""
        return self.query_one(DetailPane)

    # The workspace's parts under the names the screen (and its tests) use.
    @property
    def sessions(self) -> dict[str, ServerSession]:
        """Each attached server's session, by label."""
        return self.workspace.sessions

    @property
    def views(self) -> dict[str, dict[str, SkillView]]:
        """Each server's skills as the reviewer has them, by label and name."""
        return self.workspace.views

    @property
    def ledger(self) -> LedgerSnapshot:
        """The ledger as last read."""
        return self.workspace.ledger

    @property
    def place(self) -> LedgerPlace:
        """The ledger verdicts are recorded into, with the signing key and trust the config chose (as the CLI's)."""
        return self.workspace.place

    def _ask_then(
        self,
        dialog: Screen[_Answer | None],
        work: Callable[[_Answer], Awaitable[object]],
        *,
        name: str,
        cancelled: str,
        group: str = "review",
    ) -> None:
        """Show ``dialog``; when it is answered, run ``work`` on the answer in an exclusive worker.

        When it is cancelled (Escape, or Enter on its Cancel button) the screen says so with ``cancelled``:
        a dialog that closes without a word would leave the reviewer guessing whether anything happened.
        """

        def chosen(answer: _Answer | None) -> None:
            if answer is None:
                tell(self, cancelled, title="Cancelled", timeout=6)
                return
            self.run_worker(work(answer), name=name, group=group, exclusive=True, exit_on_error=False)

        self.app.push_screen(dialog, chosen)

    # Each half implements one of these; the others call it.
    def _current_session(self) -> ServerSession | None:
        raise NotImplementedError

    def _remove_session(self, session: ServerSession) -> None:
        raise NotImplementedError

    async def _read_ledger(self) -> None:
        raise NotImplementedError
