"""Small builders for ledger tests, and a child process that appends for crash tests."""

from __future__ import annotations

import sys

from skillscope.ledger.record import FileEntry, Record
from skillscope.ledger.signing import load_signer
from skillscope.ledger.store import Ledger


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
