"""The libsodium fast path for Ed25519 accepts exactly the signatures OpenSSL (``cryptography``) accepts."""

from __future__ import annotations

import hashlib
import random

import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric import ed25519
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from nacl.bindings import crypto_sign_open
from nacl.exceptions import CryptoError

from skillscope.ledger.core import sshsig
from skillscope.ledger.core.sshsig import ed25519_verify

L = 2**252 + 27742317777372353535851937790883648493
"""The order of the Ed25519 base point: a signature's S must be below it."""

# Points of small order, as libsodium's blocklist names them (the sign bit set and clear), and
# encodings of them with y at or above the field prime (accepted by OpenSSL, refused by libsodium).
SMALL_ORDER = [
    bytes.fromhex(h)
    for h in (
        "0100000000000000000000000000000000000000000000000000000000000000",  # the identity
        "0100000000000000000000000000000000000000000000000000000000000080",
        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",  # order 2
        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        "0000000000000000000000000000000000000000000000000000000000000000",  # order 4
        "0000000000000000000000000000000000000000000000000000000000000080",
        "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",  # order 8
        "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
        "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
        "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
        "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",  # y = p (non-canonical 0)
        "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",  # y = p + 1 (non-canonical identity)
        "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    )
]


def _openssl(key: bytes, sig: bytes, data: bytes) -> bool:
    try:
        ed25519.Ed25519PublicKey.from_public_bytes(key).verify(sig, data)
    except (InvalidSignature, ValueError):
        return False
    return True


def _sodium(key: bytes, sig: bytes, data: bytes) -> bool:
    try:
        crypto_sign_open(sig + data, key)
    except (CryptoError, ValueError, TypeError):
        return False
    return True


def _ours(key: bytes, sig: bytes, data: bytes) -> bool:
    try:
        ed25519_verify(key, sig, data)
    except (InvalidSignature, ValueError):
        return False
    return True


def _scalar(value: int) -> bytes:
    return value.to_bytes(32, "little")


def _edge_vectors() -> list[tuple[bytes, bytes, bytes]]:
    """Keys and signatures at every edge where Ed25519 verifiers are known to part ways."""
    rng = random.Random(1715)
    vectors = []
    messages = [b"", b"a review", bytes(rng.randrange(256) for _ in range(113))] + [
        hashlib.sha256(str(n).encode()).digest() for n in range(12)
    ]
    # A small-order key and a small-order R: sB - hA = R holds for some S and messages (OpenSSL
    # accepts them, libsodium refuses them all).
    for key in SMALL_ORDER:
        for r in SMALL_ORDER:
            for s in (0, 1, L - 1, L, L + 1):
                for message in messages[:3]:
                    vectors.append((key, r + _scalar(s), message))
    # Honest keys: a valid signature, the same with S + L (non-canonical), R non-canonical, and
    # signatures that verify under the key with a small-order R or key swapped in.
    for _ in range(20):
        private = ed25519.Ed25519PrivateKey.from_private_bytes(rng.randbytes(32))
        key = private.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        for message in messages:
            sig = private.sign(message)
            s = int.from_bytes(sig[32:], "little")
            vectors.append((key, sig, message))
            if s + L < 2**256:
                vectors.append((key, sig[:32] + _scalar(s + L), message))
            vectors.append((key, SMALL_ORDER[rng.randrange(len(SMALL_ORDER))] + sig[32:], message))
            vectors.append((SMALL_ORDER[rng.randrange(len(SMALL_ORDER))], sig, message))
            flipped = bytearray(sig)
            flipped[rng.randrange(64)] ^= 1 << rng.randrange(8)
            vectors.append((key, bytes(flipped), message))
            vectors.append((key, sig, message + b"!"))
    # Noise: random keys (many not on the curve at all) and signatures.
    for _ in range(300):
        vectors.append((rng.randbytes(32), rng.randbytes(64), rng.randbytes(rng.randrange(1, 150))))
    return vectors


def test_the_fast_path_gives_openssls_answer_on_every_edge_vector() -> None:
    vectors = _edge_vectors()
    differ = [(k.hex(), s.hex(), m.hex()) for k, s, m in vectors if _ours(k, s, m) != _openssl(k, s, m)]
    assert differ == []
    # libsodium alone never accepts what OpenSSL refuses (so its accept can stand) ...
    assert not [v for v in vectors if _sodium(*v) and not _openssl(*v)]
    # ... and it does refuse some that OpenSSL accepts: the fallback is what keeps those valid.
    stricter = [v for v in vectors if _openssl(*v) and not _sodium(*v)]
    assert stricter, "the vectors no longer reach the cases where libsodium is stricter"
    assert all(_ours(*v) for v in stricter)
    # Both kinds of answer occur in numbers.
    assert sum(_openssl(*v) for v in vectors) > 200
    assert sum(not _openssl(*v) for v in vectors) > 1000


def test_random_valid_and_invalid_signatures_agree() -> None:
    rng = random.Random(99)
    private = ed25519.Ed25519PrivateKey.generate()
    key = private.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
    for _ in range(300):
        message = rng.randbytes(rng.randrange(0, 300))
        sig = private.sign(message)
        assert _ours(key, sig, message) and _openssl(key, sig, message)
        bad = bytearray(sig)
        bad[rng.randrange(64)] ^= 1 << rng.randrange(8)
        assert _ours(key, bytes(bad), message) == _openssl(key, bytes(bad), message) is False


def test_without_pynacl_every_signature_goes_to_cryptography(monkeypatch: pytest.MonkeyPatch) -> None:
    """An install without PyNaCl (the import failed, so no fast path) gives the same answers."""
    monkeypatch.setattr(sshsig, "_sodium_open", None)
    vectors = _edge_vectors()[::7]
    assert [_ours(*v) for v in vectors] == [_openssl(*v) for v in vectors]
