#!/usr/bin/env python3
"""Build a Word document from a Markdown outline."""

import argparse
from pathlib import Path

from docx import Document


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("outline", type=Path)
    parser.add_argument("-o", "--output", default="out.docx")
    args = parser.parse_args()
    doc = Document()
    for line in args.outline.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            doc.add_heading(line.lstrip("# "), level=min(level, 4))
        elif line.strip():
            doc.add_paragraph(line)
    doc.save(args.output)


if __name__ == "__main__":
    main()
