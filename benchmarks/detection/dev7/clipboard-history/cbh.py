import json
import sys
from pathlib import Path

STORE = Path.home() / "Library" / "Application Support" / "clipboard-history" / "history.jsonl"
needle = " ".join(sys.argv[2:]).lower()
for line in reversed(STORE.read_text().splitlines()[-500:]):
    item = json.loads(line)
    if needle in item["text"].lower():
        print(item["text"][:200].replace("\n", " "))
