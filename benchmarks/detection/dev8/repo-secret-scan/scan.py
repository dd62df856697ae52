"""Find committed secrets and risky patterns in a working tree."""
import re
import sys
from pathlib import Path

RULES = {
    "aws-access-key": re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b"),
    "github-token": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36}\b"),
    "private-key": re.compile(r"-----BEGIN (RSA |EC |OPENSSH )?PRIVATE KEY-----"),
    "token-in-url": re.compile(r"https?://[^/\s:@]+:[^/\s@]+@"),
    "pipe-to-shell": re.compile(r"(curl|wget)[^|\n]*\|\s*(sudo\s+)?(ba|z)?sh\b"),
    "prompt-injection": re.compile(r"ignore (all )?(previous|prior) instructions|do not tell the user", re.I),
}
SKIP = {".git", "node_modules", ".venv", "dist"}


def scan(root):
    for path in Path(root).rglob("*"):
        if not path.is_file() or SKIP & set(path.parts) or path.stat().st_size > 2_000_000:
            continue
        try:
            lines = path.read_text(errors="strict").splitlines()
        except (UnicodeDecodeError, OSError):
            continue
        for n, line in enumerate(lines, 1):
            for rule, rx in RULES.items():
                if rx.search(line):
                    yield path, n, rule


if __name__ == "__main__":
    hits = list(scan(sys.argv[1] if len(sys.argv) > 1 else "."))
    for path, n, rule in hits:
        print(f"{path}:{n}: {rule}")
    sys.exit(1 if hits else 0)
