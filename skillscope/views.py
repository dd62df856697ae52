"""Verified content as a reviewer sees it, for the CLI and the TUI alike: exact source, rendered view, hex."""

from __future__ import annotations

from collections.abc import Iterable

from markdown_it.token import Token
from rich.console import Group, RenderableType
from rich.markdown import Markdown
from rich.syntax import Syntax
from rich.text import Text

from skillscope.review.markdown import HiddenPart, body_offset, hidden_parts
from skillscope.textsafe import safe_line, safe_text
from skillscope.unicode_policy import decode_tags, decode_variation_selectors, escape_run, hidden_runs
from skillscope.verify.filekind import FileText, printable_strings

__all__ = [
    "ESCAPE_STYLE",
    "SOURCE_LINES",
    "SOURCE_CHARS",
    "HEX_LIMIT",
    "escaped",
    "source_view",
    "rendered_view",
    "hidden_panel",
    "binary_view",
    "hex_dump",
]

ESCAPE_STYLE = "bold black on yellow"
"""How a neutralised character looks: a reviewer must not miss that something was hidden there."""

SOURCE_LINES = 5_000
SOURCE_CHARS = 512 * 1024
"""A source view stops after this many lines or characters, and says so (``--raw`` and ``--json`` give all)."""
HEX_LIMIT = 64 * 1024
"""Bytes shown in a hex view; the rest is counted, not drawn."""
_STRINGS_LIMIT = 2_000
_HIGHLIGHT_LIMIT = 200 * 1024


def escaped(value: str, style: str = "") -> Text:
    """``value`` as ``Text`` with every hidden character a highlighted escape (legitimate uses left alone)."""
    from skillscope.redact import SECRETS

    value = SECRETS.mask(value)  # a server may echo back a header or --env secret
    text = Text(style=style)
    last = 0
    for run in hidden_runs(value):
        text.append(value[last : run.start])
        text.append(escape_run(value[run.start : run.end]), style=ESCAPE_STYLE if run.flagged else "dim")
        last = run.end
    text.append(value[last:])
    return text


def _cut(text: str, lines: int, chars: int) -> tuple[str, str | None]:
    """At most ``lines`` lines and ``chars`` characters of ``text``, and a note on what was left out."""
    end = min(len(text), chars)
    newline = -1
    for _ in range(lines):
        newline = text.find("\n", newline + 1, end)
        if newline < 0:
            break
    else:
        end = newline + 1
    if end >= len(text):
        return text, None
    rest = text[end:]
    more = rest.count("\n") + (0 if rest.endswith("\n") else 1)
    return text[:end], f"… cut here: {more:,} more lines ({len(rest.encode('utf-8', 'surrogateescape')):,} bytes) not shown. --raw or --json give everything."


def _decoded_by_line(text: str) -> dict[int, list[str]]:
    """Per 1-based line, the text that tag characters or variation-selector runs on it spell out."""
    out: dict[int, list[str]] = {}
    for run in hidden_runs(text):
        chars = text[run.start : run.end]
        if run.kind == "tag":
            said = decode_tags(chars)
        elif run.kind == "variation-selector" and len(chars) > 1:
            said = decode_variation_selectors(chars).decode("utf-8", errors="replace")
        else:
            continue
        if said.strip():
            out.setdefault(text.count("\n", 0, run.start) + 1, []).append(repr(safe_line(said, limit=300)))
    return out


def source_view(text: str, *, lexer: str | None = None, line_numbers: bool = True,
                lines: int = SOURCE_LINES, chars: int = SOURCE_CHARS) -> Text:
    """The exact text, line by line, with hidden characters as highlighted escapes.

    Args:
        text: the decoded file (bad bytes kept as surrogateescape characters).
        lexer: a Pygments lexer name for colours, or None for plain text.
        line_numbers: prefix each line with its number.
        lines: stop after this many lines (a note says how much was left out).
        chars: stop after this many characters.
    """
    shown, note = _cut(text, lines, chars)
    body = escaped(shown)
    if lexer and len(shown) <= _HIGHLIGHT_LIMIT:
        colours = Syntax(body.plain, lexer, theme="ansi_dark", background_color="default").highlight(body.plain)
        for span in body.spans:  # the escapes are laid over the colours so they still stand out
            colours.stylize(span.style, span.start, span.end)
        body = colours
    decoded = _decoded_by_line(shown)
    out = Text(no_wrap=False)
    split = list(body.split("\n", allow_blank=True))
    if len(split) > 1 and shown.endswith("\n"):
        split.pop()  # the final line end closes the last line; it does not open a new one
    width = len(str(len(split)))
    for number, line in enumerate(split, 1):
        if line_numbers:
            out.append(f"{number:>{width}} │ ", style="dim")
        out.append_text(line)
        out.append("\n")
        for said in decoded.get(number, ()):
            out.append(" " * (width + 3) if line_numbers else "", style="dim")
            out.append(f"↳ hidden characters spell {said}\n", style="bold yellow")
    if note:
        out.append(note + "\n", style="bold yellow")
    return out


class _LinkTargetsShown(Markdown):
    """Rich's Markdown with every link target, link title and image URL written out next to its text."""

    def __init__(self, markup: str) -> None:
        super().__init__(markup, hyperlinks=False)
        self.parsed = list(_reveal(self.parsed))


def _reveal(tokens: Iterable[Token]) -> Iterable[Token]:
    for token in tokens:
        if token.children:
            token.children = list(_reveal(token.children))
        if token.type == "text":
            # A character reference (&#8203;, &#x202E;) is decoded by the parser, after the
            # source was made safe: the policy applies again to what will be drawn.
            token.content = safe_text(token.content)
        if token.type == "link_open" and token.attrs.get("title"):
            token.attrs["href"] = f"{token.attrs.get('href', '')} \"{token.attrs['title']}\""
        elif token.type == "image":
            title = f" \"{token.attrs['title']}\"" if token.attrs.get("title") else ""
            token.content = safe_text(f"{token.content} <{token.attrs.get('src', '')}{title}>")
        yield token


_PART_WORDS = {
    "comment": "HTML comment", "unclosed-comment": "unclosed HTML comment (hides the rest)",
    "script": "script/style", "hidden-html": "hidden HTML", "html": "HTML block",
    "reference-comment": "reference definition (unused)", "reference": "reference definition",
    "link-title": "link title", "yaml-comment": "YAML comment",
    "instruction": "processing instruction/CDATA", "html-attribute": "HTML attribute", "entity": "character reference",
}


def hidden_panel(parts: list[HiddenPart]) -> Text:
    """Everything the rendered view leaves out, each with its line: nothing is dropped silently."""
    text = Text()
    if not parts:
        text.append("Nothing is hidden when this file is rendered.", style="dim")
        return text
    text.append(f"Hidden when rendered ({len(parts)}): a model reads these, a rendered view does not show them\n", style="bold yellow")
    for part in parts:
        text.append(f"line {part.line:>4}  ", style="dim")
        text.append(f"{_PART_WORDS[part.kind]}: ", style="bold")
        text.append_text(escaped(safe_line(part.text, limit=400) if "\n" in part.text else part.text[:400]))
        text.append("\n")
    return text


def rendered_view(text: str, *, frontmatter: bool = True) -> tuple[RenderableType, list[HiddenPart]]:
    """The Markdown rendered (links and images with their targets), and what rendering hides."""
    # Parsing is the slow part (a 15 MiB file takes minutes): only the part that is shown is
    # parsed, and the note says where the view stops.
    cut, note = _cut(text, SOURCE_LINES, SOURCE_CHARS)
    parts = hidden_parts(cut, frontmatter=frontmatter)
    shown, _ = body_offset(cut) if frontmatter else (cut, 0)
    renderables: list[RenderableType] = [_LinkTargetsShown(safe_text(shown))]
    if note:
        renderables.append(Text(note, style="bold yellow"))
    return Group(*renderables), parts


def hex_dump(data: bytes, limit: int = HEX_LIMIT, *, per_line: int = 16) -> Text:
    """Offset, ``per_line`` bytes in hex and their printable ASCII, per line."""
    text = Text(no_wrap=True)
    shown = data[:limit]
    half = per_line // 2
    width = per_line * 3 + 1
    for offset in range(0, len(shown), per_line):
        row = shown[offset : offset + per_line]
        hex_part = " ".join(f"{b:02x}" for b in row[:half]) + "  " + " ".join(f"{b:02x}" for b in row[half:])
        ascii_part = "".join(chr(b) if 0x20 <= b < 0x7F else "." for b in row)
        text.append(f"{offset:08x}  ", style="dim")
        text.append(f"{hex_part:<{width}}")
        text.append(f" |{ascii_part}|\n", style="cyan")
    if len(data) > limit:
        text.append(f"… {len(data) - limit:,} more bytes not shown. --raw or --json give everything.\n", style="dim italic")
    return text


def binary_view(data: bytes, read: FileText | None = None, *, per_line: int = 16) -> Group:
    """A binary as hex, then its printable strings with their offsets (what the audit scanned)."""
    strings = read.strings if read is not None else printable_strings(data)
    listing = Text()
    for item in strings[:_STRINGS_LIMIT]:
        listing.append(f"{item.offset:08x}  ", style="dim")
        listing.append_text(escaped(item.text[:400]))
        listing.append("\n")
    if len(strings) > _STRINGS_LIMIT:
        listing.append(f"… {len(strings) - _STRINGS_LIMIT:,} more strings not shown\n", style="dim italic")
    if not strings:
        listing.append("no printable strings of 4 or more characters\n", style="dim")
    what = f" ({read.magic})" if read is not None and read.magic else ""
    return Group(
        Text(f"hex view{what}", style="bold underline"),
        hex_dump(data, per_line=per_line),
        Text(f"printable strings ({len(strings):,})", style="bold underline"),
        listing,
    )
