#!/usr/bin/env python3
"""Sample nvidia-smi and print JSON lines."""
import json
import subprocess
import sys
import time

FIELDS = "index,utilization.gpu,memory.used,memory.total,temperature.gpu"


def sample() -> list[dict]:
    out = subprocess.run(["nvidia-smi", f"--query-gpu={FIELDS}", "--format=csv,noheader,nounits"],
                         capture_output=True, text=True, check=True).stdout
    return [dict(zip(FIELDS.split(","), map(float, row.split(", ")))) for row in out.strip().splitlines()]


while True:
    print(json.dumps({"ts": time.time(), "gpus": sample()}), flush=True)
    if "--once" in sys.argv:
        break
    time.sleep(60)
