"""Each MCP client's variable forms (``${VAR:-default}``, ``${env:X}``, ``${workspaceFolder}``, ``${input:id}``)."""

from __future__ import annotations

import getpass
import os
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from skillscope.core.errors import ConfigError, UsageError
from skillscope.core.textsafe import safe_line

__all__ = ["Dialect", "DIALECTS", "InputSpec", "Expander", "PLACEHOLDER", "terminal_prompt"]

Dialect = Literal["skillscope", "generic", "claude-code", "claude-desktop", "vscode", "cursor", "windsurf", "zed"]
DIALECTS: tuple[Dialect, ...] = (
    "skillscope",
    "generic",
    "claude-code",
    "claude-desktop",
    "vscode",
    "cursor",
    "windsurf",
    "zed",
)

PLACEHOLDER = re.compile(r"\$\{([^}]*)\}")
"""Anything of the form ``${...}``: after expansion none may remain, so none is ever sent."""

_NAME = r"[A-Za-z_][A-Za-z0-9_]*"
# What each client expands (other forms are left to the "unexpanded placeholder" error):
_FORMS: dict[str, tuple[str, ...]] = {
    "skillscope": ("plain", "default"),
    "generic": ("plain", "default", "env"),
    "claude-code": ("plain", "default"),
    "claude-desktop": (),
    "vscode": ("env", "workspace", "home", "separator", "input"),
    "cursor": ("env", "workspace", "home", "separator"),
    "windsurf": ("env", "plain"),
    "zed": (),
}


@dataclass(frozen=True)
class InputSpec:
    """A VS Code ``inputs`` entry: asked for when a value uses ``${input:id}``."""

    id: str
    description: str = ""
    password: bool = False
    default: str | None = None


Prompt = Callable[[InputSpec], str]


def terminal_prompt(spec: InputSpec) -> str:
    """Ask on the terminal (hidden for a password); refuse with exit 2 when there is no terminal.

    Raises:
        UsageError: standard input or error is not a terminal.
    """
    if not (sys.stdin.isatty() and sys.stderr.isatty()):
        raise UsageError(
            f"The value of VS Code input {safe_line(spec.id, limit=64)!r} is asked on a terminal, and there is none: "
            "run skillscope in a terminal, or put the value in an environment variable and use ${env:NAME}"
        )
    question = safe_line(spec.description or spec.id, limit=200)
    suffix = f" [{safe_line(spec.default, limit=60)}]" if spec.default and not spec.password else ""
    if spec.password:
        answer = getpass.getpass(f"{question}: ", stream=sys.stderr)
    else:
        sys.stderr.write(f"{question}{suffix}: ")
        sys.stderr.flush()
        answer = sys.stdin.readline().rstrip("\r\n")
    return answer or (spec.default or "")


@dataclass
class Expander:
    """Expands one config file's values the way its client does; refuses whatever would stay a placeholder."""

    dialect: Dialect
    workspace: Path | None = None
    inputs: Mapping[str, InputSpec] = field(default_factory=dict)
    prompt: Prompt = terminal_prompt
    env: Mapping[str, str] = field(default_factory=lambda: os.environ)
    _answers: dict[str, str] = field(default_factory=dict)

    def __call__(self, value: str, where: str) -> str:
        """``value`` expanded; ``where`` names it in errors (never the value itself).

        Raises:
            ConfigError: an unset variable, an unknown input, or a placeholder this client does not expand.
            UsageError: an input needs a terminal and there is none.
        """
        forms = _FORMS[self.dialect]
        written: list[str] = []  # the text that comes from the file itself, not from the environment or a prompt

        def repl(match: re.Match[str]) -> str:
            body = match.group(1)
            got = self._one(body, forms, where, written)
            if got is None:
                raise ConfigError(
                    f"{where} holds ${{{body[:60]}}}, which {self._client()} does not expand: "
                    "it would be sent as written, so the server is not attached"
                )
            return got

        expanded = PLACEHOLDER.sub(repl, value)
        # ``${UNSET:-${SECRET}}`` yields the literal ``${SECRET}``, and an unclosed ``${X`` matches no
        # placeholder at all: either would be sent as written, so what the file wrote must hold no ``${``.
        if any("${" in part for part in [PLACEHOLDER.sub("", value), *written]):
            raise ConfigError(
                f"{where} still holds a ${{...}} placeholder after expansion (a nested or unclosed one): "
                "it would be sent as written, so the server is not attached"
            )
        return expanded

    def _client(self) -> str:
        return {"skillscope": "skillscope.yaml", "generic": "this config"}.get(self.dialect, self.dialect)

    def _one(self, body: str, forms: tuple[str, ...], where: str, written: list[str]) -> str | None:
        if "plain" in forms and re.fullmatch(_NAME, body):
            return self._env(body, where)
        if "default" in forms and (m := re.fullmatch(rf"({_NAME}):-(.*)", body, re.DOTALL)):
            if self.env.get(m.group(1)):
                return self.env[m.group(1)]
            written.append(m.group(2))
            return m.group(2)
        if "env" in forms and (m := re.fullmatch(rf"env:({_NAME})", body)):
            return self._env(m.group(1), where)
        if "home" in forms and body == "userHome":
            return str(Path.home())
        if "separator" in forms and body in ("pathSeparator", "/"):
            return os.sep
        if "workspace" in forms and body in ("workspaceFolder", "workspaceFolderBasename", "workspaceRoot"):
            folder = self.workspace or Path.cwd()
            return folder.name if body == "workspaceFolderBasename" else str(folder)
        if "input" in forms and body.startswith("input:"):
            answer = self._input(body[len("input:") :], where)
            spec = self.inputs.get(body[len("input:") :])
            if spec is not None and spec.default is not None and answer == spec.default:
                written.append(answer)  # the file's default, not what the user typed
            return answer
        return None

    def _env(self, name: str, where: str) -> str:
        if name not in self.env:
            raise ConfigError(f"Environment variable {name} is not set (used in {where})")
        return self.env[name]

    def _input(self, key: str, where: str) -> str:
        if key in self._answers:
            return self._answers[key]
        spec = self.inputs.get(key)
        if spec is None:
            raise ConfigError(f"{where} uses ${{input:{key[:60]}}}, but the file's 'inputs' has no input with that id")
        answer = self.prompt(spec)
        self._answers[key] = answer
        return answer
