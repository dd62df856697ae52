"""in-toto attestations of approvals, checked by the in-toto project's libraries, never by our own code."""

from __future__ import annotations

import base64
import copy
import hashlib
import json
import subprocess
from dataclasses import replace

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ed25519, rsa
from google.protobuf import json_format
from in_toto.exceptions import SignatureVerificationError
from in_toto.models.metadata import Envelope as InTotoEnvelope
from in_toto_attestation.v1 import statement_pb2
from in_toto_attestation.v1.statement import Statement
from securesystemslib.dsse import Envelope
from securesystemslib.exceptions import VerificationError
from securesystemslib.signer import SSlibKey

from skillscope.catalog.fingerprint import fingerprint
from skillscope.core.errors import UsageError
from skillscope.ledger.core.record import FileEntry, Record
from skillscope.ledger.core.signing import load_signer
from skillscope.ledger.core.store import Ledger
from skillscope.ledger.intoto import ReviewPolicy, attest_approvals
from tests.ledger.helpers import SSH_KEYGEN, key_in_ssh_agent, needs_openssh, record

POLICY = ReviewPolicy("a" * 64, "b" * 64, "c" * 64)


def approval(name: str = "srv:pdf-processing", files: dict[str, bytes] | None = None, **changes) -> Record:
    """An approval whose files and fingerprint agree, as ``approve`` records them."""
    files = files or {"SKILL.md": b"---\nname: pdf-processing\n---\n", "scripts/extract.py": b"print(1)\n"}
    skill = name.split(":", 1)[1]
    entries = tuple(
        FileEntry(f"skill://{skill}/{path}", "sha256:" + hashlib.sha256(data).hexdigest(), len(data))
        for path, data in files.items()
    )
    made = replace(record(name=name), files=entries, fingerprint=fingerprint((f.uri, f.digest) for f in entries))
    return replace(made, **changes)


def keyid_of(public_line: str) -> str:
    """What ``ssh-keygen -l`` prints for the key: SHA256 of its blob, unpadded base64."""
    blob = base64.b64decode(public_line.split()[1])
    return "SHA256:" + base64.b64encode(hashlib.sha256(blob).digest()).decode().rstrip("=")


def verifier_key(public_line: str, keyid: str | None = None) -> SSlibKey:
    """The reviewer's public key as securesystemslib knows it, loaded from the OpenSSH line by ``cryptography``."""
    public = serialization.load_ssh_public_key(public_line.encode())
    return SSlibKey.from_crypto(public, keyid=keyid or keyid_of(public_line), scheme="ed25519")


def envelopes(text: str) -> list[dict]:
    # securesystemslib's ``from_dict`` rewrites the dict it is given: callers pass copies.
    return [json.loads(line) for line in text.splitlines()]


def statement_of(envelope: dict) -> dict:
    return json.loads(base64.b64decode(envelope["payload"]))


def with_statement(envelope: dict, statement: dict) -> dict:
    """The envelope with another payload and the original signatures (what a tamperer can do without the key)."""
    payload = json.dumps(statement, sort_keys=True, separators=(",", ":")).encode()
    return {**envelope, "payload": base64.b64encode(payload).decode()}


def test_each_approval_is_a_signed_statement_that_securesystemslib_and_in_toto_verify():
    signer = load_signer()
    approvals = [approval(), approval("srv:hello-world", {"SKILL.md": b"---\nname: hello-world\n---\nhi\n"})]
    made = attest_approvals(approvals, signer, POLICY, version="9.9.9")
    assert made.count == 2 and not made.skipped
    key = verifier_key(signer.public_key)
    for envelope, approved in zip(envelopes(made.text), approvals, strict=True):
        # securesystemslib's DSSE envelope: the signature over PAE(payloadType, payload), by the reviewer's key.
        verified = Envelope.from_dict(copy.deepcopy(envelope)).verify([key], 1)
        assert list(verified) == [keyid_of(signer.public_key)]
        # in-toto's own envelope class, given the key as in-toto metadata holds keys.
        InTotoEnvelope.from_dict(copy.deepcopy(envelope)).verify_signature(key.to_dict() | {"keyid": key.keyid})
        # The Statement is valid under the in-toto Attestation Framework's own bindings.
        statement = statement_of(envelope)
        proto = json_format.Parse(json.dumps(statement), statement_pb2.Statement())
        Statement.copy_from_pb(proto).validate()
        assert statement["_type"] == "https://in-toto.io/Statement/v1"
        assert envelope["payloadType"] == "application/vnd.in-toto+json"
        assert statement["predicateType"] == "https://in-toto.io/attestation/svr/v0.1"
        # Every file, named by its skill:// URI with its SHA-256: exactly the lines the fingerprint is made of.
        subjects = [(s["name"], "sha256:" + s["digest"]["sha256"]) for s in statement["subject"]]
        assert subjects == [(f.uri, f.digest) for f in approved.files]
        assert fingerprint(subjects) == approved.fingerprint == statement["predicate"]["skill"]["fingerprint"]
        predicate = statement["predicate"]
        assert predicate["review"]["reviewer"] == "Ada Reviewer <ada@example.com>"
        assert predicate["timeCreated"] == approved.time and predicate["review"]["tool"] == "skillscope test"
        assert predicate["verifier"]["id"] == "pkg:pypi/skillscope-mcp@9.9.9"
        # Records without approval-time digests: the exporter's policy, and each part says so.
        assert predicate["verifier"]["policy"]["annotations"] == {
            "rules": {"sha256": "a" * 64, "inForceAt": "export"},
            "suppressions": {"sha256": "b" * 64, "inForceAt": "export"},
            "allowedSigners": {"sha256": "c" * 64, "inForceAt": "export"},
        }


def test_an_approval_that_kept_its_policy_digests_is_attested_under_them():
    """The digests signed into the approval win over the exporter's; a malformed one is not repeated."""
    signer = load_signer()
    kept = approval(extra={"policy_digests": {"rules": "d" * 64, "suppressions": "e" * 64}})
    half = approval("srv:hello-world", extra={"policy_digests": {"rules": "d" * 64, "suppressions": "not hex\n"}})
    made = attest_approvals([kept, half], signer, POLICY, version="1")
    key = verifier_key(signer.public_key)
    policies = {}
    for envelope in envelopes(made.text):
        Envelope.from_dict(copy.deepcopy(envelope)).verify([key], 1)
        statement = statement_of(envelope)
        Statement.copy_from_pb(json_format.Parse(json.dumps(statement), statement_pb2.Statement())).validate()
        policies[statement["predicate"]["skill"]["name"]] = statement["predicate"]["verifier"]["policy"]
    assert policies["srv:pdf-processing"]["annotations"] == {
        "rules": {"sha256": "d" * 64, "inForceAt": "approval"},
        "suppressions": {"sha256": "e" * 64, "inForceAt": "approval"},
        "allowedSigners": {"sha256": "c" * 64, "inForceAt": "export"},
    }
    whole = {"allowedSigners": "c" * 64, "rules": "d" * 64, "suppressions": "e" * 64}
    assert (
        policies["srv:pdf-processing"]["digest"]["sha256"]
        == hashlib.sha256(json.dumps(whole, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    )
    assert policies["srv:hello-world"]["annotations"]["rules"] == {"sha256": "d" * 64, "inForceAt": "approval"}
    assert policies["srv:hello-world"]["annotations"]["suppressions"] == {"sha256": "b" * 64, "inForceAt": "export"}
    # Claiming an approval-time digest the record did not keep breaks the signature.
    (envelope, _) = envelopes(made.text)
    forged = statement_of(envelope)
    forged["predicate"]["verifier"]["policy"]["annotations"]["suppressions"]["sha256"] = "b" * 64
    _refused(with_statement(envelope, forged), key)


def _one(signer=None) -> tuple[dict, SSlibKey]:
    signer = signer or load_signer()
    (envelope,) = envelopes(attest_approvals([approval()], signer, POLICY, version="1").text)
    return envelope, verifier_key(signer.public_key)


def _refused(envelope: dict, key: SSlibKey) -> None:
    with pytest.raises(VerificationError):
        Envelope.from_dict(copy.deepcopy(envelope)).verify([key], 1)
    with pytest.raises(SignatureVerificationError):
        InTotoEnvelope.from_dict(copy.deepcopy(envelope)).verify_signature(key.to_dict() | {"keyid": key.keyid})


def test_a_flipped_digest_is_refused():
    envelope, key = _one()
    statement = statement_of(envelope)
    digest = statement["subject"][0]["digest"]["sha256"]
    statement["subject"][0]["digest"]["sha256"] = ("0" if digest[0] != "0" else "1") + digest[1:]
    _refused(with_statement(envelope, statement), key)


def test_an_added_subject_is_refused():
    envelope, key = _one()
    statement = statement_of(envelope)
    statement["subject"].append({"name": "skill://pdf-processing/evil.sh", "digest": {"sha256": "e" * 64}})
    _refused(with_statement(envelope, statement), key)


def test_a_foreign_key_is_refused(tmp_path):
    envelope, key = _one()
    foreign = ed25519.Ed25519PrivateKey.generate()
    foreign_line = (
        foreign.public_key().public_bytes(serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH).decode()
    )
    # The reviewer's envelope checked against another key that claims the reviewer's keyid.
    _refused(envelope, verifier_key(foreign_line, keyid=key.keyid))
    # An envelope someone else signed, claiming the reviewer's keyid, checked against the reviewer's key.
    path = tmp_path / "foreign_key"
    path.write_bytes(
        foreign.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.OpenSSH, serialization.NoEncryption()
        )
    )
    forged, _ = _one(load_signer(str(path)))
    forged["signatures"][0]["keyid"] = key.keyid
    _refused(forged, key)


def test_a_hostile_name_note_and_reviewer_stay_string_values_on_one_line():
    name = 'srv:x"}\n{"_type":"evil'
    hostile = approval(
        name,
        {'a"\nb.md': b"x", "SKILL.md": b"y"},
        note='ok"\n{"payloadType":"x"}',
        reviewer="eve\r\n\u202e",
        label='srv"\n',
    )
    made = attest_approvals([hostile], load_signer(), POLICY, version="1")
    assert made.text.count("\n") == 1 and made.text.isascii()
    (envelope,) = envelopes(made.text)
    assert set(envelope) == {"payloadType", "payload", "signatures"}
    statement = statement_of(envelope)
    assert set(statement) == {"_type", "subject", "predicateType", "predicate"}
    assert statement["predicate"]["skill"]["name"] == name
    assert statement["predicate"]["review"]["note"] == hostile.note
    assert statement["predicate"]["review"]["reviewer"] == hostile.reviewer
    assert {s["name"] for s in statement["subject"]} == {f.uri for f in hostile.files}
    Envelope.from_dict(copy.deepcopy(envelope)).verify([verifier_key(load_signer().public_key)], 1)


def test_an_approval_whose_files_do_not_make_its_fingerprint_is_not_attested():
    good = approval()
    lying = replace(approval("srv:other"), fingerprint=good.fingerprint)
    bad_digest = replace(approval("srv:third"), files=(FileEntry("skill://third/SKILL.md", "md5:abc", 1),))
    made = attest_approvals([good, lying, bad_digest], load_signer(), POLICY, version="1")
    assert made.count == 1
    assert [statement_of(e)["predicate"]["skill"]["name"] for e in envelopes(made.text)] == ["srv:pdf-processing"]
    assert sum(made.skipped.values()) == 2
    assert any("do not make up its fingerprint" in why for why in made.skipped)


def test_the_signed_ledger_key_is_named_by_its_ssh_fingerprint(tmp_path):
    signer = load_signer()
    saved = Ledger(tmp_path / "ledger.jsonl", signer=signer).append(approval())
    (envelope,) = envelopes(attest_approvals([saved], signer, POLICY, version="1").text)
    review = statement_of(envelope)["predicate"]["review"]
    assert envelope["signatures"][0]["keyid"] == review["reviewerKey"] == keyid_of(signer.public_key)
    assert review["ledgerSeq"] == 1 and review["ledgerHash"] == saved.hash
    if SSH_KEYGEN is not None:
        pub = tmp_path / "k.pub"
        pub.write_text(signer.public_key + "\n")
        printed = subprocess.run([SSH_KEYGEN, "-lf", str(pub)], capture_output=True, text=True, timeout=60, check=True)
        assert printed.stdout.split()[1] == review["reviewerKey"]


def test_a_key_that_is_not_ed25519_is_refused_with_a_sentence(tmp_path):
    path = tmp_path / "rsa_key"
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    path.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.OpenSSH, serialization.NoEncryption())
    )
    with pytest.raises(UsageError, match="needs an Ed25519 key, not ssh-rsa"):
        attest_approvals([approval()], load_signer(str(path)), POLICY, version="1")


@needs_openssh
def test_a_key_held_by_ssh_agent_signs_envelopes_that_verify(tmp_path, monkeypatch):
    with key_in_ssh_agent(tmp_path, monkeypatch) as public_key:
        signer = load_signer(str(public_key))
        assert signer.source.startswith("ssh-agent")
        envelope, verifier = _one(signer)
        Envelope.from_dict(copy.deepcopy(envelope)).verify([verifier], 1)
