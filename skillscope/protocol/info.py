"""What the negotiation with a server told us, as a plain value every layer may hold (no SDK is loaded here)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from skillscope.core.spec import MODERN

__all__ = ["Era", "ServerInfo"]

Era = Literal["auto", "modern", "legacy"]
"""Which protocol era to speak: ``auto`` tries the modern ``server/discover`` and falls back to the handshake."""


@dataclass
class ServerInfo:
    """What the negotiation told us about a server."""

    label: str
    target: str
    era: str = "auto"
    """The era the user asked for (auto, modern or legacy)."""
    protocol: str = ""
    extension: Literal["declared", "absent", "malformed"] = "absent"
    settings: dict[str, Any] | None = None
    name: str | None = None
    version: str | None = None
    has_resources: bool = False
    offers: list[str] = field(default_factory=list)
    """The other capabilities the server declares, of tools, prompts and resources (for "no skills served")."""
    notes: list[str] = field(default_factory=list)
    """Capability-level findings (SS-C rules) in plain words."""

    @property
    def serves_no_skills(self) -> bool:
        """True when the server plainly serves no skills: no extension, and the era cannot be why.

        Only a session forced to the handshake (``--era legacy``) may hide skills a server serves
        at 2026-07-28 (the MCP Python SDK does so); with ``auto`` the newer era was tried first.
        """
        return self.extension == "absent" and self.era != "legacy"

    def no_skills_words(self) -> str:
        """Why there is nothing to list, in one sentence that names what the server does offer."""
        if self.offers:
            offered = " and ".join(
                [", ".join(self.offers[:-1]), self.offers[-1]] if len(self.offers) > 1 else self.offers
            )
            return f"No skills served: the server offers {offered} but not the skills extension"
        return "No skills served: the server declares neither the skills extension nor tools, prompts or resources"

    @property
    def directory_read(self) -> bool:
        """SS-C5: directory reads only when the declaration says exactly ``true``."""
        return bool(self.settings) and self.settings.get("directoryRead") is True  # type: ignore[union-attr]

    @property
    def era_label(self) -> str:
        """The negotiated era as people say it."""
        if self.protocol == MODERN:
            return f"{MODERN} (stateless)"
        return f"{self.protocol} (handshake)" if self.protocol else "unknown"

    def as_json(self) -> dict[str, Any]:
        """The server part of JSON reports (never any header or secret)."""
        return {
            "label": self.label,
            "target": self.target,
            "protocol": self.protocol,
            "extension": self.extension,
            "settings": self.settings,
            "name": self.name,
            "version": self.version,
            "resources_capability": self.has_resources,
            "offers": self.offers,
            "notes": self.notes,
        }
