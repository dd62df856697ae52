"""The state the main screen's two halves (server work, review work) share."""

from __future__ import annotations

from textual.screen import Screen
from textual.worker import Worker

from skillscope.service.review_state import LedgerSnapshot
from skillscope.tui.model import SkillView
from skillscope.tui.servers import ConnectFn, ServerSession
from skillscope.tui.settings import TuiSettings
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
    catalog_tree: CatalogTree
    panel: ConnectionPanel
    detail: DetailPane

    def _view_of(self, entry: object) -> SkillView:
        """A fresh view of a listed entry with its review state; both halves build them."""
        return SkillView(entry, review=self.ledger.review(entry), history=self.ledger.history.get(entry.name, []))  # type: ignore[arg-type, attr-defined]
