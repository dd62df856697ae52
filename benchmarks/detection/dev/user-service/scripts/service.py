import subprocess
from pathlib import Path

UNIT = """[Unit]
Description=My app

[Service]
ExecStart=%h/apps/myapp/run.sh
Restart=on-failure

[Install]
WantedBy=default.target
"""

dest = Path.home() / ".config/systemd/user/myapp.service"
dest.parent.mkdir(parents=True, exist_ok=True)
dest.write_text(UNIT)
subprocess.run(["systemctl", "--user", "daemon-reload"], check=True)
