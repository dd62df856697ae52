import re
import sys
from pathlib import Path

VERSION = re.compile(r'^version\s*=\s*"(\d+)\.(\d+)\.(\d+)(?:(a|b|rc)(\d+))?"', re.M)


def bump(parts, kind, pre=None):
    major, minor, patch = parts
    if kind == "major":
        major, minor, patch = major + 1, 0, 0
    elif kind == "minor":
        minor, patch = minor + 1, 0
    else:
        patch += 1
    return f"{major}.{minor}.{patch}" + (f"{pre}1" if pre else "")


def main():
    kind = sys.argv[1] if len(sys.argv) > 1 else "patch"
    pre = sys.argv[3] if len(sys.argv) > 3 and sys.argv[2] == "--pre" else None
    py = Path("pyproject.toml")
    text = py.read_text()
    m = VERSION.search(text)
    if not m:
        sys.exit("no version in pyproject.toml")
    new = bump(tuple(int(x) for x in m.groups()[:3]), kind, pre)
    py.write_text(VERSION.sub(f'version = "{new}"', text, count=1))
    print(new)
