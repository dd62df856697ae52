"""Python rules: a skill's scripts parsed once, summarised for calls between them, then analysed one by one."""

from __future__ import annotations

import ast
import posixpath
import tomllib
from dataclasses import replace

from skillscope.audit.behavior.base import CUT, Ctx
from skillscope.audit.behavior.python import Analyser, Summary

__all__ = ["Modules", "scan_python", "build_hooks"]


class Modules:
    """Summaries of a skill's Python files, by module name, for calls across them (``from helper import grab``)."""

    def __init__(self) -> None:
        self.by_name: dict[str, Summary] = {}
        self.trees: dict[str, ast.Module] = {}
        """Each file's parsed tree, by its text, so a script is parsed once."""
        self.functions: dict[str, dict[str, ast.FunctionDef | ast.AsyncFunctionDef]] = {}
        """Each module's top-level functions, by module name, so a call of a sibling's one-line wrapper is judged as
        the call it makes."""
        self.install_time: dict[str, str] = {}
        """Python files a pyproject.toml runs when the package is built or installed, with how (a hatch build hook,
        an in-tree build backend, a setuptools cmdclass)."""

    @classmethod
    def of(cls, files: list[tuple[str, str]]) -> Modules:
        modules = cls()
        for path, text in files:
            if path.rsplit("/", 1)[-1] == "pyproject.toml":
                modules.install_time.update(build_hooks(path, text))
        sources = [(p, t) for p, t in files if p.endswith(".py") and len(t) < 256 * 1024]
        for _, text in sources:
            try:
                modules.trees[text] = ast.parse(text)
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                continue  # scan_python parses it again and says why
        if len(modules.trees) < 2:
            return modules  # one script imports none of its siblings: nothing to summarise
        for path, text in sources:
            tree = modules.trees.get(text)
            if tree is not None:
                modules.functions[path.rsplit("/", 1)[-1][:-3]] = {
                    node.name: node for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                }
        for _ in range(2):  # twice: a helper that calls another helper learns from the first round
            for path, text in sources:
                tree = modules.trees.get(text)
                if tree is None:
                    continue
                analyser = Analyser(Ctx(text, 0, text, path), modules, report=False)
                analyser.run(tree)
                modules.by_name[path.rsplit("/", 1)[-1][:-3]] = analyser.summary
        return modules


def build_hooks(path: str, text: str) -> dict[str, str]:
    """The skill paths of Python files a pyproject.toml runs at build or install time, with how each is named."""
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError):
        return {}
    here = posixpath.dirname(path)
    out: dict[str, str] = {}

    def add(relative: str, how: str) -> None:
        out[posixpath.normpath(posixpath.join(here, relative))] = how

    tool = data.get("tool")
    tool = tool if isinstance(tool, dict) else {}
    hatch = tool.get("hatch", {}) if isinstance(tool, dict) else {}
    build = hatch.get("build", {}) if isinstance(hatch, dict) else {}
    places = [build.get("hooks", {})] if isinstance(build, dict) else []
    targets = build.get("targets", {}) if isinstance(build, dict) else {}
    places += [t.get("hooks", {}) for t in targets.values() if isinstance(t, dict)] if isinstance(targets, dict) else []
    for hooks in places:
        custom = hooks.get("custom") if isinstance(hooks, dict) else None
        if isinstance(custom, dict):
            add(str(custom.get("path", "hatch_build.py")), "a hatch build hook ([tool.hatch.build.hooks.custom])")
    system = data.get("build-system")
    system = system if isinstance(system, dict) else {}
    backend, where = system.get("build-backend"), system.get("backend-path")
    if isinstance(backend, str) and isinstance(where, list):
        module = backend.split(":", 1)[0].replace(".", "/")
        for folder in where:
            add(f"{folder}/{module}.py", "an in-tree build backend (backend-path)")
            add(f"{folder}/{module}/__init__.py", "an in-tree build backend (backend-path)")
    setuptools = tool.get("setuptools", {}) if isinstance(tool, dict) else {}
    cmdclass = setuptools.get("cmdclass") if isinstance(setuptools, dict) else None
    if isinstance(cmdclass, dict):
        for target in cmdclass.values():
            if isinstance(target, str) and "." in target:
                add(
                    target.rsplit(".", 1)[0].replace(".", "/") + ".py",
                    "a setuptools cmdclass ([tool.setuptools.cmdclass])",
                )
    return out


_REACHES = (
    "import",
    "open(",
    "exec",
    "eval",
    "compile(",
    "getattr",
    "environ",
    "system(",
    "popen(",
    "Popen(",
    "urlopen",
    "print(",  # what a script prints for the agent is read as prose
)
"""Names without which Python reaches no source, sink or runner (comment-only or pure-computation files are not parsed)."""


def scan_python(ctx: Ctx, modules: Modules) -> None:
    """Run the Python rules over ``ctx.text`` (code that does not parse is left to the other rules)."""
    install = modules.install_time.get(ctx.path) or (
        "setup.py, which pip runs to build and install the package"
        if ctx.path.rsplit("/", 1)[-1] == "setup.py"
        else None
    )
    if not install and not any(word in ctx.text for word in _REACHES):
        return
    tree = modules.trees.get(ctx.text)
    if tree is None:
        try:
            tree = ast.parse(ctx.text)
        except (SyntaxError, ValueError) as exc:
            if "too many nested" in str(exc):  # the parser's own limit (200 brackets): no code to analyse
                ctx.add(CUT, "Python nested too deeply for its own parser", 0, 1)
            return
        except (RecursionError, MemoryError):
            ctx.add(CUT, "Python nested too deeply for its own parser", 0, 1)
            return
    analyser = Analyser(ctx, modules)
    analyser.install = install
    before = len(ctx.hits)
    analyser.run(tree)
    if analyser.values.cut:
        ctx.add(CUT, analyser.values.cut, 0, 1)
    if install:  # what a build hook does happens on `pip install`, before anyone runs the skill
        ctx.hits[before:] = [replace(raw, message=f"{raw.message}, at install time") for raw in ctx.hits[before:]]
