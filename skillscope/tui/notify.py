"""The one place failures become notifications: plain words, inert text, never a traceback."""

from __future__ import annotations

from textual.dom import DOMNode
from textual.notifications import SeverityLevel
from textual.worker import Worker, WorkerState

from skillscope.core.textsafe import safe_line
from skillscope.service.connect import failure_of

__all__ = ["notify_error", "report_failed_worker", "tell"]


def tell(
    node: DOMNode,
    message: str,
    *,
    title: str = "",
    severity: SeverityLevel = "information",
    timeout: float | None = None,
) -> None:
    """A notification whose text may quote a server: made one inert line, markup off."""
    node.app.notify(safe_line(message, limit=800), title=title, severity=severity, markup=False, timeout=timeout)


def notify_error(node: DOMNode, exc: BaseException) -> None:
    """Show a failure as an error notification (markup off, escapes visible)."""
    error = failure_of(exc)
    node.app.notify(safe_line(error.message, limit=800), title=error.title, severity="error", markup=False, timeout=8)


def report_failed_worker(node: DOMNode, worker: Worker[object]) -> None:
    """Call from ``on_worker_state_changed``: a worker that ended in error is reported once."""
    if worker.state == WorkerState.ERROR and worker.error is not None:
        notify_error(node, worker.error)
