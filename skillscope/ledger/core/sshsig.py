"""SSH signatures (the SSHSIG format of ``ssh-keygen -Y sign``): make, armor, parse and check them."""

from __future__ import annotations

import base64
import binascii
import functools
import hashlib
import os
import socket
import struct
from collections.abc import Callable
from dataclasses import dataclass

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, padding, rsa
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature, encode_dss_signature

_sodium_open: Callable[[bytes, bytes], bytes] | None
_SODIUM_REFUSES: tuple[type[Exception], ...] = (ValueError, TypeError)
try:  # libsodium checks an Ed25519 signature in half the time; without PyNaCl, ``cryptography`` checks them all
    from nacl.bindings import crypto_sign_open as _sodium_open
    from nacl.exceptions import CryptoError

    _SODIUM_REFUSES += (CryptoError,)
except ImportError:  # pragma: no cover - installed without PyNaCl
    _sodium_open = None

__all__ = [
    "NAMESPACE",
    "SignatureError",
    "SshSignature",
    "agent_sign",
    "agent_sign_raw",
    "armor",
    "ed25519_verify",
    "key_blob",
    "parse_signature",
    "sign_with_key",
    "signed_data",
    "verify_signature",
    "verify_signed_by",
]

NAMESPACE = "skillscope-review"
"""The SSHSIG namespace of every review signature (``-n skillscope-review``)."""

_MAGIC = b"SSHSIG"
_BEGIN = "-----BEGIN SSH SIGNATURE-----"
_END = "-----END SSH SIGNATURE-----"
_HASHES = {"sha256": hashlib.sha256, "sha512": hashlib.sha512}
_CURVES = {
    b"nistp256": (ec.SECP256R1(), hashes.SHA256()),
    b"nistp384": (ec.SECP384R1(), hashes.SHA384()),
    b"nistp521": (ec.SECP521R1(), hashes.SHA512()),
}
_AGENT_SIGN_REQUEST, _AGENT_SIGN_RESPONSE, _AGENT_RSA_SHA2_512 = 13, 14, 4


class SignatureError(ValueError):
    """A signature is malformed, for another namespace, or does not verify."""


@dataclass(frozen=True)
class SshSignature:
    """A parsed SSHSIG blob."""

    public_key: bytes
    """The signer's public key blob (as in an OpenSSH public key line, decoded)."""
    namespace: str
    hash_algorithm: str
    signature: bytes
    """The inner signature blob: string(algorithm) string(raw signature)."""


def _string(data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + data


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def raw(self, n: int) -> bytes:
        at = self.at
        if at + n > len(self.data):
            raise SignatureError("the signature is truncated")
        self.at = at + n
        return self.data[at : at + n]

    def uint32(self) -> int:
        return int.from_bytes(self.raw(4), "big")

    def string(self) -> bytes:
        # Every signature check reads a dozen of these: the length and the bytes in one step.
        data, at = self.data, self.at
        if at + 4 > len(data):
            raise SignatureError("the signature is truncated")
        end = at + 4 + int.from_bytes(data[at : at + 4], "big")
        if end > len(data):
            raise SignatureError("the signature is truncated")
        self.at = end
        return data[at + 4 : end]

    def mpint(self) -> int:
        return int.from_bytes(self.string(), "big", signed=True)


@functools.lru_cache(maxsize=256)
def _ed25519_key(raw: bytes) -> ed25519.Ed25519PublicKey:
    """A reviewer's key, loaded once: a ledger holds many reviews by few keys."""
    return ed25519.Ed25519PublicKey.from_public_bytes(raw)


def ed25519_verify(raw_key: bytes, signature: bytes, data: bytes) -> None:
    """Check a raw Ed25519 signature; accepts exactly what ``cryptography`` (OpenSSL) accepts.

    libsodium is tried first: it computes the same check as OpenSSL (cofactorless, S below the
    group order) and refuses more (small-order or non-canonical keys and R), so what it accepts
    OpenSSL accepts too; what it refuses, OpenSSL decides (a rare, honest but odd signature still
    passes). ``tests/ledger/test_ed25519_paths.py`` holds both to the same answers.

    Raises:
        InvalidSignature: it does not verify.
        ValueError: the key is not 32 bytes.
    """
    if _sodium_open is not None and len(raw_key) == 32 and len(signature) == 64:
        try:
            _sodium_open(signature + data, raw_key)
            return
        except _SODIUM_REFUSES:
            pass
    _ed25519_key(raw_key).verify(signature, data)


@functools.lru_cache(maxsize=256)
def key_blob(public_key_line: str) -> bytes:
    """The key blob of an OpenSSH public key line (``ssh-ed25519 AAAA… comment``).

    Raises:
        SignatureError: the line is not an OpenSSH public key.
    """
    parts = public_key_line.split()
    if len(parts) < 2:
        raise SignatureError("not an OpenSSH public key line")
    try:
        blob = base64.b64decode(parts[1], validate=True)
    except ValueError:
        raise SignatureError("the public key is not valid base64") from None
    if _Reader(blob).string().decode("ascii", "replace") != parts[0]:
        raise SignatureError("the public key's type does not match its blob")
    return blob


def signed_data(message: bytes, *, namespace: str = NAMESPACE, hash_algorithm: str = "sha512") -> bytes:
    """The bytes an SSHSIG signature actually signs: magic, namespace and the message's hash."""
    digest = _HASHES[hash_algorithm](message).digest()
    return _MAGIC + _string(namespace.encode()) + _string(b"") + _string(hash_algorithm.encode()) + _string(digest)


def armor(
    public_blob: bytes, inner_signature: bytes, *, namespace: str = NAMESPACE, hash_algorithm: str = "sha512"
) -> str:
    """Wrap a signature in the armored SSHSIG text ``ssh-keygen -Y verify`` reads."""
    blob = (
        _MAGIC
        + struct.pack(">I", 1)
        + _string(public_blob)
        + _string(namespace.encode())
        + _string(b"")
        + _string(hash_algorithm.encode())
        + _string(inner_signature)
    )
    text = base64.b64encode(blob).decode("ascii")
    body = "\n".join(text[i : i + 70] for i in range(0, len(text), 70))
    return f"{_BEGIN}\n{body}\n{_END}\n"


def parse_signature(armored: str) -> SshSignature:
    """Parse armored SSHSIG text.

    Raises:
        SignatureError: it is not an SSHSIG signature of version 1.
    """
    text = armored.strip()
    if not (text.startswith(_BEGIN) and text.endswith(_END)):
        raise SignatureError("not an armored SSH signature")
    try:
        blob = base64.b64decode("".join(text[len(_BEGIN) : -len(_END)].split()), validate=True)
    except ValueError:
        raise SignatureError("the signature is not valid base64") from None
    reader = _Reader(blob)
    if reader.raw(6) != _MAGIC or reader.uint32() != 1:
        raise SignatureError("not an SSHSIG version 1 signature")
    public, namespace, _reserved, algorithm, inner = (reader.string() for _ in range(5))
    if reader.at != len(blob):
        raise SignatureError("trailing bytes after the signature")
    return SshSignature(public, namespace.decode("utf-8", "replace"), algorithm.decode("ascii", "replace"), inner)


def verify_signature(armored: str, message: bytes, *, namespace: str = NAMESPACE) -> bytes:
    """Check an armored SSHSIG signature over ``message``; returns the signer's public key blob.

    Ed25519, RSA (SHA-2) and ECDSA (NIST curves) keys are checked.

    Raises:
        SignatureError: malformed, another namespace, an unsupported key, or it does not verify.
    """
    sig = parse_signature(armored)
    if sig.namespace != namespace:
        raise SignatureError(f"the signature is for namespace {sig.namespace!r}, not {namespace!r}")
    if sig.hash_algorithm not in _HASHES:
        raise SignatureError(f"unsupported hash {sig.hash_algorithm!r}")
    data = signed_data(message, namespace=namespace, hash_algorithm=sig.hash_algorithm)
    key = _Reader(sig.public_key)
    key_type = key.string()
    inner = _Reader(sig.signature)
    sig_type, raw = inner.string(), inner.string()
    try:
        if key_type == b"ssh-ed25519" and sig_type == b"ssh-ed25519":
            ed25519_verify(key.string(), raw, data)
        elif key_type == b"ssh-rsa" and sig_type in (b"rsa-sha2-512", b"rsa-sha2-256"):
            e, n = key.mpint(), key.mpint()
            algorithm: hashes.HashAlgorithm = hashes.SHA512() if sig_type == b"rsa-sha2-512" else hashes.SHA256()
            rsa.RSAPublicNumbers(e, n).public_key().verify(raw, data, padding.PKCS1v15(), algorithm)
        elif key_type.startswith(b"ecdsa-sha2-") and sig_type == key_type:
            curve_name = key.string()
            if curve_name not in _CURVES:
                raise SignatureError("unsupported ECDSA curve")
            curve, algorithm = _CURVES[curve_name]
            point = ec.EllipticCurvePublicKey.from_encoded_point(curve, key.string())
            parts = _Reader(raw)
            point.verify(encode_dss_signature(parts.mpint(), parts.mpint()), data, ec.ECDSA(algorithm))
        else:
            raise SignatureError(f"unsupported key or signature type {key_type.decode('ascii', 'replace')}")
    except InvalidSignature:
        raise SignatureError(
            "the signature does not verify (the review was changed or signed by another key)"
        ) from None
    except (ValueError, TypeError) as exc:
        if isinstance(exc, SignatureError):
            raise
        raise SignatureError(f"the signer's key is malformed ({exc})") from None
    return sig.public_key


@functools.lru_cache(maxsize=64)
def _ed25519_layout(public_key_line: str) -> tuple[bytes, bytes] | None:
    """(every byte of the writer's SSHSIG blob but the raw signature, the raw key) for an Ed25519 key line.

    A signature made by this key over the review namespace with SHA-512, as ``sign_with_key`` and
    ssh-agent make one, differs from another such signature only in its last 64 bytes.
    """
    try:
        blob = key_blob(public_key_line)
        reader = _Reader(blob)
        if reader.string() != b"ssh-ed25519":
            return None
        raw = reader.string()
        if reader.at != len(blob) or len(raw) != 32:
            return None
        _ed25519_key(raw)
    except (SignatureError, ValueError):
        return None
    head = (
        _MAGIC
        + struct.pack(">I", 1)
        + _string(blob)
        + _string(NAMESPACE.encode())
        + _string(b"")
        + _string(b"sha512")
        + struct.pack(">I", 4 + 11 + 4 + 64)
        + _string(b"ssh-ed25519")
        + struct.pack(">I", 64)
    )
    return head, raw


_SIGNED_HEAD = _MAGIC + _string(NAMESPACE.encode()) + _string(b"") + _string(b"sha512") + struct.pack(">I", 64)
"""What ``signed_data`` puts before the SHA-512 of a review."""


def verify_signed_by(armored: str, message: bytes, public_key_line: str) -> None:
    """Check that ``armored`` is a review signature over ``message`` made by the key ``public_key_line``.

    A ledger's first read checks one per line: a signature laid out as the writer lays it out
    (Ed25519, SHA-512, the armor's 70-column lines) is read by slicing the blob at the places
    its layout fixes; any other is parsed in full by ``verify_signature``. Both accept exactly
    the same signatures.

    Raises:
        SignatureError: malformed, another namespace or key, or it does not verify.
    """
    layout = _ed25519_layout(public_key_line)
    if layout is not None and armored.startswith(_BEGIN + "\n") and armored.endswith("\n" + _END + "\n"):
        head, key = layout
        try:
            # Strict base64 (refused: any other character, data after the padding): what it refuses, the full parse judges.
            blob = binascii.a2b_base64(armored[len(_BEGIN) + 1 : -len(_END) - 2].replace("\n", ""), strict_mode=True)
        except (ValueError, binascii.Error):
            blob = b""
        if len(blob) == len(head) + 64 and blob.startswith(head):
            try:
                ed25519_verify(key, blob[-64:], _SIGNED_HEAD + hashlib.sha512(message).digest())
            except InvalidSignature:
                raise SignatureError(
                    "the signature does not verify (the review was changed or signed by another key)"
                ) from None
            return
    if verify_signature(armored, message) != key_blob(public_key_line):
        raise SignatureError("the signature was made by another key than the record names")


def sign_with_key(private_key: object, message: bytes, *, namespace: str = NAMESPACE) -> str:
    """Sign ``message`` with a private key object from ``cryptography``; returns armored text."""
    from cryptography.hazmat.primitives import serialization

    public_line = (
        private_key.public_key()  # type: ignore[attr-defined]
        .public_bytes(serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH)
        .decode("ascii")
    )
    public = key_blob(public_line)
    data = signed_data(message, namespace=namespace)
    if isinstance(private_key, ed25519.Ed25519PrivateKey):
        inner = _string(b"ssh-ed25519") + _string(private_key.sign(data))
    elif isinstance(private_key, rsa.RSAPrivateKey):
        inner = _string(b"rsa-sha2-512") + _string(private_key.sign(data, padding.PKCS1v15(), hashes.SHA512()))
    elif isinstance(private_key, ec.EllipticCurvePrivateKey):
        key_type = _Reader(public).string()
        curve, algorithm = _CURVES[_Reader(public[4 + len(key_type) :]).string()]
        r, s = decode_dss_signature(private_key.sign(data, ec.ECDSA(algorithm)))
        inner = _string(key_type) + _string(_string(_mpint(r)) + _string(_mpint(s)))
    else:
        raise SignatureError(f"unsupported private key type {type(private_key).__name__}")
    return armor(public, inner, namespace=namespace)


def _mpint(value: int) -> bytes:
    if value == 0:
        return b""
    raw = value.to_bytes((value.bit_length() + 7) // 8, "big")
    return b"\x00" + raw if raw[0] & 0x80 else raw


def agent_sign(
    public_blob: bytes, message: bytes, *, namespace: str = NAMESPACE, socket_path: str | None = None
) -> str:
    """Ask the ssh-agent at ``SSH_AUTH_SOCK`` to sign ``message`` with the key ``public_blob``.

    Raises:
        SignatureError: no agent, the agent lacks the key, or it refused.
    """
    inner = _agent_sign_data(public_blob, signed_data(message, namespace=namespace), socket_path)
    return armor(public_blob, inner, namespace=namespace)


def agent_sign_raw(public_blob: bytes, data: bytes, *, socket_path: str | None = None) -> bytes:
    """The agent's plain Ed25519 signature of ``data`` (64 bytes), for formats that separate domains themselves.

    Raises:
        SignatureError: no agent, the agent lacks the key or refused, or the key is not Ed25519.
    """
    if _Reader(public_blob).string() != b"ssh-ed25519":
        raise SignatureError("only an Ed25519 key signs raw data here")
    reader = _Reader(_agent_sign_data(public_blob, data, socket_path))
    algorithm, signature = reader.string(), reader.string()
    if algorithm != b"ssh-ed25519" or len(signature) != 64:
        raise SignatureError("ssh-agent answered with something other than an Ed25519 signature")
    return signature


def _agent_sign_data(public_blob: bytes, data: bytes, socket_path: str | None) -> bytes:
    """The agent's signature blob (``string(algorithm) string(signature)``) over exactly ``data``."""
    path = socket_path or os.environ.get("SSH_AUTH_SOCK")
    if not path:
        raise SignatureError("no ssh-agent (SSH_AUTH_SOCK is not set)")
    key_type = _Reader(public_blob).string()
    flags = _AGENT_RSA_SHA2_512 if key_type == b"ssh-rsa" else 0
    request = bytes([_AGENT_SIGN_REQUEST]) + _string(public_blob) + _string(data) + struct.pack(">I", flags)
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(30)
            sock.connect(path)
            sock.sendall(_string(request))
            header = _recv_exactly(sock, 4)
            reply = _recv_exactly(sock, struct.unpack(">I", header)[0])
    except OSError as exc:
        raise SignatureError(f"cannot talk to ssh-agent at {path}: {exc.strerror or exc}") from None
    if not reply or reply[0] != _AGENT_SIGN_RESPONSE:
        raise SignatureError("ssh-agent refused to sign (is the key added? `ssh-add -l`)")
    return _Reader(reply[1:]).string()


def _recv_exactly(sock: socket.socket, n: int) -> bytes:
    chunks, left = [], n
    while left:
        chunk = sock.recv(left)
        if not chunk:
            raise OSError(0, "the agent closed the connection")
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)
