"""Third-party Agent Skills publishers for interop tests.

Three real publishers, installed from the registries by ``tests/interop/setup.sh``
into ``.cache/interop/`` (git-ignored), serve the sample skills in
``tests/interop/skills/``:

* ``agentskills``: agentskills-mcp-server 0.7.0 + agentskills-fs 0.7.0 (Python 3.12 venv);
* ``typescript``: @modelcontextprotocol/server 2.4.0 + @modelcontextprotocol/node 2.1.2 (Node);
* ``fastmcp``: fastmcp 4.1.6 (same Python 3.12 venv).

For each one this module gives:

* :func:`stdio_command` - the command line (list of strings) that serves the skills on stdio;
* :func:`stdio_parameters` - the same as an ``mcp.StdioServerParameters``;
* :func:`http_server` - a context manager that starts it on a free 127.0.0.1 port,
  waits until the port accepts connections, yields the Streamable HTTP URL and
  kills the process group on exit;
* :func:`available` / :func:`skip_reason` - whether setup.sh has been run, so tests can
  ``pytest.skip(skip_reason(name))``;
* :data:`EXPECTED` - per publisher and skill: the entry URI, the ``(uri, digest, size)``
  of every file as that publisher serves it, and the spec section 8 fingerprint,
  all computed from the bytes on disk.

This module imports only the standard library and the suite's fork server (which does too; ``mcp`` lazily, in
:func:`stdio_parameters`), so it can be imported by the Python 3.11 test suite.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from tests.fixtures.forkserver import launched

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parent.parent
SKILLS_ROOT = HERE / "skills"
CACHE_DIR = Path(os.environ.get("SKILLSCOPE_INTEROP_CACHE", REPO_ROOT / ".cache" / "interop"))
PY312_VENV = CACHE_DIR / "py312"
NODE_DIR = CACHE_DIR / "node"

EXTENSION_ID = "io.modelcontextprotocol/skills"
HTTP_PATH = "/mcp"
DEFAULT_START_TIMEOUT = 300.0  # a hang guard: polled, so a quick start returns at once

#: Fingerprint of ``skill://hello-world/SKILL.md`` holding the 58-byte sample (spec 8.2).
HELLO_WORLD_FINGERPRINT = "sha256:b51fa996de226d42c191a2d78be7c3924dca1b88674b570c669facdbc6b342c6"


@dataclass(frozen=True)
class Publisher:
    name: str
    description: str
    packages: tuple[str, ...]
    #: What a legacy (2025-11-25) session gets (observed with tests/interop/smoke.py).
    legacy_skills: bool


PUBLISHERS: dict[str, Publisher] = {
    "agentskills": Publisher(
        "agentskills",
        "agentskills-mcp-server (Python, MCP SDK 2.x)",
        ("agentskills-mcp-server==0.7.0", "agentskills-fs==0.7.0"),
        legacy_skills=False,
    ),
    "typescript": Publisher(
        "typescript",
        "MCP TypeScript SDK v2 skills extension (Node)",
        ("@modelcontextprotocol/server@2.4.0", "@modelcontextprotocol/node@2.1.2"),
        legacy_skills=True,
    ),
    "fastmcp": Publisher(
        "fastmcp",
        "fastmcp SkillsDirectoryProvider + SkillsExtension (Python, MCP SDK 2.x)",
        ("fastmcp==4.1.6",),
        legacy_skills=False,
    ),
}
PUBLISHER_NAMES = tuple(PUBLISHERS)


# --------------------------------------------------------------------------- availability


def _py312() -> Path:
    return PY312_VENV / "bin" / "python"


def _node() -> str | None:
    from shutil import which

    return os.environ.get("NODE") or which("node")


def _stamp_ok(directory: Path) -> bool:
    return (directory / ".interop-stamp").is_file()


def skip_reason(publisher: str) -> str | None:
    """Why ``publisher`` cannot run here, or ``None`` when it can."""
    _check(publisher)
    hint = "run `bash tests/interop/setup.sh` from the repository root"
    if publisher in ("agentskills", "fastmcp"):
        if not _py312().exists() or not _stamp_ok(PY312_VENV):
            return f"{publisher}: no Python 3.12 venv at {PY312_VENV}; {hint}"
        return None
    if _node() is None:
        return "typescript: node is not on PATH"
    server_pkg = NODE_DIR / "node_modules" / "@modelcontextprotocol" / "server" / "package.json"
    if not server_pkg.exists() or not _stamp_ok(NODE_DIR):
        return f"typescript: no npm packages in {NODE_DIR}; {hint}"
    return None


def available(publisher: str) -> bool:
    return skip_reason(publisher) is None


def _check(publisher: str) -> None:
    if publisher not in PUBLISHERS:
        raise ValueError(f"unknown publisher {publisher!r}; expected one of {PUBLISHER_NAMES}")


# --------------------------------------------------------------------------- commands


def skill_dirs(skills_root: Path = SKILLS_ROOT) -> list[Path]:
    """Immediate sub-folders of ``skills_root`` holding a SKILL.md, sorted by name."""
    return sorted(p for p in Path(skills_root).iterdir() if (p / "SKILL.md").is_file())


def agentskills_config(skills_root: Path = SKILLS_ROOT, *, prefix: str | None = None) -> Path:
    """Write (once) and return an agentskills ``server.json`` serving every skill folder.

    agentskills registers skills one by one: each ``skills[]`` item is one skill whose
    ``id`` is its folder name under the fs provider's ``root``. With ``id`` equal to the
    frontmatter name the skill is served at ``skill://<name>/...``. ``prefix`` fills
    ``skill_paths`` (``{id: "<prefix>/<name>"}``), which serves ``skill://<prefix>/<name>/...``.
    (An ``id`` that differs from the name also becomes a prefix: ``skill://<id>/<name>/...``.)
    """
    root = Path(skills_root).resolve()
    skill_paths = {d.name: f"{prefix}/{d.name}" for d in skill_dirs(root)} if prefix else None
    config: dict[str, Any] = {
        "name": "skillscope-interop-agentskills",
        "skills": [{"id": d.name, "provider": "fs", "options": {"root": str(root)}} for d in skill_dirs(root)],
    }
    if skill_paths:
        config["skill_paths"] = dict(skill_paths)
    text = json.dumps(config, indent=2, sort_keys=True) + "\n"
    target = CACHE_DIR / "configs" / f"agentskills-{hashlib.sha256(text.encode()).hexdigest()[:16]}.json"
    if not target.exists() or target.read_text(encoding="utf-8") != text:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(target)
    return target


def _check_prefix(publisher: str, prefix: str | None) -> None:
    if prefix is None:
        return
    if publisher == "fastmcp":
        raise ValueError("fastmcp has no prefix option (it serves nested folders as skill://<a>/<b>/...)")
    if not prefix or any(part in ("", ".", "..") for part in prefix.split("/")):
        raise ValueError(f"bad prefix {prefix!r}")


def stdio_command(publisher: str, skills_root: Path = SKILLS_ROOT, *, prefix: str | None = None) -> list[str]:
    """The command line serving ``skills_root`` on stdio (JSON-RPC on stdin/stdout).

    ``prefix`` (agentskills and typescript only) serves ``skill://<prefix>/<name>/...``.
    """
    _check(publisher)
    _check_prefix(publisher, prefix)
    root = str(Path(skills_root).resolve())
    if publisher == "agentskills":
        config = str(agentskills_config(root, prefix=prefix))
        return _on_py312(["-m", "agentskills_mcp_server", "--config", config])
    if publisher == "fastmcp":
        return _on_py312([str(HERE / "fastmcp_publisher.py"), "--stdio", root])
    extra = ["--prefix", prefix] if prefix else []
    return [_node() or "node", str(HERE / "ts_publisher.mjs"), "--stdio", *extra, root]


def http_command(publisher: str, port: int, skills_root: Path = SKILLS_ROOT, *, prefix: str | None = None) -> list[str]:
    """The command line serving ``skills_root`` over Streamable HTTP on 127.0.0.1:``port``/mcp."""
    _check(publisher)
    _check_prefix(publisher, prefix)
    root = str(Path(skills_root).resolve())
    if publisher == "agentskills":
        config = str(agentskills_config(root, prefix=prefix))
        return _on_py312([str(HERE / "agentskills_http.py"), "--config", config, "--port", str(port)])
    if publisher == "fastmcp":
        return _on_py312([str(HERE / "fastmcp_publisher.py"), "--http", str(port), root])
    extra = ["--prefix", prefix] if prefix else []
    return [_node() or "node", str(HERE / "ts_publisher.mjs"), "--http", str(port), *extra, root]


PY312_PRELOAD = (
    "fastmcp",
    "fastmcp.server.providers.skills",
    "fastmcp.skills.extension",
    "agentskills_core",
    "agentskills_mcp_server",
    "agentskills_mcp_server.config",
)
"""What the Python 3.12 publishers import before they serve: about 1.5 s of CPU per start, paid once."""


def _on_py312(program: list[str]) -> list[str]:
    """``python3.12 PROGRAM...``, forked from a process that imported the publishers already (tests/fixtures/forkserver.py).

    Each publisher is still its own process on its own pipes, started from its real entry point;
    with no fork server above (outside the suite) the launcher starts it as ``python3.12 PROGRAM...``.
    """
    return launched("py312", str(_py312()), program, PY312_PRELOAD, env=_child_env())


def _child_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k in ("HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER", "LANG")}
    env.update(
        SKILLSCOPE_INTEROP_NODE_MODULES=str(NODE_DIR / "node_modules"),
        FASTMCP_SHOW_SERVER_BANNER="false",
        FASTMCP_CHECK_FOR_UPDATES="off",
        PYTHONUNBUFFERED="1",
    )
    return env


def stdio_parameters(publisher: str, skills_root: Path = SKILLS_ROOT, *, prefix: str | None = None) -> Any:
    """``mcp.StdioServerParameters`` for :func:`stdio_command` (imports ``mcp``)."""
    from mcp import StdioServerParameters

    command = stdio_command(publisher, skills_root, prefix=prefix)
    return StdioServerParameters(command=command[0], args=command[1:], env=_child_env(), cwd=str(REPO_ROOT))


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _accepts(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):  # timing: one probe of a poll
            return True
    except OSError:
        return False


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM the publisher's process group, then SIGKILL it if it lingers."""
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            proc.wait(timeout=5)  # timing: past it, SIGKILL below
        except subprocess.TimeoutExpired:
            pass
    try:  # children left in the group, or a process that ignored SIGTERM
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait(timeout=60)


class PublisherStartError(RuntimeError):
    pass


@contextmanager
def http_server(
    publisher: str,
    skills_root: Path = SKILLS_ROOT,
    *,
    prefix: str | None = None,
    timeout: float = DEFAULT_START_TIMEOUT,
    log: Path | None = None,
) -> Iterator[str]:
    """Run ``publisher`` over Streamable HTTP on a free 127.0.0.1 port; yield its URL.

    The process runs in its own session (process group), which is killed on exit.
    Its stdout and stderr go to ``log`` (or a temporary file), whose tail is quoted if
    it fails to start within ``timeout`` seconds.
    """
    reason = skip_reason(publisher)
    if reason:
        raise PublisherStartError(reason)
    last_error = ""
    for _attempt in range(3):  # another process may grab the free port before the child binds it
        port = free_port()
        out = open(log, "ab") if log else tempfile.TemporaryFile()
        proc = subprocess.Popen(
            http_command(publisher, port, skills_root, prefix=prefix),
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            env=_child_env(),
            cwd=str(REPO_ROOT),
            start_new_session=True,
        )
        try:
            deadline = time.monotonic() + timeout
            while proc.poll() is None and not _accepts(port):
                if time.monotonic() > deadline:
                    break
                time.sleep(0.1)
            if proc.poll() is None and _accepts(port):
                yield f"http://127.0.0.1:{port}{HTTP_PATH}"
                return
            out.flush()
            out.seek(0)
            tail = out.read()[-2000:].decode("utf-8", "replace")
            status = (
                f"exited with code {proc.returncode}"
                if proc.poll() is not None
                else f"not listening after {timeout:g} s"
            )
            last_error = f"{publisher} on port {port} {status}:\n{tail}"
            if "address already in use" not in tail.lower() and "EADDRINUSE" not in tail:
                break
        finally:
            _stop(proc)
            out.close()
    raise PublisherStartError(last_error)


# --------------------------------------------------------------------------- expected data


def sha256_digest(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def fingerprint(resources: Any) -> str:
    """Spec section 8: sorted ``"<uri> <digest>"`` lines, LF-joined, SHA-256.

    ``resources`` is an iterable of ``{"uri", "digest"}`` mappings or ``(uri, digest, ...)`` tuples.
    """
    lines = []
    for item in resources:
        uri, digest = (item["uri"], item["digest"]) if isinstance(item, Mapping) else (item[0], item[1])
        lines.append(f"{uri} {digest}")
    return sha256_digest("\n".join(sorted(lines)).encode("utf-8"))


@dataclass(frozen=True)
class ExpectedFile:
    path: str  # relative to the skill folder, "/"-separated, not encoded
    uri: str  # exactly as the publisher lists it
    digest: str
    size: int


@dataclass(frozen=True)
class ExpectedSkill:
    name: str
    uri: str  # the SKILL.md URI (entry uri)
    files: tuple[ExpectedFile, ...]  # sorted by uri
    fingerprint: str

    def resources(self) -> list[dict[str, Any]]:
        return [{"uri": f.uri, "digest": f.digest, "size": f.size} for f in self.files]


def skill_base_uri(publisher: str, name: str, prefix: str | None = None) -> str:
    """Directory URI the publisher serves a folder-name == skill-name skill under.

    All three publishers, as launched here, serve ``skill://<name>`` (observed); with
    ``prefix`` (agentskills ``skill_paths``, TypeScript ``loadSkills(root, {prefix})``)
    they serve ``skill://<prefix>/<name>``.
    """
    _check(publisher)
    _check_prefix(publisher, prefix)
    path = f"{prefix}/{name}" if prefix else name
    return "skill://" + "/".join(quote(part, safe="") for part in path.split("/"))


def file_uri(publisher: str, name: str, relpath: str, prefix: str | None = None) -> str:
    # All three percent-encode the file path with "/" kept (a space becomes %20).
    return f"{skill_base_uri(publisher, name, prefix)}/{quote(relpath, safe='/')}"


def _files_on_disk(skill_dir: Path) -> list[tuple[str, bytes]]:
    found = []
    for path in sorted(skill_dir.rglob("*")):
        if path.is_file():
            found.append((path.relative_to(skill_dir).as_posix(), path.read_bytes()))
    return found


def expected_skill(publisher: str, skill_dir: Path, prefix: str | None = None) -> ExpectedSkill:
    name = skill_dir.name
    files = tuple(
        sorted(
            (
                ExpectedFile(rel, file_uri(publisher, name, rel, prefix), sha256_digest(data), len(data))
                for rel, data in _files_on_disk(skill_dir)
            ),
            key=lambda f: f.uri,
        )
    )
    uri = file_uri(publisher, name, "SKILL.md", prefix)
    return ExpectedSkill(name, uri, files, fingerprint((f.uri, f.digest) for f in files))


def expected(publisher: str, skills_root: Path = SKILLS_ROOT, *, prefix: str | None = None) -> dict[str, ExpectedSkill]:
    """``{skill name: ExpectedSkill}`` for ``publisher`` serving ``skills_root``."""
    return {d.name: expected_skill(publisher, d, prefix) for d in skill_dirs(skills_root)}


#: ``EXPECTED[publisher][skill name]`` for the committed sample skills.
EXPECTED: dict[str, dict[str, ExpectedSkill]] = {p: expected(p) for p in PUBLISHER_NAMES}

#: Files whose served bytes are known NOT to match the listed digest, per publisher,
#: as ``{publisher: {uri: why}}`` (see smoke-output.txt). Empty means all verify.
KNOWN_READ_MISMATCHES: dict[str, dict[str, str]] = {"agentskills": {}, "typescript": {}, "fastmcp": {}}


if __name__ == "__main__":  # a quick look: python -m tests.interop.publishers
    for name in PUBLISHER_NAMES:
        print(f"{name}: {'ready' if available(name) else skip_reason(name)}")
        if available(name):
            print("  stdio:", " ".join(stdio_command(name)))
        for skill in EXPECTED[name].values():
            print(f"  {skill.uri}  {skill.fingerprint}  ({len(skill.files)} files)")
    sys.exit(0)
