"""An action a controller did not take, in the words the reviewer is told."""

from __future__ import annotations

from typing import Literal

from skillscope.core.errors import SkillscopeError

__all__ = ["Declined", "Severity"]

Severity = Literal["information", "warning", "error"]
"""How loudly the screen tells it (the levels of a Textual notification)."""


class Declined(SkillscopeError):
    """Why a key did nothing (nothing selected, nothing to record, a skill that cannot be read...).

    Raised before anything is changed; the screen turns it into one notification with these words,
    title, severity and timeout.
    """

    def __init__(
        self, message: str, *, severity: Severity = "warning", title: str = "", timeout: float | None = None
    ) -> None:
        super().__init__(message)
        self.severity: Severity = severity
        self.title = title
        self.timeout = timeout
