import sys
from pathlib import Path

PYPROJECT = """[project]
name = "{name}"
version = "0.1.0"
requires-python = ">=3.10"
"""


def main():
    name = sys.argv[1]
    root = Path(name)
    (root / "src" / name).mkdir(parents=True)
    (root / "tests").mkdir()
    (root / "src" / name / "__init__.py").write_text("")
    (root / "pyproject.toml").write_text(PYPROJECT.format(name=name))
    print(f"created {root}/")
