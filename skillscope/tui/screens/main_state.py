"""The state the main screen's two halves (server work, review work) share."""

from __future__ import annotations

from textual.screen import Screen
from textual.worker import Worker

from skillscope.service.review_state import LedgerSnapshot
from skillscope.tui.servers import ConnectFn, ServerSession
from skillscope.tui.settings import TuiSettings
from skillscope.tui.view_model import SkillView
from skillscope.tui.widgets.catalog_tree import CatalogTree
from skillscope.tui.widgets.connection_panel import ConnectionPanel
from skillscope.tui.widgets.detail_pane import DetailPane

__all__ = ["MainState"]


class MainState(Screen[None]):
    """Attributes ``MainScreen`` sets up and both of its halves use."""

    settings: TuiSettings
    sessions: dict[str, ServerSession]
    views: dict[str, dict[str, SkillView]]
    ledger: LedgerSnapshot
    _holders: dict[str, Worker[None]]
    _connect_fn: ConnectFn
    _server: str | None
    _skill: tuple[str, str] | None
    _reviewer: str | None

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

    def _view_of(self, entry: object) -> SkillView:
        """A fresh view of a listed entry with its review state; both halves build them."""
        return SkillView(entry, review=self.ledger.review(entry), history=self.ledger.history.get(entry.name, []))  # type: ignore[arg-type, attr-defined]
