"""setup.py: generate protobuf/gRPC modules during build_py (metadata lives in pyproject.toml)."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.develop import develop

ROOT = Path(__file__).parent.resolve()
PROTO_DIR = ROOT / "proto"
PACKAGE = "acme_api"  # change to the import name of your package
OUT_DIR = ROOT / "src" / PACKAGE / "gen"


def generate() -> None:
    protos = sorted(PROTO_DIR.glob("*.proto"))
    if not protos:
        print("setup.py: no .proto files in proto/, skipping generation")
        return
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    cmd = [
        sys.executable, "-m", "grpc_tools.protoc",
        f"-I{PROTO_DIR}",
        f"--python_out={OUT_DIR}",
        f"--grpc_python_out={OUT_DIR}",
        f"--pyi_out={OUT_DIR}",
        *map(str, protos),
    ]
    print("setup.py: " + " ".join(cmd))
    subprocess.run(cmd, check=True)
    # protoc emits absolute imports between generated modules; make them package-relative
    for f in OUT_DIR.glob("*_pb2*.py"):
        text = f.read_text(encoding="utf-8")
        fixed = re.sub(r"^import (\w+_pb2) as", r"from . import \1 as", text, flags=re.M)
        if fixed != text:
            f.write_text(fixed, encoding="utf-8")
    (OUT_DIR / "__init__.py").touch()


class BuildPyWithProto(build_py):
    def run(self):
        generate()
        super().run()


class DevelopWithProto(develop):
    def run(self):
        generate()
        super().run()


setup(cmdclass={"build_py": BuildPyWithProto, "develop": DevelopWithProto})
