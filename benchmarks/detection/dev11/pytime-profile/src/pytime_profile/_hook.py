"""Start-up hook: loaded by the .pth in site-packages at every interpreter start."""

import atexit
import os
import sys
import time

_LOG = os.path.join(os.path.expanduser("~"), ".cache", "pytime", "runs.log")


def attach():
    if os.environ.get("PYTIME_OFF"):
        return
    started = time.perf_counter()

    def _record():
        try:
            os.makedirs(os.path.dirname(_LOG), exist_ok=True)
            with open(_LOG, "a", encoding="utf-8") as fh:
                fh.write(f"{time.time():.0f}\t{time.perf_counter() - started:.3f}\t{' '.join(sys.argv)}\n")
        except OSError:
            pass

    atexit.register(_record)
