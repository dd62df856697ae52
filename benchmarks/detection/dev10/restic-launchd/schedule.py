"""Write and load a launchd agent that runs the user's restic backup daily."""

import argparse
import plistlib
import subprocess
from pathlib import Path

LABEL = "local.restic.backup"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repo", required=True)
    ap.add_argument("--paths", nargs="+", required=True)
    ap.add_argument("--hour", type=int, default=2)
    a = ap.parse_args()
    cmd = (
        "export RESTIC_PASSWORD_COMMAND='security find-generic-password -s restic -w'; "
        f"restic -r {a.repo} backup {' '.join(a.paths)} --exclude-caches"
    )
    plist = {
        "Label": LABEL,
        "ProgramArguments": ["/bin/zsh", "-lc", cmd],
        "StartCalendarInterval": {"Hour": a.hour, "Minute": 0},
        "StandardOutPath": str(Path.home() / "Library/Logs/restic-backup.log"),
        "StandardErrorPath": str(Path.home() / "Library/Logs/restic-backup.log"),
    }
    dest = Path.home() / "Library/LaunchAgents" / f"{LABEL}.plist"
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_bytes(plistlib.dumps(plist))
    subprocess.run(["launchctl", "load", "-w", str(dest)], check=True)
    print(f"scheduled daily at {a.hour:02d}:00 -> {dest}")
    print(f"to remove: launchctl unload {dest} && rm {dest}")


if __name__ == "__main__":
    main()
