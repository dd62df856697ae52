"""The catalog tree's lines: servers, folders, skills with their states, files; all inert; and their writer."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets.tree import TreeNode

from skillscope.core.sizes import human_size
from skillscope.service.launches import needs_confirmation
from skillscope.service.session import GONE, ServerSession
from skillscope.service.workspace import SkillView
from skillscope.tui.catalog.folding import Folder, path_segments
from skillscope.tui.inert import STATE_LOOK, inert_line, short_word
from skillscope.tui.view_model import ROLLUP, review_key, skill_states
from skillscope.tui.widgets.connection_panel import session_state

__all__ = [
    "NAME_LIMIT",
    "file_label",
    "folder_label",
    "more_label",
    "note_label",
    "rollup",
    "server_label",
    "skill_label",
    "status_line",
    "status_part",
    "words_label",
    "write_label",
]

NAME_LIMIT = 48
"""A skill's name is cut here: the glyph column before it carries the verdict, the words after it are extra."""
_ROOMY = 40
"""A catalog pane this wide (a terminal of about 100 columns) has a third line for the status line's words."""
_PHASE_GLYPH = {"not-opened": "·", "opening": "…", "verified": "✓", "unverified": "≈", "failed": "✗"}


def rollup(counts: dict[str, int]) -> Text:
    """Counts of the states below a folder or server, glyph first (``Δ1 ✗2 ○5``).

    Approved skills need nothing; malformed entries are rows of their own under the server (and
    share ✗ with failed, which would make the count ambiguous).
    """
    text = Text()
    for state in ROLLUP:
        count = counts.get(state, 0)
        if not count or state in ("approved", "malformed"):
            continue
        glyph, _words, style = STATE_LOOK[state]
        if text:
            text.append(" ")
        text.append(f"{glyph}{count:,}", style=style)
    return text


def status_part(what: str, counts: dict[str, int], *, words: bool = True, width: int = 0) -> list[Text]:
    """One labelled part of the status line: ``skills  ○3 not reviewed  ●1 approved …``, every state with a count.

    Without ``words`` only the glyphs follow the label (``skills ○3 ●1``), as on the tree's rows. Within
    ``width`` cells (0: any) the part is broken into lines between counts, never inside one.
    """
    gap = "  " if words else " "
    lines = [Text(what, style="bold")]
    for state in ROLLUP:
        count = counts.get(state, 0)
        if not count:
            continue
        glyph, _words, style = STATE_LOOK[state]
        # ✗ is both failed and malformed: in glyphs alone the malformed count keeps its word.
        named = words or (state == "malformed" and bool(counts.get("failed")))
        piece = Text(f"{glyph}{count:,}" + (f" {short_word(state)}" if named else ""), style=style)
        line = lines[-1]
        if width and line.cell_len + len(gap) + piece.cell_len > width:
            lines.append(piece)
            continue
        line.append(gap)
        line.append_text(piece)
    return lines


def status_line(counts: dict[str, int], items: dict[str, int] | None = None, *, stale: int = 0, width: int = 0) -> Text:
    """The catalog's status line: how many skills, and apart from them how many surface items, are in each state.

    Every state is counted (approved, revoked and malformed too), each count under the label of what it
    counts, so the skills' line says what the server rows say. A part whose words would take more than two
    lines of ``width`` cells (three in a pane ``_ROOMY`` wide; 0: any width) shows glyphs only: at 80 columns
    every line of the catalog counts.
    """
    lines: list[Text] = []
    for what, part in (("skills", counts), ("surface", items or {})):
        if not part:
            continue
        shown = status_part(what, part, width=width)
        if len(shown) > (2 if width < _ROOMY else 3):
            shown = status_part(what, part, words=False, width=width)
        lines.extend(shown)
    if stale:
        lines.append(Text(f"~{stale:,} stale", style="yellow"))
    return Text("\n").join(lines) if lines else Text("✓ nothing waits for a reviewer", style="green")


def server_label(
    session: ServerSession, *, total: int | None = None, shown: int | None = None, counts: dict[str, int] | None = None
) -> Text:
    """The server's line: its label, how many skills it lists (``shown`` under a filter) and their roll-up.

    A catalog kept from a connection that is gone says so first: it is the last listing, not the current one.
    """
    text = Text(session.label, style="bold")
    if total is None:
        return text
    if session.state != "connected":
        text.append("  ~ stale", style="yellow")
    words = f"  {shown:,} of {total:,} skills" if shown is not None else f"  {total:,} skills"
    text.append(words, style="dim")
    if counts:
        summary = rollup(counts)
        if summary:
            text.append("  ")
            text.append_text(summary)
    return text


def note_label(session: ServerSession) -> Text:
    """The line under a server that has no catalog to show (or only a stale one): why not."""
    if session.state == "connecting":
        return Text("connecting…", style="cyan italic")
    if session.state in ("failed", *GONE):
        glyph, words, style = session_state(session)
        if session.state in GONE:
            return Text.assemble((f"{glyph} {words}", style), ("  last catalog below, stale; c reconnects", "dim"))
        message = session.error.message if session.error is not None else words
        text = Text.assemble((f"{glyph} ", style))
        text.append_text(inert_line(message, limit=200))
        text.append("  (press c to reconnect)", style="dim")
        return text
    if session.listing_state == "listing":
        return Text("listing skills…", style="cyan italic")
    if session.listing_state == "failed" and session.listing_error is not None:
        return Text.assemble(("✗ ", "bold red"), inert_line(session.listing_error.message, limit=200))
    if session.state == "idle" and needs_confirmation(session.seed):
        return Text("not started: needs confirmation (press c to start it)", style="yellow italic")
    if session.state in ("disconnected", "idle"):
        return Text("not connected (press c to connect)", style="dim italic")
    return Text("…", style="dim")


def folder_label(folder: Folder, shown: str) -> Text:
    """A folder (or a chain of single folders shown as one), how many skills lie below, and their roll-up."""
    text = inert_line(shown + "/", limit=NAME_LIMIT)
    text.append(f"  {folder.total:,}", style="dim")
    summary = rollup(folder.counts)
    if summary:
        text.append("  ")
        text.append_text(summary)
    return text


def more_label(rest: int, page: int) -> Text:
    """The row after a page of a folder's children: how many follow, and how many the next page shows."""
    return Text(f"… {rest:,} more (enter to show {min(rest, page):,})", style="dim italic")


def words_label(words: str) -> Text:
    """A note of the catalog's own under a server (nothing listed, nothing matches the filter)."""
    return Text(words, style="dim italic")


def write_label(node: TreeNode[Any], label: Text) -> None:
    """``node.set_label(label)`` only when the label differs, with one repaint for a burst of them.

    ``set_label`` queues a callback per node (a skill's 200 file rows are 200 of them) and marks the
    lines below it as changed even when it writes the same text: a server's label repaints every
    row of its catalog. Lines whose nodes did not change are drawn from the tree's line cache.
    """
    tree = node.tree
    text = tree.process_label(label)
    if text == node._label and text.style == node._label.style:  # Text's == leaves out its own style
        return
    node._label = text
    node._updates += 1  # part of the line cache's key: this node's lines are drawn again
    tree.refresh()


def _glyphs(view: SkillView) -> Text:
    """The fixed two-cell column every skill row starts with: its verdict, then what opening it showed."""
    key = review_key(view)
    glyph, _words, style = STATE_LOOK[key]
    text = Text(glyph, style=style)
    phase = next((s for s in skill_states(view) if s in _PHASE_GLYPH), None)
    if phase is None:
        text.append(" ")
    else:
        text.append(_PHASE_GLYPH[phase], style=STATE_LOOK[phase][2])
    text.append(" ")
    return text


def _words(view: SkillView) -> Text:
    """The states in words after the name (shown where the row is wide enough)."""
    text = Text()
    verdict = review_key(view)
    # The verdict first: at a width where only one word fits, it is the one that matters.
    states: list[str] = [verdict] if verdict not in ("unavailable", "malformed") else []
    states += [state for state in skill_states(view) if state not in states]
    for number, state in enumerate(states):
        style = STATE_LOOK[state][2]
        if number:
            text.append(" · ", style="dim")
        text.append(short_word(state), style=style)
    return text


def skill_label(view: SkillView) -> Text:
    """A skill's row: the verdict glyph column, its last path segment, then its states in words.

    A malformed entry shows its index, rule and reason instead of a name.
    """
    entry = view.entry
    # A skill without files has no expand arrow: two spaces keep its glyph column under the others.
    text = Text("  ") if not entry.files else Text()
    text.append_text(_glyphs(view))
    if entry.status == "malformed":
        text.append(f"#{entry.index} ", style="bold red")
        text.append_text(_words(view))
        text.append("  ")
        text.append_text(inert_line(f"{entry.rule}: {entry.reason}", style="dim", limit=160))
        return text
    text.append_text(inert_line(path_segments(entry.path or "")[-1], limit=NAME_LIMIT))
    text.append("  ")
    text.append_text(_words(view))
    if entry.status == "unavailable" and entry.rule:
        text.append(f"  {entry.rule}", style="dim")
    return text


def file_label(view: SkillView, path: str) -> Text:
    """A listed file: its relative path, size, and a mark once it verified or failed."""
    text = inert_line(path, limit=200)
    item = next((f for f in view.entry.files or () if f.path == path), None)
    text.append(f"  {human_size(item.size if item else None)}", style="dim")
    status = view.file_status(path)
    if status == "verified":
        text.append("  ✓", style="green")
    elif status == "failed":
        text.append("  ✗ failed", style="bold red")
    return text
