#!/usr/bin/env python3
"""Accessibility checks for SVG files: title/desc, role and labelling, text as paths, text contrast."""
from __future__ import annotations

import argparse
import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

NS = "{http://www.w3.org/2000/svg}"


def luminance(hex_colour: str) -> float:
    h = hex_colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    rgb = [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def check(path: Path) -> list[dict]:
    out = []

    def add(rule: str, fix: str) -> None:
        out.append({"file": str(path), "rule": rule, "fix": fix})

    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        return [{"file": str(path), "rule": "parse-error", "fix": str(e)}]
    if root.get("aria-hidden") == "true":
        return out
    title = root.find(f"{NS}title")
    desc = root.find(f"{NS}desc")
    texts = list(root.iter(f"{NS}text"))
    shapes = sum(1 for el in root.iter() if el.tag.removeprefix(NS) in {"rect", "circle", "path", "line", "polygon"})
    if title is None or not (title.text or "").strip():
        add("missing-title", "add <title id=\"t\">short name</title> as the first child")
    if shapes > 8 and (desc is None or not (desc.text or "").strip()):
        add("missing-desc", "complex image: add <desc id=\"d\">what it shows</desc>")
    if root.get("role") != "img":
        add("missing-role", 'add role="img" to the <svg> element')
    if title is not None and not root.get("aria-labelledby"):
        add("not-labelled", 'add aria-labelledby="t d" (the ids of title and desc)')
    if not texts and shapes > 20 and (desc is None):
        add("text-as-paths", "if the image contains words drawn as paths, repeat them in <desc>")
    bg = next((r.get("fill") for r in root.iter(f"{NS}rect") if r.get("width") in ("100%", root.get("width")) or r.get("x") is None and r.get("y") is None), "#ffffff")
    for t in texts:
        fill = t.get("fill", "#000000")
        if fill.startswith("#") and bg and bg.startswith("#"):
            ratio = contrast(fill, bg)
            size = float((t.get("font-size") or "16").rstrip("px"))
            need = 3.0 if size >= 18.66 else 4.5
            if ratio < need:
                add("low-contrast", f"text '{(t.text or '').strip()[:20]}' has contrast {ratio:.1f}:1, needs {need}:1")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    files = []
    for p in map(Path, args.paths):
        files += sorted(p.rglob("*.svg")) if p.is_dir() else [p]
    findings = [f for path in files for f in check(path)]
    if args.json:
        json.dump(findings, sys.stdout, indent=2)
    else:
        for f in findings:
            print(f"{f['file']}: {f['rule']}: {f['fix']}")
        print(f"{len(files)} file(s), {len(findings)} finding(s)")
    return 1 if findings else 0


if __name__ == "__main__":
    raise SystemExit(main())
