#!/usr/bin/env python3
"""Find committed secrets and planted prompt-injection text in a repository (read-only)."""

import argparse
import json
import math
import re
import subprocess
import sys
from pathlib import Path

RULES = {
    "aws-access-key-id": re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b"),
    "github-token": re.compile(r"\b(ghp|gho|ghs|ghu)_[A-Za-z0-9]{36}\b|\bgithub_pat_[A-Za-z0-9_]{60,}\b"),
    "slack-token": re.compile(r"\bxox[baprs]-[A-Za-z0-9-]{10,}\b"),
    "stripe-live-key": re.compile(r"\bsk_live_[A-Za-z0-9]{20,}\b"),
    "private-key": re.compile(r"-----BEGIN (?:RSA |EC |OPENSSH |DSA )?PRIVATE KEY-----"),
    "db-url-password": re.compile(r"\b(?:postgres|postgresql|mysql|mongodb(?:\+srv)?)://[^:\s/]+:[^@\s/]+@"),
}
ASSIGN = re.compile(r"(?i)\b(secret|token|passwd|password|api_?key)\b\s*[:=]\s*['\"]([^'\"]{16,})['\"]")
INJECTION = re.compile(
    r"(?i)ignore (all )?previous instructions|do not tell the user|assistants? reading this (file|page) must"
)
SKIP_DIRS = {".git", "node_modules", ".venv", "dist", "build"}
SKIP_FILES = re.compile(r"(package-lock\.json|yarn\.lock|pnpm-lock\.yaml|\.min\.js)$")


def entropy(s):
    counts = {c: s.count(c) for c in set(s)}
    return -sum(n / len(s) * math.log2(n / len(s)) for n in counts.values())


def mask(secret):
    return secret[:4] + "*" * max(len(secret) - 8, 4) + secret[-4:]


def scan_text(text, where):
    for lineno, line in enumerate(text.splitlines(), 1):
        for rule, rx in RULES.items():
            for m in rx.finditer(line):
                yield {"rule": rule, "where": where, "line": lineno, "match": mask(m.group(0))}
        for m in ASSIGN.finditer(line):
            if entropy(m.group(2)) > 3.5:
                yield {"rule": "high-entropy-assignment", "where": where, "line": lineno, "match": mask(m.group(2))}
        if where.endswith(".md") and INJECTION.search(line):
            yield {"rule": "prompt-injection-text", "where": where, "line": lineno, "match": line.strip()[:80]}


def working_tree(root):
    for path in root.rglob("*"):
        if path.is_file() and not SKIP_DIRS & set(path.parts) and not SKIP_FILES.search(path.name):
            if path.name == "patterns.md" and path.parent.name == "references":
                continue
            try:
                yield str(path.relative_to(root)), path.read_text(encoding="utf-8")
            except (UnicodeDecodeError, OSError):
                continue


def history(root):
    log = subprocess.run(
        ["git", "-C", str(root), "log", "-p", "--all", "--format=@@commit %H", "--no-color"],
        capture_output=True, text=True, errors="replace",
    ).stdout
    commit = None
    added = []
    for line in log.splitlines():
        if line.startswith("@@commit "):
            if commit and added:
                yield f"commit:{commit[:10]}", "\n".join(added)
            commit, added = line.split()[1], []
        elif line.startswith("+") and not line.startswith("+++"):
            added.append(line[1:])
    if commit and added:
        yield f"commit:{commit[:10]}", "\n".join(added)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", type=Path)
    ap.add_argument("--history", action="store_true")
    ap.add_argument("--format", choices=("text", "json", "sarif"), default="text")
    args = ap.parse_args()
    sources = list(working_tree(args.root)) + (list(history(args.root)) if args.history else [])
    findings = [f for where, text in sources for f in scan_text(text, where)]
    if args.format == "json":
        print(json.dumps(findings, indent=2))
    elif args.format == "sarif":
        results = [
            {"ruleId": f["rule"], "message": {"text": f["match"]},
             "locations": [{"physicalLocation": {"artifactLocation": {"uri": f["where"]}, "region": {"startLine": f["line"]}}}]}
            for f in findings
        ]
        print(json.dumps({"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "leak-scan"}}, "results": results}]}, indent=2))
    else:
        for f in findings:
            print(f"{f['where']}:{f['line']}  {f['rule']}  {f['match']}")
        print(f"{len(findings)} finding(s)")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
