import os
import subprocess
import sys

index = os.environ.get("COMPANY_INDEX_URL")
if not index:
    sys.exit("set COMPANY_INDEX_URL to your company's package index first (or configure pip.conf)")
packages = ["acme-auth", "acme-logging", "acme-settings"]
subprocess.run(
    [sys.executable, "-m", "pip", "install", "--index-url", index, *packages],
    check=True,
)
print("installed", ", ".join(packages))
