"""fuzzy-dedupe: candidate duplicate pairs for human review."""

import argparse
import re
import sys

import jellyfish
import pandas as pd
from rapidfuzz import fuzz
from unidecode import unidecode

LEGAL = re.compile(r"\b(inc|ltd|llc|gmbh|sarl|bv|plc|co)\.?$", re.I)


def norm(value, strip_legal=False):
    text = unidecode(str(value or "")).lower().strip()
    text = re.sub(r"\s+", " ", text)
    return LEGAL.sub("", text).strip() if strip_legal else text


def score(a, b, phonetic):
    s = max(jellyfish.jaro_winkler_similarity(a, b), fuzz.token_sort_ratio(a, b) / 100)
    if phonetic and a and b and jellyfish.metaphone(a) == jellyfish.metaphone(b):
        s = max(s, 0.9)
    return s


def candidates(df, keys, threshold, phonetic, strip_legal):
    normed = {k: df[k].map(lambda v: norm(v, strip_legal)) for k in keys}
    # block on the first letter of the first key to avoid comparing everything with everything
    blocks = normed[keys[0]].str[:1].fillna("")
    for _, idx in df.groupby(blocks).groups.items():
        idx = list(idx)
        for i, a in enumerate(idx):
            for b in idx[i + 1 :]:
                scores = [score(normed[k][a], normed[k][b], phonetic) for k in keys]
                total = sum(scores) / len(scores)
                if total >= threshold:
                    yield a, b, round(total, 3), [k for k, s in zip(keys, scores) if s >= threshold]


def main(argv=None):
    ap = argparse.ArgumentParser(prog="fuzzy-dedupe")
    ap.add_argument("path")
    ap.add_argument("--key", required=True)
    ap.add_argument("--sheet")
    ap.add_argument("--threshold", type=float, default=0.92)
    ap.add_argument("--phonetic", action="store_true")
    ap.add_argument("--strip-legal", action="store_true")
    ap.add_argument("-o", "--out", default="review.xlsx")
    args = ap.parse_args(argv)
    df = pd.read_excel(args.path, sheet_name=args.sheet or 0) if args.path.endswith("xlsx") else pd.read_csv(args.path)
    keys = args.key.split(",")
    rows = []
    for a, b, s, matched in candidates(df, keys, args.threshold, args.phonetic, args.strip_legal):
        left = df.loc[a].add_prefix("a_")
        right = df.loc[b].add_prefix("b_")
        rows.append({**left, **right, "score": s, "matched": ",".join(matched), "decision": ""})
    pd.DataFrame(rows).to_excel(args.out, index=False)
    print(f"{len(rows)} candidate pairs -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
