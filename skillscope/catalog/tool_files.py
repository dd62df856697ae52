"""Served paths that tools read as their own: git's repository metadata (never written) and tool configuration."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import unquote

from skillscope.core.unicode_policy import classify

__all__ = ["GitMetadata", "ToolFile", "TOOL_FILES", "fold_segment", "git_metadata", "is_git_name", "tool_files"]

_BARE_SIGNATURE = frozenset({"head", "commondir", "config", "objects/", "refs/"})
"""What git looks for (and reads) in a folder it may take for a bare repository, folded."""
_SHORT_NAME = re.compile(r"git~[1-9][0-9]*")
"""The 8.3 short name Windows gives ``.git`` (``GIT~1``; a higher number when another name took it)."""


def fold_segment(segment: str) -> str:
    """One path segment as the most forgiving common file system compares names.

    HFS+ and APFS compare normalised, case-folded names and HFS+ skips invisible code points
    (zero-width joiners, bidi marks, BOM) inside them; NTFS upper-cases with its own table (the
    dotless ``ı`` becomes ``I``), drops trailing dots and spaces, and reads ``name:stream`` as
    a stream of ``name``. Two segments with the same fold may be one file on some disk.
    """
    kept = "".join(ch for ch in unicodedata.normalize("NFC", segment) if classify(ch) is None)
    folded = kept.upper().casefold()
    return folded.split(":", 1)[0].rstrip(". ")


def is_git_name(segment: str) -> bool:
    """True when some file system or git itself could take ``segment`` for ``.git``.

    ``.github``, ``.gitignore``, ``git`` and ``repo.git`` are other names everywhere, and pass.
    """
    folded = fold_segment(segment)
    return folded == ".git" or _SHORT_NAME.fullmatch(folded) is not None


@dataclass(frozen=True)
class GitMetadata:
    """A place in a skill that git would read as a repository: its config can make git run commands."""

    where: str
    """The served path of the ``.git`` segment or of the repository-shaped folder (``""`` for the skill's own)."""
    paths: tuple[str, ...]
    """The served files that make it so, as their URIs spell them."""
    why: str
    """A sentence naming what git would do with it."""


def _spellings(path: str) -> list[str]:
    """The path as spelled and, when it differs, as a host that percent-decodes it reads it."""
    try:
        decoded = unquote(path, errors="strict") if "%" in path else path
    except UnicodeDecodeError:
        return [path]
    return [path] if decoded == path else [path, decoded]


def git_metadata(paths: Iterable[str]) -> list[GitMetadata]:
    """Every place among a skill's file ``paths`` that git would take for repository metadata.

    Two shapes: a segment named ``.git`` in any spelling a file system or git treats alike (a
    ``.git`` folder holds a config; a ``.git`` file says ``gitdir: <folder>``), and a folder
    shaped like a bare repository (a ``HEAD`` file beside ``objects/`` and ``refs/``, or beside
    a ``commondir`` file), which git discovers on its own when run inside it.
    """
    paths = list(paths)
    named: dict[str, list[str]] = {}
    for path in paths:
        for spelling in _spellings(path):
            segments = spelling.split("/")
            cut = next((i for i, segment in enumerate(segments) if is_git_name(segment)), None)
            if cut is not None:
                named.setdefault("/".join(segments[: cut + 1]), []).append(path)
                break
    found = [
        GitMetadata(
            where,
            tuple(sorted(set(members))),
            "git reads a .git file or folder as the repository of the folder holding it, and its config "
            "can name commands git then runs (core.fsmonitor, core.pager, aliases)",
        )
        for where, members in named.items()
    ]
    # folder (folded) -> the folded names of what sits directly in it, and the served paths of git's own names in it
    children: dict[str, set[str]] = {}
    below: dict[str, list[str]] = {}
    for path in paths:
        for spelling in _spellings(path):
            segments = [fold_segment(s) for s in spelling.split("/")]
            for depth in range(len(segments)):
                folder = "/".join(segments[:depth])
                child = segments[depth] + ("/" if depth < len(segments) - 1 else "")
                children.setdefault(folder, set()).add(child)
                if child in _BARE_SIGNATURE:
                    below.setdefault(folder, []).append(path)
    for folder, names in sorted(children.items()):
        if "head" in names and ({"objects/", "refs/"} <= names or "commondir" in names):
            members = tuple(sorted(set(below[folder])))
            if any(set(members) <= set(g.paths) for g in found):
                continue  # already reported as a .git folder
            where = "/".join(members[0].split("/")[: folder.count("/") + 1]) if folder else ""
            found.append(
                GitMetadata(
                    where,
                    members,
                    "a folder holding HEAD beside objects/ and refs/ (or a commondir file) is a bare repository: "
                    "git run inside it reads its config, which can name commands git then runs",
                )
            )
    return found


@dataclass(frozen=True)
class ToolFile:
    """A file or folder name that a common tool reads from the folder it runs in, and what that does."""

    name: str
    """The name as ``fold_segment`` gives it (``.vscode``, ``makefile``)."""
    folder: bool
    """True for a folder: every file under it counts."""
    tools: str
    effect: str


def _t(name: str, tools: str, effect: str, *, folder: bool = False) -> ToolFile:
    return ToolFile(name, folder, tools, effect)


# Files a tool run in the skill's folder (or a folder below it) picks up on its own and that make it run
# something or change what it looks at. Files read only from a home folder (.pypirc, pip.conf) and names
# that count only at a repository's root (.github/) are left out: a fetched skill's folder is neither.
TOOL_FILES: tuple[ToolFile, ...] = (
    _t(".gitattributes", "git", "selects filter, diff and merge drivers and what an archive leaves out"),
    _t(".gitignore", "git and scanners that honour it (ripgrep, secret scanners)", "hides the files it lists"),
    _t(".gitmodules", "git", "names submodules and the URLs git fetches them from"),
    _t(".ignore", "ripgrep, fd and ag", "hides the files it lists"),
    _t(".rgignore", "ripgrep", "hides the files it lists"),
    _t(".semgrepignore", "Semgrep", "hides the files it lists from the scan"),
    _t(".gitleaksignore", "gitleaks", "silences the findings it lists"),
    _t(".gitleaks.toml", "gitleaks", "replaces or relaxes its rules"),
    _t(".trivyignore", "Trivy", "silences the findings it lists"),
    _t("trivy.yaml", "Trivy", "sets what it scans and skips"),
    _t(".bandit", "Bandit", "skips the tests and paths it lists"),
    _t(".secrets.baseline", "detect-secrets", "marks the secrets it lists as known, so they are not reported"),
    _t(".editorconfig", "editors", "sets how they write files (line ends, charset, whitespace)"),
    _t(".envrc", "direnv", "runs as a shell script when you enter the folder (once allowed)"),
    _t(".env", "dotenv loaders, docker compose, mise", "puts its variables into the environment of what they run"),
    _t(".npmrc", "npm", "sets the registry, the script shell and node options"),
    _t(".yarnrc", "Yarn", "sets the registry and options"),
    _t(".yarnrc.yml", "Yarn", "yarnPath names a script Yarn runs instead of itself"),
    _t("package.json", "npm, Yarn and pnpm", "its scripts run on install and on npm run"),
    _t("pyproject.toml", "Python tools (pip, pytest, linters)", "names the build backend pip runs and tool options"),
    _t("setup.cfg", "Python tools (setuptools, pytest, flake8)", "its tool sections set options and plugins"),
    _t("tox.ini", "tox and pytest", "names the commands tox runs and pytest options"),
    _t("conftest.py", "pytest", "is imported, so its code runs, when pytest collects the folder"),
    _t(".pre-commit-config.yaml", "pre-commit", "names the hooks it installs and runs on each commit"),
    _t("makefile", "make", "its recipes run on make"),
    _t("gnumakefile", "GNU make", "its recipes run on make"),
    _t(".tool-versions", "asdf and mise", "picks which version of each program runs"),
    _t("mise.toml", "mise", "sets the environment, tools and tasks of the folder"),
    _t(".mise.toml", "mise", "sets the environment, tools and tasks of the folder"),
    _t(".devcontainer.json", "dev containers (VS Code, Codespaces)", "its commands run when the container is made"),
    _t(
        ".devcontainer",
        "dev containers (VS Code, Codespaces)",
        "its commands run when the container is made",
        folder=True,
    ),
    _t(".vscode", "VS Code", "tasks can run when the folder opens; settings can name programs", folder=True),
    _t(".idea", "JetBrains IDEs", "run configurations and tool settings", folder=True),
    _t(".cargo", "cargo", "its config (aliases, rustc wrappers) applies to cargo run in the folder", folder=True),
    _t(".hg", "Mercurial", "a repository whose hgrc can load extensions and run hooks", folder=True),
)
_BY_NAME = {(tool.name, tool.folder): tool for tool in TOOL_FILES}


def tool_files(paths: Iterable[str]) -> list[tuple[str, str, ToolFile]]:
    """(where, first served path, tool) for each tool configuration file or folder among ``paths``, once each.

    ``where`` is the served path of the file, or of the folder for a folder rule (``.vscode``).
    """
    found: dict[str, tuple[str, str, ToolFile]] = {}
    for path in paths:
        segments = path.split("/")
        for depth, segment in enumerate(segments):
            last = depth == len(segments) - 1
            tool = _BY_NAME.get((fold_segment(segment), not last))
            if tool is not None:
                where = "/".join(segments[: depth + 1])
                found.setdefault(where, (where, path, tool))
                break
    return sorted(found.values(), key=lambda item: item[0])
