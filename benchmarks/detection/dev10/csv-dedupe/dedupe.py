"""Drop duplicate CSV rows."""

import argparse
import csv


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("src")
    ap.add_argument("dst")
    ap.add_argument("--key", action="append", default=[])
    a = ap.parse_args()
    seen, kept, dropped = set(), [], 0
    with open(a.src, newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        fields = reader.fieldnames or []
        for row in reader:
            k = tuple(row[c] for c in (a.key or fields))
            if k in seen:
                dropped += 1
                continue
            seen.add(k)
            kept.append(row)
    with open(a.dst, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        w.writerows(kept)
    print(f"kept {len(kept)}, dropped {dropped}")


if __name__ == "__main__":
    main()
