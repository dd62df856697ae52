"""Verified content as a reviewer sees it, for the CLI and the TUI alike: exact source, rendered view, hex."""

from __future__ import annotations

from collections.abc import Iterable

from markdown_it.token import Token
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.markdown import Markdown
from rich.measure import Measurement
from rich.syntax import Syntax
from rich.text import Text

from skillscope.audit.markdown import HiddenPart, body_offset, hidden_parts
from skillscope.core.textsafe import safe_line, safe_text
from skillscope.core.unicode_policy import decode_tags, decode_variation_selectors, escape_run, hidden_runs
from skillscope.verify.filekind import FileText, printable_strings

__all__ = [
    "ESCAPE_STYLE",
    "SOURCE_LINES",
    "SOURCE_CHARS",
    "HEX_LIMIT",
    "escaped",
    "source_view",
    "warm_highlighting",
    "SourceView",
    "CONTINUED",
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
    from skillscope.core.redact import SECRETS

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
    return (
        text[:end],
        f"… cut here: {more:,} more lines ({len(rest.encode('utf-8', 'surrogateescape')):,} bytes) not shown. --raw or --json give everything.",
    )


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


def _highlight(body: Text, lexer: str, head_lines: int) -> Text:
    """Colour ``body`` with ``lexer``; the first ``head_lines`` lines (frontmatter) as YAML."""
    plain = body.plain
    cut = 0
    for _ in range(head_lines):
        cut = plain.find("\n", cut) + 1
        if cut <= 0:
            cut = len(plain)
            break

    def colour(code: str, name: str) -> Text:
        coloured = Syntax(code, name, theme="ansi_dark", background_color="default").highlight(code)
        coloured.rstrip_end(len(code))  # the highlighter adds a final newline
        return coloured

    colours = Text()
    if cut:
        colours.append_text(colour(plain[:cut], "yaml"))
    if cut < len(plain):
        colours.append_text(colour(plain[cut:], lexer))
    for span in body.spans:  # the escapes are laid over the colours so they still stand out
        colours.stylize(span.style, span.start, span.end)
    return colours


def warm_highlighting() -> None:
    """Load the highlighters a SKILL.md is coloured with (Markdown, and YAML for its frontmatter).

    Their first use builds the lexers' patterns, many times the cost of any later use: a screen calls
    this in a thread before the first SKILL.md is shown on its event loop, where a key would wait.
    """
    source_view("---\nname: warm\n---\n# Warm\n", lexer="markdown")


CONTINUED = "↪"
"""The gutter mark of a row that continues the source line above it (a wrap, not a new line)."""


class SourceView:
    """Numbered source lines that wrap inside their own column: a continuation row has no number,
    only ``CONTINUED`` in the gutter, so a wrapped line never reads as a new one.

    Laid out for the width it is drawn at (``__rich_console__``); ``row_of`` says on which row
    a line starts at a given width, so a viewer can scroll to it.
    """

    def __init__(
        self,
        lines: list[tuple[int | None, Text]],
        *,
        digits: int,
        line_numbers: bool,
        note: str | None,
        source: list[str] | None = None,
    ) -> None:
        self.lines = lines
        self.source = source or []
        """The original lines (before escapes), to place a finding's column on the escaped text."""
        """(line number, text) per source line; number None for a note under a line."""
        self.digits = digits
        self.line_numbers = line_numbers
        self.note = note
        self.marked: tuple[int, int | None, int | None] | None = None
        """(line, column, end column) of a finding to point at, 1-based; None for none."""
        self._layout: tuple[int, list[Text]] | None = None

    @property
    def plain(self) -> str:
        """The unwrapped text, one row per source line (as piped output shows it)."""
        return "".join(row.plain + "\n" for row in self._rows(None))

    def mark(self, line: int, column: int | None = None, end_column: int | None = None) -> None:
        """Point at ``line`` (and the characters from ``column`` to ``end_column``)."""
        self.marked = (line, column, end_column)
        self._layout = None

    def row_of(self, line: int, width: int) -> int:
        """The row at which source ``line`` starts when drawn ``width`` cells wide."""
        row = 0
        for (number, _), height in zip(self.lines, self.heights(width), strict=True):
            if number == line:
                return row
            row += height
        return max(0, row - 1)

    def heights(self, width: int) -> list[int]:
        """How many rows each entry of ``lines`` takes ``width`` cells wide, without laying any row out.

        A viewer that draws only the rows on screen needs this to place them; it costs a length per line.
        """
        room = self._room(width)
        return [len(_folds(text.plain, room)) + 1 if text.cell_len > room else 1 for _, text in self.lines]

    def line_rows(self, index: int, width: int | None) -> list[Text]:
        """The rows of ``lines[index]`` (gutter included), as drawn ``width`` cells wide."""
        number, text = self.lines[index]
        shown = text
        if self.marked and number == self.marked[0]:
            shown = text.copy()
            shown.stylize("on grey23")
            column, end = self.marked[1], self.marked[2]
            if column and 0 < number <= len(self.source):
                original = self.source[number - 1]
                stop = end if end and end > column else column + 1
                start = len(escaped(original[: column - 1]).plain)
                shown.stylize("bold reverse", start, len(escaped(original[: stop - 1]).plain))
        rows = []
        for part_index, part in enumerate(self._wrap(shown, width)):
            row = self._gutter(number, part_index == 0)
            row.append_text(part)
            rows.append(row)
        return rows

    def _room(self, width: int) -> int:
        return max(8, width - (self.digits + 3 if self.line_numbers else 0))

    def _gutter(self, number: int | None, first: bool) -> Text:
        if not self.line_numbers:
            return Text()
        if number is not None and first:
            style = "bold reverse yellow" if self.marked and self.marked[0] == number else "dim"
            return Text.assemble((f"{number:>{self.digits}} │", style), " ")
        if number is None:
            return Text(" " * (self.digits + 3))
        return Text.assemble(" " * (self.digits + 1), (CONTINUED, "bold cyan"), " ")

    def _wrap(self, text: Text, width: int | None) -> list[Text]:
        if width is None:
            return [text]
        room = self._room(width)
        if text.cell_len <= room:
            return [text]
        return list(text.divide(_folds(text.plain, room)))

    def rows(self, width: int | None) -> list[Text]:
        """The rows as drawn ``width`` cells wide (None: one row per line, unwrapped); do not change them."""
        return self._rows(width)

    def _rows(self, width: int | None) -> list[Text]:
        # A screen lays the view out and paints it several times at one width: wrap it once per width.
        if width is not None and self._layout is not None and self._layout[0] == width:
            return self._layout[1]
        rows = self._lay_out(width)
        if width is not None:
            self._layout = (width, rows)
        return rows

    def _lay_out(self, width: int | None) -> list[Text]:
        rows: list[Text] = []
        for index in range(len(self.lines)):
            rows.extend(self.line_rows(index, width))
        if self.note:
            rows.append(Text(self.note, style="bold yellow"))
        return rows

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = None if options.no_wrap else options.max_width
        for row in self._rows(width):
            row.no_wrap = width is None
            row.end = "\n"
            yield row

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        longest = max((t.cell_len for _, t in self.lines), default=0) + (self.digits + 3 if self.line_numbers else 0)
        return Measurement(min(20, longest), max(longest, len(self.note or "")))


def _folds(plain: str, room: int) -> list[int]:
    """Where a line is cut to fit ``room`` cells: at the column edge, not at words (the source is shown exactly)."""
    if plain.isascii() and plain.isprintable():
        return list(range(room, len(plain), room))  # one cell per character: no need to measure each
    cuts, used = [], 0
    for index, char in enumerate(plain):
        cells = cell_len(char)
        if used + cells > room:
            cuts.append(index)
            used = 0
        used += cells
    return cuts


def source_view(
    text: str,
    *,
    lexer: str | None = None,
    line_numbers: bool = True,
    lines: int = SOURCE_LINES,
    chars: int = SOURCE_CHARS,
) -> SourceView:
    """The exact text, line by line, with hidden characters as highlighted escapes.

    Args:
        text: the decoded file (bad bytes kept as surrogateescape characters).
        lexer: a Pygments lexer name for colours, or None for plain text. For "markdown",
            frontmatter is coloured as the YAML it is.
        line_numbers: prefix each line with its number.
        lines: stop after this many lines (a note says how much was left out).
        chars: stop after this many characters.
    """
    shown, note = _cut(text, lines, chars)
    body = escaped(shown)
    if lexer and len(shown) <= _HIGHLIGHT_LIMIT:
        head = 0
        if lexer == "markdown" and shown.startswith("---"):
            rest, head = body_offset(shown)
            head = head if rest != shown else 0
        body = _highlight(body, lexer, head)
    decoded = _decoded_by_line(shown)
    split = list(body.split("\n", allow_blank=True))
    if len(split) > 1 and shown.endswith("\n"):
        split.pop()  # the final line end closes the last line; it does not open a new one
    rows: list[tuple[int | None, Text]] = []
    for number, line in enumerate(split, 1):
        rows.append((number, line))
        for said in decoded.get(number, ()):
            rows.append((None, Text(f"↳ hidden characters spell {said}", style="bold yellow")))
    return SourceView(rows, digits=len(str(len(split))), line_numbers=line_numbers, note=note, source=shown.split("\n"))


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
            token.attrs["href"] = f'{token.attrs.get("href", "")} "{token.attrs["title"]}"'
        elif token.type == "image":
            title = f' "{token.attrs["title"]}"' if token.attrs.get("title") else ""
            token.content = safe_text(f"{token.content} <{token.attrs.get('src', '')}{title}>")
        yield token


_PART_WORDS = {
    "comment": "HTML comment",
    "unclosed-comment": "unclosed HTML comment (hides the rest)",
    "script": "script/style",
    "hidden-html": "hidden HTML",
    "html": "HTML block",
    "reference-comment": "reference definition (unused)",
    "reference": "reference definition",
    "link-title": "link title",
    "yaml-comment": "YAML comment",
    "instruction": "processing instruction/CDATA",
    "html-attribute": "HTML attribute",
    "entity": "character reference",
}


def hidden_panel(parts: list[HiddenPart]) -> Text:
    """Everything the rendered view leaves out, each with its line: nothing is dropped silently."""
    text = Text()
    if not parts:
        text.append("Nothing is hidden when this file is rendered.", style="dim")
        return text
    text.append(
        f"Hidden when rendered ({len(parts)}): a model reads these, a rendered view does not show them\n",
        style="bold yellow",
    )
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
        text.append(
            f"… {len(data) - limit:,} more bytes not shown. --raw or --json give everything.\n", style="dim italic"
        )
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
