import json
import sys
import time

import orjson

data = open(sys.argv[1], "rb").read()
for name, loads in (("json", json.loads), ("orjson", orjson.loads)):
    t = time.perf_counter()
    for _ in range(50):
        loads(data)
    print(f"{name:8s} {(time.perf_counter() - t) * 20:.2f} ms/parse")
