"""Signed reviews: SSHSIG made here checks with ssh-keygen, and ssh-keygen's checks here; agent keys; trust."""

from __future__ import annotations

import subprocess
from dataclasses import replace

import pytest

from skillscope.core.errors import EXIT_FILE, LocalFileError, UsageError
from skillscope.ledger.core.record import canonical_review
from skillscope.ledger.core.signers import AllowedSigners
from skillscope.ledger.core.signing import default_key_path, load_signer
from skillscope.ledger.core.sshsig import NAMESPACE, SignatureError, verify_signature
from skillscope.ledger.core.store import Ledger
from tests.ledger.helpers import SSH_KEYGEN, key_in_ssh_agent, needs_openssh, record, signed_ledger


def keygen_verify(
    tmp_path, principal: str, public_key: str, message: bytes, signature: str
) -> subprocess.CompletedProcess:
    signers = tmp_path / "allowed_signers"
    signers.write_text(f'"{principal}" {public_key}\n')
    sig = tmp_path / "review.sig"
    sig.write_text(signature)
    return subprocess.run(
        [SSH_KEYGEN, "-Y", "verify", "-f", str(signers), "-I", principal, "-n", NAMESPACE, "-s", str(sig)],
        input=message,
        capture_output=True,
        timeout=30,
    )


@needs_openssh
def test_default_key_is_made_once_private_and_its_reviews_verify_with_ssh_keygen(tmp_path):
    ledger = signed_ledger(tmp_path / "ledger.jsonl")
    key = default_key_path()
    assert key.exists() and (key.stat().st_mode & 0o777) == 0o600
    saved = ledger.append(replace(record(), reviewer="rita@example.com", note="naïve café ✓"))
    again = signed_ledger(tmp_path / "ledger.jsonl").append(record(n=1))
    assert saved.key == again.key  # the same key on second use, not a new one
    (first, _second) = Ledger(tmp_path / "ledger.jsonl").records()
    message = canonical_review(first)
    assert "naïve café ✓".encode() in message  # UTF-8, not \u escapes
    done = keygen_verify(tmp_path, "rita@example.com", first.key, message, first.sig)
    assert done.returncode == 0, done.stderr
    assert b"Good" in done.stdout + done.stderr
    forged = keygen_verify(tmp_path, "rita@example.com", first.key, message.replace(b"approve", b"reject"), first.sig)
    assert forged.returncode != 0


def test_a_default_key_that_cannot_be_created_is_a_file_error_naming_the_path(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the data dir should go\n")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    with pytest.raises(LocalFileError) as caught:
        load_signer()
    assert caught.value.exit_code == EXIT_FILE == 5  # a local file that cannot be written, not a usage error
    assert str(default_key_path()) in caught.value.message and not default_key_path().exists()


@needs_openssh
@pytest.mark.parametrize("kind", ["ed25519", "rsa", "ecdsa"])
def test_signatures_made_by_ssh_keygen_verify_here(tmp_path, kind):
    key = tmp_path / f"id_{kind}"
    subprocess.run([SSH_KEYGEN, "-q", "-t", kind, "-N", "", "-f", str(key)], check=True, timeout=60)
    message = b'{"action":"approve","name":"x"}'
    (tmp_path / "m").write_bytes(message)
    subprocess.run(
        [SSH_KEYGEN, "-Y", "sign", "-f", str(key), "-n", NAMESPACE, str(tmp_path / "m")],
        check=True,
        capture_output=True,
        timeout=60,
    )
    armored = (tmp_path / "m.sig").read_text()
    blob = verify_signature(armored, message)
    assert blob  # the signer's key
    with pytest.raises(SignatureError, match="does not verify"):
        verify_signature(armored, message + b" ")
    with pytest.raises(SignatureError, match="namespace"):
        verify_signature(armored, message, namespace="git")
    # And our own signer with the same key file, checked by ssh-keygen.
    signer = load_signer(str(key))
    done = keygen_verify(tmp_path, "p@example.com", signer.public_key, message, signer.sign(message))
    assert done.returncode == 0, done.stderr


@needs_openssh
def test_a_key_held_by_ssh_agent_signs_through_the_agent_protocol(tmp_path, monkeypatch):
    with key_in_ssh_agent(tmp_path, monkeypatch) as public_key:
        monkeypatch.setenv("SKILLSCOPE_SIGNING_KEY", str(public_key))
        signer = load_signer()
        assert signer.source.startswith("ssh-agent")
        saved = Ledger(tmp_path / "ledger.jsonl", signer=signer).append(replace(record(), reviewer="agent@example.com"))
        (stored,) = Ledger(tmp_path / "ledger.jsonl").records()
        assert stored.key == signer.public_key == saved.key
        done = keygen_verify(tmp_path, "agent@example.com", stored.key, canonical_review(stored), stored.sig)
        assert done.returncode == 0, done.stderr
    monkeypatch.setenv("SSH_AUTH_SOCK", str(tmp_path / "gone.sock"))
    with pytest.raises(UsageError, match="ssh-agent"):
        signer.sign(b"x")


def test_a_review_changed_after_signing_is_damage(tmp_path):
    path = tmp_path / "ledger.jsonl"
    signed_ledger(path).append(record())
    line = path.read_bytes()
    # Re-sign nothing, re-hash the line: only the signature can tell the note was changed.
    from skillscope.ledger.core.record import decode_line, encode_line

    changed = replace(decode_line(line.rstrip(b"\n")), note="approved by the security team")
    path.write_text(encode_line(changed)[0])
    result = Ledger(path).verify()
    assert [p.kind for p in result.problems] == ["signature"]
    assert "does not verify" in result.problems[0].message


def test_allowed_signers_principals_patterns_and_namespaces(tmp_path):
    signer = load_signer()
    from skillscope.ledger.core.sshsig import key_blob

    blob = key_blob(signer.public_key)
    signers = AllowedSigners.parse(
        "# team\n"
        f'*@example.com,!mallory@example.com namespaces="skillscope-review" {signer.public_key} laptop\n'
        f'ops@ops.test namespaces="git" {signer.public_key}\n'
        f"ca@ca.test cert-authority {signer.public_key}\n",
        "test",
    )
    assert signers.allows("rita@example.com", blob)
    assert not signers.allows("mallory@example.com", blob)
    assert not signers.allows("ops@ops.test", blob)  # that line is for git only
    assert not signers.allows("ca@ca.test", blob)  # certificates are not supported: not trusted
    assert not signers.allows("rita@example.org", blob)
    with pytest.raises(UsageError, match="test:1"):
        AllowedSigners.parse("only-one-word\n", "test")
