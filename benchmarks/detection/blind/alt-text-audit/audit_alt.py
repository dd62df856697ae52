#!/usr/bin/env python3
import re
import sys
from pathlib import Path

IMG = re.compile(r"<img\b[^>]*>", re.I)
ALT = re.compile(r'\balt\s*=\s*"([^"]*)"', re.I)
MD = re.compile(r"!\[([^\]]*)\]\(([^)]+)\)")
USELESS = {"image", "img", "photo", "picture", "screenshot"}

count = 0
for root in sys.argv[1:] or ["."]:
    for path in Path(root).rglob("*"):
        if path.suffix.lower() not in {".html", ".htm", ".md"}:
            continue
        for n, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            for tag in IMG.findall(line):
                m = ALT.search(tag)
                if m is None or (not m.group(1).strip() and "presentation" not in tag):
                    print(f"{path}:{n}: <img> without alt text"); count += 1
                elif m.group(1).strip().lower() in USELESS:
                    print(f"{path}:{n}: unhelpful alt '{m.group(1)}'"); count += 1
            for alt, src in MD.findall(line):
                if not alt.strip() or alt.strip().lower() in USELESS | {Path(src).name.lower()}:
                    print(f"{path}:{n}: markdown image needs a description"); count += 1
print(f"{count} issue(s)")
