"""Every ``--reviewer`` option says the default that ``default_reviewer`` really picks."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import click
import pytest

from skillscope.cli import cli
from skillscope.ledger.core.defaults import default_reviewer


def _commands(group: click.Group, prefix: str = "") -> Iterator[tuple[str, click.Command]]:
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            yield from _commands(command, f"{prefix}{name} ")
        else:
            yield f"{prefix}{name}", command


def _git_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    config = tmp_path / "gitconfig"
    config.write_text(text)
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(config))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.chdir(tmp_path)  # no repository here, so no local config either


def test_the_default_is_the_email_then_the_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _git_config(tmp_path, monkeypatch, "[user]\n\tname = Ada Reviewer\n\temail = ada@example.com\n")
    assert default_reviewer() == "ada@example.com"
    _git_config(tmp_path, monkeypatch, "[user]\n\tname = Ada Reviewer\n")
    assert default_reviewer() == "Ada Reviewer"


def test_every_reviewer_option_describes_that_default() -> None:
    described = {}
    for path, command in _commands(cli):
        for param in command.params:
            if isinstance(param, click.Option) and "--reviewer" in param.opts:
                described[path] = " ".join((param.help or "").split())
    # approve/reject/revoke, suppress, ledger repair, tui and demo all take a reviewer.
    assert {"approve", "tui", "demo", "suppress"} <= described.keys()
    for path, help_text in described.items():
        assert "git config user.email, else user.name, else the login name" in help_text, (path, help_text)
