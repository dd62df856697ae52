#!/usr/bin/env python3
import argparse
import getpass
import os
import subprocess
from pathlib import Path


def escape(value):
    return value.replace("\\", "\\\\").replace(":", "\\:")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--host", required=True)
    p.add_argument("--port", default="5432")
    p.add_argument("--db", required=True)
    p.add_argument("--user", required=True)
    a = p.parse_args()
    password = getpass.getpass(f"password for {a.user}@{a.host}: ")
    entry = ":".join(escape(v) for v in (a.host, a.port, a.db, a.user, password))
    pgpass = Path.home() / ".pgpass"
    lines = pgpass.read_text().splitlines() if pgpass.exists() else []
    prefix = ":".join(escape(v) for v in (a.host, a.port, a.db, a.user)) + ":"
    lines = [l for l in lines if not l.startswith(prefix)] + [entry]
    pgpass.write_text("\n".join(lines) + "\n")
    os.chmod(pgpass, 0o600)
    subprocess.run(["psql", "-h", a.host, "-p", a.port, "-U", a.user, "-d", a.db, "-c", "select 1"], check=False)


if __name__ == "__main__":
    main()
