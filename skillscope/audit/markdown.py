"""What rendering a Markdown file hides, found with a CommonMark parser so code stays code."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

import yaml
from markdown_it import MarkdownIt
from markdown_it.token import Token

from skillscope.core.unicode_policy import hidden_runs
from skillscope.verify.frontmatter import FrontmatterError, split_frontmatter

__all__ = ["HiddenPart", "PartKind", "WARNING_KINDS", "parser", "hidden_parts", "body_offset"]

PartKind = Literal[
    "comment",
    "unclosed-comment",
    "script",
    "hidden-html",
    "html",
    "reference-comment",
    "reference",
    "link-title",
    "yaml-comment",
    "instruction",
    "html-attribute",
    "entity",
]
"""What kind of hidden content: an HTML comment (closed or not), a script/style block, an
element hidden by attribute or style, any other HTML block, a reference definition never
used by a link (a comment in disguise) or one that is, a link or image title, a YAML comment,
a processing instruction or CDATA section (never rendered), an HTML attribute that carries text
no page shows (title, aria-label, ...), a character reference (``&#8203;``) that renders as a
hidden character."""

WARNING_KINDS: frozenset[str] = frozenset(
    {
        "comment",
        "unclosed-comment",
        "script",
        "hidden-html",
        "reference-comment",
        "link-title",
        "yaml-comment",
        "instruction",
        "html-attribute",
        "entity",
    }
)
"""Kinds that hide text a reader of the rendered file never sees (the audit warns about them)."""

_COMMENT = re.compile(r"<!--(.*?)(?:-->|\Z)", re.DOTALL)
_SCRIPT = re.compile(r"<(script|style|template|noscript|iframe|object)\b", re.IGNORECASE)
_HIDING = re.compile(
    r"<[a-z][a-z0-9-]*\b[^>]*?(?:\shidden\b|\stype\s*=\s*[\"']?hidden"
    r"|style\s*=\s*[\"'][^\"']*(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0|opacity\s*:\s*0(?![.\d]*[1-9])))",
    re.IGNORECASE,
)
_REASON = re.compile(
    r"\bhidden\b|display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0|opacity\s*:\s*0", re.IGNORECASE
)
_TAGS = re.compile(r"<[^>]*>")
_INSTRUCTION = re.compile(r"<\?(.*?)(?:\?>|\Z)|<!\[CDATA\[(.*?)(?:\]\]>|\Z)", re.DOTALL)
_TAG = re.compile(r"<[a-z][a-z0-9-]*\b[^>]*>?", re.IGNORECASE)
_TEXT_ATTRIBUTE = re.compile(
    r"\s(title|aria-label|aria-description|placeholder|data-[a-z0-9_.-]+)\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s\"'=<>`]+))",
    re.IGNORECASE,
)
"""Attributes whose text no rendered page shows (a title only on hover; alt text is left alone)."""


@dataclass(frozen=True)
class HiddenPart:
    """Something a rendered view does not show, at its 1-based line and column in the file."""

    kind: PartKind
    line: int
    column: int
    text: str
    """The hidden text itself (comment body, title, script, definition, YAML comment)."""
    detail: str = ""
    """For a reference definition, its label; for hidden HTML, what hides it."""


def parser() -> MarkdownIt:
    """The CommonMark parser Rich's Markdown uses (tables and strikethrough on)."""
    return MarkdownIt("commonmark").enable("strikethrough").enable("table")


def body_offset(text: str) -> tuple[str, int]:
    """The Markdown body of a file with frontmatter, and how many lines precede it."""
    try:
        _, body = split_frontmatter(text)
    except FrontmatterError:
        return text, 0
    head = text[: len(text) - len(body)] if body and text.endswith(body) else text
    return body, head.count("\n") if body else text.count("\n") + 1


def _locate(lines: list[str], first: int, needle: str, after: tuple[int, int]) -> tuple[int, int]:
    """1-based (line, column) of ``needle``'s first line in ``lines`` at or after ``after``."""
    probe = needle.split("\n", 1)[0]
    line, column = after
    for number in range(max(first, line), len(lines)):
        found = lines[number].find(probe, column if number == line else 0)
        if found >= 0 and probe:
            return number, found
    return max(first, line), 0


def _html_parts(content: str, line: int, column: int, lines: list[str]) -> list[HiddenPart]:
    """Hidden things inside one piece of raw HTML that starts at (line, column), 0-based."""
    parts: list[HiddenPart] = []

    def where(index: int) -> tuple[int, int]:
        before = content[:index]
        extra = before.count("\n")
        col = index - (before.rfind("\n") + 1) if extra else column + index
        return line + extra + 1, col + 1

    for match in _COMMENT.finditer(content):
        closed = match.group(0).endswith("-->")
        parts.append(
            HiddenPart("comment" if closed else "unclosed-comment", *where(match.start()), match.group(1).strip())
        )
    for match in _SCRIPT.finditer(content):
        parts.append(
            HiddenPart("script", *where(match.start()), content[match.start() :].strip(), match.group(1).lower())
        )
    for match in _INSTRUCTION.finditer(content):
        said = match.group(1) if match.group(1) is not None else match.group(2)
        parts.append(
            HiddenPart(
                "instruction", *where(match.start()), said.strip(), "<?" if match.group(1) is not None else "CDATA"
            )
        )
    for tag in _TAG.finditer(content):
        for match in _TEXT_ATTRIBUTE.finditer(tag.group(0)):
            name, value = match.group(1).lower(), next(g for g in match.groups()[1:] if g is not None)
            if name.startswith("data-") and not re.search(r"[^\W\d_]\s+[^\W\d_]", value):
                continue  # a data-* token (data-lang="python") is markup, not prose
            if value.strip():
                parts.append(HiddenPart("html-attribute", *where(tag.start() + match.start() + 1), value.strip(), name))
    for match in _HIDING.finditer(content):
        reason = _REASON.search(match.group(0))
        parts.append(
            HiddenPart(
                "hidden-html",
                *where(match.start()),
                content[match.start() :].strip(),
                reason.group(0) if reason else "hidden",
            )
        )
    if not parts and content.strip():
        parts.append(HiddenPart("html", line + 1, column + 1, content.strip()))
    return parts


def _inline_parts(token: Token, lines: list[str], first: int) -> list[HiddenPart]:
    """Hidden things in one paragraph or heading whose source starts at 0-based line ``first``."""
    parts: list[HiddenPart] = []
    cursor = (first, 0)
    children = token.children or []
    for index, child in enumerate(children):
        if child.type == "html_inline":
            cursor = _locate(lines, first, child.content, cursor)
            found = _html_parts(child.content, cursor[0], cursor[1], lines)
            hidden = [p for p in found if p.kind == "hidden-html"]
            if hidden:
                # An inline element hidden by its attributes hides the text up to its closing tag.
                inner = []
                for later in children[index + 1 :]:
                    if later.type == "html_inline" and later.content.startswith("</"):
                        break
                    inner.append(later.content)
                found = [
                    HiddenPart(
                        "hidden-html",
                        hidden[0].line,
                        hidden[0].column,
                        "".join(inner).strip() or child.content,
                        hidden[0].detail,
                    )
                ]
            parts += [p for p in found if p.kind != "html"]
            cursor = (cursor[0], cursor[1] + len(child.content.split("\n", 1)[0]))
        elif child.type == "text_special" and child.info == "entity":
            part = _entity_part(children, index, lines, first, cursor)
            if part is not None:
                parts.append(part)
                cursor = (part.line - 1, part.column - 1 + len(child.markup))
        elif child.type in ("link_open", "image"):
            title = child.attrs.get("title")
            if title:
                title = str(title)
                for quoted in (f'"{title}"', f"'{title}'", f"({title})", title):
                    line, column = _locate(lines, first, quoted, cursor)
                    if lines[line].startswith(quoted.split("\n", 1)[0], column):
                        cursor = (line, column + len(quoted))
                        column += quoted != title
                        break
                parts.append(
                    HiddenPart(
                        "link-title",
                        line + 1,
                        column + 1,
                        title,
                        str(child.attrs.get("href") or child.attrs.get("src") or ""),
                    )
                )
    return parts


def _entity_part(
    children: list[Token], index: int, lines: list[str], first: int, cursor: tuple[int, int]
) -> HiddenPart | None:
    """A character reference that renders as a character the Unicode policy flags, judged in context
    (``&zwj;`` inside an emoji sequence is legitimate, as its literal character would be)."""
    child = children[index]
    before = children[index - 1].content[-2:] if index and children[index - 1].type in ("text", "text_special") else ""
    after = (
        children[index + 1].content[:2]
        if index + 1 < len(children) and children[index + 1].type in ("text", "text_special")
        else ""
    )
    context = before + child.content + after
    start, end = len(before), len(before) + len(child.content)
    if not any(run.flagged and run.start < end and run.end > start for run in hidden_runs(context)):
        return None
    line, column = _locate(lines, first, child.markup, cursor)
    said = " ".join(f"U+{ord(c):04X}" for c in child.content)
    return HiddenPart("entity", line + 1, column + 1, child.markup, said)


def _yaml_comments(text: str) -> list[HiddenPart]:
    """Comments in the frontmatter block: YAML drops them, so no host ever shows them."""
    try:
        block, _ = split_frontmatter(text)
    except FrontmatterError:
        return []
    if "#" not in block:
        return []
    spans: list[tuple[int, int]] = []
    try:
        for token in yaml.scan(block, Loader=yaml.SafeLoader):
            if token.start_mark.index != token.end_mark.index:
                spans.append((token.start_mark.index, token.end_mark.index))
    except yaml.YAMLError:
        return []
    parts = []
    for match in re.finditer(r"(?:^|(?<=[ \t]))#([^\n]*)", block, re.MULTILINE):
        index = match.start()
        if any(start <= index < end for start, end in spans):
            continue
        line = block.count("\n", 0, index)
        column = index - (block.rfind("\n", 0, index) + 1)
        parts.append(HiddenPart("yaml-comment", 2 + line, column + 1, match.group(1).strip()))
    return parts


def hidden_parts(text: str, *, frontmatter: bool = True) -> list[HiddenPart]:
    """Everything rendering the Markdown ``text`` hides, in file order.

    Code spans and fenced or indented code are shown as they are when rendered, so nothing
    inside them is reported. With ``frontmatter`` the leading YAML block is skipped (and its
    comments reported) before the body is parsed.
    """
    body, offset = body_offset(text) if frontmatter else (text, 0)
    parts = _yaml_comments(text) if frontmatter else []
    if not any(marker in body for marker in ("<", "]:", '"', "'", "(", "&")):
        return parts
    lines = text.split("\n")
    env: dict[str, object] = {}
    tokens = parser().disable("text_join").parse(body, env)  # keeps each character reference a token
    links: set[str] = set()
    for token in tokens:
        if token.map is None:
            continue
        start = token.map[0] + offset
        if token.type == "html_block":
            parts += _html_parts(token.content, start, 0, lines)
        elif token.type == "inline":
            parts += _inline_parts(token, lines, start)
            links.update(str(c.attrs.get("href")) for c in token.children or () if c.type == "link_open")
            links.update(str(c.attrs.get("src")) for c in token.children or () if c.type == "image")
    references = env.get("references")
    covered: set[int] = set()
    for token in tokens:
        if token.map is not None:
            covered.update(range(token.map[0], token.map[1]))
    reported: set[int] = set()
    for label, ref in references.items() if isinstance(references, dict) else ():
        reported.add(ref.get("map", [0])[0])
        line = ref.get("map", [0])[0] + offset
        source = lines[line] if line < len(lines) else ""
        column = len(source) - len(source.lstrip()) + 1
        if ref.get("href") in links and ref.get("href") not in ("", "#"):
            if not ref.get("title"):  # a used definition's title is reported at the link
                parts.append(HiddenPart("reference", line + 1, column, source.strip(), str(label)))
            continue
        said = str(ref.get("title") or "").strip() or source.strip()
        parts.append(HiddenPart("reference-comment", line + 1, column, said, str(label)))
    parts += _repeated_definitions(body, offset, lines, covered | reported)
    return sorted(parts, key=lambda p: (p.line, p.column))


_DEFINITION = re.compile(r"^ {0,3}\[([^\]\n]{1,999})\]:")


def _repeated_definitions(body: str, offset: int, lines: list[str], taken: set[int]) -> list[HiddenPart]:
    """Reference definitions whose label an earlier one already took (``[//]: # (...)`` written twice): the parser
    keeps the first and drops the rest without a token, so nothing renders them and nothing else reports them."""
    out: list[HiddenPart] = []
    body_lines = body.split("\n")
    for index, source in enumerate(body_lines):
        if index in taken or "]:" not in source:
            continue
        head = _DEFINITION.match(source)
        if head is None:
            continue
        block = [source]
        for following in body_lines[index + 1 : index + 6]:  # a title may run on over a few lines
            if not following.strip() or _DEFINITION.match(following) or (index + len(block)) in taken:
                break
            block.append(following)
        env: dict[str, object] = {}
        parser().parse("\n".join(block), env)
        found = env.get("references")
        if not isinstance(found, dict) or not found:
            continue
        ref = next(iter(found.values()))
        said = str(ref.get("title") or "").strip() or source.strip()
        column = len(source) - len(source.lstrip()) + 1
        out.append(HiddenPart("reference-comment", index + offset + 1, column, said, head.group(1)))
    return out
