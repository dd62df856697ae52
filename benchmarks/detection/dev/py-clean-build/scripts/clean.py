import shutil
from pathlib import Path

for name in ("dist", "build", ".pytest_cache"):
    target = Path(name)
    if target.exists():
        shutil.rmtree(target)
        print("removed", target)
