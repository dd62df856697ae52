"""Check that a speed change left the behaviour analysers' verdicts alone.

    python benchmarks/compare_findings.py dump OUT.json [--root CHECKOUT] [--corpus NAME]...
    python benchmarks/compare_findings.py diff BEFORE.json AFTER.json

``dump`` runs ``analyse_skill`` in this process over every skill of the detection corpora (by default
``corpus``, ``corpus2`` and ``dev`` .. ``dev5``) and writes each finding (file, id, severity, line, column,
message) and each capability, per skill. ``--root`` imports skillscope from another checkout (a
``git worktree`` of HEAD with and without a patch), so one change can be compared alone while others
keep editing the analysers. ``diff`` prints what one dump has that the other lacks and exits 1 if any.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DETECTION = HERE / "detection"
CORPORA = ("corpus", "corpus2", "dev", "dev2", "dev3", "dev4", "dev5")


def _files(folder: Path) -> list[tuple[str, str]]:
    out = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        data = path.read_bytes()
        if b"\0" in data[:4096]:
            continue
        out.append((path.relative_to(folder).as_posix(), data.decode("utf-8", "replace")))
    return out


def dump(root: Path, corpora: list[str]) -> dict[str, Any]:
    sys.path.insert(0, str(root))
    from skillscope.audit.behavior.engine import SkillFileText, analyse_skill
    from skillscope.demo.publisher import parse_frontmatter

    result: dict[str, Any] = {}
    for corpus in corpora:
        for skill in sorted((DETECTION / corpus).iterdir()):
            if not (skill / "SKILL.md").is_file():
                continue
            files = [SkillFileText(path, text) for path, text in _files(skill)]
            page = next(text for path, text in _files(skill) if path == "SKILL.md")
            try:
                frontmatter = parse_frontmatter(page.encode())
            except Exception:  # a hostile frontmatter: the analysers still run
                frontmatter = {}
            analysis = analyse_skill(files, frontmatter if isinstance(frontmatter, dict) else {})
            result[f"{corpus}/{skill.name}"] = {
                "findings": sorted(
                    [path, h.id, h.severity or "", h.at.line or 0, h.at.column or 0, h.message]
                    for path, h in analysis.hits
                ),
                "capabilities": sorted(
                    [c.kind, c.target, c.path, c.line or 0, str(c.detail)] for c in analysis.capabilities
                ),
            }
    return result


def diff(before: dict[str, Any], after: dict[str, Any]) -> int:
    changed = 0
    for skill in sorted(set(before) | set(after)):
        for part in ("findings", "capabilities"):
            old = {json.dumps(x) for x in before.get(skill, {}).get(part, [])}
            new = {json.dumps(x) for x in after.get(skill, {}).get(part, [])}
            for gone in sorted(old - new):
                print(f"{skill} {part} - {gone}")
                changed += 1
            for came in sorted(new - old):
                print(f"{skill} {part} + {came}")
                changed += 1
    print(f"{len(before)} skills before, {len(after)} after; {changed} differences")
    return 1 if changed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("dump")
    d.add_argument("out", type=Path)
    d.add_argument("--root", type=Path, default=HERE.parent)
    d.add_argument("--corpus", action="append", default=[])
    c = sub.add_parser("diff")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    args = parser.parse_args(argv)
    if args.command == "dump":
        data = dump(args.root.resolve(), args.corpus or list(CORPORA))
        args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        return 0
    return diff(json.loads(args.before.read_text()), json.loads(args.after.read_text()))


if __name__ == "__main__":
    sys.exit(main())
