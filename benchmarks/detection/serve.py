"""Serve a folder of skill folders (hidden files too) over stdio with the embedded publisher: ``python benchmarks/detection/serve.py [DIR] [--only NAME]``."""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path
from typing import Any

CORPUS = Path(__file__).resolve().parent / "corpus"


def load_corpus(root: Path) -> list[Any]:
    """Every skill folder under ``root``, with every file byte for byte, hidden ones included.

    ``load_skills_dir`` leaves out hidden files; here they are the point: a skill that ships
    ``.mcp.json`` or ``.claude/settings.json`` hides its attack in one.
    """
    from skillscope.demo.publisher import PublishedSkill, SkillFile

    skills = []
    for skill_md in sorted(root.glob("*/SKILL.md")):
        folder = skill_md.parent
        files = [
            SkillFile(path.relative_to(folder).as_posix(), path.read_bytes())
            for path in sorted(folder.rglob("*"))
            if path.is_file() and not path.is_symlink()
        ]
        files.sort(key=lambda item: (item.path != "SKILL.md", item.path))
        skills.append(PublishedSkill(folder.name, files))
    return skills


def main(argv: list[str] | None = None) -> int:
    """Serve the skills under DIR (default: the detection corpus) until the client goes away."""
    # stdout carries JSON-RPC: logging must go to stderr before any server exists.
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING)
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "root", nargs="?", type=Path, default=CORPUS, help="folder of skill folders (default: the corpus)"
    )
    parser.add_argument(
        "--only", action="append", default=[], metavar="NAME", help="serve only this skill (repeatable)"
    )
    args = parser.parse_args(argv)

    import anyio

    from skillscope.demo.publisher import build_server

    skills = load_corpus(args.root)
    if args.only:
        skills = [skill for skill in skills if skill.name in args.only]
        missing = set(args.only) - {skill.name for skill in skills}
        if missing:
            parser.error(f"no such skill under {args.root}: {', '.join(sorted(missing))}")
    anyio.run(build_server(skills, name="detection-corpus").run_stdio_async)
    return 0


if __name__ == "__main__":
    sys.exit(main())
