#!/usr/bin/env python3
"""Local secret scanner: env files and known key formats, values masked."""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

RULES = {
    "aws-access-key": re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b"),
    "github-token": re.compile(r"\b(ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}\b|\bgithub_pat_[A-Za-z0-9_]{60,}\b"),
    "slack-token": re.compile(r"\bxox[abprs]-[A-Za-z0-9-]{10,}\b"),
    "stripe-key": re.compile(r"\b(sk|rk)_(live|test)_[A-Za-z0-9]{20,}\b"),
    "openai-key": re.compile(r"\bsk-(proj-)?[A-Za-z0-9_-]{20,}\b"),
    "google-api-key": re.compile(r"\bAIza[0-9A-Za-z_-]{35}\b"),
    "private-key": re.compile(r"-----BEGIN (RSA |EC |OPENSSH |DSA |PGP )?PRIVATE KEY( BLOCK)?-----"),
    "password-assignment": re.compile(r"(?i)\b(password|passwd|secret|api_key)\s*[:=]\s*['\"]?([^'\"\s]{8,})"),
}
SKIP_DIRS = {".git", "node_modules", ".venv", "venv", "__pycache__", "dist", "build", ".next", "vendor"}
ENV_NAME = re.compile(r"(^\.env($|\.)|\.env$)")


def mask(value: str) -> str:
    return value[:4] + "****" + value[-4:] if len(value) > 12 else "****"


def git_tracked(root: Path) -> set[str]:
    out = subprocess.run(["git", "-C", str(root), "ls-files"], capture_output=True, text=True)
    return set(out.stdout.splitlines()) if out.returncode == 0 else set()


def ignored(root: Path, rel: str) -> bool:
    return subprocess.run(["git", "-C", str(root), "check-ignore", "-q", rel]).returncode == 0


def text_files(root: Path):
    for p in root.rglob("*"):
        if any(part in SKIP_DIRS for part in p.relative_to(root).parts[:-1]) or not p.is_file():
            continue
        if p.stat().st_size > 1_000_000:
            continue
        try:
            yield p, p.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue


def scan(root: Path, history: int) -> list[dict]:
    findings = []
    tracked = git_tracked(root)
    for p, text in text_files(root):
        rel = str(p.relative_to(root))
        if ENV_NAME.search(p.name) and not p.name.endswith((".example", ".sample", ".template")):
            keys = [l.split("=", 1)[0].strip() for l in text.splitlines() if "=" in l and not l.lstrip().startswith("#")]
            findings.append({"file": rel, "line": 0, "rule": "env-file",
                             "detail": f"{len(keys)} keys; tracked={rel in tracked}; ignored={ignored(root, rel)}"})
        for n, line in enumerate(text.splitlines(), 1):
            for rule, rx in RULES.items():
                for m in rx.finditer(line):
                    value = m.group(m.lastindex or 0) if rule == "password-assignment" else m.group(0)
                    findings.append({"file": rel, "line": n, "rule": rule, "detail": mask(value)})
    if history:
        log = subprocess.run(["git", "-C", str(root), "log", f"-{history}", "-p", "--format=commit %h"],
                             capture_output=True, text=True).stdout
        commit = "?"
        for line in log.splitlines():
            if line.startswith("commit "):
                commit = line.split()[1]
            elif line.startswith("+") and not line.startswith("+++"):
                for rule, rx in RULES.items():
                    m = rx.search(line)
                    if m and rule != "password-assignment":
                        findings.append({"file": f"history:{commit}", "line": 0, "rule": rule, "detail": mask(m.group(0))})
    return findings


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("root", nargs="?", default=".")
    ap.add_argument("--history", type=int, default=0)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    findings = scan(Path(a.root).resolve(), a.history)
    if a.json:
        print(json.dumps(findings, indent=2))
    else:
        for f in findings:
            loc = f"{f['file']}:{f['line']}" if f["line"] else f["file"]
            print(f"{f['rule']:20} {loc:50} {f['detail']}")
        print(f"\n{len(findings)} finding(s)")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
