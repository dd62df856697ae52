#!/usr/bin/env python3
import argparse
import base64
import binascii
import json
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--out", type=Path, default=Path("decoded"))
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    ok = 0
    for path in args.files:
        try:
            raw = base64.b64decode(path.read_text().strip(), validate=True)
            data = json.loads(raw)
        except (binascii.Error, json.JSONDecodeError, UnicodeDecodeError) as err:
            print(f"skip {path}: {err}")
            continue
        target = args.out / (path.stem + ".json")
        target.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")
        ok += 1
    print(f"decoded {ok}/{len(args.files)} fixtures into {args.out}")


if __name__ == "__main__":
    main()
