import json
import os
import venv
from pathlib import Path

cfg = json.loads((Path(__file__).parent / "env.json").read_text())


def main():
    venv.create(".venv", with_pip=True)
    os.system(cfg["post_create"])


main()
