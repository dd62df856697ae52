"""``export --format in-toto`` end to end: the demo's approvals as envelopes securesystemslib verifies."""

from __future__ import annotations

import base64
import copy
import hashlib
import json
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ed25519
from securesystemslib.dsse import Envelope
from securesystemslib.exceptions import VerificationError
from securesystemslib.signer import SSlibKey

from skillscope.ledger.core.store import Ledger
from tests.cli.conftest import run_cli


def _env(tmp_path):
    return {
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "HOME": str(tmp_path / "home"),
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
    }


def _approve(env, tmp_path):
    # The demo's seeded ledger already approves hello-world; pdf-processing is ours to approve (one warning: a note).
    ledger = str(tmp_path / "ledger.jsonl")
    run = run_cli("approve", "pdf-processing", "demo", "--ledger", ledger, "--yes", "--note", "shell expected", env=env)
    assert run.code == 0, run.err


def _reviewer_key(tmp_path) -> SSlibKey:
    """This machine's ledger key, read from its .pub file and loaded by ``cryptography``, not by skillscope."""
    line = (tmp_path / "data" / "skillscope" / "signing_key.pub").read_text()
    blob = base64.b64decode(line.split()[1])
    keyid = "SHA256:" + base64.b64encode(hashlib.sha256(blob).digest()).decode().rstrip("=")
    return SSlibKey.from_crypto(serialization.load_ssh_public_key(line.encode()), keyid=keyid, scheme="ed25519")


def _statements(path: Path, key: SSlibKey) -> dict[str, dict]:
    """Every line verified with the reviewer's key (one good signature needed), by skill name."""
    out = {}
    for line in path.read_text().splitlines():
        envelope = Envelope.from_dict(json.loads(line))
        envelope.verify([key], 1)
        statement = json.loads(envelope.payload)
        out[statement["predicate"]["skill"]["name"]] = statement
    return out


def test_every_approved_skill_is_a_verified_statement_of_its_served_files(tmp_path):
    env = _env(tmp_path)
    _approve(env, tmp_path)
    out = tmp_path / "audit" / "reviews.intoto.jsonl"
    run = run_cli("export", "--format", "in-toto", "-o", str(out), env=env)
    assert run.code == 0, run.err
    statements = _statements(out, _reviewer_key(tmp_path))
    assert "demo:pdf-processing" in statements and "demo:hello-world" in statements
    shown = run_cli("show", "pdf-processing", "demo", "--json", env=env).json()
    statement = statements["demo:pdf-processing"]
    served = sorted((f["uri"], f["digest"]) for f in shown["files"])
    assert sorted((s["name"], "sha256:" + s["digest"]["sha256"]) for s in statement["subject"]) == served
    predicate = statement["predicate"]
    assert predicate["skill"]["fingerprint"] == shown["fingerprint"]
    assert "SKILLSCOPE_APPROVED" in predicate["properties"] and "SKILLSCOPE_AUDIT_NO_ERRORS" in predicate["properties"]
    assert predicate["review"]["note"] == "shell expected" and predicate["review"]["tool"].startswith("skillscope ")
    assert set(predicate["verifier"]["policy"]["annotations"]) == {"rules", "suppressions", "allowedSigners"}


def test_a_revoked_skill_and_a_signer_not_allowed_are_not_attested(tmp_path):
    env = _env(tmp_path)
    _approve(env, tmp_path)
    ledger = str(tmp_path / "ledger.jsonl")
    revoke = run_cli("revoke", "pdf-processing", "demo", "--ledger", ledger, "--note", "withdrawn", env=env)
    assert revoke.code == 0, revoke.err
    out = tmp_path / "reviews.jsonl"
    assert run_cli("export", "--format", "in-toto", "-o", str(out), env=env).code == 0
    assert "demo:pdf-processing" not in _statements(out, _reviewer_key(tmp_path))
    # The team's allowed_signers names another key only: nothing this machine's key approved is attested.
    other = ed25519.Ed25519PrivateKey.generate().public_key()
    line = other.public_bytes(serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH).decode()
    signers = tmp_path / "allowed_signers"
    signers.write_text(f"rita@example.com {line}\n")
    run = run_cli("export", "--format", "in-toto", "--allowed-signers", str(signers), "-o", str(out), env=env)
    assert run.code == 0, run.err
    assert out.read_text() == ""
    assert "signed by a key not allowed for its reviewer" in run.err


def test_an_approval_cites_the_policy_it_was_made_under_and_an_older_one_the_policy_at_export(tmp_path):
    """pdf-processing is approved with no suppression in force; a suppression is recorded after, then two exports.

    The new approval kept the digests of the rules and suppressions in force when it was made (signed in
    the record), so both exports attest those, labelled ``approval``. The demo's seeded hello-world approval
    was recorded the way older skillscope did, without them: it gets the exporter's digests, labelled
    ``export``, and its policy digest follows the suppression.
    """
    env = _env(tmp_path)
    _approve(env, tmp_path)
    first, second = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    assert run_cli("export", "--format", "in-toto", "-o", str(first), env=env).code == 0
    suppress = run_cli("suppress", "f" * 64, "--reason", "accepted", env=env)
    assert suppress.code == 0, suppress.err
    assert run_cli("export", "--format", "in-toto", "-o", str(second), env=env).code == 0
    key = _reviewer_key(tmp_path)
    before, after = _statements(first, key), _statements(second, key)

    def policy(statements: dict, name: str) -> dict:
        return statements[name]["predicate"]["verifier"]["policy"]

    def where(found: dict) -> dict:
        return {part: value["inForceAt"] for part, value in found["annotations"].items()}

    approved = policy(after, "demo:pdf-processing")
    assert policy(before, "demo:pdf-processing") == approved  # the suppression came later: not cited
    assert where(approved) == {"rules": "approval", "suppressions": "approval", "allowedSigners": "export"}
    # No suppression was in force when it was approved: the digest of the empty list.
    assert approved["annotations"]["suppressions"]["sha256"] == hashlib.sha256(b"[]").hexdigest()
    (record,) = [r for r in Ledger(tmp_path / "ledger.jsonl").records() if r.name == "demo:pdf-processing"]
    assert record.extra["policy_digests"] == {
        part: approved["annotations"][part]["sha256"] for part in ("rules", "suppressions")
    }

    older_before, older_after = policy(before, "demo:hello-world"), policy(after, "demo:hello-world")
    assert where(older_after) == {"rules": "export", "suppressions": "export", "allowedSigners": "export"}
    assert older_before["annotations"]["rules"] == older_after["annotations"]["rules"]
    assert older_before["annotations"]["allowedSigners"] == older_after["annotations"]["allowedSigners"]
    assert older_before["annotations"]["suppressions"] != older_after["annotations"]["suppressions"]
    assert older_before["digest"] != older_after["digest"]
    # The ledger holding both kinds of approval still verifies end to end.
    checked = run_cli("ledger", "verify", "--ledger", str(tmp_path / "ledger.jsonl"), env=env)
    assert checked.code == 0, checked.err


def test_a_tampered_export_line_fails_verification(tmp_path):
    env = _env(tmp_path)
    _approve(env, tmp_path)
    out = tmp_path / "reviews.jsonl"
    assert run_cli("export", "--format", "in-toto", "-o", str(out), env=env).code == 0
    envelope = json.loads(out.read_text().splitlines()[-1])
    statement = json.loads(base64.b64decode(envelope["payload"]))
    statement["predicate"]["review"]["reviewer"] = "security-team@example.com"
    forged = {**copy.deepcopy(envelope), "payload": base64.b64encode(json.dumps(statement).encode()).decode()}
    with pytest.raises(VerificationError):
        Envelope.from_dict(forged).verify([_reviewer_key(tmp_path)], 1)
