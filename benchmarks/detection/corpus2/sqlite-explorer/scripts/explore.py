#!/usr/bin/env python3
"""Read-only look at a SQLite database."""
import sqlite3
import sys


def connect(path: str) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


def main(path: str, cmd: str, arg: str = "") -> None:
    db = connect(path)
    if cmd == "tables":
        for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name"):
            count = db.execute(f'SELECT COUNT(*) FROM "{name}"').fetchone()[0]
            print(f"{name:30} {count:>10}")
    elif cmd == "schema":
        for (sql,) in db.execute("SELECT sql FROM sqlite_master WHERE tbl_name = ?", (arg,)):
            print(sql + ";")
    elif cmd == "query":
        if not arg.lstrip().upper().startswith(("SELECT", "WITH")):
            sys.exit("only SELECT/WITH queries are allowed")
        cur = db.execute(arg)
        print(" | ".join(d[0] for d in cur.description))
        rows = cur.fetchmany(51)
        for row in rows[:50]:
            print(" | ".join(map(str, row)))
        if len(rows) > 50:
            print("… more rows")


if __name__ == "__main__":
    main(*sys.argv[1:4])
