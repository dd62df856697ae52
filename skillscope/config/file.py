"""The config file: servers by label (skillscope YAML or the mcpServers format of mcp.json)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml

from skillscope.catalog.names import is_valid_label, label_for_command, label_for_url
from skillscope.config.clients.discovery import discover_servers
from skillscope.config.clients.formats import MAX_CLIENT_FILE_BYTES, read_document
from skillscope.config.clients.jsonc import loads_jsonc
from skillscope.config.servers import ServerSpec
from skillscope.config.trust import require_trusted, retrust_after_edit
from skillscope.config.variables import Expander
from skillscope.core.errors import ConfigError, LocalFileError, UsageError
from skillscope.core.files import write_file
from skillscope.core.locations import default_config_path, is_project_config
from skillscope.demo import (
    DEMO_LABEL,
    demo_target,
    folder_target,
    is_folder_argument,
    is_wellknown_url,
    wellknown_target,
)
from skillscope.protocol.target import Target

__all__ = ["Config", "client_server", "load_config", "expand", "target_from_args", "parse_header", "save_server"]

_MAX_CONFIG_BYTES = 1024 * 1024


@dataclass
class Config:
    """The parsed config file."""

    path: Path | None = None
    servers: dict[str, ServerSpec] = field(default_factory=dict)
    ledger: str | None = None
    signing_key: str | None = None
    """The key that signs reviews: a private key file, or a public key whose private half ssh-agent holds."""
    allowed_signers: str | None = None
    """The ssh-keygen ``allowed_signers`` file that says whose signatures count."""
    refresh_minutes: float | None = None
    """The TUI's ``tui: refresh_minutes:``: minutes between listings of a server that gives no cache hint (0: only
    when asked); None leaves the TUI's default."""

    def target(self, label: str) -> Target:
        """The target of a configured server, else of the one server of that label in the user's MCP clients."""
        spec = self.servers.get(label)
        if spec is None:
            spec = client_server(label)
        if spec is None:
            known = ", ".join(sorted(self.servers)) or "none"
            where = str(self.path) if self.path else "no config file found"
            found = discover_servers()
            untrusted = "; ".join(str(p) for p in found.untrusted)
            linked = "; ".join(str(p) for p in found.linked)
            raise UsageError(
                f"No server labelled {label!r} in the config ({where}) or in your MCP clients' configs "
                f"(skillscope servers lists those); known labels: {known}"
                + (f". Not read until trusted (skillscope config trust FILE): {untrusted}" if untrusted else "")
                + (
                    f". Refused, as a project's config files are never read through symbolic links: {linked}"
                    if linked
                    else ""
                )
            )
        return spec.to_target(self.path.parent if self.path and spec.source is None else None)


def client_server(label: str) -> ServerSpec | None:
    """The server labelled ``label`` in the user's MCP client configs (``skillscope servers``), if exactly one.

    Raises:
        UsageError: several clients name a server so; ``--config FILE`` picks one.
    """
    matches = [f.spec for f in discover_servers().servers if f.spec.label == label]
    if len(matches) > 1:
        sources = "; ".join(f"{m.source}" + (f" ({m.scope})" if m.scope else "") for m in matches)
        raise UsageError(
            f"Several MCP client configs have a server labelled {label!r}: {sources}. Pick one with --config FILE"
        )
    return matches[0] if matches else None


def expand(value: str, where: str) -> str:
    """Replace ``${VAR}`` (or ``${VAR:-default}``) with the environment's value.

    Raises:
        ConfigError: a missing variable (named), or any other ``${...}``, which would be sent as written.
    """
    return Expander("skillscope")(value, where)


def load_config(path: str | Path | None) -> Config:
    """Read the config named by ``path``, else the default one; no file gives an empty config.

    A config found in the working directory (not named by ``path``) is used only once trusted.

    Raises:
        ConfigError: missing (when named), invalid, or an untrusted working-directory file (``UntrustedFile``).
        LocalFileError: it exists but cannot be read.
    """
    chosen = Path(path) if path else default_config_path()
    if chosen is None:
        return Config()
    try:
        data_bytes = chosen.read_bytes()
    except FileNotFoundError:
        raise ConfigError(f"Config file not found: {chosen}") from None
    except OSError as exc:
        raise LocalFileError(f"Cannot read config file {chosen}: {exc.strerror}") from None
    json_file = chosen.suffix.lower() in (".json", ".jsonc")
    if len(data_bytes) > (MAX_CLIENT_FILE_BYTES if json_file else _MAX_CONFIG_BYTES):
        raise ConfigError(f"Config file {chosen} is larger than {4 if json_file else 1} MiB")
    if not path and is_project_config(chosen):
        require_trusted(chosen, data_bytes, what="config file")
        trust_source: str | None = str(chosen)
    else:
        trust_source = None
    try:
        if json_file:
            data = loads_jsonc(data_bytes.decode("utf-8"))
        else:
            data = yaml.safe_load(data_bytes.decode("utf-8")) or {}
    except (ValueError, yaml.YAMLError) as exc:  # JsoncError and UnicodeDecodeError are ValueErrors
        raise ConfigError(
            f"Config file {chosen} is not valid {'JSON' if json_file else 'YAML/JSON'}: "
            f"{' '.join(str(exc).split())[:300]}"
        ) from None
    if not isinstance(data, dict):
        raise ConfigError(f"Config file {chosen} must hold a mapping at the top level")
    config = Config(path=chosen)
    ledger = data.get("ledger")
    if ledger is not None and not isinstance(ledger, str):
        raise ConfigError(f"{chosen}: 'ledger' must be a path")
    config.ledger = ledger
    for key in ("signing_key", "allowed_signers"):
        value = data.get(key)
        if value is not None and not isinstance(value, str):
            raise ConfigError(f"{chosen}: '{key}' must be a path")
        setattr(config, key, value)
    config.refresh_minutes = _refresh_minutes(data.get("tui"), chosen)
    _add_servers(config, data, json_file)
    for spec in config.servers.values():
        spec.trust_source = trust_source
    return config


def _refresh_minutes(section: Any, where: Path) -> float | None:
    """The ``refresh_minutes`` of the config's ``tui:`` mapping, if given.

    Raises:
        ConfigError: ``tui`` is not a mapping, or the value is not a number of minutes, 0 or more.
    """
    if section is None:
        return None
    if not isinstance(section, dict):
        raise ConfigError(f"{where}: 'tui' must be a mapping (for example tui: {{refresh_minutes: 5}})")
    value = section.get("refresh_minutes")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < 10_000_000:
        raise ConfigError(f"{where}: 'tui: refresh_minutes' must be a number of minutes, 0 or more (0: only on r)")
    return float(value)


def _add_servers(config: Config, data: dict[str, Any], json_file: bool) -> None:
    """The servers of a skillscope YAML file, or of a JSON file in its MCP client's shape and variable forms.

    ``~/.claude.json`` contributes its user servers and those of the working directory's project,
    which win; a project file's ``${workspaceFolder}`` is the project it sits in.
    """
    path = config.path
    assert path is not None
    folder = path.parent.parent if path.parent.name in (".vscode", ".cursor", ".zed") else path.parent
    dialect = None if json_file else "skillscope"
    for spec in read_document(
        data,
        path,
        dialect=dialect,  # type: ignore[arg-type]
        workspace=None if path.name == ".claude.json" else folder,
        project=str(Path.cwd()),
    ):
        earlier = config.servers.get(spec.label)
        if earlier is not None and earlier.scope == spec.scope:
            raise ConfigError(f"{path}: two servers are labelled {spec.label!r}; rename one")
        config.servers[spec.label] = spec  # a project's server overrides the user's of the same name


def parse_header(text: str) -> tuple[str, str]:
    """Parse ``'Name: value'`` from ``--header``; the value may use ``${VAR}``."""
    name, sep, value = text.partition(":")
    name = name.strip()
    if not sep or not name or not re.fullmatch(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+", name):
        raise UsageError("--header takes 'Name: value' (got a header without a valid name)")
    return name, expand(value.strip(), f"--header {name}")


def target_from_args(
    target: str | None,
    command: list[str] | None,
    *,
    config: Config,
    label: str | None = None,
    headers: list[str] = (),  # type: ignore[assignment]
    env: list[str] = (),  # type: ignore[assignment]
    timeout: float = 30.0,
) -> Target:
    """Build the target from the command line: a URL, a config label, ``demo``, or a command after ``--``.

    ``demo`` is the embedded demo server unless the config has a server of that label. A URL ending in
    ``/.well-known/agent-skills/index.json`` is a publisher's index: fetched now (bounded by ``timeout``),
    verified, and served in-process.
    """
    if label is not None and not is_valid_label(label):
        raise UsageError(f"--label {label!r} is not a valid label (1–64 of A-Z a-z 0-9 _ . -)")
    parsed_headers = dict(parse_header(h) for h in headers)
    if command:
        if target:
            raise UsageError("Give a TARGET or a command after --, not both")
        extra_env = {}
        for item in env:
            key, sep, value = item.partition("=")
            if not sep or not key:
                raise UsageError(f"--env takes NAME=value (got {item.split('=')[0]!r})")
            extra_env[key] = expand(value, f"--env {key}")
        return Target(label=label or label_for_command(command), kind="stdio", command=tuple(command), env=extra_env)
    if not target:
        raise UsageError("Missing TARGET: give an http(s) URL, a label from the config file, or a command after --")
    if is_wellknown_url(target):
        return wellknown_target(target, label, headers=parsed_headers, timeout=timeout)
    if re.match(r"^https?://", target, re.IGNORECASE):
        return Target(label=label or label_for_url(target), kind="http", url=target, headers=parsed_headers)
    if "://" in target:
        raise UsageError(f"Only http:// and https:// URLs are supported (got {target.split('://')[0]}://)")
    if is_folder_argument(target, {*config.servers, DEMO_LABEL}):  # a bare `demo` stays the built-in demo
        return folder_target(target, label)
    if target == DEMO_LABEL and target not in config.servers:
        demo = demo_target()
        return replace(demo, label=label) if label else demo
    found = config.target(target)
    if label:
        found = replace(found, label=label)
    if parsed_headers and found.kind == "http":
        found = replace(found, headers={**found.headers, **parsed_headers})
    return found


def _spec_mapping(spec: ServerSpec) -> dict[str, Any]:
    """The config-file form of a server, values exactly as given (``${VAR}`` left unexpanded)."""
    out: dict[str, Any] = {}
    if spec.url:
        out["url"] = spec.url
        if spec.headers:
            out["headers"] = dict(spec.headers)
    else:
        out["command"] = spec.command
        if spec.args:
            out["args"] = list(spec.args)
        if spec.env:
            out["env"] = dict(spec.env)
        if spec.cwd:
            out["cwd"] = spec.cwd
    if spec.allow_dynamic:
        out["allowDynamic"] = True
    return out


def _with_server(text: str, label: str, mapping: dict[str, Any]) -> str:
    """``text`` with the server added under ``servers`` (or ``mcpServers``), the rest kept as written."""
    if text.lstrip().startswith("{"):
        data = json.loads(text)
        section = "servers" if "servers" in data and "mcpServers" not in data else "mcpServers"
        data.setdefault(section, {})[label] = mapping
        return json.dumps(data, indent=2) + "\n"
    block = yaml.safe_dump({label: mapping}, sort_keys=False, default_flow_style=False, allow_unicode=False)
    for section in ("servers", "mcpServers"):
        head = re.search(rf"^{section}:[ \t]*(#.*)?$", text, re.MULTILINE)
        if head is None:
            continue
        following = re.search(r"^([ \t]+)\S", text[head.end() :], re.MULTILINE)
        indent = following.group(1) if following else "  "
        lines = "".join(indent + line + "\n" for line in block.splitlines())
        return text[: head.end()] + "\n" + lines + text[head.end() + 1 :]
    if re.search(r"^(servers|mcpServers):", text, re.MULTILINE):
        raise ConfigError("The config's servers section is written in flow style; add the server by hand")
    prefix = text if not text or text.endswith("\n") else text + "\n"
    return prefix + "servers:\n" + "".join("  " + line + "\n" for line in block.splitlines())


def save_server(spec: ServerSpec, path: str | Path) -> Path:
    """Add one server to the config file at ``path`` (created when missing), keeping the rest as written.

    Values are stored as given: a header typed as ``Bearer ${TOKEN}`` is written as
    that text, never as its expansion. The new file is read back before it replaces the old one.

    Raises:
        ConfigError: the label is taken, the file cannot be read or written, or the result would not read back.
    """
    path = Path(path)
    if not is_valid_label(spec.label):
        raise ConfigError(f"{spec.label!r} is not a valid label (1–64 of A-Z a-z 0-9 _ . -)")
    text = ""
    if path.exists():
        if spec.label in load_config(path).servers:
            raise ConfigError(f"{path} already has a server labelled {spec.label!r}")
        text = path.read_text(encoding="utf-8")
    try:
        new_text = _with_server(text, spec.label, _spec_mapping(spec))
    except ValueError as exc:
        raise ConfigError(f"Cannot add to {path}: {exc}") from None

    def reads_back(tmp: Path) -> None:
        saved = load_config(tmp).servers.get(spec.label)
        if saved is None or _spec_mapping(saved) != _spec_mapping(spec):
            raise ConfigError(f"Adding {spec.label!r} to {path} would not read back as written; the file is unchanged")

    with retrust_after_edit(path):
        write_file(path, new_text, check=reads_back)
    return path
