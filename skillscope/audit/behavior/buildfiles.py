"""Build files whose commands run as shell: a Dockerfile's ``RUN`` steps and a justfile's recipes.

Neither is a shell script, and neither is prose: each is read here as the shell text it hands a shell, line for line
and column for column where it can be (a line is never longer than it was, so every finding keeps its line):

- Dockerfile (``Containerfile``, ``*.dockerfile``, ``Dockerfile.*``): ``RUN`` (its ``--mount``/``--network`` flags
  blanked) is the command; ``ENV`` and ``ARG`` are assignments; other instructions are blank.
- justfile (``.justfile``, ``*.just``): a recipe's body lines are commands (``@`` and ``-`` prefixes blanked,
  ``{{name}}`` spelt ``${name}``); ``name := expression`` is an assignment whose string pieces joined with ``+``
  and ``/`` and ``env_var('X')`` are worked out; headers, settings and comments are blank.
"""

from __future__ import annotations

import re

__all__ = ["build_shell", "is_build_file", "is_container_build"]

_DOCKER = re.compile(r"(?:^|/)(?:dockerfile|containerfile)(?:\.[\w.-]+)?$|\.dockerfile$", re.IGNORECASE)
_JUST = re.compile(r"(?:^|/)\.?justfile$|\.just$", re.IGNORECASE)
_BATCH = re.compile(r"\.(?:cmd|bat)$", re.IGNORECASE)
_NIX = re.compile(r"\.nix$", re.IGNORECASE)
_PRE_COMMIT = re.compile(r"(?:^|/)\.?pre-commit-(?:config|hooks)\.ya?ml$", re.IGNORECASE)


def is_build_file(path: str) -> bool:
    """Whether ``path`` is a Dockerfile, a justfile, a Windows batch file, a Nix expression or a pre-commit config."""
    return any(pattern.search(path) is not None for pattern in (_DOCKER, _JUST, _BATCH, _NIX, _PRE_COMMIT))


def is_container_build(path: str) -> bool:
    """Whether ``path`` is a Dockerfile (Containerfile): its steps act on the image it builds."""
    return _DOCKER.search(path) is not None


def build_shell(path: str, text: str) -> str:
    """The shell a build file runs, line for line (the same number of lines, none longer than it was)."""
    lines = text.split("\n")
    if _DOCKER.search(path):
        out = _docker(lines)
    elif _BATCH.search(path):
        out = _batch(lines)
    elif _NIX.search(path):
        out = _nix(lines)
    elif _PRE_COMMIT.search(path):
        out = _pre_commit(lines)
    else:
        out = _just(lines)
    return "\n".join(_fit(new, old) for new, old in zip(out, lines, strict=True))


def _fit(new: str, old: str) -> str:
    """``new`` padded to ``old``'s length; ``old`` blanked when ``new`` would be longer (a finding's column may move,
    its line never does)."""
    return new + " " * (len(old) - len(new)) if len(new) <= len(old) else " " * len(old)


_INSTRUCTION = re.compile(r"^(\s*)([A-Za-z]+)(\s+)(.*)$")
_RUN_FLAG = re.compile(r"^(?:--[\w-]+(?:=\S+)?\s+)*")


def _docker(lines: list[str]) -> list[str]:
    out: list[str] = []
    continued = False
    for line in lines:
        if continued:  # the rest of a RUN (or ENV) continued with a backslash
            out.append(line)
            continued = line.rstrip().endswith("\\")
            continue
        found = _INSTRUCTION.match(line)
        word = found.group(2).upper() if found else ""
        if found and word == "RUN":
            body = found.group(4)
            flags = _RUN_FLAG.match(body)
            taken = flags.end() if flags else 0
            exec_form = _exec_form(body[taken:])
            command = exec_form if exec_form is not None else body[taken:]
            out.append(" " * (len(line) - len(body)) + " " * taken + command)
            continued = line.rstrip().endswith("\\")
        elif found and word in ("ENV", "ARG"):
            out.append(" " * (len(line) - len(found.group(4))) + _assignments(found.group(4)))
            continued = line.rstrip().endswith("\\")
        else:
            out.append("")
            continued = bool(found) and line.rstrip().endswith("\\")
    return out


def _exec_form(body: str) -> str | None:
    """``["sh", "-c", "curl … | sh"]`` as the words it runs, or None for the shell form."""
    stripped = body.strip()
    if not (stripped.startswith("[") and stripped.endswith("]")):
        return None
    words: list[str] = re.findall(r'"((?:[^"\\]|\\.)*)"', stripped)
    if len(words) >= 3 and words[0].rsplit("/", 1)[-1] in ("sh", "bash", "ash", "dash") and words[1] == "-c":
        return words[2]
    return " ".join(words)


def _assignments(body: str) -> str:
    """``ENV A=1 B=2`` and the legacy ``ENV A 1``: shell assignments."""
    if "=" not in body.split(maxsplit=1)[0]:
        name, _, value = body.partition(" ")
        return f"{name}={value.strip()}"
    return body


_RECIPE = re.compile(r"^@?[A-Za-z_][\w-]*(?:\s+[^:=]*)?:(?!=)")
_SETTING = re.compile(r"^(?:set|alias|export|import|mod)\b")
_ASSIGN = re.compile(r"^(?:export\s+)?([A-Za-z_]\w*)\s*:=\s*(.+)$")
_INTERPOLATION = re.compile(r"\{\{\s*([A-Za-z_]\w*)\s*\}\}")


def _just(lines: list[str]) -> list[str]:
    out: list[str] = []
    in_recipe = False
    for line in lines:
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            out.append("")
            continue
        if line[:1] in (" ", "\t") and in_recipe:
            body = line.lstrip()
            indent = len(line) - len(body)
            while body[:1] in ("@", "-"):
                body, indent = body[1:], indent + 1
            out.append(" " * indent + _INTERPOLATION.sub(r"${\1}", body))
            continue
        in_recipe = False
        assign = _ASSIGN.match(stripped)
        if assign:
            value = _expression(assign.group(2))
            out.append(f'{assign.group(1)}="{value}"' if value is not None else "")
        elif _RECIPE.match(stripped) and not _SETTING.match(stripped):
            in_recipe = True
            out.append("")
        else:
            out.append("")
    return out


_PIECE = re.compile(
    r"""\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|env_var(?:_or_default)?\(\s*['"](\w+)['"][^)]*\)|"""
    r"""(justfile_directory|invocation_directory|source_directory)\(\)|([A-Za-z_]\w*))\s*"""
)


def _expression(text: str) -> str | None:
    """A just expression of strings joined with ``+`` and ``/`` (env_var('HOME'), justfile_directory(), other
    variables), as shell text; None for anything else (a conditional, a backtick command)."""
    pieces: list[str] = []
    position = 0
    joiner = ""
    while position < len(text):
        found = _PIECE.match(text, position)
        if found is None:
            return None
        literal, quoted, env, here, name = found.groups()
        if literal is not None or quoted is not None:
            piece = literal if literal is not None else quoted
        elif env is not None:
            piece = "$" + env
        elif here is not None:
            piece = "."
        else:
            piece = "${" + str(name) + "}"
        pieces.append(joiner + str(piece))
        position = found.end()
        if position >= len(text):
            break
        if text[position] not in "+/":
            return None
        joiner = "/" if text[position] == "/" else ""
        position += 1
    value = "".join(pieces)
    return value if '"' not in value and "`" not in value else None


_BATCH_SET = re.compile(r"""^(\s*)set\s+(?:/a\s+)?"?([A-Za-z_]\w*)=([^"\r\n]*)"?\s*$""", re.IGNORECASE)
_BATCH_VAR = re.compile(r"%([A-Za-z_]\w*)%")
_BATCH_REMARK = re.compile(r"^(\s*)(?:@?rem\b|::)", re.IGNORECASE)


def _batch(lines: list[str]) -> list[str]:
    """A batch file as the shell reads the same steps: ``set "X=v"`` is ``X="v"``, ``%X%`` is ``$X``, ``%~dp0`` (the
    script's folder) is ``./``, ``rem`` and ``::`` lines are comments; ``@echo off`` and labels say nothing."""
    out: list[str] = []
    for raw in lines:
        line = raw.rstrip("\r")
        if _BATCH_REMARK.match(line) or re.match(
            r"^\s*(?:@?echo\s+off|:[A-Za-z_]\w*|setlocal\b|endlocal\b)", line, re.I
        ):
            out.append("")
            continue
        line = line.replace("%~dp0", "./").replace("%%", "%")
        found = _BATCH_SET.match(line)
        if found is not None:
            line = f'{found.group(1)}{found.group(2)}="{found.group(3)}"'
        out.append(_BATCH_VAR.sub(lambda m: "$" + m.group(1), line).lstrip("@"))
    return out


_NIX_SHELL = re.compile(
    r"^\s*(?:shellHook|(?:pre|post)?(?:build|install|unpack|configure|check|fixup)Phase|postInstall|preInstall|"
    r"postBuild|preBuild|script|text)\s*=\s*''"
)


def _nix(lines: list[str]) -> list[str]:
    """A Nix expression's shell: the bodies of ``shellHook = '' ... '';`` (a dev shell's hook, run each time the shell
    is entered) and of build phases, line for line; the rest of the expression is blank."""
    out: list[str] = []
    inside = False
    for line in lines:
        if not inside:
            found = _NIX_SHELL.match(line)
            if found is None:
                out.append("")
                continue
            inside, line = True, " " * found.end() + line[found.end() :]
        if inside and re.search(r"(?<!')''\s*;?\s*$", line) and not _NIX_SHELL.match(line.strip() + "x"):
            inside = False
            line = re.sub(r"''\s*;?\s*$", "", line)
        out.append(line.replace("''$", "$"))
    return out


_HOOK_ENTRY = re.compile(r"^(\s*-?\s*)entry\s*:\s*(.*)$")


def _pre_commit(lines: list[str]) -> list[str]:
    """A pre-commit config's commands: each hook's ``entry:`` (run at every commit, or every push) as a shell line;
    the rest of the YAML is blank."""
    out: list[str] = []
    for line in lines:
        found = _HOOK_ENTRY.match(line)
        if found is None:
            out.append("")
            continue
        command = found.group(2).strip()
        if len(command) >= 2 and command[0] == command[-1] and command[0] in "'\"" and command.count(command[0]) == 2:
            command = command[1:-1]  # a YAML-quoted entry: the quotes are YAML's, not the shell's
        # pre-commit splits an entry into words itself and runs it with no shell: a backtick or a $ in it is a
        # character of an argument, never a substitution
        out.append(" " * len(found.group(1)) + command.replace("`", "_").replace("$", "_"))
    return out
