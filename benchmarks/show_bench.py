"""Show benchmark: how long a verified 15 MiB file takes to reach the screen, source and rendered.

    python benchmarks/show_bench.py [--mib 15]

Prints numbers; the target is a few seconds at most for each view (views are cut after
5,000 lines or 512 KiB with a note; --raw and --json still carry every byte).
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rich.console import Console

from skillscope.verify.filekind import read_as
from skillscope.views import binary_view, rendered_view, source_view


def _timed(label: str, build: object) -> None:
    console = Console(file=io.StringIO(), width=120, markup=False, emoji=False, highlight=False)
    start = time.perf_counter()
    renderable = build()  # type: ignore[operator]
    console.print(renderable)
    elapsed = time.perf_counter() - start
    print(f"{label:<48} {elapsed:7.2f} s  ({len(console.file.getvalue()):,} characters drawn)")  # type: ignore[attr-defined]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mib", type=float, default=15.0)
    args = parser.parse_args()
    size = int(args.mib * 1024 * 1024)
    line = "Use `tool --flag` on each 😀 row; see [docs](https://docs.example.org) <!-- note -->\n"
    markdown = ("---\nname: big\ndescription: d\n---\n" + line * (size // len(line.encode()) + 1)).encode()[:size]
    script = (b"#!/bin/sh\necho step\n" * (size // 20 + 1))[:size]
    binary = (b"\x7fELF" + bytes(range(256)) * (size // 256 + 1))[:size]
    print(f"files of {size:,} bytes")
    start = time.perf_counter()
    text = read_as(markdown, "SKILL.md").text
    print(f"{'decode and classify (text or binary)':<48} {time.perf_counter() - start:7.2f} s")
    _timed("SKILL.md source view (markdown colours)", lambda: source_view(text, lexer="markdown"))
    _timed("SKILL.md rendered view + hidden panel", lambda: rendered_view(text)[0])
    _timed(
        "script source view (bash colours)", lambda: source_view(read_as(script, "scripts/run.sh").text, lexer="bash")
    )
    _timed("binary: hex + printable strings", lambda: binary_view(binary, read_as(binary, "assets/tool")))


if __name__ == "__main__":
    main()
