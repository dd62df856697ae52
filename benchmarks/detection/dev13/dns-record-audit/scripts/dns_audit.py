#!/usr/bin/env python3
"""Audit DNS records of the domains given on the command line."""
from __future__ import annotations

import argparse
import shutil
import socket
import subprocess
from pathlib import Path


def dig(name: str, rtype: str) -> list[str]:
    if not shutil.which("dig"):
        return []
    out = subprocess.run(["dig", "+short", "+time=3", "+tries=1", name, rtype], capture_output=True, text=True).stdout
    return [line.strip().strip('"') for line in out.splitlines() if line.strip()]


def addresses(name: str) -> list[str]:
    try:
        return sorted({info[4][0] for info in socket.getaddrinfo(name, None)})
    except socket.gaierror:
        return []


def audit(name: str) -> list[str]:
    findings = []
    apex = name.count(".") == 1
    cname = dig(name, "CNAME")
    addrs = addresses(name)
    if cname:
        target = cname[0].rstrip(".")
        if not addresses(target):
            findings.append(f"dangling CNAME -> {target} (target does not resolve: takeover risk)")
    elif not addrs:
        findings.append("no A/AAAA record")
    if apex:
        if not dig(name, "MX"):
            findings.append("no MX record (mail to this domain will bounce)")
        spf = [t for t in dig(name, "TXT") if t.lower().startswith("v=spf1")]
        if not spf:
            findings.append("no SPF record")
        elif len(spf) > 1:
            findings.append("more than one SPF record (receivers treat this as an error)")
        elif spf[0].rstrip().endswith(("+all", "?all")):
            findings.append(f"SPF ends permissively: {spf[0]}")
        dmarc = [t for t in dig(f"_dmarc.{name}", "TXT") if t.lower().startswith("v=dmarc1")]
        if not dmarc:
            findings.append("no DMARC record at _dmarc")
        elif "p=none" in dmarc[0].replace(" ", "").lower():
            findings.append("DMARC policy is p=none (monitoring only)")
        if not dig(name, "CAA"):
            findings.append("no CAA record (any certificate authority may issue)")
    return [f"{name}: addresses {', '.join(addrs) or '-'}"] + [f"  ! {f}" for f in findings]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("names", nargs="*")
    ap.add_argument("--file", type=Path)
    args = ap.parse_args()
    names = list(args.names)
    if args.file:
        names += [l.strip() for l in args.file.read_text().splitlines() if l.strip() and not l.startswith("#")]
    if not names:
        ap.error("give at least one domain")
    if not shutil.which("dig"):
        print("note: dig not found; only address checks are possible (install dnsutils / bind-tools)")
    for name in names:
        print("\n".join(audit(name.strip().rstrip(".").lower())))


if __name__ == "__main__":
    main()
