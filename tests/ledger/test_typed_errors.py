"""Errors are told apart by their type, never by words that happen to be in their text.

The kind a verify reports (``edited``, ``signature``, ``format``) comes from the error the reader raised, so a
record whose own text says "signature" or "edited" is still reported for what is wrong with it; a signing key
is called encrypted because the key library said so by its exception's type, not by its wording.
"""

from __future__ import annotations

import hashlib
import subprocess

import pytest

from skillscope.core.errors import UsageError
from skillscope.ledger.core.signing import KEY_ENV, load_signer
from skillscope.ledger.core.store import Ledger
from tests.ledger.helpers import SSH_KEYGEN, needs_openssh, record


def _rehashed(line: bytes) -> bytes:
    """``line`` with its hash recomputed, as anyone who can write the file can."""
    body = line[len(b'{"hash":"sha256:') + 64 + 2 :]
    return b'{"hash":"sha256:' + hashlib.sha256(b"{" + body).hexdigest().encode() + b'",' + body


def _ledger(tmp_path) -> Ledger:
    ledger = Ledger(tmp_path / "ledger.jsonl")
    for n in range(3):
        ledger.append(record(n=n))
    return ledger


@pytest.mark.parametrize("action", ["signature", "signature-edited", "edited"])
def test_an_unknown_action_is_a_format_problem_whatever_its_name_says(tmp_path, action):
    ledger = _ledger(tmp_path)
    lines = ledger.path.read_bytes().splitlines(keepends=True)
    # The last line: a new hash there breaks no later line's link.
    assert b'"action":"approve"' in lines[2]
    edited = lines[2].rstrip(b"\n").replace(b'"action":"approve"', b'"action":"' + action.encode() + b'"', 1)
    lines[2] = _rehashed(edited) + b"\n"
    ledger.path.write_bytes(b"".join(lines))

    result = ledger.verify()
    assert [(p.line, p.kind) for p in result.problems] == [(3, "format")]
    assert f"unknown action '{action}'" in result.problems[0].message


def test_the_same_ledger_untouched_has_no_problem(tmp_path):
    result = _ledger(tmp_path).verify()
    assert result.ok and result.records == 3


def _key(tmp_path, passphrase: str):
    key = tmp_path / "id_ed25519"
    subprocess.run(
        [SSH_KEYGEN or "ssh-keygen", "-q", "-t", "ed25519", "-N", passphrase, "-f", str(key)], check=True, timeout=60
    )
    return key


@needs_openssh
def test_an_encrypted_signing_key_is_refused_with_the_ssh_agent_hint(tmp_path, monkeypatch):
    monkeypatch.setenv(KEY_ENV, str(_key(tmp_path, "a passphrase")))
    with pytest.raises(UsageError, match=r"an encrypted key: add it to ssh-agent and name its \.pub file instead"):
        load_signer()


@needs_openssh
def test_a_damaged_signing_key_is_refused_without_the_hint(tmp_path, monkeypatch):
    key = _key(tmp_path, "")
    text = key.read_text().splitlines()
    key.write_text("\n".join([text[0], text[1][:20] + "A" * 40, *text[2:]]) + "\n")  # a password word nowhere
    monkeypatch.setenv(KEY_ENV, str(key))
    with pytest.raises(UsageError, match="cannot be used") as refused:
        load_signer()
    assert "ssh-agent" not in str(refused.value)
