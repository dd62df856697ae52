import configparser
import os
from pathlib import Path

cfg = configparser.ConfigParser()
cfg.read(Path.home() / ".aws" / "config")
profile = os.environ.get("AWS_PROFILE", "default")
section = "default" if profile == "default" else f"profile {profile}"
print(profile, cfg.get(section, "region", fallback="us-east-1"))
