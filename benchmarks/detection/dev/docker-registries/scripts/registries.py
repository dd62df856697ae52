import json
from pathlib import Path

cfg = json.loads((Path.home() / ".docker" / "config.json").read_text())
for registry in sorted(cfg.get("auths", {})):
    print(registry)
