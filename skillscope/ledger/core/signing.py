"""The reviewer's signing key: a key file, a key held by ssh-agent, or one made on first use."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import UnsupportedAlgorithm as UnsupportedAlgorithmError

from skillscope.core.errors import LocalFileError, UsageError
from skillscope.ledger.core.sshsig import SignatureError, agent_sign, agent_sign_raw, key_blob, sign_with_key

__all__ = ["Signer", "default_key_path", "load_signer", "local_public_key"]

KEY_ENV = "SKILLSCOPE_SIGNING_KEY"
DEFAULT_KEY_NAME = "signing_key"


@dataclass(frozen=True)
class Signer:
    """Signs review bytes as one SSH key."""

    public_key: str
    """The key as an OpenSSH public key line without comment (``ssh-ed25519 AAAA…``)."""
    source: str
    """Where the key came from, for messages."""
    _sign: Callable[[bytes], str]
    _sign_raw: Callable[[bytes], bytes] | None = None
    """A plain Ed25519 signature of the bytes given; None for a key of another type."""

    def sign(self, message: bytes) -> str:
        """The armored SSHSIG signature of ``message`` (namespace ``skillscope-review``).

        Raises:
            UsageError: the key or the agent could not sign.
        """
        try:
            return self._sign(message)
        except SignatureError as exc:
            raise UsageError(f"Cannot sign with {self.source}: {exc}") from None

    def sign_raw(self, data: bytes) -> bytes:
        """A plain Ed25519 signature (64 bytes) of ``data``, for a format whose signed bytes name it (DSSE's PAE).

        The same key signs reviews as SSHSIG, whose signed bytes start with ``SSHSIG``; bytes that
        start otherwise can never pass for a review's signature, nor a review's for them.

        Raises:
            UsageError: the key is not Ed25519, or the key or the agent could not sign.
        """
        if self._sign_raw is None:
            kind = self.public_key.split()[0]
            raise UsageError(f"Cannot sign with {self.source}: this needs an Ed25519 key, not {kind}")
        try:
            return self._sign_raw(data)
        except SignatureError as exc:
            raise UsageError(f"Cannot sign with {self.source}: {exc}") from None


def default_key_path() -> Path:
    """The ed25519 key made on first use, in the user data dir."""
    from skillscope.core.locations import user_data_dir

    return user_data_dir() / DEFAULT_KEY_NAME


def _configured(config_value: str | None) -> Path | None:
    value = os.environ.get(KEY_ENV) or config_value
    return Path(os.path.expandvars(value)).expanduser() if value else None


def _public_line(text: str) -> str:
    parts = text.split()
    return f"{parts[0]} {parts[1]}"


def load_signer(config_value: str | None = None) -> Signer:
    """The signer: ``SKILLSCOPE_SIGNING_KEY``, else the config's ``signing_key``, else the default key.

    A private key file signs directly; a public key file (``.pub``) names a key that
    ssh-agent holds. The default ed25519 key is created (mode 0600) on first use.

    Raises:
        UsageError: the named key cannot be read or used.
        LocalFileError: the default key does not exist and cannot be created (exit 5, like any
            local file skillscope cannot write).
    """
    path = _configured(config_value)
    if path is None:
        path = default_key_path()
        if not path.exists():
            _create_key(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise UsageError(f"Cannot read signing key {path}: {exc.strerror}") from None
    text = data.decode("utf-8", "replace").strip()
    if text.startswith(("ssh-", "ecdsa-", "sk-")) and "PRIVATE KEY" not in text:
        try:
            public = _public_line(text)
            blob = key_blob(public)
        except (SignatureError, IndexError):
            raise UsageError(f"Signing key {path} is not an OpenSSH public key") from None
        raw = (lambda data: agent_sign_raw(blob, data)) if public.startswith("ssh-ed25519 ") else None
        return Signer(public, f"ssh-agent key {path}", lambda message: agent_sign(blob, message), raw)
    from cryptography.hazmat.primitives import serialization

    try:
        key = serialization.load_ssh_private_key(data, password=None)
    except (ValueError, TypeError, UnsupportedAlgorithmError) as exc:
        # With no password given, cryptography raises TypeError for exactly one case: the key is encrypted.
        hint = (
            " (an encrypted key: add it to ssh-agent and name its .pub file instead)"
            if isinstance(exc, TypeError)
            else ""
        )
        raise UsageError(f"Signing key {path} cannot be used: {exc}{hint}") from None
    public = (
        key.public_key()
        .public_bytes(serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH)
        .decode("ascii")
    )
    from cryptography.hazmat.primitives.asymmetric import ed25519

    raw_key = key.sign if isinstance(key, ed25519.Ed25519PrivateKey) else None
    return Signer(_public_line(public), f"key file {path}", lambda message: sign_with_key(key, message), raw_key)


def local_public_key(config_value: str | None = None) -> str | None:
    """This machine's signing key as a public key line, without creating one (None when there is none)."""
    path = _configured(config_value) or default_key_path()
    if not path.exists():
        return None
    try:
        return load_signer(config_value).public_key
    except UsageError:
        return None


def _create_key(path: Path) -> None:
    """Make an ed25519 key at ``path`` (0600) atomically: a concurrent first use finds one key, whole.

    Deliberately not ``files.write_file``: that renames over an existing file, so two first
    uses at once would each sign with a key the other then replaced. A hard link from a
    finished temporary file fails when the key exists, so the first key made is the one kept.
    """
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ed25519

    from skillscope.core.files import write_file

    key = ed25519.Ed25519PrivateKey.generate()
    private = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.OpenSSH, serialization.NoEncryption()
    )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".key.", dir=path.parent)
        try:
            os.fchmod(fd, 0o600)
            os.write(fd, private)
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(tmp, path)  # fails if another process made the key first; that key is kept
        except FileExistsError:
            pass
        finally:
            os.unlink(tmp)
        pub = path.with_name(path.name + ".pub")
        if not pub.exists():
            write_file(pub, _public_of(path) + " skillscope\n")
    except OSError as exc:
        raise LocalFileError(f"Cannot create the signing key {path}: {exc.strerror}") from None
    except LocalFileError as exc:
        raise LocalFileError(f"Cannot create the signing key {path}: {exc.message}") from None


def _public_of(path: Path) -> str:
    """The public key line of the private key file at ``path``."""
    from cryptography.hazmat.primitives import serialization

    key = serialization.load_ssh_private_key(path.read_bytes(), password=None)
    return _public_line(
        key.public_key()
        .public_bytes(serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH)
        .decode("ascii")
    )
