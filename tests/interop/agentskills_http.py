"""Run agentskills-mcp-server over Streamable HTTP on a port of our choosing.

Its own CLI (``python -m agentskills_mcp_server --config server.json --transport
streamable-http``) always listens on 127.0.0.1:8000. This launcher builds the same
server from the same config file, the way that CLI does, then serves it on
``127.0.0.1:PORT`` at ``/mcp``:

    .cache/interop/py312/bin/python tests/interop/agentskills_http.py --config server.json --port PORT

Runs under the Python >= 3.12 venv made by tests/interop/setup.sh.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from contextlib import AsyncExitStack
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", required=True, type=Path, help="agentskills server.json")
    parser.add_argument("--port", required=True, type=int)
    parser.add_argument("--host", default="127.0.0.1")
    args = parser.parse_args()

    # Same steps as agentskills_mcp_server.__main__.main (version 0.7.0).
    from agentskills_core import Skill
    from agentskills_mcp_server import create_mcp_server
    from agentskills_mcp_server.config import ServerConfig, _resolve_provider, resolve_env_vars

    config = ServerConfig(**resolve_env_vars(json.loads(args.config.read_text(encoding="utf-8"))))

    async def build():
        async with AsyncExitStack() as stack:
            handles = []
            for skill_cfg in config.skills:
                provider = _resolve_provider(skill_cfg.provider, skill_cfg.options)
                if close := getattr(provider, "aclose", None):
                    stack.push_async_callback(close)
                handles.append(Skill(skill_cfg.id, provider))
            return await create_mcp_server(
                handles,
                name=config.name,
                instructions=config.instructions,
                skill_paths=config.skill_paths,
                listed_skill_ids=config.listed_skill_ids,
                page_size=config.page_size,
                max_skills=config.max_skills,
                max_total_bytes=config.max_total_bytes,
                publication_policy=config.build_publication_policy(),
            )

    server = asyncio.run(build())
    server.run(transport="streamable-http", host=args.host, port=args.port)


if __name__ == "__main__":
    main()
