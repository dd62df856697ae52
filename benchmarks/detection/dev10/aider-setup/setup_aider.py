"""Write ~/.aider.conf.yml from the shipped defaults and the user's model."""

import argparse
from pathlib import Path

import yaml

HERE = Path(__file__).parent
CONF = Path.home() / ".aider.conf.yml"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", required=True)
    args = ap.parse_args()
    conf = yaml.safe_load((HERE / "defaults.yml").read_text()) or {}
    conf["model"] = args.model
    if CONF.exists():
        conf.update(yaml.safe_load(CONF.read_text()) or {})
    CONF.write_text(yaml.safe_dump(conf, sort_keys=True))
    print(f"wrote {CONF}")


if __name__ == "__main__":
    main()
