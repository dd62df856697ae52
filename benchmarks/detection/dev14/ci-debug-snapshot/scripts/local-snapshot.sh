#!/usr/bin/env bash
# Local counterpart of the CI debug snapshot: same sections, for diffing.
uname -a
nproc 2>/dev/null || sysctl -n hw.ncpu
df -h /
for t in node npm python3 pip go java docker git; do
  printf '%-8s ' "$t"; ($t --version 2>&1 || $t version 2>&1) | head -n1
done
