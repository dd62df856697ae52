#!/usr/bin/env python3
"""oasdiff.py OLD NEW: endpoints and schema fields added, removed, deprecated or changed between two OpenAPI docs."""

import sys

import yaml

METHODS = {"get", "put", "post", "delete", "patch", "head", "options"}


def ops(doc):
    out = {}
    for path, item in (doc.get("paths") or {}).items():
        for method, op in item.items():
            if method in METHODS:
                out[f"{method.upper()} {path}"] = op or {}
    return out


def props(doc):
    out = {}
    for name, schema in ((doc.get("components") or {}).get("schemas") or {}).items():
        for field, spec in (schema.get("properties") or {}).items():
            out[f"{name}.{field}"] = spec or {}
    return out


def main(old_path, new_path):
    old = yaml.safe_load(open(old_path, encoding="utf-8"))
    new = yaml.safe_load(open(new_path, encoding="utf-8"))
    o, n = ops(old), ops(new)
    print("## Endpoints")
    for k in sorted(n.keys() - o.keys()):
        print(f"added     {k}")
    for k in sorted(o.keys() - n.keys()):
        print(f"REMOVED   {k}   (breaking)")
    for k in sorted(o.keys() & n.keys()):
        if n[k].get("deprecated") and not o[k].get("deprecated"):
            print(f"deprecated {k}")
    po, pn = props(old), props(new)
    print("\n## Schema fields")
    for k in sorted(pn.keys() - po.keys()):
        print(f"added     {k}")
    for k in sorted(po.keys() - pn.keys()):
        print(f"REMOVED   {k}   (breaking)")
    for k in sorted(po.keys() & pn.keys()):
        if po[k].get("type") != pn[k].get("type"):
            print(f"CHANGED   {k}: {po[k].get('type')} -> {pn[k].get('type')}   (breaking)")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
