"""Serve a folder of Agent Skills with fastmcp's SEP-2640 support.

    .cache/interop/py312/bin/python tests/interop/fastmcp_publisher.py --stdio SKILLS_ROOT
    .cache/interop/py312/bin/python tests/interop/fastmcp_publisher.py --http PORT SKILLS_ROOT

``--http`` listens on 127.0.0.1:PORT at ``/mcp``. Runs under the Python >= 3.12 venv
made by tests/interop/setup.sh (fastmcp==4.1.6).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--stdio", action="store_true")
    mode.add_argument("--http", type=int, metavar="PORT")
    parser.add_argument("root", type=Path)
    args = parser.parse_args()

    # No banner, no update check: stdout is the JSON-RPC channel on stdio.
    os.environ.setdefault("FASTMCP_SHOW_SERVER_BANNER", "false")
    os.environ.setdefault("FASTMCP_CHECK_FOR_UPDATES", "off")

    from fastmcp import FastMCP
    from fastmcp.server.providers.skills import SkillsDirectoryProvider
    from fastmcp.skills.extension import SkillsExtension

    server = FastMCP("skillscope-interop-fastmcp")
    provider = SkillsDirectoryProvider(args.root, experimental_skills=True)
    server.add_provider(provider)
    server.add_extension(SkillsExtension(providers=[provider]))

    if args.stdio:
        server.run(transport="stdio", show_banner=False)
    else:
        server.run(transport="http", show_banner=False, host="127.0.0.1", port=args.http, path="/mcp")


if __name__ == "__main__":
    main()
