import subprocess
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def git_version(root: str) -> str:
    try:
        out = subprocess.run(
            ["git", "describe", "--tags", "--match", "v[0-9]*", "--always"],
            cwd=root, capture_output=True, text=True, check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "0.0.0"
    if out.startswith("v"):
        tag, _, rest = out[1:].partition("-")
        return tag if not rest else f"{tag}.post{rest.split('-')[0]}"
    return f"0.0.0+g{out}"


class CustomBuildHook(BuildHookInterface):
    def initialize(self, version, build_data):
        target = Path(self.root) / "src" / "versioned_package" / "_version.py"
        target.write_text(f'__version__ = "{git_version(self.root)}"\n')
