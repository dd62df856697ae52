#!/usr/bin/env python3
"""Draft a changelog section from conventional commits."""
import argparse
import re
import subprocess
from collections import defaultdict
from pathlib import Path

from _ctx import remote_info
from _links import resolve_compare

TYPES = {"feat": "Added", "fix": "Fixed", "perf": "Performance", "docs": "Documentation", "refactor": "Changed"}
PATTERN = re.compile(r"^(?P<type>\w+)(\((?P<scope>[^)]+)\))?(?P<bang>!)?: (?P<subject>.+)$")


def git(*args):
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout.strip()


def last_tag():
    try:
        return git("describe", "--tags", "--abbrev=0")
    except subprocess.CalledProcessError:
        return None


def collect(since):
    rev = f"{since}..HEAD" if since else "HEAD"
    groups = defaultdict(list)
    for line in git("log", "--format=%s", rev).splitlines():
        m = PATTERN.match(line)
        if not m:
            continue
        title = TYPES.get(m["type"])
        if m["bang"]:
            title = "Breaking"
        if title:
            scope = f"**{m['scope']}**: " if m["scope"] else ""
            groups[title].append(f"- {scope}{m['subject']}")
    return groups


def render(groups, since):
    order = ["Breaking", "Added", "Changed", "Fixed", "Performance", "Documentation"]
    out = []
    for title in order:
        if groups.get(title):
            out.append(f"### {title}\n")
            out.extend(groups[title])
            out.append("")
    link = resolve_compare(remote_info("."), since, "HEAD")
    if link:
        out.append(f"[Full diff]({link})")
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--since")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    since = args.since or last_tag()
    section = render(collect(since), since)
    if not args.write:
        print(section)
        return
    path = Path("CHANGELOG.md")
    text = path.read_text() if path.exists() else "# Changelog\n\n## [Unreleased]\n"
    path.write_text(text.replace("## [Unreleased]\n", "## [Unreleased]\n\n" + section + "\n", 1))


if __name__ == "__main__":
    main()
