"""CI workflow files a skill ships or installs (GitHub Actions): each step's ``run`` is shell, judged as the shell
analyser judges a script, and a step's ``env`` value drawn from the repository's secrets is a secret it holds.

A workflow runs on the forge with every secret the repository has, on each push: a step that posts them out leaks
them as surely as a script reading ``~/.aws/credentials`` does, whoever wrote the file into ``.github/workflows``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from skillscope.audit.behavior.base import Ctx
from skillscope.audit.behavior.purpose import Purpose
from skillscope.audit.behavior.vocab import _one_edit

__all__ = ["is_workflow", "scan_action_owners", "scan_workflow"]

_WORKFLOW_SHAPE = re.compile(r"(?m)^jobs:\s*$")
_STEPS = re.compile(r"(?m)^\s+steps:\s*$")
_RUN = re.compile(r"(?m)^(?P<indent>[ \t]*)(?:-[ \t]+)?run:[ \t]*(?P<block>[|>][-+]?[ \t]*)?(?P<inline>[^\n]*)$")
_ENV_ENTRY = re.compile(r"(?m)^(?P<indent>[ \t]+)(?P<name>[A-Za-z_]\w*):[ \t]*(?P<value>[^\n]*)$")
_EXPRESSION = re.compile(r"\$\{\{.*?\}\}")
_FROM_SECRETS = re.compile(r"\bsecrets\b|\bgithub\.token\b", re.IGNORECASE)


_ACTION_OWNERS = (
    "actions",
    "github",
    "docker",
    "aws-actions",
    "azure",
    "google-github-actions",
    "hashicorp",
    "codecov",
    "pypa",
    "denoland",
    "oven-sh",
    "astral-sh",
    "golangci",
    "softprops",
    "peaceiris",
    "JamesIves",
)
"""Owners whose actions most workflows use: a step naming an owner one letter away runs a stranger's code with the
job's token and secrets."""
_USES = re.compile(r"^[ \t]*-?[ \t]*uses:[ \t]*[\"']?([A-Za-z0-9][\w.-]*)/[\w.-]+(?:/[\w./-]*)?@", re.MULTILINE)


def scan_action_owners(text: str, path: str) -> Ctx:
    """A CI step (``uses: actlons/setup-node@v4``) whose action owner is one edit from a well-known owner's name: a
    look-alike package, in a workflow or a template of one the skill writes into a repository."""
    ctx = Ctx(text, 0, text, path)
    if "uses:" not in text:
        return ctx
    for match in _USES.finditer(text):
        owner = match.group(1)
        if owner.lower() in (o.lower() for o in _ACTION_OWNERS):
            continue
        real = next((o for o in _ACTION_OWNERS if len(o) >= 4 and _one_edit(owner.lower(), o.lower())), None)
        if real is not None:
            ctx.add(
                "skillscope/deception/lookalike-package",
                f"a CI step uses the action owner {owner!r}, one letter from {real!r}: a stranger's action that runs "
                f"with the job's token and secrets (line {ctx.line(match.start(1))})",
                match.start(1),
                match.end(1),
            )
    return ctx


def is_workflow(path: str, text: str) -> bool:
    """Whether a YAML file reads as a CI workflow (``jobs:`` with ``steps:``), wherever the skill keeps it."""
    return (
        path.lower().endswith((".yml", ".yaml"))
        and "run:" in text
        and _WORKFLOW_SHAPE.search(text) is not None
        and _STEPS.search(text) is not None
    )


def _masked(text: str) -> str:
    """The text with each ``${{ … }}`` expression turned into a shell word of the same length (offsets kept): one
    naming a secret reads as a secret variable, any other as a plain value."""

    def swap(match: re.Match[str]) -> str:
        size = len(match.group(0))
        name = "CI_SECRET_TOKEN" if _FROM_SECRETS.search(match.group(0)) else "CI_VALUE"
        word = "${" + name + "}"
        return word + "_" * (size - len(word)) if size >= len(word) else "x" * size

    return _EXPRESSION.sub(swap, text)


def _step_env(lines: list[str], run_at: int, indent: int) -> dict[str, tuple[str, int]]:
    """The secrets a step's ``env`` block hands its run (name -> what, line): the ``env:`` key at the step's
    indentation between the step's start and its ``run``, its entries drawn from ``secrets`` or ``github.token``."""
    out: dict[str, tuple[str, int]] = {}
    start = run_at
    while start > 0 and not lines[start].lstrip().startswith("- ") and start > run_at - 40:
        start -= 1
    in_env = False
    env_indent = 0
    for number in range(start, min(len(lines), run_at + 40)):
        line = lines[number]
        stripped = line.strip()
        if number > run_at and line.lstrip().startswith("- ") and len(line) - len(line.lstrip()) <= indent:
            break  # the next step
        if stripped in ("env:", "- env:"):
            in_env, env_indent = True, len(line) - len(line.lstrip())
            continue
        if in_env:
            entry = _ENV_ENTRY.match(line)
            if entry is None or len(entry.group("indent")) <= env_indent:
                in_env = False
                continue
            if _FROM_SECRETS.search(entry.group("value")):
                said = " ".join(entry.group("value").split())[:60]
                out[entry.group("name")] = (f"reads the repository's CI secrets ({said})", number + 1)
    return out


def scan_workflow(text: str, path: str, skill_files: Mapping[str, str], purpose: Purpose) -> list[Ctx]:
    """Each ``run`` of a workflow read as shell, at its place in the file, with its step's secrets handed in."""
    from skillscope.audit.behavior.shell import scan_shell

    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    out: list[Ctx] = []
    for match in _RUN.finditer(text):
        number = text.count("\n", 0, match.start())
        indent = len(match.group("indent"))
        if match.group("block"):
            first = last = number + 1
            while last < len(lines) and (
                not lines[last].strip() or len(lines[last]) - len(lines[last].lstrip()) > indent
            ):
                last += 1
            start, end = offsets[first], max(offsets[first], offsets[last] - 1)
        else:
            start, end = match.start("inline"), match.end("inline")
        if end <= start:
            continue
        step = Ctx(_masked(text[start:end]), start, text, path, skill_files=skill_files, purpose=purpose)
        step.secret_vars.update(_step_env(lines, number, indent))
        step.secret_vars.setdefault("CI_SECRET_TOKEN", ("reads the repository's CI secrets", number + 1))
        scan_shell(step)
        _encoded_into_log(step)
        out.append(step)
    return out


_ENCODER = re.compile(r"\|\s*(?:base64|base32|basenc|xxd|od|hexdump|rev|gzip|openssl\s+(?:base64|enc)|tr\s)")


def _encoded_into_log(step: Ctx) -> None:
    """A step that prints a secret through an encoder (``printf '%s' "$TOKEN" | base64``) into the job's log: the log
    masks a secret only as written, so the encoded text is shown to whoever reads the log, and decodes back."""
    start = 0
    for line in step.text.split("\n"):
        start, at_line = start + len(line) + 1, start  # at_line: where this line starts in the step
        if not _ENCODER.search(line) or re.search(r">\s*[^&|\s]", line.split("|")[-1]):
            continue  # into a file, not the log
        named = next((n for n in step.secret_vars if re.search(rf"\$\{{?{re.escape(n)}\b", line)), None)
        if named is None or not re.match(r"\s*(?:echo|printf|cat|jq)\b", line):
            continue
        what, at = step.secret_vars[named]
        step.add(
            "skillscope/secrets/token",
            f"{what.removeprefix('reads ')} (line {at}) printed encoded into the job's log (line {step.line(at_line)}): "
            "the log masks a secret only as written, and the encoded text decodes back",
            at_line,
            at_line + len(line),
            "error",
        )
