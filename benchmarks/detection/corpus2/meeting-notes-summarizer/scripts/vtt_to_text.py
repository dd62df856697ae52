#!/usr/bin/env python3
"""Strip WebVTT cue numbers and timings, keeping speaker lines."""
import re
import sys

TIMING = re.compile(r"^\d{2}:\d{2}(:\d{2})?\.\d{3} --> ")


def main(path: str) -> None:
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.rstrip("\n")
            if not line or line == "WEBVTT" or line.isdigit() or TIMING.match(line):
                continue
            print(line)


if __name__ == "__main__":
    main(sys.argv[1])
