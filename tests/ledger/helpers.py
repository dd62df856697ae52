"""Small builders for ledger tests, and a child process that appends for crash tests."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from skillscope.ledger.core.record import GENESIS, FileEntry, Record, encode_line
from skillscope.ledger.core.signing import load_signer
from skillscope.ledger.core.store import Ledger

SSH_KEYGEN = shutil.which("ssh-keygen")
needs_openssh = pytest.mark.skipif(
    SSH_KEYGEN is None, reason="openssh-client is not installed (scripts/test.sh installs it)"
)


@contextlib.contextmanager
def key_in_ssh_agent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh Ed25519 key held only by a real ``ssh-agent`` (``SSH_AUTH_SOCK`` set); yields its public key's path."""
    key = tmp_path / "agent_key"
    subprocess.run(
        [SSH_KEYGEN or "ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True, timeout=60
    )
    sock = tmp_path / "agent.sock"
    agent = subprocess.Popen(
        [shutil.which("ssh-agent") or "ssh-agent", "-D", "-a", str(sock)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 300
        while not sock.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        env = {**os.environ, "SSH_AUTH_SOCK": str(sock)}
        add = shutil.which("ssh-add") or "ssh-add"
        subprocess.run([add, str(key)], env=env, check=True, capture_output=True, timeout=30)
        key.unlink()  # only the agent holds the private half now
        monkeypatch.setenv("SSH_AUTH_SOCK", str(sock))
        yield tmp_path / "agent_key.pub"
    finally:
        agent.send_signal(signal.SIGTERM)
        agent.wait(timeout=60)


def record(
    name: str = "srv:pdf-processing",
    action: str = "approve",
    fingerprint: str | None = "sha256:" + "1" * 64,
    n: int = 0,
) -> Record:
    return Record(
        action=action,  # type: ignore[arg-type]
        time=f"2026-11-30T06:00:{n % 60:02d}Z",
        reviewer="Ada Reviewer <ada@example.com>",
        name=name,
        note=f"note {n}",
        label=name.split(":")[0],
        server="https://skills.example.com/mcp",
        protocol="2026-07-28",
        uri=f"skill://{name.split(':', 1)[1]}/SKILL.md",
        fingerprint=fingerprint,
        files=(FileEntry(f"skill://{name.split(':', 1)[1]}/SKILL.md", "sha256:" + "2" * 64, 120),),
        tool="skillscope test",
    )


def signed_ledger(path) -> Ledger:
    """A ledger whose appends are signed with this user's default key (made on first use)."""
    return Ledger(path, signer=load_signer())


def write_chained(path: Path, count: int, names: int) -> list[bytes]:
    """``count`` signed, chained records under ``names`` names (approvals, rejections and revocations), written
    straight to ``path`` without the appender's lock and checks; the lines as written."""
    signer = Ledger(path, signer=load_signer())
    prev, lines = GENESIS, []
    for n in range(count):
        action = ("approve", "approve", "reject", "approve", "revoke")[n % 5]
        rec = signer.sign(record(name=f"srv:skill-{n % names}", action=action, fingerprint=f"sha256:{n:064x}", n=n))
        line, prev = encode_line(replace(rec, seq=n + 1, prev=prev))
        lines.append(line.encode())
    path.write_bytes(b"".join(lines))
    return lines


def append_forever(path: str, tag: str) -> None:
    """Append signed records until killed, printing each acknowledged seq number (crash tests)."""
    ledger = signed_ledger(path)
    n = 0
    while True:
        saved = ledger.append(record(name=f"srv:{tag}-{n % 7}", n=n))
        print(f"{tag} {saved.seq} {saved.hash}", flush=True)
        n += 1


def append_many(path: str, tag: str, count: int) -> None:
    """Append ``count`` signed records and print their hashes (concurrency tests)."""
    ledger = signed_ledger(path)
    for n in range(count):
        saved = ledger.append(record(name=f"srv:{tag}-{n}", n=n))
        print(saved.hash, flush=True)


if __name__ == "__main__":
    mode, path, tag, *rest = sys.argv[1:]
    if mode == "forever":
        append_forever(path, tag)
    elif mode == "many":
        append_many(path, tag, int(rest[0]))
    elif mode == "fsize":
        import resource
        import signal

        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (int(rest[0]), int(rest[0])))
        from skillscope.core.errors import LedgerError

        ledger = signed_ledger(path)
        try:
            for n in range(1000):
                saved = ledger.append(record(n=n))
                print(f"ok {saved.seq}", flush=True)
        except LedgerError as exc:
            print(f"error {exc.message}", flush=True)
