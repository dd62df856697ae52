"""One server as a config file describes it, and the target it stands for once its values are expanded."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skillscope.config.envfile import parse_env_file
from skillscope.config.trust import read_pulled, require_pulled
from skillscope.config.variables import Expander
from skillscope.core.errors import ConfigError, LocalFileError
from skillscope.protocol.target import Target

__all__ = ["ServerSpec"]


@dataclass
class ServerSpec:
    """One server as a config file describes it (values not yet expanded)."""

    label: str
    url: str | None = None
    headers: dict[str, str] = field(default_factory=dict)
    command: str | None = None
    args: list[str] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)
    cwd: str | None = None
    allow_dynamic: bool = False
    transport: str | None = None
    """``stdio``, ``http`` or ``sse`` as an MCP client's config says (None: from url/command)."""
    dialect: str = "skillscope"
    """Which client's variable forms the values use (see ``skillscope.config.variables``)."""
    name: str | None = None
    """The name the client config gives the server, when the label had to differ."""
    source: str | None = None
    """The file the server was read from."""
    scope: str | None = None
    """Where in the file, when it holds several scopes (``project /path`` in ~/.claude.json)."""
    workspace: str | None = None
    """The folder ``${workspaceFolder}`` stands for (a project file's project)."""
    env_file: str | None = None
    inputs: tuple[Any, ...] = ()
    """VS Code ``inputs``: asked for when a value uses ``${input:id}``."""
    disabled: bool = False
    note: str | None = None
    trust_source: str | None = None
    """The project file whose trust covers this server: the files it pulls in are checked against that trust."""

    def to_target(self, base: Path | None = None, *, prompt: Any = None) -> Target:
        """Expand the values as the spec's client does and build the target.

        Raises:
            ConfigError: an unset variable, a placeholder left unexpanded, a disabled server.
            UsageError: a VS Code input needs a terminal and there is none.
        """

        def where(part: str = "") -> str:
            named = self.source and self.dialect != "skillscope"  # the user knows which skillscope.yaml is in use
            return f"server {self.label!r}{part}" + (f" (in {self.source})" if named else "")

        if self.disabled:
            raise ConfigError(f"{where()} is disabled in its config" + (f": {self.note}" if self.note else ""))
        workspace = Path(self.workspace) if self.workspace else None
        expand_value = Expander(
            self.dialect,  # type: ignore[arg-type]
            workspace=workspace,
            inputs={i.id: i for i in self.inputs},
            **({"prompt": prompt} if prompt is not None else {}),
        )
        if self.url:
            headers = {k: expand_value(v, where(f" header {k!r}")) for k, v in self.headers.items()}
            return Target(
                label=self.label,
                kind="http",
                url=expand_value(self.url, where(" url")),
                headers=headers,
                http_transport="sse" if self.transport == "sse" else "streamable-http",
                written=(self.url,),
            )
        assert self.command is not None
        command = (expand_value(self.command, where(" command")), *(expand_value(a, where(" args")) for a in self.args))
        env: dict[str, str] = {}
        root = workspace or base
        env_path = self.env_file_path(expand_value, root, where(" envFile"))
        if env_path is not None:
            try:
                data = read_pulled(env_path)
            except LocalFileError as exc:
                raise ConfigError(f"Cannot read envFile: {exc.message}") from None
            if self.trust_source is not None:
                require_pulled(self.trust_source, env_path, data)
            if data is None:
                raise ConfigError(f"Cannot read envFile {env_path}: No such file or directory")
            env.update(parse_env_file(data, env_path))
        env.update({k: expand_value(v, where(f" env {k!r}")) for k, v in self.env.items()})
        cwd = expand_value(self.cwd, where(" cwd")) if self.cwd else None
        if cwd and root is not None and not os.path.isabs(cwd):
            cwd = str((root / cwd).resolve())
        written = (self.command, *self.args)
        return Target(label=self.label, kind="stdio", command=command, env=env, cwd=cwd, written=written)

    def env_file_path(self, expand_value: Any, root: Path | None, where: str) -> Path | None:
        """The absolute path of the ``envFile`` (relative to the project, else to ``root``), if any."""
        if not self.env_file:
            return None
        path = Path(expand_value(self.env_file, where)).expanduser()
        if not path.is_absolute() and root is not None:
            path = root / path
        return Path(os.path.abspath(path))
