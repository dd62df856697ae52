"""Wrap kubeconfig exec credential plugins with a caching shim."""
import shutil
import sys
from pathlib import Path

import yaml

KUBE = Path.home() / ".kube" / "config"
SHIM_DIR = Path.home() / ".local" / "bin"
SHIM = SHIM_DIR / "kube-login-cache"


def install_shim():
    SHIM_DIR.mkdir(parents=True, exist_ok=True)
    shutil.copy(Path(__file__).with_name("shim.sh"), SHIM)
    SHIM.chmod(0o755)


def wrap(cfg):
    for user in cfg.get("users", []):
        ex = user.get("user", {}).get("exec")
        if not ex or ex.get("command") == str(SHIM):
            continue
        ex["args"] = [ex["command"], *ex.get("args", [])]
        ex["command"] = str(SHIM)
    return cfg


def main():
    cfg = yaml.safe_load(KUBE.read_text())
    shutil.copy(KUBE, KUBE.with_suffix(".bak"))
    if "--undo" in sys.argv:
        shutil.copy(KUBE.with_suffix(".bak"), KUBE)
        return
    install_shim()
    KUBE.write_text(yaml.safe_dump(wrap(cfg)))
    print("kubectl now uses the token cache")


if __name__ == "__main__":
    main()
