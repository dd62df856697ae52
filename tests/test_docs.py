"""The documentation stays true: links resolve, the README's synopsis names every command and option, keys are listed."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from urllib.parse import unquote, urlsplit

import click
import pytest

from skillscope.cli import cli

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = sorted([README, ROOT / "CONTRIBUTING.md", *(ROOT / "docs").glob("*.md")])

_FENCE = re.compile(r"^(```|~~~)")
_LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")
_OPTION = re.compile(r"(?<![\w-])(--?[A-Za-z][\w-]*)")


def prose_lines(text: str) -> list[str]:
    """The lines outside fenced code blocks, with code spans blanked (a link in code is not a link)."""
    lines, fenced = [], False
    for line in text.splitlines():
        if _FENCE.match(line.lstrip()):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(_CODE_SPAN.sub("", line))
    return lines


def anchors(text: str) -> set[str]:
    """The anchors GitHub gives a Markdown file's headings (lower case, punctuation dropped, spaces as hyphens)."""
    found: set[str] = set()
    seen: dict[str, int] = {}
    for line in prose_lines(text.replace("`", "")):
        match = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not match:
            continue
        slug = "".join(
            c for c in match.group(1).lower() if c.isalnum() or c in "_- " or unicodedata.category(c).startswith("M")
        ).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(slug if count == 0 else f"{slug}-{count}")
    return found


def _relative_links(path: Path) -> list[str]:
    links = []
    for line in prose_lines(path.read_text(encoding="utf-8")):
        for target in _LINK.findall(line):
            if not urlsplit(target).scheme and not target.startswith("//"):
                links.append(target)
    return links


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_reaches_a_file_and_its_heading(doc):
    broken = []
    for target in _relative_links(doc):
        file_part, _, fragment = target.partition("#")
        dest = (doc.parent / unquote(file_part)).resolve() if file_part else doc
        if not dest.exists():
            broken.append(f"{target}: no file {dest}")
        elif fragment and dest.suffix == ".md" and fragment not in anchors(dest.read_text(encoding="utf-8")):
            broken.append(f"{target}: no heading #{fragment} in {dest.relative_to(ROOT)}")
    assert not broken, "\n".join(broken)


def test_the_link_checker_sees_a_broken_link_and_a_missing_heading(tmp_path):
    # The checker must not pass vacuously: a dead file, a dead anchor and a good anchor, told apart.
    (tmp_path / "a.md").write_text(
        "# Top\n\n## A `code` heading: here\n\n[x](b.md) [y](#nowhere) [z](#a-code-heading-here)\n"
        "`[not a link](c.md)`\n",
        encoding="utf-8",
    )
    assert _relative_links(tmp_path / "a.md") == ["b.md", "#nowhere", "#a-code-heading-here"]
    assert anchors((tmp_path / "a.md").read_text(encoding="utf-8")) == {"top", "a-code-heading-here"}


def synopsis() -> tuple[dict[tuple[str, ...], str], dict[str, str]]:
    """The README's usage block: each command path's text (lines joined), and the option groups it names."""
    text = README.read_text(encoding="utf-8")
    block = re.search(r"^## Usage\n+```[^\n]*\n(.*?)^```", text, re.S | re.M)
    assert block, "README.md has no ## Usage section opening with a code block"
    entries: list[list[str]] = []
    for line in block.group(1).splitlines():
        if line.startswith(("skillscope", *(chr(c) for c in range(ord("A"), ord("Z") + 1)))):
            entries.append([line])
        elif line.strip() and entries:
            entries[-1].append(line)
    commands: dict[tuple[str, ...], str] = {}
    groups: dict[str, str] = {}
    for lines in entries:
        joined = " ".join(part.strip() for part in lines)
        head, _, rest = joined.partition(" ")
        if head != "skillscope":
            groups[head] = rest
            continue
        path: list[str] = []
        command: click.Command = cli
        words = rest.split()
        while words and isinstance(command, click.Group) and words[0] in command.commands:
            command = command.commands[words[0]]
            path.append(words.pop(0))
        commands[tuple(path)] = commands.get(tuple(path), "") + " " + " ".join(words)
    return commands, groups


def _expand(text: str, groups: dict[str, str], depth: int = 0) -> str:
    assert depth < 5, "option groups name each other in a loop"
    for name, body in groups.items():
        if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text):
            text += " " + _expand(body, groups, depth + 1)
    return text


def every_command() -> list[tuple[tuple[str, ...], click.Command]]:
    found = []

    def walk(command: click.Command, path: tuple[str, ...]) -> None:
        if not isinstance(command, click.Group) or path == ():
            found.append((path, command))
        if isinstance(command, click.Group):
            for name, sub in command.commands.items():
                walk(sub, (*path, name))

    walk(cli, ())
    return found


@pytest.mark.parametrize(
    ("path", "command"), every_command(), ids=[" ".join(("skillscope", *p)) for p, _ in every_command()]
)
def test_the_readme_synopsis_names_every_command_and_option(path, command):
    commands, groups = synopsis()
    assert path in commands, f"`skillscope {' '.join(path)}` is missing from the README's usage synopsis"
    named = set(_OPTION.findall(_expand(commands[path], groups)))
    options = [p for p in command.params if isinstance(p, click.Option) and "--help" not in p.opts]
    missing = [p.opts[-1] for p in options if not named & {*p.opts, *p.secondary_opts}]
    assert not missing, f"skillscope {' '.join(path)}: options missing from the README synopsis: {missing}"
    real = {o for p in options for o in (*p.opts, *p.secondary_opts)} | {"--help"}
    stale = sorted(named - real)
    assert not stale, f"skillscope {' '.join(path)}: the README synopsis names options it does not have: {stale}"


def test_the_synopsis_names_no_command_the_app_lacks():
    commands, _ = synopsis()
    real = {path for path, _ in every_command()}
    assert set(commands) <= real, sorted(set(commands) - real)


def test_sarif_help_points_at_a_readme_heading():
    from skillscope.audit.reports import help_uri

    link = help_uri("https://github.com/acme/skillscope/blob/v1/README.md")
    assert link is not None
    fragment = urlsplit(link).fragment
    assert fragment in anchors(README.read_text(encoding="utf-8")), link


def test_the_tui_page_lists_every_key():
    from skillscope.tui.keymap import LEDGER_COMMANDS, MAIN_COMMANDS

    page = (ROOT / "docs" / "tui.md").read_text(encoding="utf-8").lower()
    names = {"slash": "/", "question_mark": "?", "delete": "del", "escape": "esc"}
    missing = sorted(
        {
            c.key_display or names.get(c.key, c.key)
            for c in (*MAIN_COMMANDS, *LEDGER_COMMANDS)
            if f"**{(c.key_display or names.get(c.key, c.key)).lower()}**" not in page
        }
    )
    assert not missing, f"docs/tui.md does not list these keys: {missing}"


def test_the_readme_stays_short():
    # README for users, docs/ for depth: the bound.
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 300


def test_the_two_commands_are_the_ones_ci_runs():
    # A contract: the README's demo command and test command, and CI running that same test command.
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text[text.index("## The two commands") :], re.S)
    commands = [line.split("#")[0].strip() for block in blocks[:2] for line in block.splitlines()]
    assert commands == [
        "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/skillscope demo",
        "bash scripts/test.sh",
    ]
    assert "exec bash scripts/test.sh" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def _section(title: str) -> str:
    text = README.read_text(encoding="utf-8")
    match = re.search(rf"^#+ {re.escape(title)}\n(.*?)(?=^#+ |\Z)", text, re.S | re.M)
    assert match, f"README.md has no section {title!r}"
    return match.group(1)


def test_the_readme_has_every_target_form_the_help_lists():
    from skillscope.cli.common import TARGET_HELP

    table = _section("TARGET")
    forms = [
        re.split(r"\s{2,}", line.strip())[0]
        for line in TARGET_HELP.splitlines()
        if line.startswith("  ") and not line.startswith("   ")
    ]
    assert len(forms) >= 5, forms
    missing = [
        form for form in forms if not all(f"`{part.split(' [')[0].strip()}" in table for part in form.split(", "))
    ]
    assert not missing, f"TARGET forms in the help but not in the README: {missing}"


def test_the_readme_has_every_exit_code_the_help_lists():
    from skillscope.cli.common import EXIT_CODES

    codes = re.findall(r"^\s+(\d+)\s{2}", EXIT_CODES, re.M)
    assert "0" in codes and "130" in codes, codes
    rows = _section("Exit codes")
    missing = [code for code in codes if f"| {code} |" not in rows]
    assert not missing, f"exit codes in the help but not in the README: {missing}"
