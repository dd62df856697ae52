#!/usr/bin/env python3
"""Extract text from PDF pages or merge PDFs (pypdf)."""

import argparse

from pypdf import PdfReader, PdfWriter


def pages(spec: str, count: int) -> range:
    first, _, last = spec.partition("-")
    return range(int(first) - 1, int(last or first) if last or first else count)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--pages", default="")
    parser.add_argument("--merge", action="store_true")
    parser.add_argument("-o", "--output", default="merged.pdf")
    args = parser.parse_args()
    if args.merge:
        writer = PdfWriter()
        for path in args.paths:
            writer.append(path)
        writer.write(args.output)
        return
    reader = PdfReader(args.paths[0])
    selected = pages(args.pages, len(reader.pages)) if args.pages else range(len(reader.pages))
    for index in selected:
        print(reader.pages[index].extract_text())


if __name__ == "__main__":
    main()
