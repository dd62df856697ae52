"""What the TUI is started with: the servers to attach to (resolved by the service layer), the ledger and the paths."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from skillscope.core.locations import CONFIG_NAME, user_config_dir, user_data_dir
from skillscope.service.review_state import TrustChoice
from skillscope.service.targets import ServerSeed, TargetOptions

if TYPE_CHECKING:
    from skillscope.protocol.info import Era

__all__ = ["TuiSettings"]


@dataclass
class TuiSettings:
    """Everything the app needs from outside, passed to ``make_app``."""

    servers: list[ServerSeed] = field(default_factory=list)
    ledger_path: Path = Path("ledger.jsonl")
    options: TargetOptions = field(default_factory=TargetOptions)
    """How servers are reached (era, timeout, headers...) and the policy for servers added from the dialog: the same
    ``TargetOptions`` the CLI's target options build."""
    config_path: Path | None = None
    """The config file in use; ``save`` writes here (or to ``save_path`` when there is none)."""
    save_path: Path | None = None
    """Where ``save`` writes when no config file is in use (default: the per-user config)."""
    reviewer: str | None = None
    """Who reviews; None asks ``git config`` (once, off the UI thread)."""
    log_dir: Path | None = None
    """Where stdio servers' stderr goes (default: the per-user data dir)."""
    trust: TrustChoice = field(default_factory=TrustChoice)
    """Whose approvals count, as for ``export`` (the config's allowed signers, ``--include-unsigned``), and the
    config's ``signing_key`` that the TUI signs with."""
    refresh_minutes: float = 5.0
    """Minutes between listings of a connected server whose listing carries no ``ttlMs`` (and the longest a
    server's own hint is followed); 0 lists only when asked (r). Never more often than every 30 seconds."""
    notes: list[str] = field(default_factory=list)
    """Warnings found while the targets were read (two well-known origins serving one skill name with different
    bytes), shown once as notifications when the app starts."""

    @property
    def era(self) -> Era:
        """The protocol era every attach uses."""
        return self.options.era

    @property
    def timeout(self) -> float:
        """Seconds allowed for connecting and for each request."""
        return self.options.timeout

    @property
    def allow_dynamic(self) -> bool:
        """The policy for servers added from the dialog."""
        return self.options.allow_dynamic

    def config_target(self) -> Path:
        """The file ``save`` writes to."""
        if self.config_path is not None:
            return self.config_path
        if self.save_path is not None:
            return self.save_path
        return user_config_dir() / CONFIG_NAME

    def stderr_dir(self) -> Path:
        """The directory for stdio servers' stderr logs."""
        if self.log_dir is not None:
            return self.log_dir
        return user_data_dir() / "logs"
