#!/usr/bin/env python3
"""Convert a box-and-arrow SVG diagram into a Mermaid flowchart."""
from __future__ import annotations

import argparse
import math
import re
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "node"


def num(el: ET.Element, name: str) -> float:
    return float(el.get(name, "0") or 0)


class Node:
    def __init__(self, label: str, x: float, y: float, w: float, h: float, rx: float, group: str | None):
        self.label, self.group = label, group
        self.box = (x, y, x + w, y + h)
        self.id = slug(label)
        self.shape = "db" if rx >= h / 2 - 1 else "queue" if "event" in label.lower() or "queue" in label.lower() else "box"

    def centre(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box
        return (x0 + x1) / 2, (y0 + y1) / 2

    def contains(self, x: float, y: float, pad: float = 6) -> bool:
        x0, y0, x1, y1 = self.box
        return x0 - pad <= x <= x1 + pad and y0 - pad <= y <= y1 + pad

    def render(self) -> str:
        return {"db": f"{self.id}[({self.label})]", "queue": f"{self.id}>{self.label}]"}.get(self.shape, f"{self.id}[{self.label}]")


def parse(path: str):
    root = ET.parse(path).getroot()
    texts = [(t.text or "", num(t, "x"), num(t, "y")) for t in root.iter(f"{NS}text")]
    nodes, groups = [], {}

    def walk(el: ET.Element, group: str | None):
        for child in el:
            tag = child.tag.removeprefix(NS)
            if tag == "g":
                title = child.find(f"{NS}title")
                name = title.text if title is not None else None
                if name:
                    groups[slug(name)] = name
                walk(child, slug(name) if name else group)
            elif tag == "rect":
                x, y, w, h = num(child, "x"), num(child, "y"), num(child, "width"), num(child, "height")
                inside = [t for t in texts if x <= t[1] <= x + w and y <= t[2] <= y + h]
                if inside:
                    nodes.append(Node(inside[0][0], x, y, w, h, num(child, "rx"), group))

    walk(root, None)
    labels_in_nodes = {n.label for n in nodes}
    free_labels = [t for t in texts if t[0] not in labels_in_nodes]
    edges, unplaced = [], []
    for line in root.iter(f"{NS}line"):
        a = (num(line, "x1"), num(line, "y1"))
        b = (num(line, "x2"), num(line, "y2"))
        src = next((n for n in nodes if n.contains(*a)), None)
        dst = next((n for n in nodes if n.contains(*b)), None)
        if not src or not dst:
            unplaced.append(f"line {a}->{b}")
            continue
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        near = min(free_labels, key=lambda t: math.dist(mid, t[1:]), default=None)
        label = near[0] if near and math.dist(mid, near[1:]) < 40 else None
        edges.append((src.id, dst.id, label))
    return nodes, groups, edges, unplaced


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("svg")
    ap.add_argument("--direction", default="LR", choices=["LR", "RL", "TB", "BT"])
    ap.add_argument("--md", action="store_true", help="wrap in a ```mermaid fence")
    args = ap.parse_args()

    nodes, groups, edges, unplaced = parse(args.svg)
    out = [f"flowchart {args.direction}"]
    for gid, name in groups.items():
        members = [n for n in nodes if n.group == gid]
        if members:
            out.append(f"  subgraph {gid}[{name}]")
            out += [f"    {n.render()}" for n in members]
            out.append("  end")
    out += [f"  {n.render()}" for n in nodes if n.group is None]
    out += [f"  {s} -->|{l}| {d}" if l else f"  {s} --> {d}" for s, d, l in edges]
    text = "\n".join(out)
    print(f"```mermaid\n{text}\n```" if args.md else text)
    for item in unplaced:
        print(f"could not place {item}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
