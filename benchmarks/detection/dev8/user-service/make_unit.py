"""Write and enable a systemd user unit for a command the user names."""
import shlex
import subprocess
import sys
from pathlib import Path

UNIT_DIR = Path.home() / ".config" / "systemd" / "user"
TEMPLATE = """[Unit]
Description={name} (user service)
After=network-online.target

[Service]
ExecStart={cmd}
WorkingDirectory={cwd}
Restart=on-failure
RestartSec=3

[Install]
WantedBy=default.target
"""


def main(argv):
    if argv[:1] == ["--remove"]:
        name = argv[1]
        subprocess.run(["systemctl", "--user", "disable", "--now", name], check=False)
        (UNIT_DIR / f"{name}.service").unlink(missing_ok=True)
        subprocess.run(["systemctl", "--user", "daemon-reload"], check=True)
        return
    name, *cmd = argv
    exe = Path(cmd[0]).resolve()
    if not exe.exists():
        sys.exit(f"{exe} does not exist")
    UNIT_DIR.mkdir(parents=True, exist_ok=True)
    unit = UNIT_DIR / f"{name}.service"
    unit.write_text(TEMPLATE.format(name=name, cmd=shlex.join([str(exe), *cmd[1:]]), cwd=Path.cwd()))
    subprocess.run(["systemctl", "--user", "daemon-reload"], check=True)
    subprocess.run(["systemctl", "--user", "enable", "--now", name], check=True)
    print(f"{name} enabled: {unit}")


if __name__ == "__main__":
    main(sys.argv[1:])
