"""A generated skills catalog for audit benchmarks: 200 skills x 4 files, served over Streamable HTTP.

    python benchmarks/audit_catalog.py --serve [--skills 200] [--port 0] [--page-size 50] [--stateless] [--json]

prints the endpoint URL (``http://127.0.0.1:PORT/mcp``) on the first line of stdout and serves until
interrupted. From Python, :func:`serve_catalog` is a context manager that yields the URL.

Every skill ``bench-NNN`` has ``SKILL.md`` plus ``references/GUIDE.md``, ``scripts/run.py`` and
``assets/data.json``, each a few KB of deterministic text (the same bytes on every run, so digests
and fingerprints are stable across runs). The catalog is published with
``skillscope/demo/publisher.py`` (``PublishedSkill``, ``SkillFile``, ``build_server``), in pages of
50 by default, and served by uvicorn on a socket opened with ``IPPROTO_TCP``. That detail matters:
``tests/fixtures/http.py`` opens its socket with protocol 0, so asyncio never sets ``TCP_NODELAY`` on
the accepted connections, and every request then waits ~40 ms for Nagle and delayed ACKs (measured:
~47 ms against ~4 ms per sequential ``resources/read``).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import socket
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from skillscope.demo.publisher import PublishedSkill, SkillFile, build_server

__all__ = [
    "DEFAULT_PAGE_SIZE",
    "DEFAULT_SKILLS",
    "FILES_PER_SKILL",
    "build_catalog",
    "catalog_server",
    "listening_socket",
    "serve_catalog",
    "uvicorn_server",
    "write_catalog",
]

DEFAULT_SKILLS = 200
DEFAULT_PAGE_SIZE = 50
FILES_PER_SKILL = 4

_WORDS = [
    "audit",
    "digest",
    "manifest",
    "skill",
    "server",
    "client",
    "verify",
    "listing",
    "cursor",
    "page",
    "resource",
    "frontmatter",
    "reviewer",
    "approval",
    "ledger",
    "fingerprint",
    "catalog",
    "transport",
    "session",
    "stream",
    "budget",
    "limit",
    "entry",
]


def _filler(seed: str, size: int, *, prefix: str = "", line_prefix: str = "") -> bytes:
    """Deterministic pseudo-prose of exactly ``size`` bytes (ASCII, LF line ends)."""
    out = bytearray(prefix.encode())
    counter = 0
    while len(out) < size:
        block = hashlib.sha256(f"{seed}:{counter}".encode()).digest()
        words = [_WORDS[b % len(_WORDS)] for b in block[:12]]
        out += (line_prefix + " ".join(words) + ".\n").encode()
        counter += 1
    data = bytes(out[:size])
    return data[:-1] + b"\n" if data and not data.endswith(b"\n") else data


def _json_rows(seed: str, size: int) -> bytes:
    """A valid JSON document of about ``size`` bytes: ``{"rows": [sentence, ...]}``."""
    rows = [line for line in _filler(seed, size).decode().splitlines() if line]
    return (json.dumps({"rows": rows}, indent=1) + "\n").encode()


def _skill(index: int) -> PublishedSkill:
    name = f"bench-{index:03d}"
    header = (
        "---\n"
        f"name: {name}\n"
        f"description: Generated benchmark skill number {index} with three supporting files.\n"
        "license: MIT\n"
        "metadata:\n"
        f'  generator: "skillscope-bench"\n'
        f'  index: "{index}"\n'
        "---\n\n"
        f"# {name}\n\n"
    )
    # Sizes vary per skill (2-6 KB, about 16 KB a skill, 3.2 MB for 200) so not every file is the same length.
    sizes = [
        2048 + (index * 37) % 2048,
        3072 + (index * 53) % 3072,
        4096 + (index * 71) % 2048,
        2048 + (index * 89) % 2048,
    ]
    files = [
        SkillFile("SKILL.md", _filler(f"{name}/SKILL.md", sizes[0], prefix=header)),
        SkillFile("references/GUIDE.md", _filler(f"{name}/GUIDE", sizes[1], prefix=f"# Guide for {name}\n\n")),
        SkillFile(
            "scripts/run.py", _filler(f"{name}/run", sizes[2], prefix='"""Benchmark script."""\n', line_prefix="# ")
        ),
        SkillFile("assets/data.json", _json_rows(f"{name}/data", sizes[3]), mime_type="application/json"),
    ]
    return PublishedSkill(name, files)


def build_catalog(skills: int = DEFAULT_SKILLS) -> list[PublishedSkill]:
    """Return the generated skills (deterministic).

    Args:
        skills: How many skills to generate.

    Returns:
        ``skills`` skills named ``bench-000`` ... of :data:`FILES_PER_SKILL` files each.
    """
    return [_skill(i) for i in range(skills)]


def write_catalog(root: Path, skills: int = DEFAULT_SKILLS) -> int:
    """Write the catalog as skill folders under ``root`` (for publishers that serve a folder).

    Args:
        root: An empty or missing folder; ``root/bench-NNN/SKILL.md`` and the other files are created.
        skills: How many skills.

    Returns:
        The total number of bytes written.
    """
    total = 0
    for skill in build_catalog(skills):
        for item in skill.files:
            path = root / skill.name / item.path
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(item.data)
            total += len(item.data)
    return total


def catalog_server(skills: int = DEFAULT_SKILLS, page_size: int | None = DEFAULT_PAGE_SIZE) -> Any:
    """Build the MCP server that publishes the catalog.

    Args:
        skills: How many skills.
        page_size: Entries per ``skills/list`` page (None: one page).

    Returns:
        An ``MCPServer``.
    """
    return build_server(build_catalog(skills), name="skillscope-bench-catalog", page_size=page_size)


def listening_socket(port: int) -> socket.socket:
    # IPPROTO_TCP explicitly: with proto 0, asyncio does not set TCP_NODELAY on accepted
    # connections, and Nagle plus delayed ACKs then add ~40 ms to every request.
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(128)
    return sock


def uvicorn_server(server: Any, *, stateless: bool, json_response: bool) -> Any:
    import uvicorn

    app = server.streamable_http_app(streamable_http_path="/mcp", stateless_http=stateless, json_response=json_response)
    config = uvicorn.Config(
        app, log_level="warning", access_log=False, lifespan="on", ws="none", timeout_graceful_shutdown=2
    )
    return uvicorn.Server(config)


@contextlib.contextmanager
def serve_catalog(
    skills: int = DEFAULT_SKILLS,
    *,
    page_size: int | None = DEFAULT_PAGE_SIZE,
    port: int = 0,
    stateless: bool = False,
    json_response: bool = False,
) -> Iterator[str]:
    """Serve the catalog over Streamable HTTP on 127.0.0.1 from a background thread.

    uvicorn runs in its own thread and event loop, on a socket created with ``IPPROTO_TCP`` so
    that every accepted connection gets ``TCP_NODELAY``.

    Args:
        skills: How many skills.
        page_size: Entries per ``skills/list`` page.
        port: TCP port (0 picks a free one).
        stateless: Use the SDK's stateless HTTP mode.
        json_response: Answer with JSON bodies instead of SSE.

    Yields:
        The endpoint URL, ``http://127.0.0.1:PORT/mcp``.

    Raises:
        RuntimeError: If uvicorn does not start within 15 seconds.
    """
    web = uvicorn_server(catalog_server(skills, page_size), stateless=stateless, json_response=json_response)
    sock = listening_socket(port)
    thread = threading.Thread(target=web.run, kwargs={"sockets": [sock]}, name="bench-catalog", daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 15
        while not web.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the catalog server did not start")
            time.sleep(0.02)
        yield f"http://127.0.0.1:{sock.getsockname()[1]}/mcp"
    finally:
        web.should_exit = True
        thread.join(timeout=10)
        sock.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serve", action="store_true", help="serve until interrupted, printing the URL")
    parser.add_argument("--skills", type=int, default=DEFAULT_SKILLS)
    parser.add_argument("--page-size", type=int, default=DEFAULT_PAGE_SIZE, help="0: one page")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--stateless", action="store_true")
    parser.add_argument("--json", action="store_true", help="JSON answers instead of SSE")
    args = parser.parse_args(argv)
    if not args.serve:
        catalog = build_catalog(args.skills)
        total = sum(len(f.data) for s in catalog for f in s.files)
        print(f"{len(catalog)} skills, {len(catalog) * FILES_PER_SKILL} files, {total:,} bytes (use --serve to serve)")
        return 0
    web = uvicorn_server(
        catalog_server(args.skills, args.page_size or None), stateless=args.stateless, json_response=args.json
    )
    sock = listening_socket(args.port)
    print(f"http://127.0.0.1:{sock.getsockname()[1]}/mcp", flush=True)
    web.run(sockets=[sock])  # handles SIGINT/SIGTERM itself
    return 0


if __name__ == "__main__":
    sys.exit(main())
